"""ChessBall: the rules as a pure core (see the module docstrings)."""
