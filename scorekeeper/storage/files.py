"""The files of a database and how each is written: where they live, reading them back, and
replacing them atomically.

The database file that ``--db`` names (``scorekeeper.json``) holds the ``meta`` table; each game
lives in its own small TinyDB file in the folder beside it, ``<file>.games/<id>.json`` (a
``games`` table holding that one game, its doc id the game id). Beside them: the backups folder
(:mod:`scorekeeper.storage.backups`), the summaries index (:mod:`scorekeeper.storage.index`) and
the statistics cache (:mod:`scorekeeper.storage.statistics`).

Every write replaces a file atomically (temporary file in the database's folder, flush, fsync,
rename, fsync of the folder), so a crash or Ctrl-C never leaves a half-written file.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from contextlib import suppress
from pathlib import Path
from typing import Any

from scorekeeper.errors import DataFileError

#: A game file's name: ``<id>.json``.
GAME_FILE = re.compile(r"([0-9]{1,18})\.json")
DOC_ID = re.compile(r"[0-9]{1,18}")

#: The tables of a database file as plain JSON data: ``{table: {doc_id: document}}``.
Tables = dict[str, dict[str, Any]]


def default_path() -> Path:
    """The database file: ``SCOREKEEPER_DB`` if set, else ``scorekeeper.json`` in the user data
    folder that platformdirs gives."""
    env = os.environ.get("SCOREKEEPER_DB")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("scorekeeper", appauthor=False)) / "scorekeeper.json"


def backup_folder(path: Path) -> Path:
    """The folder beside the database that holds its backups: ``<file name>.backups``."""
    return path.with_name(path.name + ".backups")


def games_folder(path: Path) -> Path:
    """The folder beside the database that holds one file per game: ``<file name>.games``."""
    return path.with_name(path.name + ".games")


def game_file(path: Path, game_id: int) -> Path:
    """The file of game ``game_id`` of the database at ``path``."""
    return games_folder(path) / f"{game_id}.json"


def index_file(path: Path) -> Path:
    """The cache of game summaries beside the database: ``<file name>.index.json``."""
    return path.with_name(path.name + ".index.json")


def stats_file(path: Path) -> Path:
    """The cache of statistics per line-up beside the database: ``<file name>.stats.json``."""
    return path.with_name(path.name + ".stats.json")


def game_ids(path: Path) -> list[int]:
    """Ids of the game files of the database at ``path`` (unordered)."""
    try:
        names = os.listdir(games_folder(path))
    except (FileNotFoundError, NotADirectoryError):
        return []
    return [int(m[1]) for m in map(GAME_FILE.fullmatch, names) if m]


def damaged(path: Path, what: str, db: Path | None = None) -> DataFileError:
    """The DataFileError for a file of the database ``db`` (default ``path``) that ``what``
    says is wrong: it names the file and says how to restore a backup."""
    db = db or path
    return DataFileError(
        f"the database {path} {what}; it was left untouched: restore a backup"
        f" ('scorekeeper backups --db {db}') or move the file away to start a new one"
    )


def read_json(path: Path, db: Path | None = None) -> Any:
    """The JSON data of ``path``: None for a missing or empty file; DataFileError for a file
    that is not UTF-8 JSON (garbage, NUL bytes, a truncated write) or cannot be read."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise DataFileError(
            f"the database path {path} is a folder; give a file with --db"
        ) from None
    except OSError as err:
        raise DataFileError(f"cannot read the database {path}: {err.strerror}") from None
    if not raw.strip():
        return None
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise damaged(path, "is damaged (not complete JSON)", db) from None


def check_tables(data: Any) -> bool:
    """True when ``data`` is TinyDB's shape: tables of documents keyed by number."""
    if not isinstance(data, dict) or not data:
        return False
    for table in data.values():
        if not isinstance(table, dict):
            return False
        for key, doc in table.items():
            if not DOC_ID.fullmatch(key) or not isinstance(doc, dict):
                return False
    return True


def read_game_file(db: Path, game_id: int, file: Path | None = None) -> dict[str, Any] | None:
    """The stored document of game ``game_id`` from its file (None when there is no file).

    DataFileError naming the file when it is not a game file of this database."""
    file = file or game_file(db, game_id)
    try:
        raw = file.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as err:
        raise DataFileError(f"cannot read the game file {file}: {err.strerror}") from None
    return parse_game_file(db, game_id, file, raw)


def parse_game_file(db: Path, game_id: int, file: Path, raw: bytes) -> dict[str, Any]:
    """The document of game ``game_id`` from the bytes of its file ``file``; DataFileError
    naming the file unless they are complete JSON holding a ``games`` table of that one game."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise damaged(file, "is damaged (not complete JSON)", db) from None
    doc = data.get("games", {}).get(str(game_id)) if check_tables(data) else None
    if doc is None or len(data) != 1 or len(data["games"]) != 1:
        raise damaged(file, f"is not the file of game {game_id}", db)
    return doc


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stale_temporary_files(path: Path) -> None:
    """Temporary files a killed command left beside the database (only call under the lock).
    Every file of the database is written through a temporary file in the database's folder."""
    for stale in path.parent.glob(f".{path.name}.*.tmp"):
        stale.unlink(missing_ok=True)


def write_atomically(
    path: Path, content: bytes, durable: bool = True, temporary: tuple[Path, str] | None = None
) -> None:
    """Replace ``path`` with ``content``: temporary file (``temporary`` gives its folder, on the
    same file system, and name prefix; default the file's folder and ``.<name>.``), flush,
    fsync, rename over the file, fsync of the folder. The file keeps its permissions (with
    read and write for its owner, who wrote it).
    ``durable=False`` skips the fsyncs (for building throw-away databases in bulk)."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    temp_folder, prefix = temporary or (folder, f".{path.name}.")
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=temp_folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(content)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        with suppress(OSError):  # a new file keeps mkstemp's owner-only permissions
            # ... and the owner can always read and write what it wrote
            os.chmod(tmp, path.stat().st_mode & 0o7777 | 0o600)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if durable:
        _fsync_folder(folder)


def encode(data: Tables) -> bytes:
    """The bytes of a database or game file: compact UTF-8 JSON."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def write_game_file(path: Path, game_id: int, doc: dict[str, Any], durable: bool = True) -> None:
    """Write game ``game_id``'s file of the database at ``path`` atomically (under the lock).
    The temporary file is made in the database's folder, so the stale ones a killed command
    leaves are found there without listing every game file."""
    write_game_content(path, game_id, encode({"games": {str(game_id): doc}}), durable)


def write_game_content(path: Path, game_id: int, content: bytes, durable: bool = True) -> None:
    """Write the encoded file of game ``game_id`` (see :func:`write_game_file`)."""
    folder = games_folder(path)
    if not folder.is_dir():
        folder.mkdir(parents=True, exist_ok=True)
    temporary = (path.parent, f".{path.name}.game-{game_id}.")
    write_atomically(game_file(path, game_id), content, durable, temporary)
