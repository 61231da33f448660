"""The command line in Japanese and Turkish (issue 14): help, Click's own texts, refusals,
errors and questions read in the language, every expected text taken from the catalogues
(the .po files), and no English message line of the English run left; English itself
unchanged and reading no catalogue."""

from __future__ import annotations

import re
import sys
from functools import cache
from pathlib import Path

import pytest

from scorekeeper import i18n
from scorekeeper.cli import common, language
from scorekeeper.cli import edit as edit_module
from tests.conftest import PARTNERSHIPS

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("ja", "tr")
#: What ends a heading of the help in each language.
COLON = {"ja": "：", "tr": ":"}


@cache
def catalogue(lang: str) -> dict:
    """msgid (a plural's singular) -> translation(s), read from the .po file."""
    babel = pytest.importorskip("babel.messages.pofile")
    path = ROOT / "scorekeeper" / "locale" / lang / "LC_MESSAGES" / "scorekeeper.po"
    with path.open("rb") as f:
        entries = babel.read_po(f, locale=lang)
    found = {}
    for m in entries:
        if m.id:
            key = m.id[0] if isinstance(m.id, tuple) else m.id
            found[key] = m.string
    return found


def po(lang: str, msgid: str, n: int | None = None) -> str:
    """The .po's translation of ``msgid`` (for a plural, the form for ``n``: Japanese has one
    form, Turkish two, by the catalogues' Plural-Forms)."""
    text = catalogue(lang)[msgid]
    if isinstance(text, tuple):
        text = text[0] if lang == "ja" or n == 1 else text[1]
    assert text, (lang, msgid)
    return text


def fields_helped() -> set[str]:
    """The entry items' table lines (the domain's words, translated with the domain)."""
    from scorekeeper.domain.fields import help_lines

    return {line.strip() for line in help_lines()}


def english_lines(text: str) -> list[str]:
    """The lines of an English output that say something in words (two English words in a
    row), stripped; the entry items' table left out."""
    skip = fields_helped()
    return [
        line.strip()
        for line in text.splitlines()
        if re.search(r"[A-Za-z]{3,}[ ,:]+[A-Za-z]{2,}", line) and line.strip() not in skip
    ]


def run_in(cli, monkeypatch, lang: str, *args: str, input: str | None = None):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    return cli(*args, input=input)


def assert_no_english(english: str, translated: str) -> None:
    lines = {line.strip() for line in translated.splitlines()}
    left = [line for line in english_lines(english) if line in lines]
    assert left == []


def flat(text: str) -> str:
    """Help text with its line breaks and indentation taken out (a translation may wrap)."""
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_main_help_in_the_language(cli, monkeypatch, lang):
    english = cli("--help").stdout
    out = run_in(cli, monkeypatch, lang, "--help").stdout
    assert out.startswith(po(lang, "Usage:") + " scorekeeper " + po(lang, "[OPTIONS]"))
    for heading in ("Other options", "Commands", "Environment variables"):
        # the heading as the language labels it (Japanese: the full-width colon)
        assert f"\n{po(lang, heading)}{COLON[lang]}\n" in out
    assert flat(po(lang, "Show this message and exit.")) in flat(out)
    assert flat(po(lang, common.ENVIRONMENT["NO_COLOR"])) in flat(out)
    assert flat(po(lang, "Record the next hand of the current game and show the score.")) in flat(
        out
    )
    assert_no_english(english, out)


