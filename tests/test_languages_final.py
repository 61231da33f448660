"""What native readers found left of issue 14 (Japanese and Turkish): help's ranges in the
language's words, layouts that fit 40 columns, Japanese line breaking (kinsoku), the Japanese
and the Turkish wording. Every translated text is taken from the catalogues (the .po files,
:func:`tests.test_languages_cli.po`); layouts are checked for width, not copied."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.domain.limits import MAX_NUMBER
from scorekeeper.presentation import wrapping
from scorekeeper.presentation.wrapping import display_width
from tests.conftest import PARTNERSHIPS, every_command
from tests.test_languages_cli import catalogue, flat, po, run_in
from tests.test_languages_rest import console_width

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("ja", "tr")
ALL = ("en", "ja", "tr")
SIDES = ("Ayşe & İbrahim", "Işıl & Zeynep")
#: The thousands separator of each language (issue 14: "Turkish 5.190, not 5,190").
GROUPING = {"en": ",", "ja": ",", "tr": "."}
#: The brief's characters no wrapped Japanese line starts with, and those none ends with.
NO_START = "、。）」］！？・ー" + "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
NO_END = "（「"


def said(lang: str, msgid: str) -> str:
    """The text of ``msgid`` in ``lang``: English itself, else the .po's translation."""
    return msgid if lang == "en" else po(lang, msgid)


def grouped(n: int, lang: str) -> str:
    return f"{n:,}".replace(",", GROUPING[lang])


def new_game(cli, monkeypatch, lang: str, *teams: str) -> None:
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    args = [x for team in teams for x in ("--team", team)] if teams else list(PARTNERSHIPS)
    assert cli("new", "classic", *args).exit_code == 0
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)


# -- 1. help shows a bounded option's range in the language, never Click's notation ----------

CLICK_RANGE = re.compile(r"x\s*[<>]=?|[<>]=?\s*x\b")


@pytest.mark.parametrize("lang", ALL)
@pytest.mark.parametrize("command", every_command(), ids=" ".join)
def test_help_never_shows_clicks_range_notation(cli, monkeypatch, lang, command):
    out = run_in(cli, monkeypatch, lang, *command, "--help")
    assert out.exit_code == 0, out.output
    assert not CLICK_RANGE.search(out.stdout), out.stdout


@pytest.mark.parametrize("lang", ALL)
def test_help_says_the_range_with_the_languages_numbers(cli, monkeypatch, lang):
    # games --limit takes 1 to MAX_NUMBER; minimum --score a score of either sign up to it
    between = said(lang, "between {lo} and {hi}")
    limit = between.format(lo="1", hi=grouped(MAX_NUMBER, lang))
    score = between.format(lo="-" + grouped(MAX_NUMBER, lang), hi=grouped(MAX_NUMBER, lang))
    assert flat(limit) in flat(run_in(cli, monkeypatch, lang, "games", "--help").stdout)
    assert flat(score) in flat(run_in(cli, monkeypatch, lang, "minimum", "--help").stdout)
    port = between.format(lo="0", hi=grouped(65535, lang))
    assert flat(port) in flat(run_in(cli, monkeypatch, lang, "serve", "--help").stdout)


@pytest.mark.parametrize("lang", LANGS)
def test_the_refusal_and_help_name_the_same_ends(cli, monkeypatch, lang):
    out = run_in(cli, monkeypatch, lang, "games", "--limit", "0")
    assert out.exit_code != 0
    hi = grouped(MAX_NUMBER, lang)
    refusal = po(lang, "{value} is not between {lo} and {hi}.").format(value="0", lo="1", hi=hi)
    assert refusal in out.output


def test_a_range_open_at_one_end_reads_at_least_or_at_most(monkeypatch):
    from scorekeeper.cli.language import spoken_range

    class Kind:
        min, max, min_open, max_open = 2, None, False, False

    monkeypatch.setenv("SCOREKEEPER_LANG", "tr")
    assert spoken_range(Kind) == po("tr", "at least {lo}").format(lo="2")
    Kind.min, Kind.max = None, 12000
    assert spoken_range(Kind) == po("tr", "at most {hi}").format(hi="12.000")
    Kind.max_open = True  # an end not allowed: no words for it, and nothing is made up
    assert spoken_range(Kind) is None


