"""The one place a Rich console is made, per invocation (never at import time).

Tests replace :data:`factory` with one that returns a fixed-width, colourless console.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console


def _default_factory(stderr: bool = False) -> Console:
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    encoding = (getattr(stream, "encoding", None) or "utf-8").lower()
    ascii_only = not encoding.startswith("utf")
    return Console(
        file=stream,
        highlight=False,
        emoji=False,
        safe_box=True,
        legacy_windows=False,
        **({"force_terminal": False} if not stream.isatty() else {}),
        **({"color_system": None} if ascii_only else {}),
    )


factory: Callable[..., Console] = _default_factory


def console(stderr: bool = False) -> Console:
    """A Rich console for standard output (or standard error)."""
    return factory(stderr=stderr)
