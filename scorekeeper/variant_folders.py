"""Where variant files are, and their names: the built-in files shipped in
``scorekeeper/variants/`` and the user's own in ``<user config folder>/variants/``.

Kept apart from :mod:`scorekeeper.variants` (which reads and checks the files, and imports the
rules engine to do so) so that what only needs the names, shell completion, imports nothing
but the standard library (and platformdirs where ``SCOREKEEPER_CONFIG`` is not set).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

#: The folder of the built-in variant files.
BUILTIN_DIR = Path(__file__).parent / "variants"
#: The base file: the usual value of every rule, under every variant. Not a variant itself.
BASE_FILE = BUILTIN_DIR / "base.toml"


#: A variant's name, which is its file's name without ``.toml``: up to 40 lower-case letters,
#: digits, ``-`` and ``_``, beginning with a letter or digit (README, ``variants init``).
VARIANT_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}", re.ASCII)


def is_variant_name(name: str) -> bool:
    """Whether ``name`` can name a variant (:data:`VARIANT_NAME`): the one rule ``variants
    init`` holds a new name to and :func:`variant_files` holds a user's file name to."""
    return VARIANT_NAME.fullmatch(name) is not None


def user_variant_dir() -> Path:
    """Folder of the user's variant files (created by ``variants init`` when needed):
    ``$SCOREKEEPER_CONFIG/variants`` when that is set, else ``variants`` in the user config
    folder platformdirs gives. DataFileError (exit 3) when ``SCOREKEEPER_CONFIG`` is set but
    empty: refused, as an empty ``SCOREKEEPER_DB`` is, never taken for the default folder."""
    env = os.environ.get("SCOREKEEPER_CONFIG")
    if env:
        return Path(env) / "variants"
    if env is not None:
        from scorekeeper.errors import DataFileError
        from scorekeeper.i18n import gettext as _

        raise DataFileError(
            _(
                "SCOREKEEPER_CONFIG is set but empty: give it a config folder, or unset it to"
                " use the default one"
            )
        )
    from platformdirs import user_config_dir

    return Path(user_config_dir("scorekeeper", appauthor=False)) / "variants"


def variant_files() -> dict[str, tuple[Path, bool]]:
    """Every variant file by name, sorted by name, as (path, built in): built-in files first
    found, then the user's, which replace same-named ones. ``base.toml`` is left out, and so is a
    user's file whose name is no variant name (:func:`is_variant_name`): every list of variants
    (the catalog, shell completion, did-you-mean) holds the same names."""
    found: dict[str, tuple[Path, bool]] = {}
    for path in sorted(BUILTIN_DIR.glob("*.toml")):
        if path != BASE_FILE:
            found[path.stem] = (path, True)
    user = user_variant_dir()
    if user.is_dir():
        for path in sorted(user.glob("*.toml")):
            if is_variant_name(path.stem):
                found[path.stem] = (path, False)
    return dict(sorted(found.items()))