# -- 2. at 40 columns: labels whole, play's help readable, hints not cut ---------------------

#: The labels of the hand breakdown's lines of figures (DESIGN.md order), as msgids.
FIGURES = ("Melded cards", "Canasta bonuses", "Red threes", "Going out", "Cards left in hand")
FIGURES += ("Hand score", "Total")


def breakdown(cli, monkeypatch, lang: str, width: int, *command: str) -> str:
    new_game(cli, monkeypatch, "en", *SIDES)
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    console_width(monkeypatch, width)
    out = cli("hand", "--yes", "m=300 nat=1 mix=1 r=1 out", "m=50 h=30")
    assert out.exit_code == 0, out.output
    if command:
        out = cli(*command)
        assert out.exit_code == 0, out.output
    return out.stdout


@pytest.mark.parametrize("width", [40, 80, 120])
@pytest.mark.parametrize("command", [(), ("show", "--detail")], ids=["hand", "show"])
@pytest.mark.parametrize("lang", ALL)
def test_the_breakdown_labels_stay_on_one_line(cli, monkeypatch, lang, command, width):
    shown = breakdown(cli, monkeypatch, lang, width, *command)
    lines = shown.splitlines()
    assert all(display_width(line) <= width for line in lines), shown
    for msgid in FIGURES:
        label = said(lang, msgid)
        # the whole label on a line, followed by its figure (a number)
        assert any(re.search(re.escape(label) + r"\s+-?\d", line) for line in lines), (label, shown)


@pytest.mark.parametrize("width", [80, 120])
def test_the_table_of_a_column_per_side_stays_from_80_columns(cli, monkeypatch, width):
    shown = breakdown(cli, monkeypatch, "tr", width, "show", "--detail")
    # one heading line names both sides, over their columns
    assert any(SIDES[0] in line and SIDES[1] in line for line in shown.splitlines())


def play_help(cli, monkeypatch, lang: str, width: int) -> list[str]:
    new_game(cli, monkeypatch, lang)
    console_width(monkeypatch, width)
    out = run_in(cli, monkeypatch, lang, "play", input="help\nquit\n")
    assert out.exit_code == 0, out.output
    return out.stdout.splitlines()


@pytest.mark.parametrize("lang", ALL)
def test_plays_help_at_40_columns_puts_each_meaning_under_what_is_typed(cli, monkeypatch, lang):
    from scorekeeper.cli import session_words as words

    lines = play_help(cli, monkeypatch, lang, 40)
    assert all(display_width(line) <= 40 for line in lines)
    for word, (_form, what) in words.WORDS.items():
        monkeypatch.setenv("SCOREKEEPER_LANG", lang)
        head = " " + words.command_form(word).split()[0]
        at = next(
            i
            for i, line in enumerate(lines)
            if line.rstrip() == head or line.startswith(head + " ")
        )
        i = at + 1
        while lines[i].startswith(" ") and not lines[i].startswith("   "):
            i += 1  # what is typed, going on
        # under it, indented, what it does, on lines of its own
        meaning = []
        for line in lines[i:]:
            if not line.startswith("   "):
                break
            meaning.append(line)
        assert flat("".join(meaning)) == flat(said(lang, what)), (word, lines)
        if lang != "ja":  # every word whole
            assert " ".join(meaning).split() == said(lang, what).split()


@pytest.mark.parametrize("lang", ALL)
def test_plays_help_keeps_two_columns_at_80(cli, monkeypatch, lang):
    lines = play_help(cli, monkeypatch, lang, 80)
    # "undo" and what it does on one line
    assert any(re.match(r" undo\s{2,}\S", line) for line in lines), lines


