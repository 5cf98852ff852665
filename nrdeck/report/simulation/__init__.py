"""Simulation reporters: text and JSON tables, comparisons, plots."""