@pytest.mark.parametrize("lang", LANGS)
def test_hand_help_in_the_language(cli, monkeypatch, lang):
    english = cli("hand", "--help").stdout
    out = run_in(cli, monkeypatch, lang, "hand", "--help").stdout
    assert out.startswith(f"{po(lang, 'Usage:')} scorekeeper hand {po(lang, '[OPTIONS]')}")
    assert f"[{po(lang, 'ENTRY')}...]" in out.splitlines()[0]
    for heading in ("Arguments", "Entry options", "Game options", "Output options"):
        # the heading as the language labels it (Japanese: the full-width colon)
        assert f"\n{po(lang, heading)}{COLON[lang]}\n" in out
    assert f"--file {po(lang, 'FILE')}" in out
    for message in (
        "A note kept with the hand.",
        "Print one JSON document (format 1) instead of tables.",
        "Environment variables: see 'scorekeeper --help'.",
        "the side scored nothing",
    ):
        assert flat(po(lang, message)) in flat(out), message
    assert_no_english(english, out)


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_hand_in_the_language(cli, monkeypatch, lang):
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    english = cli("hand", "m=90 out", "m=10 out")
    assert english.exit_code != 0
    result = run_in(cli, monkeypatch, lang, "hand", "m=90 out", "m=10 out")
    assert result.exit_code == english.exit_code
    prefix = po(lang, "Error: {message}").split("{message}")[0]
    assert result.stderr.startswith(prefix)
    assert_no_english(english.stderr, result.stderr)


@pytest.mark.parametrize("lang", LANGS)
def test_a_bad_option_value_in_the_language(cli, monkeypatch, lang):
    english = cli("new", "classic", "--target", "abc")
    result = run_in(cli, monkeypatch, lang, "new", "classic", "--target", "abc")
    assert result.exit_code == english.exit_code == 2
    inner = po(lang, "{value} is not a whole number.").format(value="'abc'")
    message = po(lang, "Invalid value for {hint}: {inner}").format(hint="'--target'", inner=inner)
    assert po(lang, "Error: {message}").format(message=message) in result.stderr
    assert po(lang, " (see '{command} --help')").format(command="scorekeeper new") in (
        result.stderr
    )
    assert_no_english(english.stderr, result.stderr)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("args", "msgid", "fields"),
    [
        (("status", "--nope"), "No such option: {name}", {"name": "--nope"}),
        (("new",), "Missing argument {name}.", {"name": "'{VARIANT}'"}),
        (("hand", "-f"), "Option {name} requires an argument.", {"name": "'-f'"}),
        (
            ("new", "classic", "-t", "Ann", "-t", "Bob", "--target", "0"),
            "--target must be a positive score, not {target}",
            {"target": "0"},
        ),
    ],
)
def test_click_and_our_usage_errors_in_the_language(cli, monkeypatch, lang, args, msgid, fields):
    english = cli(*args)
    result = run_in(cli, monkeypatch, lang, *args)
    assert result.exit_code == english.exit_code != 0
    # a missing argument is named by its metavar in the language ('{VARIANT}')
    fields = {k: v.format(VARIANT=po(lang, "VARIANT")) for k, v in fields.items()}
    assert po(lang, msgid).format(**fields) in result.stderr
    assert_no_english(english.stderr, result.stderr)


@pytest.mark.parametrize("lang", LANGS)
def test_an_unknown_command_in_the_language(cli, monkeypatch, lang):
    english = cli("zzzz")
    result = run_in(cli, monkeypatch, lang, "zzzz")
    assert result.exit_code == english.exit_code == 2
    said = po(lang, "Error: {message}").format(message=po(lang, "no command '{name}'"))
    assert said.format(name="zzzz") in result.stderr
    assert_no_english(english.stderr, result.stderr)


def delete_question(lang: str, cli) -> str:
    """The question ``delete 1`` asks, from the catalogue: totals grouped as the language
    writes numbers (Turkish 5.190, Japanese 5,190)."""
    teams = cli.json("status")["teams"]
    mark = "." if lang == "tr" else ","
    # joined by the language's list separator (Japanese "、")
    totals = po(lang, ", ").join(f"{t['team']} {t['total']:,}".replace(",", mark) for t in teams)
    hands = po(lang, "{n} hand", 1).format(n=1)
    return po(lang, "Delete game {game} ({hands}; {totals})?").format(
        game=1, hands=hands, totals=totals
    )