@pytest.mark.parametrize("lang", ALL)
def test_the_hints_before_a_prompt_are_not_cut_at_40_columns(cli, monkeypatch, lang):
    new_game(cli, monkeypatch, lang)
    console_width(monkeypatch, 40)
    guided = run_in(cli, monkeypatch, lang, "hand", "--guided", input="").stderr
    hint = said(lang, "Hand {number}: answer for each side (Enter keeps the answer in []).")
    hint = hint.format(number=1)
    play = run_in(cli, monkeypatch, lang, "play", input="").stderr
    start = said(
        lang,
        "Type each side's entry (e.g. m=220 nat=1 out h=15), Enter to be asked, or a"
        " command ('help' lists them).",
    )
    for text, out in ((hint, guided), (start, play)):
        lines = out.splitlines()
        first = next(i for i, line in enumerate(lines) if flat(text).startswith(flat(line)))
        shown = []
        for line in lines[first:]:
            shown.append(line)
            if flat(text) in flat("".join(shown)):
                break
        assert flat("".join(shown)) == flat(text)
        assert len(shown) > 1  # it is longer than 40 columns: wrapped, by the program
        assert all(display_width(line) <= 40 for line in shown), shown
        if lang != "ja":  # at spaces: every word whole
            assert " ".join(shown).split() == text.split()


# -- 3. Japanese line breaking, in one place ---------------------------------------------------

JAPANESE = (
    "あいうえおかきくけこさしすせそ漢字表示得点合計上がり"
    "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶー"
    "、。）」］！？・（「"
    "abcXYZ 019&=-"
)


def assert_kinsoku(lines: list[str]) -> None:
    for line in lines[1:]:
        assert line.lstrip()[:1] not in set(NO_START), lines
    for line in lines[:-1]:
        assert line.rstrip()[-1:] not in set(NO_END), lines


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=JAPANESE, min_size=0, max_size=300), st.sampled_from([40, 60, 80]))
def test_wrapping_never_breaks_a_japanese_line_where_kinsoku_forbids(text, width):
    lines = wrapping.wrap(text, width)
    assert_kinsoku(lines)
    # nothing lost: the same characters, spaces aside
    assert flat("".join(lines)) == flat(text)
    # within the width, unless a line is one piece that cannot be cut
    for line in lines:
        assert display_width(line) <= width or len(wrapping.chunks(line)) == 1, (line, lines)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=JAPANESE, min_size=1, max_size=200), st.sampled_from([40, 60, 80]))
def test_fold_keeps_kinsoku_and_leaves_a_line_that_fits_as_it_is(text, width):
    folded = wrapping.fold(text, width, "  ").split("\n")
    assert_kinsoku(folded)
    if display_width(text) <= width:
        assert folded == [text]


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=JAPANESE, min_size=1, max_size=300), st.sampled_from([40, 60, 80]))
def test_rich_wraps_japanese_by_kinsoku_and_english_as_before(text, width):
    from rich.console import Console
    from rich.text import Text

    con = Console(width=width, color_system=None)
    english = [str(line) for line in Text(text).wrap(con, width)]
    try:
        wrapping.rich_wraps_japanese(True)
        lines = [str(line) for line in Text(text).wrap(con, width)]
    finally:
        wrapping.rich_wraps_japanese(False)
    assert_kinsoku(lines)
    assert flat("".join(lines)) == flat(text)
    assert all(display_width(line.rstrip()) <= width for line in lines)
    # Rich's own rules are back for the other languages
    assert [str(line) for line in Text(text).wrap(con, width)] == english


@pytest.mark.parametrize("width", [40, 60, 80])
def test_japanese_screens_rich_wraps_keep_kinsoku(cli, monkeypatch, width):
    new_game(cli, monkeypatch, "ja")
    console_width(monkeypatch, width)
    check = ("check", "--variant", "classic", "--score", "1650", "K K K", "Q Q 2")
    for args in (("variants", "show", "classic"), check):
        out = cli(*args).output
        lines = [line.strip() for line in out.splitlines() if line.strip()]
        assert lines and all(display_width(line) <= width for line in lines)
        assert_kinsoku(lines)


