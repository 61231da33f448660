"""The backups of a database: one file per change, in ``<file>.backups/`` beside it.

Before each write the previous version of every file a command changes is kept in one backup
file (the last ``kept`` of them rotate), before a migration a copy that is never rotated away, and
before a restore what it replaces. A backup's name tells when it was taken and why.
"""

from __future__ import annotations

import os
import re
import stat
from datetime import UTC, datetime, timedelta
from pathlib import Path

from msgspec import Struct

from scorekeeper import progress
from scorekeeper.errors import DataFileError
from scorekeeper.i18n import gettext as _
from scorekeeper.storage.files import (
    BACKUP_NAME,
    Tables,
    backup_folder,
    encode,
    refuse_database_in_backups,
    refuse_linked_own_paths,
    starts_as_tables,
    write_pending_backup,
)

#: Rotating backups kept by default: the versions before the last this many writes.
BACKUPS_KEPT = 10


class Backup(Struct, frozen=True):
    """One backup file: ``kind`` is ``write`` (the versions before a write), ``migration``
    (before a schema migration), ``restore`` (the versions a restore replaced) or ``damaged``
    (an unreadable file that a restore moved aside); ``taken`` is its UTC time (ISO 8601).

    A backup is a database file holding the ``meta`` document and the games the change
    touched as they were before it, and in a ``created`` table the ids of games the change
    created (a restore removes them again, keeping them in its own backup)."""

    path: Path
    kind: str
    taken: str


#: How far after the clock a backup's name may be and still be followed (:func:`_taken`):
#: a clock that ran ahead by days or years is; a name a century ahead (``9998...``, after
#: which names soon run out) was planted, and counts as the oldest.
_AHEAD = timedelta(days=36525)
#: A backup's time as its name writes it (UTC, to the microsecond): ``20261208T010203.000004Z``.
_STAMP_FORMAT = "%Y%m%dT%H%M%S.%fZ"
#: The time at the start of a name in the backups folder: a backup's, or its pending file's
#: (``.<backup name>~pending.tmp``).
_NAME_STAMP = re.compile(r"\.?([0-9]{8}T[0-9]{6}\.[0-9]{6}Z)", re.ASCII)


def _taken(name: str, now: datetime) -> datetime | None:
    """The time a name in the backups folder says its backup was taken; None for a name of
    no such time: an impossible date (``20261399T...``), or one more than a century after
    ``now`` (:data:`_AHEAD`), both planted by hand."""
    found = _NAME_STAMP.match(name)
    if not found:
        return None
    try:
        taken = datetime.strptime(found[1], _STAMP_FORMAT).replace(tzinfo=UTC)
    except ValueError:
        return None
    return taken if taken - now <= _AHEAD else None


def _next_stamp(folder: Path) -> str:
    """The name's time for a backup taken now: the clock's, or, when the newest backup in
    ``folder`` (or a pending one) is named for that time or later (a clock set back since),
    the microsecond after it. Names so go up with every backup kept, and the newest is the
    one of the highest name, whatever the clock did (README, "Backups")."""
    now = datetime.now(UTC)
    try:
        names = os.listdir(folder)
    except OSError:
        names = []
    latest = max((t for t in (_taken(n, now) for n in names) if t is not None), default=None)
    if latest is not None and latest >= now:
        now = latest + timedelta(microseconds=1)
    return now.strftime(_STAMP_FORMAT)


def backup_target(path: Path, kind: str, note: str = "") -> Path:
    """A new, unused backup file name of ``kind`` (``note`` added to it) in the backups folder,
    which is made when missing; its time is after every backup's there (:func:`_next_stamp`)."""
    folder = backup_folder(path)
    folder.mkdir(parents=True, exist_ok=True)
    suffix = "" if kind == "write" else f"-{kind}{note}"
    target = folder / f"{_next_stamp(folder)}{suffix}.json"
    while os.path.lexists(target):  # two backups within a microsecond (or a link of the name)
        target = folder / f"{_next_stamp(folder)}{suffix}.json"
    return target


def list_backups(path: Path) -> list[Backup]:
    """The backups of the database at ``path``, newest first (:func:`_recency`). DataFileError
    when one of its own folders or files is a symbolic link
    (:func:`files.refuse_linked_own_paths`)."""
    folder = backup_folder(path)
    refuse_linked_own_paths(path)  # never another database's backups or games
    refuse_database_in_backups(path)  # nor another database's files kept among them
    if not folder.is_dir():
        if os.path.lexists(folder):  # a file, a pipe: no backup is kept, and that is said
            raise DataFileError(
                _(
                    "the backups folder {folder} is not a folder (a file takes its name): move"
                    " it away, and the next change keeps a backup again"
                ).format(folder=folder)
            )
        return []
    found = []
    for item in folder.iterdir():
        match = BACKUP_NAME.fullmatch(item.name)
        if not match:
            continue
        try:
            seen = item.lstat()  # a link, a pipe or a folder so named is listed, as damaged
        except OSError:
            continue
        if stat.S_ISREG(seen.st_mode) and seen.st_size == 0:
            continue  # a 0-byte file is no backup (one a kill cut short before its write)
        s = match["stamp"]
        taken = f"{s[0:4]}-{s[4:6]}-{s[6:8]}T{s[9:11]}:{s[11:13]}:{s[13:15]}+00:00"
        found.append(Backup(item, match["kind"] or "write", taken))
    now = datetime.now(UTC)
    return sorted(found, key=lambda b: _recency(b, now), reverse=True)


