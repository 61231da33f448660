"""What the program's start-up need not import: msgspec reads ``typing_extensions`` only for
what Python 3.11's own ``typing`` already has (``get_type_hints``, ``Required``,
``NotRequired``), and takes ``typing``'s when it is missing. Importing it is the largest
module a ``hand`` loads beyond the framework floor's (``python -X importtime``): about 2% of
the instructions of the whole command.

:func:`install` puts a finder first on :data:`sys.meta_path` that answers "not found" for
``typing_extensions`` only while ``msgspec._utils`` is being imported, so msgspec takes
``typing``'s; any other module importing ``typing_extensions``, before or after, gets it. A
msgspec that reads it elsewhere is only slower (tests/test_import_finder.py then fails).
"""

from __future__ import annotations

import sys


class MsgspecTypingFinder:
    """A meta path finder: ``typing_extensions`` is not found while ``msgspec._utils`` is
    half-imported (it sets ``Required`` last of the names it takes from there)."""

    @staticmethod
    def find_spec(name: str, path: object = None, target: object = None) -> None:
        """Raise ModuleNotFoundError for ``typing_extensions`` while msgspec is reading it;
        None (ask the next finder) for every other import. Imports nothing itself: it runs
        before the start-up's Ctrl-C handler is set (:mod:`scorekeeper.interrupts`)."""
        if name == "typing_extensions":
            utils = sys.modules.get("msgspec._utils")
            if utils is not None and not hasattr(utils, "Required"):
                raise ModuleNotFoundError(name, name=name)
        return None


def install() -> None:
    """Put :class:`MsgspecTypingFinder` first on :data:`sys.meta_path`, once."""
    if not any(isinstance(f, MsgspecTypingFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, MsgspecTypingFinder())