@pytest.mark.parametrize("width", [40, 60, 80])
def test_japanese_help_and_play_help_keep_kinsoku(cli, monkeypatch, width):
    monkeypatch.setenv("COLUMNS", str(width))
    for command in (["hand"], ["play"], ["edit"], ["stats"], ["new"], ["serve"]):
        out = run_in(cli, monkeypatch, "ja", *command, "--help").stdout
        assert_kinsoku([line for line in out.splitlines() if line.strip()])
    lines = play_help(cli, monkeypatch, "ja", width)
    assert_kinsoku([line.strip() for line in lines if line.strip()])


@pytest.mark.parametrize("width", [40, 60, 80])
def test_a_long_japanese_note_wraps_by_kinsoku(cli, monkeypatch, width):
    note = (
        "これは長いメモです。上がったのは「太郎と花子」のチームで、赤い3（2枚）を出しました！" * 2
    )
    new_game(cli, monkeypatch, "ja")
    console_width(monkeypatch, width)
    assert cli("hand", "--yes", "m=220 nat=1 out", "m=90", "--note", note).exit_code == 0
    for args in (("show",), ("show", "--detail")):
        out = cli(*args).stdout.splitlines()
        at = [i for i, line in enumerate(out) if flat(note)[:6] in flat(line)]
        assert at, out
        block = [line for line in out[at[0] : at[0] + 8] if line.strip()]
        assert all(display_width(line) <= width for line in out)
        assert_kinsoku([line.strip() for line in block])


# -- 4. Japanese wording -----------------------------------------------------------------------


def test_japanese_quotes_names_joined_in_a_sentence(cli, monkeypatch):
    new_game(cli, monkeypatch, "ja")
    out = run_in(cli, monkeypatch, "ja", "hand", "--yes", "m=120 out", "m=90 out")
    assert out.exit_code != 0
    names = po("ja", " and ").join(["「Ann & Bob」", "「Cat & Dan」"])
    sentence = po("ja", "only one side can go out in a hand, but {sides} both did")
    assert sentence.format(sides=names) in out.output


def test_english_and_turkish_write_the_joined_names_as_typed(cli, monkeypatch):
    for lang in ("en", "tr"):
        new_game(cli, monkeypatch, lang)
        out = run_in(cli, monkeypatch, lang, "hand", "--yes", "m=120 out", "m=90 out")
        names = said(lang, " and ").join(["Ann & Bob", "Cat & Dan"])
        sentence = said(lang, "only one side can go out in a hand, but {sides} both did")
        assert sentence.format(sides=names) in out.output
        assert "「" not in out.output


def test_japanese_stats_say_average_and_best_per_hand(cli, monkeypatch):
    # per hand, as the English "Avg hand" and "Best hand" are (the brief's words)
    assert po("ja", "Avg hand") == "1ハンドの平均点"
    assert po("ja", "Best hand") == "1ハンドの最高点"
    new_game(cli, monkeypatch, "ja")
    assert cli("hand", "--yes", "m=220 nat=1 out", "m=110 h=15").exit_code == 0
    shown = flat(cli("stats").stdout)
    assert flat(po("ja", "Avg hand")) in shown or all(
        flat(part) in shown for part in ("1ハンドの", "平均点")
    )
    line = po("ja", "hands {hands}: average {average}, best {best}")
    assert "1ハンドの" in line and line.startswith("{hands}ハンド")


def japanese_texts() -> list[str]:
    texts = []
    for value in catalogue("ja").values():
        texts += list(value) if isinstance(value, tuple) else [value]
    return texts


def test_one_japanese_term_for_the_score_sheet():
    texts = japanese_texts()
    assert not [t for t in texts if "得点表" in t]
    assert any("スコア表" in t for t in texts)
    for page in ("README.ja.md", "docs/glossary.md"):
        text = (ROOT / page).read_text(encoding="utf-8")
        assert "スコア表" in text
        assert "得点表" not in text or "not 得点表" in text


def test_japanese_counts_hands_one_way():
    # "{n}ハンド" (a count); "ハンド{n}" is hand number n, never a count
    odd = re.compile(r"ハンド\{\w+\}回|ハンドは\{\w+\}つ|ハンドが\{\w+\}つ|ハンド数：\{")
    assert not [t for t in japanese_texts() if odd.search(t)]
    assert po("ja", "{n} hand", 3).format(n=3) == "3ハンド"


