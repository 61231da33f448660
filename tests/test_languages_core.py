"""Japanese and Turkish for the rules engine, the use cases, the storage and the printed views
(issue 14): every message of the package (but the modules listed as not done yet) has a
Japanese and a Turkish translation, no catalogue entry is left that the code no longer uses,
the modules done raise no English literal untranslated, and a whole game, its review and its
refusals read in each language."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from tests.conftest import PARTNERSHIPS

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"

#: Modules whose user-facing texts are not all marked for translation yet, each with what is
#: left. Everything else in the package is held to the tests below; a pass that finishes a
#: module takes it off this list.
NOT_YET = {
    # the command line: translated by its own pass (tests/test_languages_cli.py)
    **{str(p.relative_to(ROOT)): "cli" for p in (PACKAGE / "cli").glob("*.py")},
    "scorekeeper/__main__.py": "cli",
    "scorekeeper/progress.py": "cli",
    # variant files' errors (a file that cannot be used, exit 3) and the rules' schema
    "scorekeeper/domain/variant.py": "variant file errors",
    "scorekeeper/domain/schema.py": "variant file errors",
    "scorekeeper/variants/__init__.py": "variant file errors",
    # the games list's cache: changed at the same time for the whole-history commands
    "scorekeeper/storage/index.py": "two storage errors",
    # renderers rewritten for speed at the same time (they keep their marked strings)
    "scorekeeper/presentation/hands.py": "renderer",
    "scorekeeper/presentation/formats/terminal_sheet.py": "renderer",
}


def tool():
    pytest.importorskip("babel")
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import catalogues
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return catalogues


def done_modules() -> list[Path]:
    return [
        p
        for p in sorted(PACKAGE.rglob("*.py"))
        if str(p.relative_to(ROOT)) not in NOT_YET and p.name != "i18n.py"
    ]


def fields(text: str) -> set[str]:
    return set(re.findall(r"\{(\w*)\}", text))


def test_every_message_of_the_package_has_both_translations():
    from babel.messages.extract import extract_from_file

    catalogues = tool()
    wanted: dict[object, str] = {}
    for path in done_modules():
        for _line, message, _comments, _context in extract_from_file(
            "python", str(path), keywords=catalogues.KEYWORDS
        ):
            wanted.setdefault(message, str(path.relative_to(ROOT)))
    # the extraction saw the modules of this pass (a literal of each)
    for seen in (
        "the entry is empty: write '-' for a side that scored nothing",  # domain/entry_line.py
        "the label",  # application/usecases.py
        "is damaged (not complete JSON)",  # storage/files.py
    ):
        assert seen in wanted
    for lang in ("ja", "tr"):
        by_id = {m.id: m for m in catalogues.read(lang) if m.id}
        missing = []
        for message, module in wanted.items():
            entry = by_id.get(message)
            strings = () if entry is None else entry.string
            strings = strings if isinstance(strings, tuple) else (strings,)
            if entry is None or not all(strings) or entry.fuzzy:
                missing.append((module, message))
                continue
            ids = message if isinstance(message, tuple) else (message,)
            for s in strings:
                assert fields(s) == fields(ids[-1]), (lang, message, s)
        assert missing == [], lang


def test_the_catalogues_hold_no_entry_the_code_no_longer_uses():
    catalogues = tool()
    used = {m.id for m in catalogues.extracted() if m.id}
    for lang in ("ja", "tr"):
        held = {m.id for m in catalogues.read(lang) if m.id}
        assert held - used == set(), lang
        assert used - held == set(), lang


#: The errors a user sees as one line (scorekeeper/errors.py).
ERRORS = {"InputError", "RuleError", "UsageError", "DataFileError", "DatabaseBusy", "NotFound"}


def _english_literals(path: Path) -> list[str]:
    """Each ``raise SomeError("...")`` / ``f"..."`` and ``progress.expect/warn("...")`` of a
    module whose text is a bare literal (not passed through the catalogue)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        call = None
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            func = node.exc.func
            if isinstance(func, ast.Name) and func.id in ERRORS:
                call = node.exc
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            if isinstance(owner, ast.Name) and owner.id == "progress":
                call = node if node.func.attr in ("expect", "warn") else None
        if call is None or not call.args:
            continue
        text = call.args[0]
        parts = text.values if isinstance(text, ast.JoinedStr) else [text]
        words = "".join(
            p.value for p in parts if isinstance(p, ast.Constant) and isinstance(p.value, str)
        )
        if re.search("[a-z]{3}", words):  # f"{side}: {err}" has no words of its own
            name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
            found.append(f"{name}:{node.lineno}")
    return found