@pytest.mark.parametrize("lang", LANGS)
def test_the_delete_question_in_the_language(cli, monkeypatch, lang):
    starts = ("--start-score", "3000", "--start-score", "0")
    assert cli("new", "classic", *PARTNERSHIPS, *starts).exit_code == 0
    assert cli("hand", "--yes", "m=220 nat=1 out h=15", "m=110 h=70").exit_code == 0
    monkeypatch.setattr(edit_module, "stdin_is_terminal", lambda: True)
    english = cli("delete", "1", input="n\n")
    result = run_in(cli, monkeypatch, lang, "delete", "1", input="n\n")
    assert result.exit_code == 0
    # (Click writes the prompt's last space with the input)
    assert f"{delete_question(lang, cli)} {po(lang, '[y/N]')}:" in result.stderr
    assert po(lang, "Nothing changed.") in result.stderr
    assert_no_english(english.stderr, result.stderr)
    assert [g["game"] for g in cli.json("games")["games"]] == [1]  # nothing deleted


@pytest.mark.parametrize("lang", LANGS)
def test_the_languages_own_yes_and_no_and_english_y_n(cli, monkeypatch, lang):
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    monkeypatch.setattr(edit_module, "stdin_is_terminal", lambda: True)
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    yes_words = po(lang, "y,yes").split(",")
    no_words = po(lang, "n,no").split(",")
    native_no = [w for w in no_words if w not in ("n", "no")]
    native_yes = [w for w in yes_words if w not in ("y", "yes")]
    assert native_no and native_yes  # the language has its own words
    for answer in [*native_no, "n", "NO"]:
        assert cli("delete", "1", input=f"{answer}\n").exit_code == 0
        assert [g["game"] for g in cli.json("games")["games"]] == [1], answer
    result = cli("delete", "1", input="maybe\n\n")  # asked again; Enter: the default, no
    assert po(lang, "answer y or n (Enter: no)") in result.stderr
    assert [g["game"] for g in cli.json("games")["games"]] == [1]
    assert cli("delete", "1", input=f"{native_yes[-1]}\n").exit_code == 0
    assert cli.json("games")["games"] == []
    assert cli("restore", "1").exit_code == 0
    assert cli("delete", "1", input="\uff59\n").exit_code == 0  # a full-width y
    assert cli.json("games")["games"] == []


