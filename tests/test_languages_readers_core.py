"""What the Japanese and Turkish readers found in the rules engine and the printed views
(issue 14, the readers' reports): check's verdicts in the language on the terminal and English
in ``check --json``, the HTML sheet's rows, ``variants show`` and the refusals that name a
variant. Each expected text is the catalogue's translation (read from the .po), never the
program's output."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("ja", "tr")


def po(lang: str, msgid: str) -> str:
    """The translation of ``msgid`` in ``lang``'s .po (it must have one)."""
    pytest.importorskip("babel")
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import catalogues
    finally:
        sys.path.remove(str(ROOT / "tools"))
    entry = catalogues.read(lang).get(msgid)
    assert entry is not None and entry.string, (lang, msgid)
    return entry.string


def flat(text: str) -> str:
    """The output with its line breaks and the table's padding taken out."""
    return "".join(text.split())


# -- 1. check's verdicts ------------------------------------------------------------------------

CHECK = ("check", "666", "KK", "22222", "--variant", "classic", "--score", "3000")


@pytest.mark.parametrize("lang", LANGS)
def test_check_verdicts_are_in_the_language(cli, monkeypatch, lang):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli(*CHECK)
    assert result.exit_code == 1
    out = flat(result.output)
    short = po(lang, "melds worth {total} are {short} short of the {needed} needed")
    # classic's minimum at 3,000 is 120 (RULES.md §2); 666 counts 15: 105 short
    assert flat(short.format(total=15, short=105, needed=120)) in out
    few = po(lang, "a meld needs at least {most} cards; this one has {n}").format(most=3, n=2)
    assert flat(few) in out
    title = po(lang, "Classic Canasta")
    wild = po(lang, "{variant} allows no melds of wild cards only").format(variant=title)
    assert flat(wild) in out
    assert "short of" not in result.output
    assert "a meld needs" not in result.output


@pytest.mark.parametrize("lang", LANGS)
def test_check_json_stays_english_in_every_language(cli, monkeypatch, lang):
    result = cli(*CHECK, "--json")
    english = json.loads(result.stdout)
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli(*CHECK, "--json")
    assert json.loads(result.stdout) == english
    assert "melds worth 15 are 105 short of the 120 needed" in english["problems"]
    reasons = [m["reason"] for m in english["melds"]]
    assert "a meld needs at least 3 cards; this one has 2" in reasons
    assert "Classic Canasta allows no melds of wild cards only" in reasons


@pytest.mark.parametrize("lang", LANGS)
def test_check_json_numbers_stay_english(cli, monkeypatch, lang):
    # a minimum of 1,500 and more: the English grouping in JSON whatever the language
    args = ("check", "KKK", "--variant", "classic", "--score", "3000", "--set")
    result = cli(*args, "minimum.3000=1500", "--json")
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    again = cli(*args, "minimum.3000=1500", "--json")
    assert again.stdout == result.stdout


@pytest.mark.parametrize("lang", LANGS)
def test_a_sequence_reason_joins_its_list_by_the_language(cli, monkeypatch, lang):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli("check", "5h8h9h", "--variant", "samba", "--score", "0")
    assert result.exit_code == 1
    sep = po(lang, ", ")
    missing = sep.join(["6", "7"])
    text = po(lang, "the cards are not consecutive: {missing} missing; a sequence runs 4 up to ace")
    assert flat(text.format(missing=missing)) in flat(result.output)


@pytest.mark.parametrize("lang", LANGS)
def test_check_heading_puts_the_side_and_its_score_together(cli, monkeypatch, lang):
    from tests.conftest import PARTNERSHIPS

    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    assert cli("hand", "--yes", "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70").exit_code == 0
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli("check", "KKK", "--team", "Ann & Bob")
    heading = result.output.splitlines()[0]
    # the first hand: 220 melded + 500 natural + 300 mixed + 200 red threes + 100 out - 15
    # (RULES.md §2, classic)
    with_points = po(lang, "{side} with {points}").format(side="Ann & Bob", points="1,305")
    if lang == "tr":
        with_points = with_points.replace("1,305", "1.305")
    assert with_points in heading


def test_reasons_are_english_under_english(monkeypatch):
    from scorekeeper.domain.cards import parse_cards
    from scorekeeper.domain.melds import judge_meld
    from scorekeeper.i18n import say
    from scorekeeper.variants import load_variant

    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    verdict = judge_meld(load_variant("classic"), parse_cards("KK"))
    assert verdict.reason == "a meld needs at least 3 cards; this one has 2"
    expected = po("ja", "a meld needs at least {most} cards; this one has {n}")
    assert say(verdict.reason) == expected.format(most=3, n=2)


