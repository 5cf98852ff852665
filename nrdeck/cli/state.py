"""Process-wide flags the options set (``--debug``): apart from the settings, so that the
app's root (and ``nrdeck --version``) imports nothing of the card data to hold them."""


class RunState:
    """Process-wide flags set by options: --debug."""

    debug: bool = False
