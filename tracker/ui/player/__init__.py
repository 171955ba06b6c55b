"""The player view: a read-only screen that follows the GM's encounter file."""
