"""Stand-ins for what nrdeck talks to: NetrunnerDB on loopback, misbehaving servers."""
