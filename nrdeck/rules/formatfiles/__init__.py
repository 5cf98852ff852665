"""Format files: house and community formats read from TOML, checked against the card data,
and what is in force under them.

The app reads and parses the file (``FormatSource``); ``read_format_file`` checks it into a
house format (a base plus a group's own lists) or a community format (its own dated pools and
lists), and ``select_from_file`` says what is in force under it on a date. A check under a
built-in format never imports this wing. Imports only the calendar.
"""
