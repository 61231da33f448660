"""Write scorekeeper/variants/builtin.json, the built-in variant files (and the base file) as
their TOML reads, so that a command reads them without parsing TOML: parsing two files and
importing the parser was about a twentieth of ``points``, ``minimum`` and ``check``.

The TOML files stay the one source: run this after changing one of them.

    .venv/bin/python tools/builtin_variants.py          # rewrites the table
    .venv/bin/python tools/builtin_variants.py --check  # exit 1 when it is out of date

tests/test_builtin_variants_table.py fails while the file differs from what this writes.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the tools' own modules
from generated import write_or_check

FOLDER = Path(__file__).resolve().parent.parent / "scorekeeper" / "variants"
TABLE = FOLDER / "builtin.json"


def table_text() -> str:
    """The table's file as the TOML files read now: one line per file, keys in file order."""
    lines = [
        f"  {json.dumps(path.stem)}: "
        + json.dumps(tomllib.loads(path.read_text(encoding="utf-8")), ensure_ascii=False)
        for path in sorted(FOLDER.glob("*.toml"))
    ]
    return '{"format": 1, "files": {\n' + ",\n".join(lines) + "\n}}\n"


def main(argv: list[str]) -> int:
    return write_or_check(TABLE, table_text(), argv, "tools/builtin_variants.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
