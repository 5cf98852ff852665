"""Event reporters: the table, JSON, CSV, Markdown, HTML and players' messages."""
