"""Format files: reading one (``--format-file``), and the community formats nrdeck ships."""
