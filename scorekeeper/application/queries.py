"""The read side of the application: what the commands show, read from the store.

Each query takes plain values (``db``: the database file, None for the default; ids; options),
opens the store for reading (no lock: a command that only reads never waits for one that
writes) and returns a value the CLI renders. Errors: NotFound for a game or variant that does
not exist, DataFileError for a file that cannot be used, InputError/UsageError for a request
that cannot be met (each one line, nothing changed).
"""

from __future__ import annotations

import re
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from datetime import date, datetime
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from scorekeeper.domain.names import name_key
from scorekeeper.errors import DataFileError, InputError, NotFound, UsageError
from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import listing

if TYPE_CHECKING:
    from scorekeeper.domain.records import StoredGame
    from scorekeeper.domain.stats import Statistics
    from scorekeeper.domain.variant import Variant

#: ``games --status`` values.
STATUSES = ("playing", "finished", "won", "draw", "deleted", "all")
#: What ``json.dumps(..., ensure_ascii=True)`` escapes beyond what msgspec does: every
#: character past ``~`` (DEL and all that is not ASCII).
_NON_ASCII = re.compile("[^\\x00-\\x7e]")


class Seen(Struct):
    """A game as a command read it before asking the user: ``stored``, the game shown, and
    ``fingerprint``, a digest of its stored form then. A change made with it is refused when
    the stored game is no longer that one (:mod:`scorekeeper.application.usecases`)."""

    stored: StoredGame
    fingerprint: str


class GamesPage(Struct):
    """Games as ``games`` lists them: ``games`` (summaries, newest first), ``current`` (the
    current game's id or None), ``matching`` (how many games matched, listed or not) and
    ``more`` (whether games that match were left off)."""

    games: list[Any]
    current: int | None
    matching: int
    more: bool


class BackupList(Struct):
    """The backups of a database: ``database`` and ``folder`` (the backups folder) paths, and
    ``rows``, newest first: ``number`` (1 = newest), ``file`` name, ``taken`` (ISO 8601 UTC),
    ``kind`` (write, migration, restore, damaged), ``size`` in bytes, and what it holds:
    ``games``, ``hands``, ``schema``, or an ``error`` saying why it cannot be read (README,
    "JSON output")."""

    database: Path
    folder: Path
    rows: list[dict[str, Any]]


class BackupChoice(Struct):
    """A backup chosen to restore: its ``number`` in the list, ``path``, ``taken`` time, and the
    ``games`` and ``hands`` it holds; ``database`` is the file it would replace."""

    database: Path
    number: int
    path: Path
    taken: str
    games: int
    hands: int


def check_status(status: str | None) -> None:
    """UsageError unless ``status`` is None or one of :data:`STATUSES`."""
    if status is not None and status not in STATUSES:
        from scorekeeper.domain.suggest import hint

        suggested = hint(status, STATUSES)
        raise UsageError(
            _("--status is one of {allowed}; got '{status}'").format(
                allowed=listing(STATUSES), status=status
            )
            + suggested
        )


def refuse_deleted(stored: StoredGame) -> None:
    """InputError when the game about to change is deleted (restore brings it back first)."""
    if stored.deleted:
        raise InputError(
            _("game {id} is deleted: 'scorekeeper restore {id}' brings it back first").format(
                id=stored.id
            )
        )


def game(db: Path | None, game_id: int | None = None) -> StoredGame:
    """Game ``game_id``, or the current game. NotFound when there is none."""
    from scorekeeper.storage.store import open_store

    with open_store(db) as store:
        return store.current(game_id)


def game_to_change(db: Path | None, game_id: int | None = None, deleted_ok: bool = False) -> Seen:
    """Game ``game_id`` (or the current game) as a command shows it before changing it, with
    the fingerprint the change is checked against. NotFound when there is none; InputError for
    a deleted game unless ``deleted_ok``."""
    from scorekeeper.storage.store import open_store

    with open_store(db) as store:
        stored = store.current(game_id)
        fingerprint = store.fingerprint(stored.id)
    if not deleted_ok:
        refuse_deleted(stored)
    return Seen(stored, fingerprint)


