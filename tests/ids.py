"""Ids in the bundled card data that many tests name: identities and ban lists."""

# identities
PERSONAL_EVOLUTION = "jinteki_personal_evolution"
CATALYST = "the_catalyst_convention_breaker"
ZAHYA = "zahya_sadeghi_versatile_smuggler"
HOSHIKO = "hoshiko_shiro_untold_protagonist"
PRECISION_DESIGN = "haas_bioroid_precision_design"
AMPERE = "ampere_cybernetics_for_anyone"
NEAR_EARTH_HUB = "near_earth_hub_broadcast_center"
VALENCIA = "valencia_estevez_the_angel_of_cayambe"
RENE_LOUP = "rene_loup_arcemont_party_animal"  # retitled: curly quotes in newer data
CYBER_BUREAU = "cyber_bureau_keeping_the_peace"  # NAPD Multiplayer: never Standard-legal
THE_SHADOW = "the_shadow_pulling_the_strings"  # a Draft identity

# ban lists and balance updates
STANDARD_BALANCE_26_08 = "standard_balance_update_26_08"
ETERNAL_POINTS_26_03 = "eternal_points_list_26_03"
STARTUP_BALANCE_26_03 = "startup_balance_update_26_03"
STARTUP_BALANCE_26_05 = "startup_balance_update_26_05"
STARTUP_BALANCE_26_09 = "startup_balance_update_26_09"
