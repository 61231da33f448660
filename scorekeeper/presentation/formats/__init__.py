"""The output formats of a game's score sheet, registered by name (httpie's formatters: one
module per format, one registry that names them).

Each format is a module of this package that renders the sheet from the one view of each hand
(:mod:`scorekeeper.presentation.view`). A file format's module has ``render(stored) -> str``
(the whole file, UTF-8 text); a terminal format's has ``print_game(con, stored)``. ``export
--format`` offers the file formats, and its help and errors list them from here.

A new format is one module here and one :func:`register` line below (with its full module
name: a format may live elsewhere). The modules are imported
only when a format is used, so listing the names costs nothing at start-up.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from scorekeeper.errors import UsageError
from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import listing


class OutputFormat:
    """A registered format: its ``name`` (``--format NAME``), a short ``description`` for help,
    the ``module`` that renders it (a full module name), and whether it is a ``file`` format (a
    ``render(stored) -> str`` that ``export`` writes) or prints to a terminal
    (``print_game(con, stored)``)."""

    __slots__ = ("description", "file", "module", "name")

    def __init__(self, name: str, description: str, module: str, file: bool = True) -> None:
        self.name = name
        self.description = description
        self.module = module
        self.file = file

    def renderer(self) -> Callable[..., Any]:
        """The format's function: ``render`` for a file format, ``print_game`` for a terminal
        one (imported now)."""
        found = import_module(self.module)
        return getattr(found, "render" if self.file else "print_game")


#: Every format by name, in the order help lists them.
REGISTRY: dict[str, OutputFormat] = {}


def register(name: str, description: str, module: str, file: bool = True) -> OutputFormat:
    """Add a format to :data:`REGISTRY` (ValueError for a name taken already)."""
    if name in REGISTRY:
        raise ValueError(f"an output format called '{name}' is registered already")
    REGISTRY[name] = OutputFormat(name, description, module, file)
    return REGISTRY[name]


register("csv", "one row per side per hand, for spreadsheets", f"{__name__}.csv_sheet")
register(
    "json",
    "the show --json sheet and the game as stored, which import reads",
    f"{__name__}.json_sheet",
)
register("html", "a printable score sheet", f"{__name__}.html_sheet")
register(
    "pad", "the score pad on a terminal: a line per hand (show)", f"{__name__}.terminal_pad", False
)
register(
    "sheet",
    "every hand's breakdown on a terminal (show --detail)",
    f"{__name__}.terminal_sheet",
    False,
)


def names(file: bool = True) -> list[str]:
    """The names of the file formats (``export --format``), or with ``file`` False of the
    terminal ones, in registry order."""
    return [f.name for f in REGISTRY.values() if f.file == file]


def names_text(listed: list[str]) -> str:
    """``["csv", "json", "html"]`` as "csv, json or html"."""
    if len(listed) == 1:
        return listed[0]
    return _("{some} or {last}").format(some=listing(listed[:-1]), last=listed[-1])


def find(name: str, file: bool = True) -> OutputFormat:
    """The file format (or with ``file`` False, the terminal format) called ``name``.

    Raises UsageError naming the formats of that kind there are."""
    found = REGISTRY.get(name)
    if found is None or found.file != file:
        from scorekeeper.domain.suggest import hint

        suggested = hint(name, names(file))
        raise UsageError(
            _("--format is {allowed}; got '{name}'").format(
                allowed=names_text(names(file)), name=name
            )
            + suggested
        )
    return found
