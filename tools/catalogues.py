"""The message catalogues, kept with Babel (development only; README, "Languages").

    .venv/bin/python tools/catalogues.py update    # extract the messages, merge them into each .po
    .venv/bin/python tools/catalogues.py compile   # write each .mo from its .po
    .venv/bin/python tools/catalogues.py check     # exit 1 when a .po or .mo is out of date

Messages come from the package's Python code (``_()``, ``N_()``, ``ngettext()`` of
:mod:`scorekeeper.i18n`) and from the variant files (their ``title`` and ``description``
strings, at any depth, by :func:`extract_toml`). It is the same as ``pybabel extract -k N_``
with a TOML extractor, ``pybabel update -D scorekeeper -d scorekeeper/locale`` and ``pybabel
compile -D scorekeeper -d scorekeeper/locale``, written with Babel's API so that every run is
the same (no dates, locations or line wrapping that change from one run to the next).
"""

from __future__ import annotations

import io
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
LOCALE = PACKAGE / "locale"
LANGUAGES = ("ja", "tr")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
#: The keys of a variant file whose strings are shown to players (``need``: what a refused
#: opening lacks, in check's verdict).
TEXT_KEYS = ("title", "description", "need")


def _strings(value: Any, key: str = "") -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v, key)
    elif isinstance(value, str) and key in TEXT_KEYS and value:
        yield value


def extract_toml(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel extractor: each ``title`` and ``description`` string of a variant file."""
    data = tomllib.loads(fileobj.read().decode("utf-8"))
    for text in _strings(data):
        yield 1, "", text, []


def extracted() -> Catalog:
    """Every message of the code and the variant files, in one template catalogue."""
    catalog = Catalog(project="scorekeeper", domain="scorekeeper", fuzzy=False)
    method_map = [("i18n.py", "ignore"), ("**.py", "python"), ("variants/*.toml", extract_toml)]
    for filename, _line, message, comments, context in extract_from_dir(
        str(PACKAGE), method_map, keywords=KEYWORDS
    ):
        catalog.add(message, None, [], auto_comments=comments, context=context)
        del filename
    for message in command_helps():
        catalog.add(message, None, [])
    return catalog


def command_helps() -> list[str]:
    """The help of every command and command group, as Typer takes it from the function's
    docstring (which Python's extractor does not read), paragraph by paragraph, and every
    option's help as the command holds it; the command line translates them when help is
    shown (scorekeeper/cli/language.py)."""
    import typer

    from scorekeeper.cli import COMMANDS, app
    from scorekeeper.cli.language import help_messages

    group = typer.main.get_command(app)
    helps = [group.help]
    messages = [p.help for p in group.params if p.help]
    for name in COMMANDS:
        command = group.get_command(None, name)  # type: ignore[arg-type]
        commands = [command, *getattr(command, "commands", {}).values()]
        helps += [c.help for c in commands]
        # the options' help too, those made at import (a list of formats) among them
        options = [p.help for c in commands for p in c.params if p.help]
        messages += options
    return messages + [m for text in helps if text for m in help_messages(text)]


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "scorekeeper.po"


def read(lang: str) -> Catalog:
    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=lang, domain="scorekeeper", project="scorekeeper", fuzzy=False)
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain="scorekeeper")


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=0, omit_header=False, no_location=True, sort_output=True)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def updated(lang: str) -> Catalog:
    """The .po of ``lang`` merged with the messages extracted now (obsolete ones dropped)."""
    catalog = read(lang)
    catalog.update(extracted(), no_fuzzy_matching=True)
    catalog.obsolete.clear()
    catalog.revision_date = catalog.creation_date = _EPOCH
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "scorekeeper"
    catalog.language_team = lang
    return catalog


def _epoch():
    import datetime

    return datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


_EPOCH = _epoch()


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    stale = []
    for lang in LANGUAGES:
        catalog = updated(lang)
        po = po_bytes(catalog)
        mo_path = po_path(lang).with_suffix(".mo")
        if command == "update":
            po_path(lang).parent.mkdir(parents=True, exist_ok=True)
            po_path(lang).write_bytes(po)
        elif command == "compile":
            mo_path.write_bytes(mo_bytes(read(lang)))
        elif command == "check":
            if not po_path(lang).exists() or po_path(lang).read_bytes() != po:
                stale.append(str(po_path(lang).relative_to(ROOT)))
            if not mo_path.exists() or mo_path.read_bytes() != mo_bytes(read(lang)):
                stale.append(str(mo_path.relative_to(ROOT)))
        else:
            print(f"usage: {sys.argv[0]} update|compile|check", file=sys.stderr)
            return 2
    if stale:
        print("out of date: " + ", ".join(stale) + " (run update, translate, compile)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
