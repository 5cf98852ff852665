"""The card ids nrdeck's rules name (docs/reference/legality.md §1-§3), described once.

Card ids are NetrunnerDB's slugs and can move upstream (2026: ``i_ve_had_worse`` became
``ive_had_worse``). Every id a rule compares with is a constant here, so that
``nrdeck.rules.datahealth.namedids`` can check them all against the card data in use and name
any the data does not have, instead of the rule silently matching nothing.
"""

AMPERE = "ampere_cybernetics_for_anyone"
NOVA = "nova_initiumia_catalyst_impetus"
CUSTOM_BIOTICS = "custom_biotics_engineered_for_success"
THE_SHADOW = "the_shadow_pulling_the_strings"
THE_PROFESSOR = "the_professor_keeper_of_knowledge"
PAD_CAMPAIGN = "pad_campaign"
SINGLETON_IDENTITIES = frozenset({AMPERE, NOVA})
STARTER_IDENTITIES = frozenset(
    {"the_catalyst_convention_breaker", "the_syndicate_profit_over_principle"}
)


def rule_card_ids() -> dict[str, str]:
    """Every card id named here -> what names it (the alliance cards are ``ALLIANCE``'s keys
    in ``rules/deckbuilding/influence.py``)."""
    named = {
        AMPERE: "the Ampère rules",
        NOVA: "the singleton rule",
        CUSTOM_BIOTICS: "the Custom Biotics rule",
        THE_SHADOW: "the draft agenda rule",
        THE_PROFESSOR: "The Professor's influence rule",
        PAD_CAMPAIGN: "PAD Factory's alliance condition",
    }
    named.update(dict.fromkeys(STARTER_IDENTITIES, "the starter-identity rule"))
    return named
