"""companion: a touchscreen referee, timer and scorer for six chess variants."""

__version__ = "0.1.0"
