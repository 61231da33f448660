"""The database file a command is given: checked before anything is read. Kept apart from
:mod:`scorekeeper.application.queries` so that checking ``--db`` (or ``SCOREKEEPER_DB``)
imports neither the rules engine nor the storage's decoders: a command that reads no
database (``minimum``, ``check``, ``points``) pays nothing for it."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.errors import DATABASE_IS_A_FOLDER, DataFileError
from scorekeeper.i18n import gettext as _


def database_file(given: str) -> Path:
    """The database file ``--db`` (or ``SCOREKEEPER_DB``) names, as typed (an empty one refused,
    never read as the folder ``.``; a ``~`` at its start
    is the home folder, as a shell reads it even where quoting kept it). Raises
    DataFileError (exit 3) for a name that ends with a path separator (a database is a file),
    or for a path that is one of another existing database's own files (its lock, caches,
    journal) or lies inside its games or backups folder: writing there would break that
    database (README, "Where data lives"); DataFileError too for a file name of the shape of a
    temporary file (``.NAME~...tmp``), which another database's clean-up could take for its
    own."""
    import os

    if not given.strip():  # never read as the folder '.'
        raise DataFileError(
            _("--db is empty: give it a database file, or leave it out to use the default one")
        )
    if given.endswith(("/", os.sep)) or (os.altsep and given.endswith(os.altsep)):
        raise DataFileError(
            _(
                "{path}: a database is a file, not a folder: give a file name without a '/'"
                " at the end"
            ).format(path=given)
        )
    if names_a_folder(given):  # '.', 'foo/.': no file's name
        raise DataFileError(_(DATABASE_IS_A_FOLDER).format(path=given))
    from scorekeeper.storage.store import home_expanded

    path = home_expanded(given)  # '~' as a shell reads it, though quoted or in a variable
    if path.is_dir():  # as every command that opens it says ('paths' opens nothing)
        raise DataFileError(_(DATABASE_IS_A_FOLDER).format(path=given))
    # resolved: a folder reached through a symlink is the folder it names
    full = Path(os.path.realpath(path))
    for place in (full, *full.parents):
        name = place.name
        for end in (k for k, c in enumerate(name) if c == "." and k > 0):
            if not name[:end].strip("."):
                continue  # '..json', '...': no file of that name can own it
            owner = place.with_name(name[:end])
            if owner == full:
                continue
            from scorekeeper.storage.store import is_database_path

            if not is_database_path(owner, full):
                continue
            found = owner if owner.is_file() else _named_with_case_ignored(owner)
            if found is not None:
                raise DataFileError(
                    _(
                        "{path} is one of the files of the database {owner}: give a database"
                        " file of its own"
                    ).format(path=given, owner=found)
                )
    from scorekeeper.storage.store import refuse_database_name

    refuse_database_name(path)
    return path


def _named_with_case_ignored(path: Path) -> Path | None:
    """The file in ``path``'s folder whose name is ``path``'s with case ignored (``a.json``
    for ``A.JSON``), or None: where case counts, ``A.JSON.LOCK`` is still refused as the lock
    of ``a.json``, as it is where case is ignored (README, "Where data lives")."""
    import os

    folded = path.name.casefold()
    try:
        with os.scandir(path.parent) as entries:
            for entry in entries:
                if entry.name.casefold() == folded and entry.is_file():
                    return path.with_name(entry.name)
    except OSError:
        pass
    return None


def names_a_folder(given: str) -> bool:
    """Whether a path as typed can only name a folder: it ends with a separator, or its last
    part is ``.`` or ``..`` (which a path object drops: ``note.txt/.`` would be read as the
    file ``note.txt``)."""
    import os
    import re

    separators = [os.sep, "/", *([os.altsep] if os.altsep else [])]
    if given.endswith(tuple(separators)):
        return True
    last = re.split("|".join(map(re.escape, separators)), given)[-1]
    return last in (".", "..")