def test_the_modules_done_raise_no_english_literal():
    left = [where for path in done_modules() for where in _english_literals(path)]
    assert left == []


def test_the_check_finds_an_english_literal(tmp_path):
    # the check above can fail: an error raised with an f-string or a bare literal is found,
    # one through the catalogue is not
    module = tmp_path / "m.py"
    module.write_text(
        "def f(x):\n"
        '    raise InputError(f"bad {x}")\n'
        "def g():\n"
        '    progress.expect("the game was stored")\n'
        "def h(x):\n"
        '    raise RuleError(_("bad {x}").format(x=x))\n',
        encoding="utf-8",
    )
    assert _english_literals(module) == ["m.py:2", "m.py:4"]


# -- a whole game on the screen -----------------------------------------------------------------

#: A game, its review and its refusals: (arguments, exit code).
GAME = [
    (("new", "classic", *PARTNERSHIPS), 0),
    (("hand", "--yes", "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70"), 0),
    (("hand", "--yes", "m=90 h=5", "m=300 nat=1 out"), 0),
    (("hand", "--yes", "m=120 nat=1 out", "m=100 nat=1 out"), 1),  # two sides went out
    (("hand", "--yes", "m=120 zz=1", "-"), 1),  # no item zz
    (("hand", "--yes", "m=120"), 1),  # one entry for two sides
    (("hand", "--yes", "m=12x", "-"), 1),  # not a card
    (("show",), 0),
    (("status",), 0),
    (("games",), 0),
    (("stats",), 0),
    (("export", "--format", "html"), 0),
    (("variants",), 0),
    (("variants", "show", "classic"), 0),
    (("variants", "show", "samba"), 0),
    (("undo", "--yes", "--game", "9"), 1),  # no game 9
    (("--db", "{bad}", "status"), 3),  # not a database
    (("--db", "{broken}", "status"), 3),  # damaged JSON
]

#: Words that are the same in every language: the sides' and players' names, keys of entries,
#: variants and options, and card names as the variant files spell them.
SAME = {"Ann", "Bob", "Cat", "Dan", "scorekeeper", "classic", "samba", "tie", "extra_hand"}
SAME |= {"natural", "mixed", "clean", "dirty", "pure", "wild", "joker", "two", "ace", "king"}
SAME |= {"queen", "jack", "ten", "nine", "eight", "seven", "six", "five", "four", "three"}
SAME |= {"black", "red"}  # "black three", "red three": card names of the variant files

#: English lines the translated runs still print, each with the module that prints it: the
#: command line's own messages (translated by their own pass), and the texts of the modules
#: in NOT_YET. This list only shrinks.
PENDING_WORDS = (
    # cli/*.py: the confirmations and notes the commands print
    "Recorded hand",
    "Started game",
    "current game",
    "Took back",
    "Error: No such",
    # domain/melds.py: card counts and meld reasons
    "typed; the",
    "allows no",
    # presentation/sheet.py print_stats (rewritten for speed at the same time)
    "Win rate",
    "Avg hand",
    "Best hand",
    "Red 3s",
    "win rate",
    "statistics start",
    "Players",
    "Sides",
    # presentation/formats/terminal_sheet.py, presentation/hands.py (the same)
    "Started ",
)


def words(line: str) -> set[str]:
    """The English words of a line (three letters or more), the names, keys, HTML tags and
    style rules left out."""
    if "{" in line or "}" in line:  # a style rule of the HTML sheet
        return set()
    text = re.sub(r"<[^>]*>|&\w+;", " ", line)
    found = set(re.findall(r"(?<![\w=-])[A-Za-z][a-z]{2,}(?![\w=])", text))
    return found - SAME


def screens(cli, tmp_path: Path, lang: str, monkeypatch) -> list[tuple[tuple, list[str]]]:
    """Each command of :data:`GAME` run in ``lang`` on a database of its own: its output lines
    (stdout and stderr)."""
    folder = tmp_path / lang
    folder.mkdir()
    monkeypatch.setenv("SCOREKEEPER_DB", str(folder / "scores.json"))
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    bad = folder / "notes.json"
    bad.write_text('{"shopping": ["milk"]}', encoding="utf-8")
    broken = folder / "broken.json"
    broken.write_text('{"meta": {"1": {"schema": ', encoding="utf-8")
    out = []
    for args, code in GAME:
        args = tuple(a.format(bad=bad, broken=broken) for a in args)
        result = cli(*args)
        assert result.exit_code == code, (lang, args, result.output)
        assert "Traceback" not in result.output
        text = result.stdout + result.stderr
        out.append((args, [line.strip() for line in text.splitlines() if line.strip()]))
    return out


