"""The panes of the main screen, one widget per module."""
