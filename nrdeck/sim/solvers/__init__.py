"""The solvers: the deck as they see it (atoms of cards alike for a query), exact odds in
closed form or by a dynamic programme (in pure Python or on NumPy arrays), Monte Carlo, and
the choice among them within a time budget. Imports only the question language (``ask``).
"""
