"""Round logs out of the tracker: Markdown, HTML, plain text, JSON."""
