"""The use cases behind ``nrdeck serve``: the check service and its answers, the card data a
server shares and renews, links fetched once, and NetrunnerDB v3's ``validate_deck``.

``service`` holds ``CheckService`` (one answer for the page and the API) and the settings an
event fixes; ``data`` the shared, renewed card data; ``links`` the answers for NetrunnerDB
links; ``nrdb_validation`` and ``nrdb_ids`` NetrunnerDB's validation. This front names the
modules and imports none: only ``nrdeck serve`` loads them.
"""

__all__ = ["data", "links", "nrdb_ids", "nrdb_validation", "service"]
