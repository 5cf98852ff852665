"""NetrunnerDB exports, jinteki.net, OCTGN and NetrunnerDB JSON: shapes and bad input."""

from __future__ import annotations

import json

import pytest

from nrdeck.catalog import CardDB
from nrdeck.decklist import PARSER_BY_FORMAT
from nrdeck.resolve import resolve
from tests.ids import CATALYST, PERSONAL_EVOLUTION


def read(fmt: str, text: str, db: CardDB):  # type: ignore[no-untyped-def]
    return resolve(PARSER_BY_FORMAT[fmt].parse(text, "deck"), db)


MARKDOWN = (
    "## Tempo Glacier  \n\n"
    "[Jinteki: Personal Evolution](https://netrunnerdb.com/en/card/01067) _(Core Set)_\n\n"
    "###Agenda (3)\n"
    "* 3x [Nisei MK II](https://netrunnerdb.com/en/card/01068) _(Core Set)_\n\n"
    "###Operation (6)\n"
    "* 2x [Hedge Fund](https://netrunnerdb.com/en/card/01110) _(Core Set)_\n"
    "* 1x [Hedge Fund](https://netrunnerdb.com/en/card/30075) _(System Gateway)_\n"
    "* 3x [Archived Memories](https://netrunnerdb.com/en/card/01058) _(Core Set)_ ●●●●● ●\n\n"
    "6 influence spent (max 15, available 9)  \n"
    "6 agenda points (between 20 and 21)  \n"
)

BBCODE = (
    "[b]Tempo Glacier[/b]\n\n"
    "[url=https://netrunnerdb.com/en/card/01067]Jinteki: Personal Evolution[/url] (Core Set)\n\n"
    "[b]Agenda (3)[/b]\n"
    "3x [url=https://netrunnerdb.com/en/card/01068]Nisei MK II[/url] [i](Core Set)[/i]\n"
    "[b]Operation (6)[/b]\n"
    "2x [url=https://netrunnerdb.com/en/card/01110]Hedge Fund[/url] [i](Core Set)[/i]\n"
    "1x [url=https://netrunnerdb.com/en/card/30075]Hedge Fund[/url] [i](System Gateway)[/i]\n"
    "3x [url=https://netrunnerdb.com/en/card/01058]Archived Memories[/url] [i](Core Set)[/i]"
    " [color=#6a3b8e]●●●●● ●[/color]\n\n"
    "6 influence spent (max 15, available 9)\n"
)

EXPECTED = {"nisei_mk_ii": 3, "hedge_fund": 3, "archived_memories": 3}


@pytest.mark.parametrize(("fmt", "text"), [("markdown", MARKDOWN), ("bbcode", BBCODE)])
def test_markdown_and_bbcode_exports(fmt: str, text: str, db: CardDB) -> None:
    deck = read(fmt, text, db)
    assert deck.problems == ()
    assert deck.name == "Tempo Glacier"
    assert deck.identity is not None and deck.identity.card_id == PERSONAL_EVOLUTION
    assert deck.counts() == EXPECTED
    # codes from the card links are kept: 2 x 01110 + 1 x 30075 = 3 Hedge Fund
    assert [e.printing for e in deck.entries if e.card_id == "hedge_fund"] == ["01110", "30075"]


def test_jinteki_metadata_and_id_suffix(db: CardDB) -> None:
    text = (
        ";; title: Tempo Glacier\n"
        ";; identity: Jinteki: Personal Evolution\n"
        ";; notes: fast advance\n"
        "3 Nisei MK II\n"
        "2 Hedge Fund [id: 01110, art: alt]\n"
        "1 Hedge Fund [id: 30075]\n"
        "3x Archived Memories\n"
    )
    deck = read("jinteki", text, db)
    assert deck.problems == () and deck.name == "Tempo Glacier"
    assert deck.identity is not None and deck.identity.line == 2
    assert deck.counts() == EXPECTED


def test_jinteki_identity_code(db: CardDB) -> None:
    deck = read("jinteki", ";; identity-code: 01067\n3 Hedge Fund\n", db)
    assert deck.identity is not None and deck.identity.card_id == PERSONAL_EVOLUTION
    assert deck.identity.printing == "01067"


def test_jinteki_identity_named_twice_is_one_identity(db: CardDB) -> None:
    text = ";; identity: Jinteki: Personal Evolution\n;; identity-code: 01067\n3 Hedge Fund\n"
    deck = read("jinteki", text, db)
    assert deck.extra_identities == ()