def variant_in_play(db: Path | None, game_id: int | None = None) -> Variant | None:
    """The variant of game ``game_id``, or of the current game; None when no game is given and
    there is no current game (``points`` and ``check`` then use classic). NotFound for a game
    id that does not exist."""
    try:
        return game(db, game_id).game.variant
    except NotFound:
        if game_id is not None:
            raise
        return None


def newest_games(db: Path | None, limit: int) -> GamesPage:
    """The ``limit`` newest games not deleted (``games`` with no filter), read from their own
    files (no index needed); ``more`` when older ones remain."""
    from scorekeeper.storage.store import open_store

    with open_store(db) as store:
        chosen, more = store.newest(limit)
        current = store.current_id
    return GamesPage(chosen, current, len(chosen) + int(more), more)


def _started_on_or_after(created: str | None, day: date) -> bool:
    """True when a game started (``created``, ISO 8601 UTC) on or after the local date ``day``."""
    if not created:
        return False
    try:
        return datetime.fromisoformat(created).astimezone().date() >= day
    except (TypeError, ValueError, OverflowError):  # no timestamp, or past year 9999 here
        return False


def _day_start(day: date) -> datetime:
    """The first instant of the local date ``day`` (an aware datetime): a game started on or
    after ``day`` when it started at or after it."""
    return datetime.combine(day, datetime.min.time()).astimezone()


def _started_at_or_after(created: str | None, start: datetime) -> bool:
    """True when a game started (``created``, ISO 8601 UTC) at or after the instant ``start``
    (:func:`_day_start`); as :func:`_started_on_or_after`, one comparison a game."""
    if not created:
        return False
    try:
        started = datetime.fromisoformat(created)
        if started.tzinfo is None:  # a time without its zone is local time
            started = started.astimezone()
        return started >= start
    except (TypeError, ValueError, OverflowError):  # no timestamp, or past year 9999 here
        return False


def _keeping(
    variant: str | None, player: str | None, since: date | None, status: str | None
) -> Callable[[Any], bool]:
    """The test a game's summary (its fields as the index keeps them) passes when the game
    matches the filters of :func:`find_games`: each name's key worked out once, the start of
    ``since`` once, and the cheapest fields looked at first."""
    if not (variant or player or since or status):  # every game not deleted
        return lambda summary: not summary.deleted
    wanted = name_key(player) if player else None
    named: dict[str, bool] = {}  # each name: whether its key is the player's

    def is_wanted(name: str) -> bool:
        found = named.get(name)
        if found is None:
            found = named[name] = name_key(name) == wanted
        return found

    start = _day_start(since) if since else None
    started: dict[str | None, bool] = {}  # each start time seen: whether it is on or after

    def keep(summary: Any) -> bool:
        if summary.deleted:
            if status != "deleted" and status != "all":
                return False
        elif status == "deleted":
            return False
        elif status == "finished":
            if not (summary.draw or summary.winner is not None):
                return False
        elif status is not None and status != "all":  # won, draw or playing
            if summary.draw:
                if status != "draw":
                    return False
            elif status != ("playing" if summary.winner is None else "won"):
                return False
        if variant and summary.variant != variant:
            return False
        if wanted:
            for side in summary.sides:
                found = named.get(side.name)
                if found is None:
                    found = is_wanted(side.name)
                if found:
                    break
                for name in side.players:
                    found = named.get(name)
                    if found is None:
                        found = is_wanted(name)
                    if found:
                        break
                if found:
                    break
            else:
                return False
        if start:
            created = summary.created
            on_or_after = started.get(created)
            if on_or_after is None:
                if len(started) > 4096:  # times seldom recur: keep the look-up small
                    started.clear()
                on_or_after = started[created] = _started_at_or_after(created, start)
            if not on_or_after:
                return False
        return True

    return keep


def find_games(
    db: Path | None,
    variant: str | None = None,
    player: str | None = None,
    since: date | None = None,
    status: str | None = None,
    limit: int | None = None,
) -> GamesPage:
    """Games that match, newest first (README, ``games``): of ``variant``; with a side or
    player called ``player`` (any case, surrounding spaces ignored); started on or after the
    local date ``since``; of ``status`` (:data:`STATUSES`; deleted games only for ``deleted``
    and ``all``). At most ``limit`` listed (None: every one); ``matching`` counts them all.
    UsageError for an unknown status."""
    from scorekeeper.storage.store import open_store

    check_status(status)
    with open_store(db) as store:
        games = store.listing(_keeping(variant, player, since, status))
        current = store.current_id
    chosen = list(games) if limit is None else list(islice(games, limit))
    rest = deque(enumerate(games, start=1), maxlen=1)  # counted without a step in Python
    matching = len(chosen) + (rest[0][0] if rest else 0)
    return GamesPage(chosen, current, matching, len(chosen) < matching)


