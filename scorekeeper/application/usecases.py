"""The write side of the application: every command that changes the games.

Each use case takes plain values (``db``: the database file, None for the default; ids; parsed
entries; options), opens the store for writing (the inter-process lock is held from the read to
the write), and returns the game as stored after the change. Every change to a game goes
through one write step, :func:`_change`:

1. read the game under the lock; when the command read it earlier to show it and ask (a
   :class:`~scorekeeper.application.queries.Seen`), refuse with :data:`CHANGED_MEANWHILE` unless
   the stored game is still the one shown (same fingerprint of its stored form);
2. apply the change (a refusal leaves everything as it was: nothing is written);
3. keep ``finished`` true to the outcome (:func:`settle_finished`);
4. save, and feed the summaries index and the statistics cache (:func:`_commit`).

Errors: NotFound, InputError, RuleError, UsageError, DataFileError, DatabaseBusy, each with its
one-line message (README, "Exit codes"); nothing stored changes when one is raised.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msgspec import Struct, field

from scorekeeper import progress
from scorekeeper.application.queries import BackupChoice, Seen, refuse_deleted
from scorekeeper.domain.records import StoredGame
from scorekeeper.errors import InputError
from scorekeeper.i18n import N_, ngettext
from scorekeeper.i18n import gettext as _

if TYPE_CHECKING:
    from scorekeeper.domain.entries import SideEntry
    from scorekeeper.domain.game import Game, Hand, Outcome, Side
    from scorekeeper.domain.variant import Variant
    from scorekeeper.storage.store import GameStore

#: The refusal of a change whose game changed after the command read it to show it.
CHANGED_MEANWHILE = N_("the game changed meanwhile (another terminal); try again")


class HandInput(Struct):
    """A hand as entered: one parsed entry per side in side order, the hand's ``note``, and a
    cutthroat hand's ``partners`` (side indexes; empty elsewhere)."""

    entries: Sequence[SideEntry]
    note: str = ""
    partners: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        from scorekeeper.domain.bounds import check_text

        check_text(self.note, _("the note"))


class Started(Struct):
    """A game just started: ``stored`` (now the current game), ``unfinished`` (ids of earlier
    games with hands, neither finished nor deleted, newest first) and ``warning`` (why that list
    could not be made, e.g. a damaged game file; None when it could)."""

    stored: StoredGame
    unfinished: list[int] = field(default_factory=list)
    warning: str | None = None


class Imported(Struct):
    """A game just imported: ``stored`` and ``previous``, the current game before (which stays
    current; None when there was none, and the imported game became current)."""

    stored: StoredGame
    previous: int | None