# -- 2. the HTML sheet's rows ---------------------------------------------------------------------

ROWS = ("Melded cards", "Canasta bonuses", "Red threes", "Going out", "Cards left in hand")


def _played(cli, variant: str = "classic") -> None:
    from tests.conftest import PARTNERSHIPS

    assert cli("new", variant, *PARTNERSHIPS).exit_code == 0
    hand = cli("hand", "--yes", "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70")
    assert hand.exit_code == 0, hand.output


@pytest.mark.parametrize("lang", LANGS)
def test_the_html_rows_are_in_the_language(cli, monkeypatch, lang, tmp_path):
    from html import escape

    _played(cli)
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    out = tmp_path / "game.html"
    assert cli("export", "--format", "html", "--output", str(out)).exit_code == 0
    page = out.read_text(encoding="utf-8")
    for row in ROWS:
        assert f"<td>{escape(po(lang, row))}</td>" in page, row
        assert f"<td>{row}</td>" not in page
    assert escape(po(lang, "Hand by hand")) in page


def test_the_turkish_hand_by_hand_heading():
    # the Turkish reader: "El el" reads as a stutter; the breakdown of the hands
    assert po("tr", "Hand by hand") == "Ellerin dökümü"


@pytest.mark.parametrize("lang", LANGS)
def test_a_composed_row_label_is_translated(monkeypatch, lang):
    from scorekeeper.presentation.view import breakdown_labels, label_text
    from scorekeeper.variants import load_variant

    v = load_variant("hand-and-foot")
    labels = breakdown_labels(v)
    assert labels["canasta_bonus"] == "Book bonuses"  # English as a string (JSON, CSV keys)
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    assert label_text(labels["canasta_bonus"]) == po(lang, "Book bonuses")
    assert label_text(labels["meld_points"]) == po(lang, "Melded cards")


# -- 3. variants show and the variant list ---------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_variants_show_names_the_cards_and_the_options_in_the_language(cli, monkeypatch, lang):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli("variants", "show", "samba")
    assert result.exit_code == 0
    lines = [line.split() for line in result.output.splitlines()]
    # the card-values table: "<name> <value>" rows (RULES.md §4: samba jokers 50, red three 100)
    rows = {" ".join(words[:-1]): words[-1] for words in lines if len(words) >= 2}
    assert rows.get(po(lang, "joker")) == "50"
    assert po(lang, "red three") in rows
    assert "red three" not in rows and "black three" not in rows
    heading = po(lang, "Options (new --set {metavar})").format(metavar=po(lang, "KEY=VALUE"))
    assert heading in result.output
    assert "NAME=VALUE" not in result.output
    sep = po(lang, ", ")
    # the rule's English key ("tie = draw") only in English (third readers)
    tie = po(lang, "(--set tie= takes {choices})")
    choices = sep.join(["extra_hand", "draw", "went_out"])
    assert flat(tie.format(choices=choices)) in flat(result.output)
    assert "tie = draw" not in result.output


def test_option_values_are_numbers_as_the_language_writes_them(monkeypatch):
    from scorekeeper.presentation.variants import option_value

    assert option_value(True) == "true"
    assert option_value(1500) == "1,500"
    monkeypatch.setenv("SCOREKEEPER_LANG", "tr")
    assert option_value(1500) == "1.500"  # Turkish groups thousands with a dot (issue 14)
    # Turkish says its own no, which --set takes too (third Turkish reader)
    assert option_value(False) == po("tr", "n,no").split(",")[-1]


@pytest.mark.parametrize("lang", ("en", *LANGS))
@pytest.mark.parametrize("width", (80, 100, 120))
def test_a_variant_key_never_wraps_in_the_list(cli, monkeypatch, lang, width):
    from rich.console import Console

    from scorekeeper.presentation import console as console_module

    def sized(stderr: bool = False):
        return Console(width=width, color_system=None, force_terminal=False, highlight=False)

    monkeypatch.setattr(console_module, "factory", sized)
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli("variants")
    assert result.exit_code == 0
    starts = [line.split()[0] for line in result.output.splitlines() if line.strip()]
    for key in ("pennies-from-heaven", "modern-american", "hand-and-foot"):
        assert key in starts, (key, result.output)


# -- 4. refusals name the variant by its title --------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_an_unknown_item_names_the_variant_by_its_title(cli, monkeypatch, lang):
    from tests.conftest import PARTNERSHIPS

    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli("hand", "--yes", "m=120 zz=1", "-")
    assert result.exit_code == 1
    title = po(lang, "Classic Canasta")
    assert title in result.output
    words = po(lang, "unknown item '{key}' for {variant}; items: {items}")
    start = words.split("{items}")[0].format(key="zz", variant=title)
    assert flat(start) in flat(result.output)


