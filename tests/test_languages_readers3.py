"""What the third Japanese and Turkish readers found in a whole game (issue 14): English left
in a verdict, a heading and a rule's aside; wording the glossary settles (シーケンス, değer for
a rank, puan çizelgesi); names set apart in Japanese sentences; sides offered by number as
the language writes them. Every expected text comes from the catalogues (the .po files)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import i18n
from scorekeeper.domain.names import collation_key, name_key
from tests.test_languages_cli import flat, po

LANGS = ("ja", "tr")


def start(cli, *teams: str) -> None:
    args = [a for team in teams for a in ("--team", team)]
    assert cli("new", "classic", *args).exit_code == 0


# --- English leftovers ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_check_says_the_verdict_and_a_missing_minimum_in_the_language(cli, monkeypatch, lang):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    # going out concealed needs no opening minimum (RULES.md §2): the heading says "none"
    result = cli(
        "check", "666", "777", "888", "--variant", "classic", "--score", "0", "--out",
        "--concealed",
    )  # fmt: skip
    heading = result.stdout.splitlines()[0]
    said = po(lang, "opening minimum {minimum}").format(minimum=po(lang, "none"))
    assert heading.endswith(said), heading
    assert not heading.endswith("none")
    assert po(lang, "ok") in result.stdout


def test_japanese_check_verdict_is_not_the_english_ok(cli, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    result = cli("check", "666", "--variant", "classic", "--score", "0")
    verdicts = [line.split()[-1] for line in result.stdout.splitlines() if "6 6 6" in line]
    assert verdicts == [po("ja", "ok")]
    assert "OK" not in result.stdout


def test_english_check_keeps_its_words(cli):
    result = cli(
        "check", "666", "777", "888", "--variant", "classic", "--score", "0", "--out",
        "--concealed",
    )  # fmt: skip
    assert result.stdout.splitlines()[0].endswith("opening minimum none")
    assert " ok" in result.stdout


@pytest.mark.parametrize("lang", LANGS)
def test_the_tie_rule_is_offered_without_its_english_key(cli, monkeypatch, lang):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    monkeypatch.setenv("COLUMNS", "200")
    out = cli("variants", "show", "samba").stdout
    choices = po(lang, ", ").join(["extra_hand", "draw", "went_out"])
    assert flat(po(lang, "(--set tie= takes {choices})").format(choices=choices)) in flat(out)
    assert "tie = draw" not in out


def test_in_english_the_tie_rule_keeps_its_key(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    out = cli("variants", "show", "samba").stdout
    assert "(tie = draw; --set tie=extra_hand, draw, went_out)" in out


@pytest.mark.parametrize("lang", LANGS)
def test_no_current_game_names_the_variant_argument_as_help_does(cli, monkeypatch, lang):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli("hand", "m=50", "m=50")
    assert result.exit_code != 0
    said = po(lang, "no current game: start one with 'scorekeeper new VARIANT --team ...'")
    assert said in result.stderr
    assert po(lang, "VARIANT") in said
    assert "VARIANT" not in result.stderr


# --- wording -------------------------------------------------------------------------------


def test_japanese_says_sequence_as_the_glossary_does():
    assert po("ja", "sequence") == "シーケンス"  # docs/glossary.md: sequence シーケンス
    assert all("シークエンス" not in text for text in _translations("ja"))


def test_turkish_says_rank_as_the_glossary_does():
    # docs/glossary.md: rank = değer; "sıradan" reads as "ordinary"
    for msgid in ("one meld per rank", "one rank with wild cards", "one rank, no wild card"):
        assert "sıra" not in po("tr", msgid)
        assert "değer" in po("tr", msgid)


def test_turkish_calls_the_score_sheet_by_one_name():
    helped = po(
        "tr",
        "Export a game's score sheet as CSV (one row per side per hand), JSON (which 'import'\n"
        "reads back) or HTML (a printable sheet). Without --format the file name's suffix says\n"
        "which (game3.csv, game3.json, game3.html).",
    )
    assert "puan çizelgesi" in helped and "kâğıd" not in helped


def _translations(lang: str) -> list[str]:
    from tests.test_languages_cli import catalogue

    out = []
    for text in catalogue(lang).values():
        out += list(text) if isinstance(text, tuple) else [text]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_going_out_without_the_canastas_reads_in_the_language(cli, monkeypatch, lang):
    start(cli, "Işıl & Çağrı", "Cem & Ece")
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli("hand", "--yes", "m=220 out h=0", "m=50")
    assert result.exit_code == 1
    said = po(lang, "{side} went out with {has}; {variant} needs at least {need} to go out")
    side = "Işıl & Çağrı"
    expected = said.format(
        side=side,
        has=po(lang, "no canasta"),
        variant=po(lang, "Classic Canasta"),
        need=po(lang, "{n} canasta", 1).format(n=1),
    )
    assert flat(expected) in flat(result.stderr)
    if lang == "ja":  # a name in a Japanese sentence stands apart: 「Işıl & Çağrı」は
        assert f"「{side}」は" in result.stderr
    else:
        assert " ister" not in result.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_sides_are_offered_by_number_as_the_language_writes_them(monkeypatch, lang):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    offered = i18n.numbered(["山田と佐藤", "鈴木と高橋"])
    one = po(lang, "{number} {side}")
    quote = (lambda name: f"「{name}」") if lang == "ja" else (lambda name: name)
    assert offered == [
        one.format(number=1, side=quote("山田と佐藤")),
        one.format(number=2, side=quote("鈴木と高橋")),
    ]
    if lang == "ja":
        assert offered[0] == "1：「山田と佐藤」"


def test_in_english_sides_are_offered_as_before(monkeypatch):
    assert i18n.numbered(["Ann & Bob", "Cat & Dan"]) == ["1 Ann & Bob", "2 Cat & Dan"]


def test_japanese_guided_hand_lists_the_sides_quoted(cli, monkeypatch):
    start(cli, "山田と佐藤", "鈴木と高橋")
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    result = cli("hand", "--guided", input="\n" * 40 + "q\n")
    choices = po("ja", ", ").join(
        po("ja", "{number} {side}").format(number=n, side=f"「{name}」")
        for n, name in ((1, "山田と佐藤"), (2, "鈴木と高橋"))
    )
    assert choices in flat(result.output) or flat(choices) in flat(result.output)


@pytest.mark.parametrize(
    ("msgid", "wanted"),
    [
        ("Title", "名称"),
        ("Threes and going out", "赤い3・黒い3と上がり"),
        ("Bolivia", "ボリビア式カナスタ"),
        ("finished {date}", "終了："),
    ],
)
def test_japanese_headings_read_as_the_reader_asked(msgid, wanted):
    assert wanted in po("ja", msgid)


def test_japanese_hands_played_reads_as_done_not_ended():
    assert "ハンド済み" in po("ja", "Playing, {n} hand played", 0)
    assert "終了" not in po("ja", "Playing, {n} hand played", 0)


# --- Turkish order of names and Turkish thousands typed ------------------------------------


@pytest.mark.parametrize(
    "alphabetical",
    [
        # the Turkish alphabet: a b c ç d e f g ğ h ı i j k l m n o ö p r s ş t u ü v y z
        ["Cem", "Çınar", "Deniz", "Ozan", "Ömer", "Sema", "Şule", "Ümit"],
        ["Ilgaz", "Irmak", "Işık", "İpek"],
        ["Aysel", "Ayşe & Işıl", "Ayşe & İbrahim"],
    ],
)
def test_turkish_names_go_in_the_order_of_the_turkish_alphabet(alphabetical):
    shuffled = list(reversed(alphabetical))
    assert sorted(shuffled, key=lambda n: collation_key(n, "tr")) == alphabetical


def test_a_decomposed_letter_is_placed_as_the_composed_one():
    assert collation_key("S\u0327ule", "tr") == collation_key("Şule", "tr")


def test_other_languages_order_names_by_their_key_as_before():
    names = ["Cem", "Deniz", "Ozan", "Sema", "Çınar", "Ömer", "Ümit", "Şule"]
    for lang in ("en", "ja"):
        assert sorted(names, key=lambda n: collation_key(n, lang)) == sorted(names, key=name_key)


def test_the_key_follows_the_language_in_use(monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LANG", "tr")
    assert collation_key("Çınar") < collation_key("Deniz")
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    assert collation_key("Çınar") > collation_key("Deniz")


@given(st.text(), st.text())
def test_the_turkish_order_is_total_and_keeps_one_name_together(a, b):
    ka, kb = collation_key(a, "tr"), collation_key(b, "tr")
    assert (ka < kb) + (ka > kb) + (ka == kb) == 1
    if ka == kb:
        assert name_key(a) == name_key(b)


@pytest.mark.parametrize(
    ("lang", "typed"), [("tr", "3.000"), ("ja", "3,000")]
)  # fmt: skip
def test_a_number_typed_with_the_languages_thousands_says_how_to_type_it(
    cli, monkeypatch, lang, typed
):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli("minimum", "--variant", "classic", "--score", typed)
    assert result.exit_code == 2
    said = po(
        lang, "{value} is not a whole number: type it without the thousands separator, {plain}."
    ).format(value=f"'{typed}'", plain="3000")
    assert said in result.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_a_number_that_is_not_grouped_is_refused_as_before(cli, monkeypatch, lang):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    other = {"tr": "3,000", "ja": "3.000"}[lang]  # the other language's separator: no hint
    result = cli("minimum", "--variant", "classic", "--score", other)
    assert result.exit_code == 2
    assert po(lang, "{value} is not a whole number.").format(value=f"'{other}'") in result.stderr


def test_english_refuses_a_grouped_number_saying_how_to_type_it(cli):
    result = cli("minimum", "--variant", "classic", "--score", "3,000")
    assert result.exit_code == 2
    said = "'3,000' is not a whole number: type it without the thousands separator, 3000."
    assert said in result.stderr
    result = cli("minimum", "--variant", "classic", "--score", "abc")
    assert result.exit_code == 2
    assert "'abc' is not a whole number." in result.stderr and "int range" not in result.stderr


# --- long messages wrapped at the terminal's width -----------------------------------------


def at_terminal(monkeypatch, width: int) -> None:
    """Standard error is a terminal of ``width`` columns."""
    from scorekeeper.cli import language

    monkeypatch.setattr(language, "terminal_width", lambda err=True: width)


def assert_laid_out(text: str, width: int) -> list[str]:
    from scorekeeper.presentation.wrapping import NO_LINE_START, display_width

    lines = [line for line in text.splitlines() if line.strip()]
    assert all(display_width(line) <= width for line in lines), lines
    assert all(line.lstrip()[:1] not in NO_LINE_START for line in lines), lines
    return lines


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", [40, 80])
def test_a_long_error_is_filled_to_a_narrow_terminal(cli, monkeypatch, lang, width):
    start(cli, "Ann & Bob", "Cat & Dan")
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    at_terminal(monkeypatch, width)
    result = cli("hand", "--yes", "m=KKKK2/QQQ/7777 nat=2 h=0", "m=50")
    assert result.exit_code == 1
    lines = assert_laid_out(result.stderr, width - 1)
    assert len(lines) > 1
    assert lines[0].startswith(po(lang, "Error: {message}").split("{message}")[0])
    assert all(line.startswith("  ") for line in lines[1:])
    # the words are all there, in order
    one = flat(result.stderr)
    assert flat(po(lang, "{title} ×{n}").format(title=po(lang, "natural canasta"), n=2)) in one


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_an_error_to_a_pipe_stays_one_line(cli, monkeypatch, lang):
    start(cli, "Ann & Bob", "Cat & Dan")
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli("hand", "--yes", "m=KKKK2/QQQ/7777 nat=2 h=0", "m=50")
    assert result.exit_code == 1
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_guided_answers_refusal_is_filled_and_indented(cli, monkeypatch):
    start(cli, "山田と佐藤", "鈴木と高橋")
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    at_terminal(monkeypatch, 40)
    result = cli("hand", "--guided", input="0\nKKK ZZZ\n" + "\n" * 40 + "q\n")
    # the refusal follows its question on the prompt's line; its other lines are indented
    after = [line for line in result.stderr.splitlines() if line.startswith("    ")]
    assert len(after) > 1
    assert_laid_out("\n".join(after), 39)
    assert "'ZZZ'" in flat(result.stderr)


def test_the_unfinished_games_line_is_filled_at_a_narrow_terminal(cli, monkeypatch):
    for teams in (("Ann & Bob", "Cat & Dan"), ("Eve & Fay", "Gus & Hal")):
        start(cli, *teams)
        assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0  # a game begun, not done
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    at_terminal(monkeypatch, 40)
    result = cli("new", "classic", "--team", "A", "--team", "B")
    assert result.exit_code == 0
    said = po(
        "ja",
        "Unfinished: game {games}; 'scorekeeper resume ID' goes back to one"
        " ('scorekeeper games --status playing' lists them).",
    ).format(games=po("ja", ", ").join(["2", "1"]))  # newest first
    assert said.startswith("未完了のゲーム：ゲーム")  # "game 1、2", not "2 games"
    assert flat(said) in flat(result.stderr)
    lines = assert_laid_out(result.stderr[result.stderr.index("未完了") :], 39)
    assert len(lines) > 1


# --- header lines broken between their items ------------------------------------------------


def at_console_width(monkeypatch, width: int) -> None:
    from tests.test_wide_characters import at_width

    at_width(monkeypatch, width)


@pytest.mark.parametrize("lang", ["en", *LANGS])
@pytest.mark.parametrize("command", ["status", "show", "hand"])
def test_a_header_breaks_between_its_items_never_inside_a_name(cli, monkeypatch, lang, command):
    from scorekeeper.presentation.wrapping import display_width

    names = ("Ayşe & İbrahim", "Işıl & Çağrı")
    start(cli, *names)
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    at_console_width(monkeypatch, 40)
    if command == "hand":
        result = cli("hand", "--yes", "m=120 out nat=1", "m=50")
    else:
        assert cli("hand", "--yes", "m=120 out nat=1", "m=50").exit_code == 0
        result = cli(command)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert all(display_width(line) <= 40 for line in lines)
    for name in names:  # each name on one line; no line ends inside one or starts with its rest
        first, rest = name.split(" & ")
        assert not any(line.rstrip().endswith(first + " &") for line in lines), lines
        assert not any(line.lstrip().startswith(rest) for line in lines), lines
    target = po(lang, "target {points}").format(points=i18n.number(5000)) if lang != "en" else ""
    target = target or "target 5,000"
    assert any(target in line for line in lines), lines  # a label stays with its number


def test_a_header_that_fits_is_one_line_as_before(cli):
    start(cli, "Ann & Bob", "Cat & Dan")
    out = cli("status").stdout
    assert out.splitlines()[0] == "Game 1 · Classic Canasta · target 5,000 · hands played: 0"


GAME_LINE = "Game 1 · Classic Canasta · target 5,000"
JA_LINE = "ゲーム1 · 古典的なカナスタ · 目標点 5,000"
MINIMUMS = "Next opening minimum: Ayşe & İbrahim 50 · Işıl & Çağrı 50"


@pytest.mark.parametrize(
    ("text", "width", "lines"),
    [
        (GAME_LINE, 40, [GAME_LINE]),
        (GAME_LINE, 30, ["Game 1 · Classic Canasta ·", "target 5,000"]),
        (MINIMUMS, 36, ["Next opening minimum:", "Ayşe & İbrahim 50 · Işıl & Çağrı 50"]),
        (JA_LINE, 30, ["ゲーム1 · 古典的なカナスタ ·", "目標点 5,000"]),
    ],
)
def test_header_wrap_breaks_at_the_separator(text, width, lines):
    from scorekeeper.presentation.wrapping import header_wrap

    assert header_wrap(text, width) == lines


@given(st.lists(st.text(alphabet="abcdeï 山田&", min_size=1, max_size=12), min_size=1, max_size=6))
def test_header_wrap_keeps_every_item_within_the_width(items):
    from scorekeeper.presentation.wrapping import display_width, header_wrap

    text = " · ".join(" ".join(item.split()) or "x" for item in items)
    lines = header_wrap(text, 20)
    assert all(display_width(line) <= 20 for line in lines)

    def bare(t: str) -> str:
        return t.replace("·", "").replace(" ", "")

    assert bare("".join(lines)) == bare(text)


# --- yes and no in Turkish; help's notes and width --------------------------------------------


def test_turkish_shows_and_takes_an_options_yes_and_no(cli, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LANG", "tr")
    yes = po("tr", "y,yes").split(",")[-1]
    no = po("tr", "n,no").split(",")[-1]
    result = cli("new", "classic", "--team", "A", "--team", "B", "--set", f"draw_on_tie={yes}")
    assert result.exit_code == 0
    monkeypatch.setenv("COLUMNS", "200")
    out = cli("variants", "show", "classic").stdout
    row = next(line.split() for line in out.splitlines() if line.split()[:1] == ["draw_on_tie"])
    assert row[1:3] == [no, no]  # its default and, with no game's setting, the value in force
    assert "false" not in row and "true" not in row


def test_a_wrong_yes_or_no_names_the_languages_words(cli, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LANG", "tr")
    result = cli("new", "classic", "--team", "A", "--team", "B", "--set", "draw_on_tie=belki")
    assert result.exit_code != 0
    said = po("tr", "'{name}' takes true or false (or yes/no, on/off, 1/0), not '{text}'")
    assert said.format(name="draw_on_tie", text="belki") in result.stderr
    assert "evet/hayır" in said


def test_english_options_show_true_and_false_as_before(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    out = cli("variants", "show", "classic").stdout
    row = next(line.split() for line in out.splitlines() if line.split()[:1] == ["draw_on_tie"])
    assert row[1:3] == ["false", "false"]
    args = ["new", "classic", "--team", "A", "--team", "B", "--set", "draw_on_tie=evet"]
    assert cli(*args).exit_code == 2  # English takes its own yes and no only


def test_japanese_help_closes_an_option_with_full_width_brackets(cli, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    monkeypatch.setenv("COLUMNS", "200")
    out = cli("games", "--help").stdout
    default = po("ja", "default: {default}").format(default="20")
    assert f"。［{default}、" in out  # straight after the sentence, parts joined by "、"
    assert "; " not in out.split("--limit")[1].split("\n\n")[0]
    out = cli("check", "--help").stdout
    assert f"。［{po('ja', 'required')}］" in out
    assert "。 [" not in out


def test_english_help_keeps_clicks_brackets(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    out = " ".join(cli("games", "--help").stdout.split())
    assert "[default: 20; between 1 and 1,000,000,000]" in out


@pytest.mark.parametrize("lang", ["en", *LANGS])
@pytest.mark.parametrize("command", ["hand", "play"])
def test_help_at_40_columns_is_laid_out_for_40(cli, monkeypatch, lang, command):
    from scorekeeper.presentation.wrapping import display_width

    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    monkeypatch.setenv("COLUMNS", "40")
    out = cli(command, "--help").stdout
    options = out[out.index("\n\n", out.index("--")) :]  # the option lists, after the prose
    lines = [line for line in options.splitlines() if line.strip()]
    wide = [line for line in lines if display_width(line) > 40 and line.startswith("  -")]
    assert wide == []


# --- the chart's legend with wide characters -------------------------------------------------


def strip_colour(line: str) -> str:
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", line)


@pytest.mark.parametrize("colour", [False, True])
@pytest.mark.parametrize("width", [40, 80, 120])
def test_the_chart_keeps_its_border_with_japanese_names(cli, db, monkeypatch, colour, width):
    from scorekeeper.presentation.sheet import chart_text
    from scorekeeper.presentation.wrapping import display_width
    from tests.test_sheet_layout import stored_game

    start(cli, "山田と佐藤", "鈴木と高橋")
    for _hand in range(2):
        assert cli("hand", "--yes", "m=300 out nat=1", "m=50").exit_code == 0
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    lines = [
        strip_colour(line) for line in chart_text(stored_game(db), width, 16, colour).split("\n")
    ]
    assert all(display_width(line) <= width for line in lines), lines
    legend = [line for line in lines if "山田と佐藤" in line or "鈴木と高橋" in line]
    assert len(legend) == 2
    box = next(line for line in lines if "┐" in line)
    right = display_width(box.rstrip())
    assert all(line.rstrip().endswith("│") for line in legend)
    assert all(display_width(line.rstrip()) == right for line in legend), (box, legend)


def test_squeeze_leaves_a_line_that_fits():
    from scorekeeper.presentation.wrapping import squeeze

    assert squeeze("│ ** Ann & Bob      │", 21) == "│ ** Ann & Bob      │"
    assert squeeze("│ ** 山田      │", 14) == "│ ** 山田    │"


# --- a format's name, the decks' limit ------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_export_names_the_format_in_capitals_in_the_language(cli, monkeypatch, tmp_path, lang):
    start(cli, "Ann & Bob", "Cat & Dan")
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    out = tmp_path / "game1.html"
    result = cli("export", "--output", str(out))
    assert result.exit_code == 0
    said = po(lang, "Game {game} written to {path} ({format}).")
    assert said.format(game=1, path=out, format="HTML") in result.stderr
    assert "html)" not in result.stderr and "html）" not in result.stderr


def test_english_export_names_the_format_as_the_option_takes_it(cli, tmp_path):
    start(cli, "Ann & Bob", "Cat & Dan")
    out = tmp_path / "game1.html"
    result = cli("export", "--output", str(out))
    assert f"Game 1 written to {out} (html)." in result.stderr


def test_turkish_says_why_four_red_threes_are_the_most(cli, monkeypatch):
    start(cli, "Ann & Bob", "Cat & Dan")
    monkeypatch.setenv("SCOREKEEPER_LANG", "tr")
    # RULES.md §2: two decks hold four red threes; answering 5 is refused with the reason
    result = cli("hand", "--guided", input="0\n0\n0\n0\n5\n" + "\n" * 40 + "q\n")
    why = po("tr", "the {cards} in the decks").format(cards=po("tr", "red threes"))
    assert why in flat(result.stderr) or flat(why) in flat(result.stderr)
