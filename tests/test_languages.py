"""English, Japanese and Turkish (issue 14): the language chosen from the environment, the
catalogues (up to date with the code, clean for msgfmt, complete for the modules translated so
far), numbers and plurals as each language writes them, no cost for English, and the JSON
documents kept English."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import i18n
from tests.conftest import PARTNERSHIPS

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "scorekeeper" / "locale"

#: The modules whose every message is translated in both catalogues; a later pass that
#: translates another module adds it here.
TRANSLATED = [
    # the rules engine, the use cases, the storage and the printed views
    "scorekeeper/domain/entry_line.py",
    "scorekeeper/domain/reading.py",
    "scorekeeper/domain/entries.py",
    "scorekeeper/domain/fields.py",
    "scorekeeper/domain/cards.py",
    "scorekeeper/domain/game.py",
    "scorekeeper/domain/minimums.py",
    "scorekeeper/domain/amend.py",
    "scorekeeper/domain/suggest.py",
    "scorekeeper/application/usecases.py",
    "scorekeeper/application/queries.py",
    "scorekeeper/storage/database.py",
    "scorekeeper/storage/files.py",
    "scorekeeper/storage/codec.py",
    "scorekeeper/presentation/export.py",
    "scorekeeper/presentation/formats/__init__.py",
    "scorekeeper/presentation/live.py",
    "scorekeeper/presentation/variants.py",
    "scorekeeper/presentation/cards.py",
    "scorekeeper/presentation/sheet.py",
    "scorekeeper/presentation/formats/html_sheet.py",
    "scorekeeper/domain/bounds.py",
    "scorekeeper/presentation/standings.py",
    "scorekeeper/presentation/render.py",
    "scorekeeper/presentation/view.py",
    "scorekeeper/presentation/formats/terminal_pad.py",
    "scorekeeper/domain/scoring.py",
    "scorekeeper/presentation/web_pad.py",
    # the command line (help texts, errors, questions, the session's words)
    "scorekeeper/cli/__init__.py",
    "scorekeeper/cli/backups.py",
    "scorekeeper/cli/cards.py",
    "scorekeeper/cli/common.py",
    "scorekeeper/cli/complete.py",
    "scorekeeper/cli/edit.py",
    "scorekeeper/cli/entries.py",
    "scorekeeper/cli/language.py",
    "scorekeeper/cli/paths.py",
    "scorekeeper/cli/play.py",
    "scorekeeper/cli/prompt.py",
    "scorekeeper/cli/review.py",
    "scorekeeper/cli/serve.py",
    "scorekeeper/cli/session.py",
    "scorekeeper/cli/session_words.py",
    "scorekeeper/cli/tables.py",
    "scorekeeper/progress.py",
]


@pytest.mark.parametrize(
    ("env", "language"),
    [
        ({}, "en"),
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "tr_TR.UTF-8"}, "tr"),
        ({"LANG": "de_DE.UTF-8"}, "en"),  # no catalogue: English
        ({"LANG": "C"}, "en"),
        ({"LC_ALL": "POSIX", "LANG": "ja_JP.UTF-8"}, "en"),  # LC_ALL overrides LANG
        ({"LC_ALL": "tr_TR.UTF-8", "LANG": "ja_JP.UTF-8"}, "tr"),
        ({"LC_MESSAGES": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"}, "ja"),
        ({"LANGUAGE": "tr:en", "LANG": "en_US.UTF-8"}, "tr"),
        ({"LANGUAGE": "de:ja", "LANG": "en_US.UTF-8"}, "ja"),  # the first it has a catalogue of
        ({"LANGUAGE": "en:ja", "LANG": "tr_TR.UTF-8"}, "en"),
        ({"SCOREKEEPER_LANG": "ja", "LANG": "tr_TR.UTF-8"}, "ja"),
        ({"SCOREKEEPER_LANG": "tr", "LC_ALL": "ja_JP.UTF-8"}, "tr"),
        ({"SCOREKEEPER_LANG": "en", "LANG": "ja_JP.UTF-8"}, "en"),
        ({"LANG": "ja_JP.eucJP@x"}, "ja"),
    ],
)
def test_the_language_comes_from_scorekeeper_lang_then_the_locale_variables(env, language):
    assert i18n.choose(env) == language


def test_numbers_as_each_language_writes_them(monkeypatch):
    expected = {"en": "5,190", "ja": "5,190", "tr": "5.190"}
    for lang, text in expected.items():
        monkeypatch.setenv("SCOREKEEPER_LANG", lang)
        assert i18n.number(5190) == text
        assert i18n.number(-1200) == text.replace("5", "-1").replace("190", "200")
        assert i18n.number(999) == "999"
    monkeypatch.setenv("SCOREKEEPER_LANG", "tr")
    assert i18n.number(1234567) == "1.234.567"


def test_the_catalogues_declare_each_languages_plural_forms():
    headers = {}
    for lang in ("ja", "tr"):
        po = (LOCALE / lang / "LC_MESSAGES" / "scorekeeper.po").read_text(encoding="utf-8")
        headers[lang] = re.search(r'"Plural-Forms: (.*)\\n"', po)[1]
    assert headers["ja"] == "nplurals=1; plural=0;"
    assert headers["tr"] == "nplurals=2; plural=(n != 1);"


def test_ngettext_english_and_by_the_catalogue(monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    assert i18n.ngettext("{n} hand", "{n} hands", 1) == "{n} hand"
    assert i18n.ngettext("{n} hand", "{n} hands", 2) == "{n} hands"
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    assert i18n.ngettext("{n} hand", "{n} hands", 1) == i18n.ngettext("{n} hand", "{n} hands", 5)
    assert i18n.ngettext("{n} hand", "{n} hands", 5).format(n=5) == "5ハンド"
    monkeypatch.setenv("SCOREKEEPER_LANG", "tr")
    assert i18n.ngettext("{n} hand", "{n} hands", 2).format(n=2) == "2 el"


def test_a_missing_catalogue_is_english(monkeypatch, tmp_path):
    monkeypatch.setattr(i18n, "locale_folder", lambda: str(tmp_path))
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    monkeypatch.setenv("LANG", "C")  # a change of the variables makes it look again
    assert i18n.gettext("Total") == "Total"


# -- the catalogues --------------------------------------------------------------------------


def catalogues():
    pytest.importorskip("babel")
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import catalogues as tool
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return tool


def test_the_po_and_mo_files_are_up_to_date_with_the_code():
    # Every message the code and the variant files use is in each .po, no entry the code no
    # longer uses is, and each .mo is compiled from its .po ("tools/catalogues.py update",
    # then "compile").
    assert catalogues().main(["check"]) == 0


def test_babel_finds_no_error_in_the_catalogues():
    tool = catalogues()
    for lang in ("ja", "tr"):
        errors = [(m.id, e) for m, e in tool.read(lang).check()]
        assert errors == [], lang


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt not installed")
def test_msgfmt_check_passes():
    for lang in ("ja", "tr"):
        po = LOCALE / lang / "LC_MESSAGES" / "scorekeeper.po"
        done = subprocess.run(
            ["msgfmt", "--check", "-o", os.devnull, str(po)], capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr


def fields(text: str) -> set[str]:
    return set(re.findall(r"\{(\w*)\}", text))


def test_every_message_of_the_translated_modules_has_both_translations():
    pytest.importorskip("babel")
    from babel.messages.extract import extract_from_file

    tool = catalogues()
    wanted = set()
    for module in TRANSLATED:
        for _line, message, _comments, _context in extract_from_file(
            "python", str(ROOT / module), keywords=tool.KEYWORDS
        ):
            wanted.add(message)
    assert len(wanted) > 30  # the extraction saw the modules' messages
    for lang in ("ja", "tr"):
        by_id = {m.id: m for m in tool.read(lang) if m.id}
        for message in wanted:
            entry = by_id[message]
            strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            assert all(strings) and not entry.fuzzy, (lang, message)
            ids = message if isinstance(message, tuple) else (message,)
            for s in strings:
                assert fields(s) == fields(ids[-1]), (lang, message, s)


def test_every_variant_title_and_summary_has_both_translations():
    import tomllib

    tool = catalogues()
    wanted = set()
    for path in sorted((ROOT / "scorekeeper" / "variants").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        wanted |= {data[k] for k in ("title", "description") if data.get(k)}
        for kind in data.get("canastas", {}).values():
            wanted |= {kind["title"]} if isinstance(kind, dict) and "title" in kind else set()
    assert "Classic Canasta" in wanted and "natural canasta" in wanted
    for lang in ("ja", "tr"):
        by_id = {m.id: m.string for m in tool.read(lang) if m.id}
        assert [w for w in sorted(wanted) if not by_id.get(w)] == [], lang


# -- through the command line ------------------------------------------------------------------


def play(cli) -> None:
    starts = ("--start-score", "3000", "--start-score", "0")
    assert cli("new", "classic", *PARTNERSHIPS, *starts).exit_code == 0
    result = cli("hand", "--yes", "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70")
    assert result.exit_code == 0, result.output


def test_status_in_japanese_and_turkish(cli, monkeypatch):
    play(cli)
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    out = cli("status").stdout
    assert "古典的なカナスタ" in out and "目標点 5,000" in out
    assert "次のディーラー：Cat" in out and "最初のメルドの最低点" in out
    monkeypatch.setenv("SCOREKEEPER_LANG", "tr")
    out = cli("status").stdout
    assert "Klasik Kanasta" in out and "hedef 5.000" in out  # Turkish groups with a dot
    assert "4.305" in out  # 3,000 + 220 + 800 + 200 + 100 - 15 (README's quick start)
    assert "Sıradaki dağıtıcı: Cat" in out


def test_the_score_pad_in_turkish(cli, monkeypatch):
    play(cli)
    monkeypatch.setenv("LANG", "tr_TR.UTF-8")
    monkeypatch.delenv("SCOREKEEPER_LANG")
    out = cli("show").stdout
    assert "Sürüyor: 1 el oynandı" in out
    assert "toplam" in out and "dağıtıcı" in out
    assert "4.305" in out


def test_json_stays_english(cli, monkeypatch):
    play(cli)
    english = {args: cli(*args, "--json").stdout for args in (("status",), ("show",))}
    for lang in ("ja", "tr"):
        monkeypatch.setenv("SCOREKEEPER_LANG", lang)
        for args, text in english.items():
            assert cli(*args, "--json").stdout == text, (lang, args)


# -- English costs nothing ---------------------------------------------------------------------


def test_english_reads_no_catalogue(monkeypatch):
    def no(*_args):
        raise AssertionError("English looked for a catalogue")

    monkeypatch.setattr(i18n, "locale_folder", no)
    for env in ({"SCOREKEEPER_LANG": "en"}, {"SCOREKEEPER_LANG": "", "LANG": "C.UTF-8"}):
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        assert i18n.gettext("Total") == "Total"
        assert i18n.ngettext("{n} hand", "{n} hands", 2) == "{n} hands"
        assert i18n.number(5190) == "5,190"


def test_the_language_layer_imports_nothing_but_os(tmp_path):
    # gettext is imported only for a language with a catalogue, when its catalogue is read
    code = "import sys, scorekeeper.i18n as m; m.gettext('Total'); print('gettext' in sys.modules)"
    env = {k: v for k, v in os.environ.items() if k not in i18n.VARIABLES}
    for lang, loaded in (("en", "False"), ("ja", "True")):
        done = subprocess.run(
            [sys.executable, "-c", code],
            env={**env, "SCOREKEEPER_LANG": lang},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.stdout.strip() == loaded, (lang, done.stderr)


def test_dates_as_each_language_writes_them(monkeypatch):
    from datetime import date

    day = date(2026, 12, 1)
    for lang, text in {"en": "2026-12-01", "ja": "2026年12月1日", "tr": "01.12.2026"}.items():
        monkeypatch.setenv("SCOREKEEPER_LANG", lang)
        assert i18n.date(day) == text


def test_an_english_block_speaks_english_whatever_the_environment(monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LANG", "tr")
    assert i18n.gettext("Total") == "Toplam"
    with i18n.english():
        assert i18n.gettext("Total") == "Total" and i18n.number(5190) == "5,190"
        with i18n.english():
            assert i18n.language() == "en"
        assert i18n.language() == "en"
    assert i18n.gettext("Total") == "Toplam" and i18n.number(5190) == "5.190"
