"""The one way the tools keep a generated file of the repository: write it, or with
``--check`` say whether it is up to date (exit 1 when not), so a test or CI can hold it to its
source."""

from __future__ import annotations

import sys
from pathlib import Path


def write_or_check(path: Path, text: str, argv: list[str], tool: str) -> int:
    """Write ``text`` to ``path``, or with ``--check`` in ``argv`` compare them: 0 when the
    file holds ``text``, else 1 with a line naming ``tool``, the script that writes it."""
    if "--check" in argv:
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            print(f"{path} is out of date: run {tool}", file=sys.stderr)
            return 1
        return 0
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}")
    return 0