def now() -> str:
    """The current time as an ISO 8601 string in UTC, to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def settle_finished(stored: StoredGame, before: Outcome) -> None:
    """Keep ``stored.finished`` true to the game's outcome after a change (DESIGN.md, "Undo
    and edit"): an unchanged outcome keeps its timestamp; otherwise the game reopens
    (``finished`` cleared) and, if the changed hands decide it again, is finished now."""
    after = stored.game.outcome
    if after == before and (stored.finished is not None) == after.over:
        return
    stored.finished = now() if after.over else None


# -- the write step --------------------------------------------------------------------------


def _figures(stored: StoredGame | None) -> Any:
    """What a game counts in statistics: its GameFigures; None for no game or a deleted one."""
    if stored is None or stored.deleted:
        return None
    from scorekeeper.domain.stats import game_figures

    return game_figures(stored.game)


def _commit(store: GameStore, changes: Sequence[tuple[Any, StoredGame]]) -> None:
    """Write the store's changes (under its lock) and feed the caches beside it: each change is
    (what the game counted in statistics before, the game after). The statistics cache is
    brought up to date exactly, or dropped to be counted again; the summaries index notices the
    changed game files itself, and is given the games at once when building in bulk. The
    statistics cache is taken away before the commit point and written back after it, so no
    interrupted change leaves one counting the games as they were."""
    from scorekeeper.storage import index, statistics

    if not store.durable:
        store.commit()
        index.record(store.path, [after for _, after in changes])
        return
    cached = statistics.lineups_before_change(store.path) if changes else None
    if cached is not None:
        # held in memory only until the change is stored: a kill or a Ctrl-C once the commit
        # point is passed leaves no cache of the games before it (within one tick of a coarse
        # clock the games folder may keep its look, and that cache would be believed)
        statistics.drop_lineups(store.path)
    store.commit()
    if cached is None:
        return
    try:
        figures = [(before, _figures(after)) for before, after in changes]
        statistics.update_lineups(store.path, cached[1], figures)
    except Exception:  # a cache: the games are written; it is counted again instead
        statistics.drop_lineups(store.path)


def _change(
    db: Path | None,
    game_id: int | None,
    seen: Seen | None,
    change: Callable[[GameStore, StoredGame], object],
    deleted_ok: bool = False,
    said: Callable[[StoredGame], str] | None = None,
) -> StoredGame:
    """The one write step of every change to a game: read game ``game_id`` (or the current one,
    or the one ``seen`` shows) under the lock; refuse with :data:`CHANGED_MEANWHILE` when
    ``seen`` is given and the stored game is no longer the one it shows; refuse a deleted game
    unless ``deleted_ok``; apply ``change``; keep ``finished`` true to the outcome; save and
    feed the caches. ``said(stored)`` is what is true once the change is stored, for a Ctrl-C
    after its commit point (:func:`scorekeeper.progress.expect`). Returns the game as stored."""
    from scorekeeper.storage.store import open_store

    refuse_missing_game(db, seen.stored.id if seen is not None else game_id)
    with open_store(db, write=True) as store:
        stored = store.current(seen.stored.id if seen is not None else game_id)
        if seen is not None and store.fingerprint(stored.id) != seen.fingerprint:
            raise InputError(_(CHANGED_MEANWHILE))
        if not deleted_ok:
            refuse_deleted(stored)
        before, figures = stored.game.outcome, _figures(stored)
        change(store, stored)
        settle_finished(stored, before)
        store.save(stored)
        progress.expect(
            said(stored) if said else _("the change was stored: game {id}").format(id=stored.id)
        )
        _commit(store, [(figures, stored)])
    return stored


def refuse_missing_game(db: Path | None, game_id: int | None) -> None:
    """NotFound, before any lock is taken, when there is no database file yet and so no game
    ``game_id`` (None: no current game): a change refused on a database not there creates
    nothing (its folder, its lock). One look at the file: a database that exists is read
    under the lock as ever."""
    from scorekeeper.storage.store import database_path, open_store

    if not database_path(db).exists():
        with open_store(db) as store:  # reading a database not there creates nothing
            store.current(game_id)  # NotFound: no such game, no current game


# -- the use cases ---------------------------------------------------------------------------


def new_game(
    db: Path | None,
    variant: Variant,
    sides: Sequence[Side],
    label: str = "",
    first_dealer: str | None = None,
) -> Started:
    """Start a game of ``variant`` between ``sides`` (seating order) and make it current.

    ``first_dealer``: who deals the first hand, a player's or a side's name (case and spacing
    ignored; None: the first player). InputError for a label holding a control or direction
    character (:func:`scorekeeper.domain.bounds.check_text`), a side's start score that is not a
    multiple of the variant's point step, or at or above its target (that game would be over
    already), and for a first dealer who is not in the game."""
    from scorekeeper.domain.bounds import check_text
    from scorekeeper.domain.game import Game
    from scorekeeper.domain.names import check_typed_names
    from scorekeeper.storage.store import open_store

    check_text(label, _("the label"))
    check_typed_names([name for side in sides for name in (side.name, *side.players)])
    game = Game(variant, tuple(sides), first_dealer=first_dealer)
    game.check_coming_in()
    with open_store(db, write=True) as store:
        return _start(store, game, label)


def _start(store: GameStore, game: Game, label: str) -> Started:
    """Store ``game`` as a new game, made current, naming the earlier unfinished games."""
    from scorekeeper.errors import DataFileError

    warning = None
    try:
        unfinished = store.unfinished_ids()
    except DataFileError as err:  # a damaged old game must not stop a new one
        warning, unfinished = err.message, []
    stored = StoredGame(id=0, game=game, label=label, created=now())
    store.add(stored)
    progress.expect(_("the game was stored: game {id} is started and current").format(id=stored.id))
    _commit(store, [(None, stored)])
    return Started(stored, unfinished, warning)


def rematch(db: Path | None, game_id: int | None = None) -> Started:
    """Start a new game like game ``game_id`` (or the current game) and make it current: the
    same variant and rules (the game's own copy, whatever its variant file says now, options
    included), sides, players and label; no start scores. The deal passes on: the first dealer
    is the one after the player (or side) who dealt the first hand of that game. NotFound when
    there is no such game; InputError for a deleted game; DataFileError for a game holding what
    no game coming in may (a stored game changed by hand or kept from before there were bounds:
    its rules, names or label would be copied into a new game no export could carry)."""
    from scorekeeper.domain.game import Game, Side
    from scorekeeper.errors import DataFileError
    from scorekeeper.storage.store import beyond_bounds, open_store

    refuse_missing_game(db, game_id)
    with open_store(db, write=True) as store:
        old = store.current(game_id)
        refuse_deleted(old)
        before = old.game
        sides = tuple(Side(s.name, s.players) for s in before.sides)
        game = Game(before.variant, sides, first_dealer=before.dealer(2))
        refusal = beyond_bounds(StoredGame(id=0, game=game, label=old.label, created=now()))
        if refusal is not None:
            raise DataFileError(
                _(
                    "game {id} holds what a new game may not ({error}), so no rematch of it was"
                    " started: start one with 'scorekeeper new'"
                ).format(id=old.id, error=refusal)
            )
        return _start(store, game, old.label)


def record_hand(
    db: Path | None,
    hand: HandInput | Callable[[Game], HandInput],
    game_id: int | None = None,
    seen: Seen | None = None,
) -> StoredGame:
    """Record the next hand of game ``game_id`` (or the current game, or the game ``seen``).

    ``hand``: the hand as entered, or a function that reads it from the game as stored (how a
    hand given on the command line or in a file is read, against the game found under the
    lock, so that hands recorded by two scripts at once are both kept). Clears what ``undo``
    kept for ``redo``; a deciding hand finishes the game. Raises RuleError for a hand the rules
    refuse or a game that is over, InputError for a deleted game or one that changed since
    ``seen``."""

    def add(store: GameStore, stored: StoredGame) -> None:
        from scorekeeper.domain.game import Hand

        stored.game.check_open()  # a game over, or full, before a hand given as a function
        given = hand(stored.game) if callable(hand) else hand
        stored.game.add(Hand(tuple(given.entries), given.note, now(), tuple(given.partners)))
        stored.redo = []

    def said(stored: StoredGame) -> str:
        count = len(stored.game.hands)
        return _("the hand was stored: hand {hand} of game {id} is recorded").format(
            hand=count, id=stored.id
        )

    return _change(db, game_id, seen, add, said=said)


def edit_hand(
    db: Path | None, number: int, hand: Hand, game_id: int | None = None, seen: Seen | None = None
) -> StoredGame:
    """Put ``hand`` in place of hand ``number`` (1 = first); totals, later minimums and the
    winner are recomputed, and a finished game whose outcome changes reopens or finishes again.
    Raises InputError for a hand that does not exist, RuleError when the change breaks a rule
    for it or a later hand (nothing changes)."""

    def replace(store: GameStore, stored: StoredGame) -> None:
        hand_to_edit(stored, number)
        stored.game.replace(number, hand)

    def said(stored: StoredGame) -> str:
        return _("the change was stored: hand {hand} of game {id} is re-entered").format(
            hand=number, id=stored.id
        )

    return _change(db, game_id, seen, replace, said=said)


def hand_to_edit(stored: StoredGame, number: int) -> Hand:
    """Hand ``number`` (1 = first) of a game, to be edited; InputError when there is none."""
    from scorekeeper.domain.bounds import quoted

    hands = stored.game.hands
    if not 1 <= number <= len(hands):
        count = len(hands)
        raise InputError(
            ngettext(
                "there is no hand {hand}; game {id} has {n} hand",
                "there is no hand {hand}; game {id} has {n} hands",
                count,
            ).format(hand=quoted(number), id=stored.id, n=count)  # huge: "(huge)"
        )
    return hands[number - 1]


def hand_to_undo(stored: StoredGame) -> Hand:
    """The hand :func:`undo` would take back; InputError when the game has none."""
    if not stored.game.hands:
        raise InputError(_("game {id} has no hand to undo").format(id=stored.id))
    return stored.game.hands[-1]


def hand_to_redo(stored: StoredGame) -> Hand:
    """The hand :func:`redo` would put back; InputError when undo kept none."""
    if not stored.redo:
        said = (
            _("game {id} has no hand to redo (a new hand clears what undo kept)")
            if stored.game.hands
            else _("game {id} has no hand to redo: 'undo' takes a hand back for it")
        )
        raise InputError(said.format(id=stored.id))
    return stored.redo[-1]


def refuse_deleted_again(stored: StoredGame) -> None:
    """InputError when the game :func:`delete_game` would delete is deleted already."""
    if stored.deleted:
        raise InputError(
            _("game {id} is already deleted ('scorekeeper restore {id}')").format(id=stored.id)
        )


def undo(db: Path | None, game_id: int | None = None, seen: Seen | None = None) -> StoredGame:
    """Take back the last hand; :func:`redo` puts it back until a new hand is recorded. Undoing
    the deciding hand reopens the game. InputError when there is no hand."""

    def take_back(store: GameStore, stored: StoredGame) -> None:
        hand_to_undo(stored)
        stored.redo.append(stored.game.pop())

    def said(stored: StoredGame) -> str:
        number = len(stored.game.hands) + 1
        return _("the change was stored: hand {hand} of game {id} is taken back").format(
            hand=number, id=stored.id
        )

    return _change(db, game_id, seen, take_back, said=said)


def redo(db: Path | None, game_id: int | None = None, seen: Seen | None = None) -> StoredGame:
    """Put back the last hand taken back with :func:`undo`. InputError when there is none (a
    new hand clears what undo kept); RuleError when the rules refuse it now."""

    def put_back(store: GameStore, stored: StoredGame) -> None:
        stored.game.add(hand_to_redo(stored), kept=True)
        stored.redo.pop()

    def said(stored: StoredGame) -> str:
        number = len(stored.game.hands)
        return _("the change was stored: hand {hand} of game {id} is put back").format(
            hand=number, id=stored.id
        )

    return _change(db, game_id, seen, put_back, said=said)


def delete_game(db: Path | None, game_id: int, seen: Seen | None = None) -> StoredGame:
    """Delete game ``game_id``: it leaves the games list and statistics (and is no longer
    current) until :func:`restore_game`. InputError when it is deleted already."""

    def delete(store: GameStore, stored: StoredGame) -> None:
        refuse_deleted_again(stored)
        stored.deleted = True
        if store.current_id == stored.id:
            store.set_current(None)

    def said(stored: StoredGame) -> str:
        return _("the change was stored: game {id} is deleted").format(id=stored.id)

    return _change(db, game_id, seen, delete, deleted_ok=True, said=said)


def restore_game(db: Path | None, game_id: int, seen: Seen | None = None) -> StoredGame:
    """Bring back deleted game ``game_id`` (into the games list and statistics). InputError
    when it is not deleted."""

    def restore(store: GameStore, stored: StoredGame) -> None:
        if not stored.deleted:
            raise InputError(_("game {id} is not deleted").format(id=stored.id))
        stored.deleted = False

    def said(stored: StoredGame) -> str:
        return _("the change was stored: game {id} is restored").format(id=stored.id)

    return _change(db, game_id, seen, restore, deleted_ok=True, said=said)


def resume(db: Path | None, game_id: int) -> StoredGame:
    """Make game ``game_id`` the current game. NotFound when there is none; InputError for a
    deleted game."""
    from scorekeeper.storage.store import open_store

    refuse_missing_game(db, game_id)
    with open_store(db, write=True) as store:
        stored = store.get(game_id)
        if stored.deleted:
            raise InputError(
                _("game {id} is deleted: 'scorekeeper restore {id}' brings it back").format(
                    id=game_id
                )
            )
        store.set_current(game_id)
        progress.expect(
            _("the change was stored: game {id} is the current game").format(id=game_id)
        )
    return stored


def import_game(db: Path | None, stored: StoredGame, again: bool = False) -> Imported:
    """Store ``stored`` (a game read from an export) as a new game; the current game stays
    current (the new one becomes current only when there was none).

    InputError, naming the earlier game, when a game imported from the same export (the same
    ``origin``) is stored already, deleted or not, unless ``again``. ``stored`` is a game
    read as :func:`scorekeeper.presentation.export.game_from_export` reads one, held to what a
    new game is held to there."""
    from scorekeeper.storage.store import open_store

    with open_store(db, write=True) as store:
        if stored.origin and not again:
            earlier = imported_before(store, stored)
            if earlier is not None:
                message = (
                    N_(
                        "the game in this file was imported already, as game {id} (deleted);"
                        " nothing was imported ('--again' imports it once more)"
                    )
                    if earlier.deleted
                    else N_(
                        "the game in this file was imported already, as game {id}; nothing was"
                        " imported ('--again' imports it once more)"
                    )
                )
                raise InputError(_(message).format(id=earlier.id))
        previous = store.current_id
        store.add(stored)
        if previous is not None:
            store.set_current(previous)
        progress.expect(_("the game was stored: game {id} is imported").format(id=stored.id))
        _commit(store, [(None, stored)])
    return Imported(stored, previous)


def imported_before(store: GameStore, stored: StoredGame) -> StoredGame | None:
    """The earliest stored game imported from the export ``stored`` comes from: the same
    ``origin``, the same sides, and hands one of the two begins with (the same game, played
    on or not); None when there is none. Only games created at the same time can be one (an
    import keeps the game's ``created``), so only those are read. An export that only claims
    another's origin is another game, imported as one."""
    candidates = sorted(s.id for s in store.summaries() if s.created == stored.created)
    for game_id in candidates:
        other = store.get(game_id)
        if other.origin != stored.origin or other.game.sides != stored.game.sides:
            continue
        common = min(len(other.game.hands), len(stored.game.hands))
        if other.game.hands[:common] == stored.game.hands[:common]:
            return other
    return None


def add_games(db: Path | None, games: Iterable[StoredGame], durable: bool = True) -> list[int]:
    """Store many games at once, the last one current; returns their ids. ``durable=False``
    (building throw-away databases, e.g. for the benchmark) skips the fsyncs and backups."""
    from scorekeeper.storage.store import open_store

    added = []
    with open_store(db, write=True, durable=durable) as store:
        for stored in games:
            store.add(stored)
            added.append(stored)
        _commit(store, [(None, stored) for stored in added])
    return [stored.id for stored in added]


def restore_backup(choice: BackupChoice) -> Path | None:
    """Make the chosen backup the database again (``backups restore``); what it replaces is
    kept as a ``restore`` backup first, whose path is returned (None when nothing was
    replaced). DataFileError for a backup this version cannot read (nothing changes)."""
    from scorekeeper.storage.store import restore_backup as restore

    progress.expect(
        _("the restore was done: backup {n} is the database again").format(n=choice.number)
    )
    return restore(choice.database, choice.path)


def write_user_variant(name: str, base: str, force: bool = False) -> Path:
    """Write the user variant file ``name`` extending ``base`` (:func:`template`) into
    :func:`user_variant_dir`; returns its path.

    Raises InputError for a name that is not up to 40 lower-case letters, digits, ``-`` and
    ``_``, the name of a built-in variant, or a file (or a symbolic link) that exists already
    (unless ``force``, which replaces it: a link itself, never the file it points to);
    NotFound for an unknown base; DataFileError when the file cannot be written (it is then
    left as it was). Temporary files a killed ``variants init`` left there are removed first
    (:func:`scorekeeper.variants.remove_stale_temporary_files`). The file is replaced
    atomically (:func:`scorekeeper.storage.store.write_file`), its rename the command's commit
    point (:mod:`scorekeeper.progress`).
    """
    from scorekeeper.errors import DataFileError, os_reason
    from scorekeeper.storage.store import write_file
    from scorekeeper.variant_folders import is_variant_name
    from scorekeeper.variants import (
        BUILTIN_DIR,
        remove_stale_temporary_files,
        template,
        user_variant_dir,
    )

    if not is_variant_name(name):
        from scorekeeper.domain.names import NOT_A_VARIANT_NAME

        raise InputError(_(NOT_A_VARIANT_NAME).format(name=name))
    if (BUILTIN_DIR / f"{name}.toml").exists():
        raise InputError(_("'{name}' is a built-in variant; choose another name").format(name=name))
    text = template(name, base)
    folder = user_variant_dir()
    path = folder / f"{name}.toml"
    if (path.exists() or path.is_symlink()) and not force:
        raise InputError(
            _("{path} exists already; edit it, or pass --force to start it again").format(path=path)
        )
    # the nearest of the folder and its parents that is there must be a folder
    there = next((p for p in (folder, *folder.parents) if p.exists()), folder)
    if not there.is_dir():
        raise DataFileError(
            _(
                "cannot write {path}: {folder} is a file where a folder must be (your variant"
                " files are kept in {variants}): move that file away (the config folder comes"
                " from SCOREKEEPER_CONFIG or your user config folder)"
            ).format(path=path, folder=there, variants=folder)
        )
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise DataFileError(
            _(
                "cannot write {path}: {strerror} (the config folder comes from SCOREKEEPER_CONFIG"
                " or your user config folder)"
            ).format(path=path, strerror=os_reason(err))
        ) from None
    # atomic, as the database's files are written: a temporary file beside it, synced, renamed
    # over it (a symbolic link of that name is replaced by the file, never written through);
    # the rename is the command's commit point, so a Ctrl-C or a failing standard output after
    # it says the file was written, never "nothing was changed"
    remove_stale_temporary_files(folder)  # those a killed write left (older than a minute)
    progress.expect(_("the variant file was written: {path}").format(path=path))
    write_file(path, text.encode("utf-8"), links=False)
    return path
