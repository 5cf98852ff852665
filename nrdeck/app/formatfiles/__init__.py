"""Format files: reading one (``--format-file``), and the community formats nrdeck ships.

``shipped`` says which file a check reads (``format_source``) and lists the shipped formats;
``lines`` gives the history commands the shipped formats on their dated lines; ``compiled``
reads and writes the shipped formats' compiled catalogue (``scripts/compile_formats.py``).
Inside the wing, ``text`` reads a file's bytes and text and ``reader`` parses its TOML (the
only module that imports the TOML parser). This front names the modules and imports none:
a check under a built-in format reads no format file.
"""

__all__ = ["compiled", "lines", "shipped"]
