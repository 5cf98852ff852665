"""Simulation reporters: text and JSON tables, comparisons, plots.

``text`` holds the renderers by name (text, JSON, CSV: ``RENDERER_BY_NAME``), ``plot`` draws
a chart (Matplotlib, the ``plot`` extra). This front names those modules and imports none.
"""

__all__ = ["plot", "text"]
