"""The ``nrdeck`` console script and ``python -m nrdeck``."""

import gc


def main() -> None:
    """Import the CLI with the garbage collector paused, then run it.

    Importing Typer, click and nrdeck allocates tens of thousands of long-lived objects, and
    collecting them generation by generation while they are being made costs about a tenth
    of a short run such as ``nrdeck check deck.txt``. So nothing is collected until the
    imports are done; then ``gc.freeze()`` moves what they made out of the collector's way
    and collection resumes as usual for the command itself.
    """
    gc.disable()
    try:
        from nrdeck.cli import main as run_cli
    finally:
        gc.freeze()
        gc.enable()
    run_cli()


if __name__ == "__main__":
    main()