def closest_player(db: Path | None, name: str) -> str | None:
    """For ``games --player NAME`` that matched nothing: the side's or player's name in the
    whole history (deleted games' too) closest to ``name`` (:func:`scorekeeper.domain.suggest.
    closest`), or None when ``name`` is itself one of them (any case) or none is close."""
    from scorekeeper.domain.suggest import closest
    from scorekeeper.storage.store import open_store

    names: set[str] = set()
    with open_store(db) as store:
        for summary in store.listing(lambda summary: True):
            for side in summary.sides:
                names.add(side.name)
                names.update(side.players)
    wanted = name_key(name)
    if any(name_key(known) == wanted for known in names):
        return None
    return closest(name, names)


class GameStream(Struct):
    """Every game that matches, as ``games --all`` lists them: ``games``, an iterable of
    summaries, newest first, each read as it is reached (go through it once); ``current``, the
    current game's id or None."""

    games: Iterable[Any]
    current: int | None


def each_game(
    db: Path | None,
    variant: str | None = None,
    player: str | None = None,
    since: date | None = None,
    status: str | None = None,
) -> GameStream:
    """Every game that matches (the filters of :func:`find_games`), newest first, one at a
    time: going through 100,000 games holds one summary at a time. UsageError for an unknown
    status."""
    from scorekeeper.storage.store import open_store

    check_status(status)
    with open_store(db) as store:
        games = store.listing(_keeping(variant, player, since, status))
        current = store.current_id
    return GameStream(games, current)


#: Games of ``games --all --json`` encoded at a time (one piece of its text).
GAMES_PER_PIECE = 16


# TeamJson and GameJson hold only texts, numbers and lists of these (never a cycle): made
# for every game listed, they are left out of the cyclic garbage collector.
class TeamJson(Struct, gc=False):
    """A side in ``games --json``: ``team`` (its name), ``players``, ``total``."""

    team: str
    players: list[str]
    total: int


class GameJson(Struct, gc=False):
    """One game in ``games --json`` (README, "JSON output"), its keys in their order: the
    shape of :func:`scorekeeper.presentation.sheet.game_summary_json`."""

    game: int
    created: str | None
    finished: str | None
    variant: str
    label: str
    hands_played: int
    teams: list[TeamJson]
    winner: str | None
    draw: bool
    status: str
    current: bool


def games_json_texts(
    games: Iterable[Any], current: int | None, ensure_ascii: bool
) -> Iterator[str]:
    """The entries of ``games --json`` (README, "JSON output") for every game of ``games``
    (summaries, gone through once; ``current``: the current game's id), as JSON text in pieces
    of :data:`GAMES_PER_PIECE` games: joined with ``", "`` they are the text ``json.dumps``
    gives for the list of the games' objects (its separators; non-ASCII text as ``\\uXXXX``
    escapes with ``ensure_ascii``, as there), so that a piece can stand for an entry of
    :func:`scorekeeper.presentation.documents.streamed`. Each game's :class:`GameJson` is made
    straight from its summary and encoded by msgspec a piece at a time: 100,000 games hold one
    piece."""
    batch: list[GameJson] = []
    for game in games:
        summary = game.summary
        sides = summary.sides
        winner = summary.winner
        if summary.deleted:
            status = "deleted"
        elif summary.draw:
            status = "draw"
        else:
            status = "playing" if winner is None else "won"
        batch.append(
            GameJson(
                game.id,
                summary.created,
                summary.finished,
                summary.variant,
                summary.label,
                summary.hands,
                [TeamJson(s.name, s.players, s.total) for s in sides],
                None if winner is None else sides[winner].name,
                summary.draw,
                status,
                game.id == current,
            )
        )
        if len(batch) == GAMES_PER_PIECE:
            yield _json_piece(batch, ensure_ascii)
            batch = []
    if batch:
        yield _json_piece(batch, ensure_ascii)