def _recency(backup: Backup, now: datetime) -> tuple[bool, str]:
    """How recent a backup is: by the time its name says it was taken (a copy of the folder,
    ``cp -r``, keeps it, where it gives every file a new modification time; names go up with
    every backup kept, :func:`_next_stamp`, however the clock was set). A name of no possible
    time (:func:`_taken`) counts as older than every other (README, "Backups")."""
    name = backup.path.name
    return (_taken(name, now) is not None, name)


def _counts(path: Path) -> bool:
    """Whether the backup file ``path`` takes a place among those kept: a plain file that
    starts as a backup does (a JSON object of tables), not a link, a folder, a pipe, or a
    file of spaces or other text put there under a backup's name (:func:`due_to_go`)."""
    try:
        plain = stat.S_ISREG(path.lstat().st_mode)
    except OSError:
        return False
    return plain and starts_as_tables(path)


def due_to_go(
    found: list[Backup], kept: int = BACKUPS_KEPT, newest: Path | None = None
) -> list[Backup]:
    """The ``write`` backups of ``found`` (newest first, as :func:`list_backups` orders them)
    beyond the ``kept`` most recent; ``newest``, the one just written, always stays (a name
    made for a later time never makes it the one to go). A damaged one (a link, a folder, a
    file that does not start as a backup: :func:`_counts`) is no backup kept: it takes no
    place among them, and is never removed (it is listed as
    damaged, for you to look at). A kill between keeping a change's backup and
    letting these go leaves them for the next change to let go; no listing shows them
    meanwhile (:func:`kept_backups`)."""
    writes = [b for b in found if b.kind == "write" and b.path != newest and _counts(b.path)]
    return writes[max(kept - (newest is not None), 0) :]


def kept_backups(path: Path, kept: int = BACKUPS_KEPT) -> list[Backup]:
    """The backups of the database at ``path`` as they are listed and restored, newest first:
    every one but those :func:`due_to_go` (at most ``kept`` ``write`` backups, however a kill
    or a hand left the folder). DataFileError as :func:`list_backups` raises it."""
    found = list_backups(path)
    going = {b.path for b in due_to_go(found, kept)}
    return [b for b in found if b.path not in going]


def rotate_backups(path: Path, newest: Path, kept: int = BACKUPS_KEPT) -> None:
    """Drop the ``write`` backups :func:`due_to_go` with ``newest`` just kept (plain files
    only: a link or a folder of a backup's name is never followed or removed)."""
    for old in due_to_go(list_backups(path), kept, newest):
        old.path.unlink(missing_ok=True)


def keep_backup(
    path: Path, kind: str = "write", note: str = "", kept: int = BACKUPS_KEPT
) -> Path | None:
    """Keep the current version of the database file in its backups folder (a hard link, as the
    file is only ever replaced, never changed in place; a copy where links are not possible),
    then drop the oldest ``write`` backups beyond the newest ``kept``. Returns the backup, or
    None when there is no file yet. Raises OSError when the copy cannot be made."""
    if not path.is_file() or path.stat().st_size == 0:
        return None
    if kind == "migration":  # a migration a kill interrupted is not kept twice
        content = path.read_bytes()
        for earlier in list_backups(path):
            same_kind = earlier.kind == kind and earlier.path.name.endswith(f"-{kind}{note}.json")
            # only one of the same size is read (never a huge file put there by hand)
            same_size = same_kind and earlier.path.stat().st_size == len(content)
            if same_size and earlier.path.read_bytes() == content:
                return earlier.path
    target = backup_target(path, kind, note)
    progress.file_change("backup", target)
    try:
        os.link(path, target)  # the database file's own bytes, synced when it was written
    except OSError:
        copy_new(path, target)
    if kind == "write":
        rotate_backups(path, target, kept)
    return target


def copy_new(path: Path, target: Path) -> None:
    """Copy the file ``path`` to ``target``, a new file (owner-only permissions, synced): never
    through a link or over a file of that name (``O_EXCL | O_NOFOLLOW``: a link planted there
    makes the copy fail, so it never writes into another database's files). Nothing of it is
    left when the copy fails or is interrupted. Raises OSError."""
    content = path.read_bytes()
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    made = False
    try:
        with progress.interrupts_held():  # made and known together: a Ctrl-C lands after
            fd = os.open(target, flags, 0o600)
            made = True
        with os.fdopen(fd, "wb") as copy:  # a crash of the system leaves no copy cut short
            copy.write(content)
            copy.flush()
            os.fsync(copy.fileno())
    except BaseException:
        if made:
            target.unlink(missing_ok=True)
        raise


def write_backup(
    path: Path, data: Tables, kind: str = "write", fresh: list[Path] | None = None
) -> Path:
    """Keep ``data`` (the previous versions of what a change replaces) as a backup of the
    database at ``path``; returns the backup's name, added to ``fresh`` as soon as it may
    exist. It is written, synced, as its pending file (:func:`files.pending_backup`, a
    temporary name no listing counts) and is put in place by :func:`files.change_files` only
    once the change has passed its commit point: a change that does not happen (a refusal, a
    Ctrl-C, a kill) leaves no backup counted among the ``kept`` ones, so none rotates a real
    one away. A pending backup a kill left is settled by the next command
    (:func:`files.remove_stale_temporary_files`). The ``write`` backups are rotated
    (:func:`rotate_backups`) after the commit point too. Raises OSError when it cannot."""
    target = backup_target(path, kind)
    if fresh is not None:
        fresh.append(target)
    progress.file_change("backup", target)
    write_pending_backup(target, encode(data))
    return target
