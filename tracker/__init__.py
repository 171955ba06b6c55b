"""tracker: a keyboard-first terminal combat tracker for tabletop game masters."""

__version__ = "0.1.0"
