"""Deckbuilding: every problem in one deck under what is in force (``check_deck``).

Construction (identity, side, size, copies, agenda points), influence, the identities' own
rules, and legality (pool, release dates, ban-list mechanics, format extras), on the deck as
the checks see it. Imports only the calendar.
"""
