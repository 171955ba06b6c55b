"""Pure domain: events, state, fold, commands, dice, history (no Textual, no file I/O)."""
