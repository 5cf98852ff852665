"""Use cases: check decks, run an event, simulate, manage card data. No Typer, no console."""
