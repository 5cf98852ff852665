"""The event pipeline: a roster's decks read, fetched and checked, notes and files."""