O8D = """<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<deck game="0f38e453-26df-4c04-9d67-6d43de939c77">
  <section name="Identity">
    <card qty="1" id="bc0f047c-01b1-427f-a439-d451eda30076">The Catalyst: Convention Breaker</card>
  </section>
  <section name="R&amp;D / Stack">
    <card qty="3" id="bc0f047c-01b1-427f-a439-d451eda30030">Sure Gamble</card>
    <card qty="2" id="bc0f047c-01b1-427f-a439-d451eda01050">Sure Gamble</card>
  </section>
  <notes><![CDATA[notes]]></notes>
</deck>
"""


def test_octgn(db: CardDB) -> None:
    deck = read("o8d", O8D, db)
    assert deck.problems == ()
    assert deck.identity is not None and deck.identity.card_id == CATALYST
    assert deck.identity.line == 4
    assert deck.counts() == {"sure_gamble": 5}
    assert [e.line for e in deck.entries] == [7, 8]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("3x Hedge Fund\n", "bad XML"),
        ("<deck><section name='Identity'>", "bad XML"),
        (
            '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
            '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>\n'
            "<deck>&lol2;</deck>",
            "DTD",
        ),
        ('<!DOCTYPE deck SYSTEM "http://example.com/x.dtd"><deck/>', "DTD"),
        ("<html><body/></html>", "root element is <html>"),
        (
            '<deck><section name="Identity"><card qty="0" id="x01067">J</card></section></deck>',
            "1–99",
        ),
        ('<deck><section name="x"><card qty="3"></card></section></deck>', "neither"),
    ],
)
def test_octgn_bad_input_is_a_parse_error(text: str, words: str, db: CardDB) -> None:
    deck = read("o8d", text, db)
    assert [p.code for p in deck.problems] == ["parse-error"]
    assert words in deck.problems[0].message


V2_DECKLIST = {
    "data": [
        {
            "id": 123,
            "uuid": "0b7c2a1e-0000-4000-8000-000000000000",
            "name": "Catalyst Rush",
            "cards": {"30076": 1, "30030": 3, "01050": 2},
            "mwl_code": None,
        }
    ],
    "total": 1,
    "success": True,
    "version_number": "2.0",
}


@pytest.mark.parametrize(
    "doc",
    [
        V2_DECKLIST,
        V2_DECKLIST["data"][0],
        {
            "name": "Catalyst Rush",
            "card_slots": {"the_catalyst_convention_breaker": 1, "sure_gamble": 5},
        },
        {
            "data": {
                "id": "x",
                "type": "decklists",
                "attributes": {
                    "name": "Catalyst Rush",
                    "card_slots": {"the_catalyst_convention_breaker": 1, "sure_gamble": 5},
                },
            }
        },
        {  # as NetrunnerDB's v3 API gives it: the identity named, and among the slots too
            "name": "Catalyst Rush",
            "identity_card_id": "the_catalyst_convention_breaker",
            "card_slots": {"sure_gamble": 5, "the_catalyst_convention_breaker": 1},
        },
    ],
)
def test_nrdb_json_shapes(doc: object, db: CardDB) -> None:
    deck = read("json", json.dumps(doc, indent=2), db)
    assert deck.problems == ()
    assert deck.name == "Catalyst Rush"
    assert deck.identity is not None and deck.identity.card_id == CATALYST
    assert deck.counts() == {"sure_gamble": 5}


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{", "not valid JSON"),
        ("[1, 2, 3]", "expected a NetrunnerDB deck"),
        ('{"cards": [1, 2]}', "expected a NetrunnerDB deck"),
        ('{"data": [], "success": false, "total": 0}', "success: false"),
        ('{"cards": {"30030": "three"}}', "quantity 'three'"),
        ('{"cards": {"30030": 0}}', "quantity 0"),
        ('{"cards": {"30030": 500}}', "quantity 500"),
        ('{"cards": {"sure_gamble": 3}}', "5-digit printing code"),
    ],
)
def test_nrdb_json_wrong_shape(text: str, words: str, db: CardDB) -> None:
    deck = read("json", text, db)
    assert [p.code for p in deck.problems] == ["parse-error"]
    assert words in deck.problems[0].message


def test_v3_identity_card_id_names_the_identity_even_outside_the_slots(db: CardDB) -> None:
    doc = {"identity_card_id": "the_catalyst_convention_breaker", "card_slots": {"sure_gamble": 3}}
    deck = read("json", json.dumps(doc, indent=1), db)
    assert deck.problems == () and deck.extra_identities == ()
    assert deck.identity is not None and deck.identity.line == 2
    assert deck.counts() == {"sure_gamble": 3} and [e.line for e in deck.entries] == [4]


def test_json_line_numbers_point_at_the_card(db: CardDB) -> None:
    deck = read("json", '{\n "cards": {\n  "30030": 3,\n  "99999": 1\n }\n}', db)
    [problem] = deck.problems
    assert (problem.code, problem.line) == ("unknown-card", 4)
    assert [e.line for e in deck.entries] == [3]
