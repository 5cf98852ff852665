"""A Typer hello-world CLI: one command, the yardstick for nrdeck's start-up."""

import typer

app = typer.Typer()


@app.command()
def main(name: str) -> None:
    """Say hello."""
    print(f"Hello {name}")


if __name__ == "__main__":
    app()
