"""Names matched as people read them (issue 14, point 4): Unicode NFC, case folded with Turkish
dotted and dotless i alike, spacing collapsed, everywhere a name is matched; shown as typed.
Full-width digits and letters in entries and options read as ASCII (NFKC for those only)."""

from __future__ import annotations

import json
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.domain.names import ascii_field, name_key
from tests.conftest import refused

AYSE = "Ayşe & İbrahim"
#: The issue's spellings of one side: lower case, upper case, and "ş" sent decomposed.
SPELLINGS = ["ayşe & ibrahim", "AYŞE & İBRAHİM", "Ays\u0327e & İbrahim", "  ayşe   &  İbrahim "]


def test_the_issues_spellings_are_one_name():
    assert unicodedata.normalize("NFD", "ş") != "ş"  # the decomposed form differs as text
    for spelling in SPELLINGS:
        assert name_key(spelling) == name_key(AYSE), spelling
    assert name_key("ışıl") == name_key("IŞIL") == name_key("Işıl") == name_key("işil")
    assert name_key("ann &  bob") == name_key("Ann & Bob")


def test_different_names_stay_different():
    assert name_key("Ayşe") != name_key("Ayse")  # a cedilla is a letter of its own
    assert name_key("Ann") != name_key("Anne")
    assert name_key("Ann & Bob") != name_key("Ann&Bob")  # spacing collapses, it is not dropped


names = st.text(st.characters(codec="utf-8", categories=("L", "M", "N", "Zs", "P")), max_size=12)


@given(names)
def test_name_key_is_idempotent(text):
    assert name_key(name_key(text)) == name_key(text)


@given(names)
def test_name_key_ignores_case(text):
    assert name_key(text.upper()) == name_key(text.lower()) or not text.isascii()
    if text.isascii():
        assert name_key(text.upper()) == name_key(text)


@given(names, st.sampled_from(["NFC", "NFD"]))
def test_name_key_ignores_composition(text, form):
    assert name_key(unicodedata.normalize(form, text)) == name_key(text)


@given(st.lists(st.text(st.characters(categories=("L",)), min_size=1, max_size=5), min_size=1))
def test_name_key_ignores_spacing(words):
    assert name_key("  ".join(words) + " ") == name_key(" ".join(words))


@given(st.text(st.sampled_from("İIıiAaŞşÇçĞğÖöÜü"), max_size=8))
def test_turkish_capitals_and_small_letters_are_one_name(text):
    assert name_key(text.upper()) == name_key(text.lower()) == name_key(text)


def test_ascii_field_reads_full_width_forms():
    assert ascii_field("m=２２０") == "m=220"
    assert ascii_field("ＫＫＫ２　ｈ＝１５") == "KKK2 h=15"
    assert ascii_field("m=220") == "m=220"


# -- through the command line ------------------------------------------------------------------


def start(cli, *teams: str, extra: tuple[str, ...] = ()) -> None:
    args = ["new", "classic"]
    for team in teams:
        args += ["--team", team]
    result = cli(*args, *extra)
    assert result.exit_code == 0, result.output


def test_stats_counts_the_issues_spellings_as_one_side_shown_as_typed_last(cli):
    # README, "Reviewing": shown as spelled in the most recent game.
    for spelling in [*SPELLINGS[:3], AYSE]:
        start(cli, spelling, "Işıl")
        assert cli("hand", "--yes", "m=120", "m=50").exit_code == 0
    teams = cli.json("stats")["teams"]
    assert [t["team"] for t in teams] == [AYSE, "Işıl"]
    assert teams[0]["games"] == 4 and teams[0]["hands"] == 4


def test_games_player_finds_isil_by_any_case(cli):
    start(cli, "Ann & Bob", "Cat & Dan", extra=("--players", "Işıl,Bob", "--players", "Cat,Dan"))
    for who in ("ışıl", "IŞIL", "işil", "Işıl"):
        games = cli.json("games", "--player", who)["games"]
        assert [g["game"] for g in games] == [1], who
    assert cli.json("games", "--player", "ann &  bob")["games"][0]["game"] == 1
    assert cli.json("games", "--player", "Isil")["games"] == []  # no cedilla: another name


def test_new_refuses_two_sides_that_read_as_one_name(cli, db):
    line = refused(cli, db, "new", "classic", "--team", "Işıl", "--team", "IŞIL")
    assert "same name" in line
    line = refused(cli, db, "new", "classic", "--team", AYSE, "--team", SPELLINGS[2])
    assert "same name" in line


def test_new_refuses_a_player_named_twice_in_turkish_capitals(cli, db):
    args = ("--players", "Işıl,Bob", "--players", "IŞIL,Dan")
    line = refused(cli, db, "new", "classic", "--team", "A", "--team", "B", *args)
    assert "named twice" in line


def test_named_entries_dealer_check_and_edit_side_match_as_read(cli):
    start(cli, AYSE, "Işıl", extra=("--dealer", "IŞIL"))
    assert cli.json("status")["next_dealer"] == "Işıl"
    result = cli("hand", "--yes", "IŞIL: m=50", "AYŞE & İBRAHİM: m=120")
    assert result.exit_code == 0, result.output
    totals = {t["team"]: t["total"] for t in cli.json("status")["teams"]}
    assert totals == {AYSE: 120, "Işıl": 50}
    result = cli("edit", "1", "--side", SPELLINGS[2], "h=15", "--yes")
    assert result.exit_code == 0, result.output
    totals = {t["team"]: t["total"] for t in cli.json("status")["teams"]}
    assert totals == {AYSE: 105, "Işıl": 50}
    result = cli("check", "KKK", "--team", "ışıl", "--json")  # 30 of the 50 needed: exit 1
    assert result.exit_code == 1 and json.loads(result.stdout)["team"] == "Işıl"


def test_full_width_digits_in_entries_and_options(cli):
    start(cli, "Ann & Bob", "Cat & Dan")
    result = cli("hand", "--yes", "m=２２０ nat=1 out", "ｍ＝１１０　ｈ＝７０")
    assert result.exit_code == 0, result.output
    hand = cli.json("show")["hands"][0]["teams"]
    assert hand[0]["meld_points"] == 220  # m=２２０ is 220
    assert hand[1]["meld_points"] == 110 and hand[1]["hand_deduction"] == -70
    doc = cli.json("minimum", "--variant", "classic", "--score", "１５００")
    assert doc["opening_minimum"]["points"] == 90  # RULES.md: 1,500 to 2,995 needs 90
    doc = cli.json("check", "ＫＫＫ", "ＡＡＡ２", "--variant", "classic", "--score", "１５００")
    assert doc["total"] == 110  # kings 10 each, aces and a two 20 each (RULES.md card values)


def test_a_full_width_colon_ends_a_side_name(cli):
    start(cli, "Ann & Bob", "Cat & Dan")
    result = cli("hand", "--yes", "Cat & Dan：m=110", "Ann & Bob：m=220")
    assert result.exit_code == 0, result.output
    assert [t["total"] for t in cli.json("status")["teams"]] == [220, 110]


def test_full_width_digits_in_a_set_value(cli):
    result = cli("new", "classic", "--team", "A", "--team", "B", "--set", "target=６０００")
    assert result.exit_code == 0, result.output
    assert cli.json("status")["target"] == 6000
