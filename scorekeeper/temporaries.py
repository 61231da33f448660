"""Temporary files a killed write left behind, for the files written without the database's
lock (an export, a user's variant file): found by their name and removed once stale. Below
both the storage and the variant files, which each use it."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

#: Seconds after its last change a temporary file of a file written for the user (an export,
#: a variant file: :func:`scorekeeper.storage.files.write_file`) is stale: no write takes that
#: long, so no other command is still writing it. Such files are written without the
#: database's lock.
STALE_AFTER = 60


def remove_stale_temporaries(folder: Path, pattern: str, now: float | None = None) -> int:
    """Remove the temporary files a killed write left in ``folder``: plain files whose whole
    name matches the regular expression ``pattern`` (ASCII) and that were last changed more
    than :data:`STALE_AFTER` seconds before ``now`` (default: the time), so a write another
    command is making is never cut short. Returns how many were removed; a folder or file the
    system refuses is left alone."""
    import time

    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    now = time.time() if now is None else now
    removed = 0
    for name in names:
        if not name.endswith(".tmp") or not re.fullmatch(pattern, name, re.ASCII):
            continue
        stale = folder / name
        try:
            seen = os.lstat(stale)
            if stat.S_ISREG(seen.st_mode) and now - seen.st_mtime > STALE_AFTER:
                stale.unlink()
                removed += 1
        except OSError:
            continue
    return removed
