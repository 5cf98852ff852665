"""The calendar: what is in force on a date under a built-in format.

The corrected timeline of each format, the tiers' dates, the names of formats and lists, the
agenda caps, stale data, and the lookups a check reads. The foundation of the rules: it
imports no other wing.
"""
