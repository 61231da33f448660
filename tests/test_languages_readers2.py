"""What the second Japanese and Turkish readers found (issue 14): a number out of an option's
range said in English ("is not a valid int range", "-1000000000<=x<=1000000000"); a canasta
count that disagrees with the cards named by its key ("2 natural"); the variant's key in a
sentence instead of its title; `variants show` missing its argument naming it NAME. Every
expected text comes from the catalogues."""

from __future__ import annotations

import pytest

from tests.test_languages_cli import po

LANGS = ("ja", "tr")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("command", ["minimum", "check"])
def test_a_score_that_is_not_a_number_is_refused_in_the_language(cli, monkeypatch, lang, command):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    args = ["666"] if command == "check" else []
    result = cli(command, *args, "--variant", "classic", "--score", "abc")
    assert result.exit_code == 2
    assert po(lang, "{value} is not a whole number.").format(value="'abc'") in result.stderr
    assert "is not a valid" not in result.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_a_score_out_of_range_names_the_bounds_as_the_language_writes_numbers(
    cli, monkeypatch, lang
):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli("minimum", "--variant", "classic", "--score", "99999999999")
    assert result.exit_code == 2
    billion = {"ja": "1,000,000,000", "tr": "1.000.000.000"}[lang]  # Turkish writes 5.190
    lo, hi = "-" + billion, billion
    said = po(lang, "{value} is not between {lo} and {hi}.").format(
        value="99999999999", lo=lo, hi=hi
    )
    assert said in result.stderr
    assert "<=x<=" not in result.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_canasta_counts_that_disagree_with_the_cards_are_named_in_the_language(
    cli, monkeypatch, lang
):
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli("hand", "--yes", "m=KKKK2/QQQ/7777 nat=2 h=0", "m=50")
    assert result.exit_code == 1
    kind = po(lang, "{title} ×{n}").format(title=po(lang, "natural canasta"), n=2)
    assert kind in result.stderr
    assert "2 natural" not in result.stderr


def test_in_english_the_counts_read_as_a_player_says_them(cli):
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0
    result = cli("hand", "--yes", "m=KKKK2/QQQ/7777 nat=2 h=0", "m=50")
    assert "the melds make no canasta, but the entry says 2 natural canastas" in result.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_a_variant_that_goes_by_rounds_is_named_by_its_title(cli, monkeypatch, lang):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli("minimum", "--variant", "hand-and-foot", "--score", "100")
    assert result.exit_code == 2
    title = po(lang, "Hand and Foot")
    said = po(lang, "{variant} sets its minimum by round: give --round N").format(variant=title)
    assert said in result.stderr and "hand-and-foot" not in result.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_variants_show_names_its_missing_argument_as_help_does(cli, monkeypatch, lang):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli("variants", "show")
    assert result.exit_code == 2
    assert po(lang, "VARIANT") in result.stderr and "'NAME'" not in result.stderr


def test_stats_name_natural_canastas_first_with_the_word_before_the_count_in_japanese(
    cli, monkeypatch
):
    assert cli("new", "classic", "--team", "山田", "--team", "佐藤").exit_code == 0
    assert cli("hand", "--yes", "m=300 nat=2 mix=1 out", "m=50").exit_code == 0
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    out = cli("stats").output
    natural = po("ja", "{n} {kind}").format(n=2, kind=po("ja", "natural"))
    mixed = po("ja", "{n} {kind}").format(n=1, kind=po("ja", "mixed"))
    # the table gives a kind a line, natural first
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if natural in line)
    assert mixed in lines[at + 1] and natural not in lines[at + 1]


@pytest.mark.parametrize("lang", LANGS)
def test_the_narrow_games_list_says_who_won(cli, monkeypatch, lang):
    from tests.test_languages_rest import console_width

    assert cli("new", "classic", "--team", "Ann", "--team", "Bob", "--target", "100").exit_code == 0
    assert cli("hand", "--yes", "m=300 nat=1 out", "m=50").exit_code == 0
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    console_width(monkeypatch, 40)
    out = cli("games").output
    winner = po(lang, "Winner")
    assert (winner + ("：Ann" if lang == "ja" else ": Ann")) in out, out


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_the_variant_list_at_40_columns_cuts_no_key_and_no_target(cli, monkeypatch, lang):
    from tests.test_languages_rest import console_width

    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    console_width(monkeypatch, 40)
    out = cli("variants").output
    assert "…" not in out
    thousands = {"en": ",", "ja": ",", "tr": "."}[lang]
    for key, target in (("bolivia", 15000), ("pennies-from-heaven", 20000), ("samba", 10000)):
        written = f"{target // 1000}{thousands}000"
        assert key in out.split() and written in out