@pytest.mark.parametrize("lang", ["ja", "tr"])
def test_a_whole_game_reads_in_the_language(cli, tmp_path, monkeypatch, lang):
    english = screens(cli, tmp_path, "en", monkeypatch)
    translated = screens(cli, tmp_path, lang, monkeypatch)
    untranslated = []
    for (args, en_lines), (_args, lines) in zip(english, translated, strict=True):
        messages = {line for line in en_lines if len(words(line)) >= 2}
        for line in lines:
            if line in messages and not any(p in line for p in PENDING_WORDS):
                untranslated.append((args[0], line))
    assert untranslated == [], "\n".join(f"{command}: {line}" for command, line in untranslated)
    # and the run was in the language: its refusals and headings are the catalogue's
    text = "\n".join(line for _args, lines in translated for line in lines)
    expected = {
        "ja": ["このゲームのチームは", "カードではありません", "データベース", "バリアント"],
        "tr": ["bu oyunda", "bir kart değil", "veritabanı", "Varyantlar"],
    }
    for piece in expected[lang]:
        assert piece in text, piece


def refusal(cli, *args: str) -> str:
    """The one line a refused command prints (exit 1), past its "Error: " prefix (in the
    language of the command line)."""
    result = cli(*args)
    assert result.exit_code == 1, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_the_refusals_say_the_catalogues_words(cli, monkeypatch):
    # the translated line is the catalogue's translation, its placeholders filled
    catalogues = tool()
    by_id = {m.id: m.string for m in catalogues.read("tr") if m.id}
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    monkeypatch.setenv("SCOREKEEPER_LANG", "tr")
    line = refusal(cli, "hand", "--yes", "m=120 zz=1", "-")
    assert by_id["unknown item '{key}' for {variant}; items: {items}"].startswith("{variant} için")
    assert ": Ann & Bob: Klasik Kanasta için bilinmeyen öğe 'zz'; öğeler: clean, " in line
    line = refusal(cli, "hand", "--yes", "m=120")
    expected = by_id[
        "this game has {n} sides ({sides}): give one entry per side in that order ('-' for a"
        " side that scored nothing); got {got}"
    ].format(n=2, sides="Ann & Bob, Cat & Dan", got=1)
    assert line.endswith(": " + expected)
    assert expected.startswith("bu oyunda 2 takım var (Ann & Bob, Cat & Dan)")


@pytest.mark.parametrize("width", [40, 80, 120])
def test_the_japanese_lists_fit_the_terminal(cli, monkeypatch, width):
    from rich.cells import cell_len

    from tests.test_wide_characters import PLAYERS, SIDES, at_width

    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    assert cli("new", "classic", *SIDES, *PLAYERS).exit_code == 0
    assert cli("hand", "--yes", "m=220 nat=1 out", "m=110").exit_code == 0
    at_width(monkeypatch, width)
    for args in (("games",), ("variants",), ("variants", "show", "classic"), ("status",)):
        out = cli(*args).stdout
        assert out.strip(), args
        wide = [line for line in out.splitlines() if cell_len(line) > width]
        assert wide == [], (args, width)
    games = cli("games").stdout
    assert "山田と佐藤" in games and "ゲーム" in games


def test_a_damaged_backups_reason_stays_english_in_json(cli, db, monkeypatch):
    # `backups --json` is an interface: the reason a backup cannot be read is English in every
    # language (README, "Languages")
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    assert cli("hand", "--yes", "m=220 nat=1 out", "m=110").exit_code == 0
    folder = db.with_name(db.name + ".backups")
    backups = sorted(folder.glob("*.json"))
    assert backups, "a change keeps a backup"
    backups[-1].write_bytes(b'{"meta": {"1": {"schema": ')  # cut short
    english = cli("backups", "--json")
    assert english.exit_code == 0, english.output
    assert "not complete JSON" in english.stdout
    for lang in ("ja", "tr"):
        monkeypatch.setenv("SCOREKEEPER_LANG", lang)
        assert cli("backups", "--json").stdout == english.stdout, lang
