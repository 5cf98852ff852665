"""Event reporters: the table, JSON, CSV, Markdown, HTML and players' messages.

``registry`` names the reporters ``nrdeck event --output-format`` may choose (each imported
when chosen); ``common`` holds the options and the pieces they share; ``messages`` writes one
message per player who must act. This front names those modules and imports none.
"""

__all__ = ["common", "messages", "registry"]