def _json_piece(batch: list[GameJson], ensure_ascii: bool) -> str:
    """The objects of ``batch`` as ``json.dumps`` writes a list of them, without the brackets."""
    import msgspec

    try:
        text = msgspec.json.format(msgspec.json.encode(batch), indent=0)[1:-1].decode()
    except UnicodeEncodeError:  # a text JSON as UTF-8 cannot hold: as json writes it
        import json

        return json.dumps(msgspec.to_builtins(batch), ensure_ascii=ensure_ascii)[1:-1]
    if ensure_ascii and (not text.isascii() or "\x7f" in text):
        return _NON_ASCII.sub(_ascii_escape, text)
    return text


def _ascii_escape(match: Any) -> str:
    """A character as ``json.dumps(..., ensure_ascii=True)`` escapes it (a pair of surrogates
    past U+FFFF)."""
    code = ord(match.group())
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 | (code >> 10):04x}\\u{0xDC00 | (code & 0x3FF):04x}"


def statistics(
    db: Path | None, variant: str | None = None, collate: Callable[[str], Any] | None = None
) -> Statistics:
    """Statistics per player and per side over the games not deleted (``stats``), of
    ``variant`` only when given, equal records in the order of ``collate`` of their names
    where given (:func:`~scorekeeper.domain.stats.statistics_from`). NotFound for a variant
    that is neither known nor played."""
    from scorekeeper.domain.stats import statistics_from
    from scorekeeper.storage.store import open_store

    with open_store(db) as store:
        records = store.lineup_records()
    if variant is not None and all(key[0] != variant for key in records):
        from scorekeeper.variants import catalog

        known = catalog()
        if variant not in known:
            # a game's variant is known by its name even when its file is gone
            names = listing(sorted({*known, *(key[0] for key in records)}))
            from scorekeeper.domain.suggest import hint

            suggested = hint(variant, names.split(", "))
            raise NotFound(
                _("no variant called '{name}' (variants: {names})").format(
                    name=variant, names=names
                )
                + suggested
            )
    return statistics_from(records, variant, collate)


def _backup_contents(path: Path, db: Path, language: bool = False) -> dict[str, Any] | None:
    """What the backup ``path`` of the database ``db`` holds: games and hands, or why it
    cannot be read (in English, the ``error`` of a row of ``backups --json``; with
    ``language``, in the user's language); None when the file holds nothing (it went away
    since it was listed)."""
    from scorekeeper.i18n import english
    from scorekeeper.storage.store import read_backup_tables

    try:
        if language:
            data = read_backup_tables(path, db)
        else:
            with english():
                data = read_backup_tables(path, db)
    except DataFileError as err:
        return {"games": None, "hands": None, "schema": None, "error": err.message}
    if data is None:
        return None
    games = data.get("games", {})
    hands = sum(len(g.get("hands", [])) for g in games.values() if isinstance(g.get("hands"), list))
    schema = data.get("meta", {}).get("1", {}).get("schema")
    return {"games": len(games), "hands": hands, "schema": schema, "error": None}


def backups(db: Path | None) -> BackupList:
    """The backups of the database, newest first (``backups``), once a change an earlier
    command stored is put in place (its backup then counts; DataFileError when it cannot be)."""
    from scorekeeper.storage.store import (
        backup_folder,
        complete_stored_change,
        database_path,
        list_backups,
    )

    path = database_path(db)
    complete_stored_change(path, backups=True)  # backup 1: before the last change
    rows: list[dict[str, Any]] = []
    for b in list_backups(path):
        # the listing takes no lock: a backup a change rotates away meanwhile is not listed
        try:
            size = b.path.lstat().st_size  # a link is listed (as damaged), never followed
        except FileNotFoundError:
            continue
        contents = _backup_contents(b.path, path)
        if contents is None:  # listed as a file of some bytes, read as none: it went away
            continue
        rows.append(
            {"number": len(rows) + 1, "file": b.path.name, "taken": b.taken, "kind": b.kind}
            | {"size": size, **contents}
        )
    return BackupList(path, backup_folder(path), rows)


