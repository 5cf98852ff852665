"""History: the same engine across time. When a deck was legal, a card's history per format,
a format's periods as data and what each changed from the one before. Imports the calendar,
deckbuilding and format files.
"""
