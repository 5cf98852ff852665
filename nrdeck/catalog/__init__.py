"""The card catalogue: the card database, its records, nrdeck's rule tables, title keys and
title lookup (English and the data's other languages). Imports nothing else of nrdeck.
"""