# -- 5. Turkish wording ------------------------------------------------------------------------


def summary_input(last: str) -> str:
    # side 1 went out, not concealed: 120, 1 natural canasta; side 2: 90, 10 left in hand
    return "1\nn\n120\n1\n0\n0\n0\n0\n90\n0\n0\n0\n10\n0\n" + last + "\n"


def test_the_turkish_summary_names_the_words_it_takes(cli, monkeypatch):
    from scorekeeper.cli import play as play_module

    new_game(cli, monkeypatch, "tr")
    monkeypatch.setattr(play_module, "stdin_is_terminal", lambda: True)
    question = po("tr", "{question} (y yes, n change the answers, q give up)")
    letters = re.findall(r"\b(\w) ile\b", question)  # "e ile kaydet, h ile ..., v ile vazgeç"
    yes, no, give_up = (po("tr", w).split(",")[0] for w in ("y,yes", "n,no", "q,quit"))
    assert letters == [yes, no, give_up]
    assert "vazgeç" in po("tr", "q,quit").split(",")  # the word itself is taken too
    assert give_up in po("tr", "y to go ahead, n to change the answers, q to give up")
    for word in po("tr", "q,quit").split(","):
        out = run_in(cli, monkeypatch, "tr", "hand", "--guided", input=summary_input(word))
        assert out.exit_code == 0, out.output
        assert po("tr", "Nothing recorded.") in out.output
    assert cli.json("status")["hands_played"] == 0  # nothing was stored


def test_turkish_yes_no_marks_follow_the_default(cli, monkeypatch):
    yes, no = po("tr", "y,yes").split(",")[0], po("tr", "n,no").split(",")[0]
    assert po("tr", "[Y/n]") == f"[{yes.upper()}/{no}]"
    assert po("tr", "[y/N]") == f"[{yes}/{no.upper()}]"
    new_game(cli, monkeypatch, "tr")
    assert cli("hand", "--yes", "m=220 nat=1 out", "m=90").exit_code == 0
    from scorekeeper.cli import edit as edit_module

    monkeypatch.setattr(edit_module, "stdin_is_terminal", lambda: True)
    undo = run_in(cli, monkeypatch, "tr", "undo", input="h\n")
    assert po("tr", "[Y/n]") in undo.output
    delete = run_in(cli, monkeypatch, "tr", "delete", "1", input="h\n")
    assert po("tr", "[y/N]") in delete.output


def test_turkish_commands_name_their_arguments_as_help_does():
    # the placeholder in a sentence is the one the command's usage line shows
    game, n = po("tr", "GAME"), po("tr", "N")
    texts = [t for v in catalogue("tr").values() for t in (v if isinstance(v, tuple) else [v])]
    resumes = [m for t in texts for m in re.findall(r"scorekeeper resume (\S+?)'", t)]
    restores = [m for t in texts for m in re.findall(r"backups restore (\S+?)'", t)]
    assert game in resumes and set(resumes) <= {game, "{game}"}  # or the id itself
    assert restores and set(restores) == {n}
    assert "NUMARA" not in "".join(texts)


def test_turkish_serve_lines_start_with_a_capital_and_stopped_on_its_own_line(cli, monkeypatch):
    from scorekeeper.presentation import live

    new_game(cli, monkeypatch, "tr")

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(live, "serve", interrupted)
    out = run_in(cli, monkeypatch, "tr", "serve", "--port", "0")
    assert out.exit_code == 130
    first = out.stdout.splitlines()[0]
    url = re.search(r"http://\S+", first).group()
    which = po("tr", "the current game")
    assert first == po("tr", "Serving {which} at {url}").format(which=which, url=url)
    lines = out.stderr.splitlines()
    assert lines[-1] == po("tr", "Stopped.")
    assert lines[-2] == ""  # the line a "^C" was echoed on ends first
    for line in (first, *lines):
        assert not line or line[0].isupper(), line
