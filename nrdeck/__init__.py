"""nrdeck: Android: Netrunner deck legality checks, card data and draw odds."""

__version__ = "0.1.0"
