"""Writing an export to a file (``export --output``): where it may go, and writing it so that
what the command says matches what the file holds.

The file is written as the database's files are (:func:`scorekeeper.storage.store.write_file`:
a temporary file beside it, synced, renamed over it): a write the system refuses, or a Ctrl-C
before the rename, leaves the old file as it was; the rename is the command's commit point
(:mod:`scorekeeper.progress`), so a Ctrl-C or a failing standard output after it says the file
was written (README, "Commands": ``export``).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from scorekeeper import progress
from scorekeeper.errors import DataFileError
from scorekeeper.i18n import gettext as _


def export_target(db: Path | None, output: Path) -> Path:
    """The file an export to ``output`` writes: ``output`` resolved through symbolic links
    (a link keeps naming the file it names), unless it names no plain file (``/dev/stdout``).
    Raises DataFileError (exit 3; nothing written) when it is one of the files of the database
    ``db`` or lies in its folders (its games, its backups), where writing would destroy what
    it keeps, or when it is a file of any other scorekeeper database: its database, game or
    backup file, a cache, its lock or journal, also through a link
    (:func:`scorekeeper.storage.store.is_scorekeeper_file`; README, ``export``), and when it
    is a loop of symbolic links."""
    from scorekeeper.storage.store import database_path, is_database_path, is_scorekeeper_file

    path = database_path(db)
    if is_database_path(path, output):
        raise DataFileError(
            _(
                "{output} is a file of the database {path} (or in its folders); nothing was"
                " written: export to a file outside them"
            ).format(output=output, path=path)
        )
    if is_scorekeeper_file(output):
        raise DataFileError(
            _(
                "{output} is a file of a scorekeeper database (its file, a game, a backup, a"
                " cache, its lock or journal); nothing was written: export to another file"
            ).format(output=output)
        )
    try:
        plain = stat.S_ISREG(os.stat(output).st_mode)
    except OSError as err:
        if err.errno == errno.ELOOP:  # links naming each other: no file to write
            from scorekeeper.errors import os_reason

            raise DataFileError(
                _("cannot write {output}: {reason}; nothing was written").format(
                    output=output, reason=os_reason(err)
                )
            ) from None
        plain = True  # a new file (or a link to one)
    # a link to a device (``/dev/stdout``) is written as it is named; one to a file, through
    return Path(os.path.realpath(output)) if plain else output


def write_export(target: Path, shown: Path, game_id: int, text: str) -> None:
    """Write the export ``text`` of game ``game_id`` to the file ``target`` (from
    :func:`export_target`; ``shown`` is the name the user gave it) atomically, the rename the
    command's commit point. DataFileError (exit 3) when the system refuses: the file is then
    left as it was."""
    from scorekeeper.storage.store import write_file

    progress.expect(
        _("the export was written: game {game} is in {path}").format(game=game_id, path=shown)
    )
    write_file(target, text.encode("utf-8"))