def test_english_questions_are_clicks_own(cli, monkeypatch):
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    monkeypatch.setattr(edit_module, "stdin_is_terminal", lambda: True)
    result = cli("delete", "1", input="n\n")
    assert "Delete game 1 (0 hands; Ann & Bob 0, Cat & Dan 0)? [y/N]:" in result.stderr
    assert "Nothing changed." in result.stderr


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_guided_answers_typed_full_width_read_as_digits(cli, monkeypatch, lang):
    from scorekeeper.cli import play as play_module

    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    monkeypatch.setattr(play_module, "stdin_is_terminal", lambda: True)
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    # went out, concealed; each side: meld points, natural, mixed, red threes, left in hand,
    # red threes kept in hand; then the confirmation. Yes and no are Click's own in English.
    no, yes = ("n", "y") if lang == "en" else ("\uff4e", "\uff59")
    side_1 = ["２２０", "１", "０", "０", "１５", "０"]
    side_2 = ["１１０", "０", "０", "０", "７０", "０"]
    answers = ["１", no, *side_1, *side_2, yes]
    result = cli("hand", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    teams = cli.json("status")["teams"]
    # RULES.md: 220 melded + a natural canasta 500 + going out 100 - 15 in hand; 110 - 70
    assert [t["total"] for t in teams] == [805, 40]


# -- every command's help, at every width --------------------------------------------------


def command_paths() -> list[list[str]]:
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        import cli_reference
    finally:
        sys.path.remove(str(ROOT / "docs"))
    return cli_reference.command_paths()


@pytest.mark.parametrize("lang", LANGS)
def test_every_help_message_is_translated(lang):
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import catalogues as tool
    finally:
        sys.path.remove(str(ROOT / "tools"))
    messages = tool.command_helps()
    assert len(messages) > 150
    assert [m for m in messages if not catalogue(lang).get(m)] == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", [40, 80, 120])
def test_help_keeps_to_the_width_of_the_terminal(cli, monkeypatch, lang, width):
    # Japanese characters take two columns: lines are filled by the columns they take.
    # (A word longer than the line, such as a path, may still pass it.)
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    for path in command_paths():
        out = cli(*path, "--help").stdout
        too_wide = [
            line
            for line in out.splitlines()
            if language.display_width(line) > max(width, 80)
            and " " in line.strip()
            and max(map(language.display_width, line.split())) < width // 2
        ]
        assert too_wide == [], (path, width)


def test_the_reference_page_is_english_whatever_the_shell_speaks(monkeypatch):
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        import cli_reference
    finally:
        sys.path.remove(str(ROOT / "docs"))
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    assert cli_reference.page() == (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")


# -- English costs nothing; a language is read once -----------------------------------------


def test_english_help_and_errors_read_no_catalogue(cli, monkeypatch):
    def no():
        raise AssertionError("English looked for a catalogue")

    monkeypatch.setattr(i18n, "locale_folder", no)
    monkeypatch.setenv("LANG", "C.UTF-8")  # a change of the variables: the language is chosen again
    for args in (("--help",), ("hand", "--help"), ("zzzz",), ("new", "classic", "--target", "x")):
        result = cli(*args)
        assert "Traceback" not in result.output, args


def test_a_language_reads_its_catalogue_once(cli, monkeypatch):
    folder = i18n.locale_folder()
    calls = []

    def counted():
        calls.append(1)
        return folder

    monkeypatch.setattr(i18n, "locale_folder", counted)
    monkeypatch.setenv("LANG", "tr_TR.UTF-8")
    monkeypatch.setenv("SCOREKEEPER_LANG", "tr")
    assert cli("--help").exit_code == 0
    assert cli("hand", "--help").exit_code == 0
    assert len(calls) == 1


def test_typer_texts_come_through_our_catalogue(monkeypatch):
    import typer.core

    monkeypatch.setenv("SCOREKEEPER_LANG", "tr")
    assert typer.core._("Commands") == po("tr", "Commands")
    assert typer.core._("required") == po("tr", "required")
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    assert typer.core._("Commands") == "Commands"


@pytest.mark.parametrize(
    ("english", "msgid", "fields"),
    [
        ("'x' is not a valid int.", "{value} is not a whole number.", {"value": "'x'"}),
        ("No such option: --zz", "No such option: {name}", {"name": "--zz"}),
        ("Missing option '--team'.", "Missing option {name}.", {"name": "'--team'"}),
        (
            "Got unexpected extra argument(s) (a b)",
            "Got unexpected extra arguments ({args})",
            {"args": "a b"},
        ),
    ],
)
def test_clicks_english_errors_said_again_from_the_catalogue(monkeypatch, english, msgid, fields):
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    # English keeps Click's words but for a value that is no whole number
    plain = msgid.format(**fields) if "whole number" in msgid else english
    assert language.click_message(english) == plain
    for lang in LANGS:
        monkeypatch.setenv("SCOREKEEPER_LANG", lang)
        assert language.click_message(english) == po(lang, msgid).format(**fields)
    assert language.click_message("a message of our own") == "a message of our own"


@pytest.mark.parametrize("lang", ["ja", "tr", "en"])
def test_a_refusal_said_again_under_its_option_names_it_once(cli, monkeypatch, lang):
    # a reader: Japanese writes "--set：", which the English "--set: " taken off left in
    # place ("エラー：--set：ゲームには…（--set sides.min=1 による）")
    args = ["new", "classic", "--team", "A", "--team", "B", "--set", "sides.min=1"]
    result = run_in(cli, monkeypatch, lang, *args)
    assert result.exit_code == 2
    assert result.stderr.count("--set") == 1, result.stderr
