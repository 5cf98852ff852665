"""Run nrdeck as ``python -m nrdeck``."""

from nrdeck.cli import main

if __name__ == "__main__":
    main()
