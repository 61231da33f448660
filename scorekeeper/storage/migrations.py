"""The database's schema history: an ordered list of small named migrations.

Each migration is a function decorated with :func:`migration`; its position in
:data:`MIGRATIONS` (counting from 1) is the schema version it brings the file to. The names of
the migrations applied are recorded in the ``meta`` document (``migrations``) and ``schema``
holds how many have been applied, so a file says exactly what it went through (the way
simonw/llm's ``migrations.py`` records its own).

A migration receives a :class:`MigrationContext`: the whole file's tables as plain JSON data
(``{table: {doc_id: document}}``) to change in place, the database path, and the writer of a
game's own file, so that a layout change (one file per game with this file as their index) is
one more migration that writes the files beside it; this module imports nothing from the store
that runs it. Migrations run under the database lock after a backup copy of the file was made
(see :func:`scorekeeper.storage.database.open_store`); a migration never runs twice on the
same file.

To change the schema: append a migration here, save a database written by the released version
in ``tests/fixtures/schema-N.json``, and add a test that loads it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from msgspec import Struct


def _no_writer(game_id: int, doc: dict[str, Any]) -> None:
    raise RuntimeError("this migration needs a game file writer in its MigrationContext")


class MigrationContext(Struct):
    """What a migration works on: ``data`` (the file's tables, changed in place), ``path`` (the
    database file, for a migration that also writes files beside it) and ``write_game``, which
    writes game ``game_id``'s own file (``<database>.games/<id>.json``) atomically from its
    document (the store that runs the migrations gives it)."""

    path: Path
    data: dict[str, dict[str, Any]]
    write_game: Callable[[int, dict[str, Any]], None] = _no_writer

    @property
    def meta(self) -> dict[str, Any]:
        """The ``meta`` document (doc id 1), created when missing."""
        return self.data.setdefault("meta", {}).setdefault("1", {})


Migration = Callable[[MigrationContext], None]

#: Every migration in the order it is applied; schema version N = the first N applied.
MIGRATIONS: list[Migration] = []


def migration(fn: Migration) -> Migration:
    """Register ``fn`` as the next migration (its name is recorded once applied)."""
    MIGRATIONS.append(fn)
    return fn


def schema_version() -> int:
    """The schema version this scorekeeper writes: the number of migrations it knows."""
    return len(MIGRATIONS)


def applied(meta: dict[str, Any]) -> list[str]:
    """Names of the migrations a file's ``meta`` says were applied.

    Files written before names were recorded (schema 1 of the first release) only carry
    ``schema``: the first ``schema`` migrations are then taken as applied.
    """
    names = meta.get("migrations")
    if isinstance(names, list):
        return [str(n) for n in names]
    schema = meta.get("schema")
    count = schema if isinstance(schema, int) else 0
    return [fn.__name__ for fn in MIGRATIONS[:count]]


def pending(data: dict[str, dict[str, Any]] | None) -> list[Migration]:
    """The migrations not yet applied to ``data`` (a new, empty database needs them all)."""
    meta = (data or {}).get("meta", {}).get("1", {})
    done = set(applied(meta))
    return [fn for fn in MIGRATIONS if fn.__name__ not in done]


def migrate(context: MigrationContext) -> list[str]:
    """Apply every pending migration in order, recording each; returns the names applied."""
    names = []
    for fn in pending(context.data):
        done = applied(context.meta)
        fn(context)
        context.meta["migrations"] = [*done, fn.__name__]
        context.meta["schema"] = MIGRATIONS.index(fn) + 1
        names.append(fn.__name__)
    return names


# -- the migrations ----------------------------------------------------------------------------


@migration
def m001_games_and_meta(context: MigrationContext) -> None:
    """Schema 1: a ``games`` table (doc id = game id, never reused) and a ``meta`` document
    with the ``current`` game id and the ``next_id`` to give."""
    context.data.setdefault("games", {})
    context.meta.setdefault("current", None)
    context.meta.setdefault("next_id", 1)


@migration
def m002_one_file_per_game(context: MigrationContext) -> None:
    """Schema 2: each game moves from the ``games`` table into its own file,
    ``<database>.games/<id>.json`` (a ``games`` table holding that one game), written atomically;
    the database file keeps ``meta``. ``next_id`` is raised past every game id, so ids are never
    reused; a ``current`` game the file does not hold becomes none (as a restore does). Run
    again after a crash, it writes the same files."""
    games = context.data.get("games", {})
    for key, doc in games.items():
        context.write_game(int(key), doc)
    used = max((int(k) for k in games), default=0)
    context.meta["next_id"] = max(int(context.meta.get("next_id", 1)), used + 1)
    context.data.pop("games", None)
    current = context.meta.get("current")
    if type(current) is int and str(current) not in games:
        context.meta["current"] = None  # no current game the database does not hold
