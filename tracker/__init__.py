"""A keyboard-first terminal combat tracker for tabletop RPGs."""
