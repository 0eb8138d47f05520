"""Benchmarks: each ``bench_*.py`` prints its figures (and ratios against a peer measured in the
same run). ``python -m benchmarks`` runs them all; ``python benchmarks/bench_X.py`` runs one."""
