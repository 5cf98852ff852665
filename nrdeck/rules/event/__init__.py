"""Event settings: an organiser's tournament settings against the calendar, and the rules of
registrations (one Corp and one Runner deck each, each player once). Imports only the
calendar.
"""