def backup_to_restore(db: Path | None, number: int) -> BackupChoice:
    """Backup ``number`` of the list (1 = newest), checked to be one that can be restored.
    NotFound when there are no backups, UsageError for a number out of range, DataFileError
    for a backup that cannot be read."""
    from scorekeeper.storage.store import complete_stored_change, database_path, list_backups

    path = database_path(db)
    complete_stored_change(path, backups=True)  # backup 1: before the last change
    found = list_backups(path)
    if not found:
        raise NotFound(_("there are no backups of {path}").format(path=path))
    if not 1 <= number <= len(found):
        raise UsageError(
            _("give a backup number from 1 to {n} ('scorekeeper backups')").format(n=len(found))
        )
    backup = found[number - 1]
    contents = _backup_contents(backup.path, path, language=True)
    if contents is None:
        raise NotFound(
            _(
                "backup {n} was removed by another command meanwhile; list the backups again"
                " ('scorekeeper backups')"
            ).format(n=number)
        )
    if contents["error"]:
        raise DataFileError(
            _("backup {n} cannot be restored: {error}").format(n=number, error=contents["error"])
        )
    return BackupChoice(
        path, number, backup.path, backup.taken, contents["games"], contents["hands"]
    )


#: What a file's stat says of its version: (inode, size, modification time in ns); None for a
#: file that does not exist. Every file of the database is replaced by a rename, so a change
#: always gives it a new inode.
FileMark = tuple[int, int, int] | None


def _file_mark(path: Path) -> FileMark:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


class GameWatch:
    """Game ``game_id`` of the database ``db`` (None: the default one), or with ``game_id``
    None the current game, followed as ``new``, ``rematch`` and ``resume`` change it; read
    again only when its files change (``serve``).

    :meth:`changed` looks at the stat of two files, never at their contents: the database
    file, which names the current game, and the file of the game read last. :meth:`read` reads
    the game (one game file, as ``status`` does). Every command that changes a game, or which
    game is current, replaces one of those files, so a change shows at the next look.
    """

    def __init__(self, db: Path | None, game_id: int | None = None) -> None:
        from scorekeeper.storage.store import database_path

        self.db = db
        self.game_id = game_id
        self.path = database_path(db)
        self._shown: int | None = game_id  # the id of the game read last
        self._seen: tuple[FileMark, ...] | None = None

    def files(self) -> tuple[Path, ...]:
        """The files watched now: the database file, and the file of the game read last."""
        from scorekeeper.storage.store import game_path

        if self._shown is None:
            return (self.path,)
        return (self.path, game_path(self.path, self._shown))

    def _marks(self) -> tuple[FileMark, ...]:
        return tuple(_file_mark(p) for p in self.files())

    def changed(self) -> bool:
        """True when the watched files changed since the last :meth:`read` (or nothing was
        read yet): a stat of each, nothing read."""
        return self._marks() != self._seen

    def read(self) -> StoredGame | None:
        """The game as stored now; None when it follows the current game and there is none.
        NotFound for a game id that does not exist, DataFileError for a file that cannot be
        read (the next :meth:`changed` is then False until a file changes again)."""
        from scorekeeper.storage.store import is_settled, open_store

        for _attempt in range(3):  # once more when it is another game: its file is then looked at
            checked = time.time_ns()
            marks = self._marks()  # before reading: a change made while reading shows next
            try:
                with open_store(self.db) as store:
                    if self.game_id is None and store.current_id is None:
                        stored = None
                    else:
                        stored = store.current(self.game_id)
            finally:
                # a file changed too near the look may change again keeping its mark (a
                # coarse clock): it is read again at each look until its time is settled
                settled = all(m is None or is_settled(checked, m[2]) for m in marks)
                self._seen = marks if settled else None
            shown = stored.id if stored is not None else None
            if shown == self._shown:
                break
            self._shown = shown
        return stored


def paths(db: Path | None) -> dict[str, Path]:
    """Where scorekeeper keeps its files (``paths``): the database's files and folders
    (:func:`scorekeeper.storage.store.file_layout`: ``database``, ``games``, ``index``,
    ``statistics``, ``backups``, ``lock``) and the folder of the user's ``variants``. Reads
    nothing: a path may not exist yet."""
    from scorekeeper.storage.store import database_path, file_layout
    from scorekeeper.variants import user_variant_dir

    return {**file_layout(database_path(db)), "variants": user_variant_dir()}
