"""``paths``: where scorekeeper keeps the database, its caches and backups, and the user's
variant files (README, "Where data lives")."""

import os
from pathlib import Path

from scorekeeper.cli.common import DbOption, JsonOption, emit_json
from scorekeeper.i18n import N_
from scorekeeper.i18n import gettext as _
from scorekeeper.presentation.documents import document

#: What each path holds, in the order printed (one literal each, for translations).
LABELS = {
    "database": N_("database"),
    "games": N_("game files"),
    "index": N_("games cache"),
    "statistics": N_("statistics cache"),
    "backups": N_("backups"),
    "lock": N_("lock file"),
    "variants": N_("user variants"),
}


def paths(as_json: JsonOption = False, db: DbOption = None) -> None:
    """Print where scorekeeper keeps its files: the database, its game files, the caches, the
    backups, the lock file and your own variant files. Nothing is read or created.

    Example: scorekeeper paths --db ~/club.json
    """
    from scorekeeper.application.queries import paths as where

    found = where(db)
    if as_json:
        emit_json(document(**{key: _written(path) for key, path in found.items()}))
        return
    from rich.table import Table

    from scorekeeper.presentation.console import console, text

    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(no_wrap=True)
    table.add_column(overflow="fold")
    for key, label in LABELS.items():
        table.add_row(_(label), text(_written(found[key])))
    console().print(table)


def _written(path: Path) -> str:
    """``path`` as text that names it again wherever it is read: a relative path beginning
    with '~' (a folder of that name, given as ``./~/x.json``) keeps its ``./``, never to be
    read as the home folder."""
    shown = str(path)
    return f".{os.sep}{shown}" if shown.startswith("~") else shown