@pytest.mark.parametrize("lang", LANGS)
def test_going_out_without_a_canasta_names_the_variant_by_its_title(cli, monkeypatch, lang):
    from tests.conftest import PARTNERSHIPS

    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli("hand", "--yes", "m=120 out", "m=90")
    assert result.exit_code == 1
    assert po(lang, "Classic Canasta") in result.output
    assert " classic" not in result.output.lower().replace("classic canasta", "")


def test_english_refusals_name_the_variant_by_its_title_too(cli):
    from tests.conftest import PARTNERSHIPS

    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    result = cli("hand", "--yes", "m=120 out", "m=90")
    assert "Classic Canasta needs at least" in result.output


@pytest.mark.parametrize("lang", LANGS)
def test_set_refusals_are_in_the_language(cli, monkeypatch, lang):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli("new", "classic", "--team", "A", "--team", "B", "--set", "foo=1")
    assert result.exit_code != 0
    text = po(lang, "'{path}' is not a rule or option of this variant").format(path="foo")
    assert text in result.output
    result = cli("new", "classic", "--team", "A", "--team", "B", "--set", "draw_on_tie=maybe")
    assert result.exit_code != 0
    words = po(lang, "'{name}' takes true or false (or yes/no, on/off, 1/0), not '{text}'")
    assert flat(words.format(name="draw_on_tie", text="maybe")) in flat(result.output)
    assert "is not a rule" not in result.output and "takes true or false" not in result.output


# -- 5. the readers' wording ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("msgid", "words"),
    [
        ("To go out, a side needs", "Çıkmak için takıma gereken"),
        ("Source: {source}", "Dayanak:"),
        ("Source", "Dosya"),
        ("Games", "Oyunlar"),
        ("In force", "Etkin"),
        ("a run of one suit", "seri"),
        ("the top discard counts toward the opening", "üst kartı"),
        ("below {points}", "altı"),
    ],
)
def test_the_turkish_readers_words(msgid, words):
    assert words in po("tr", msgid)


def test_turkish_red_threes_with_two_canastas_count_plus():
    msgid = (
        "Red threes short of the two canastas cost a flat 100 each (six: -600, not -1,000);"
        " with them they keep their table (six: +1,000)"
    )
    assert "iki kanastası olan takımda artı sayılır" in po("tr", msgid)
    assert "tablolarını korur" not in po("tr", msgid)


@pytest.mark.parametrize("lang", LANGS)
def test_variants_show_samba_in_the_readers_words(cli, monkeypatch, lang):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli("variants", "show", "samba")
    out = flat(result.output)
    # samba's red threes: minus with no canasta (RULES.md §4): a zero count has its own words
    assert flat(po(lang, "no canasta: {sign}").format(sign=po(lang, "minus"))) in out
    assert "0つ" not in out and "0 kanasta" not in out
    assert flat(po(lang, "To go out, a side needs")) in out
    if lang == "ja":
        assert po("ja", "plus") == "加点"
        assert "同点のとき" in po("ja", "Equal totals at the target")
        # the row names the colour; a count of 3s is "N枚で" (samba: six red 3s, 1,000, §4)
        (threes,) = po("ja", "{count} three: {points}")
        assert threes.startswith("{count}枚で") and "赤" not in threes
        assert flat(threes.format(count=6, points="1,000")) in out
        assert ";" not in result.output and "NAME" not in result.output


def test_going_out_with_no_canasta_says_so(cli, monkeypatch):
    from tests.conftest import PARTNERSHIPS

    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    result = cli("hand", "--yes", "m=120 out", "m=90")
    assert result.exit_code == 1
    assert po("ja", "no canasta") in result.output
    assert "カナスタ0つ" not in result.output


def test_a_japanese_list_is_joined_with_the_japanese_comma(monkeypatch):
    from scorekeeper.i18n import listing

    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    assert listing(["a", "b"]) == "a" + po("ja", ", ") + "b" == "a、b"
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    assert listing(["a", "b"]) == "a, b"


def test_a_did_you_mean_joins_the_sentence_as_the_language_does(cli, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    result = cli("new", "classic", "--team", "A", "--team", "B", "--set", "targt=1")
    assert result.exit_code != 0
    hint = po("ja", "; ") + po("ja", "did you mean '{suggestion}'?").format(suggestion="target")
    assert hint in result.output
    assert ";" not in result.output
