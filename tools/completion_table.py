"""Write scorekeeper/completion_table.json, the command line's shape that shell completion
answers from without building the Typer app (scorekeeper/shell_completion.py), from the app.

Run it after adding or changing a command, an option, its help or its completion:

    .venv/bin/python tools/completion_table.py          # rewrites the table
    .venv/bin/python tools/completion_table.py --check  # exit 1 when it is out of date

tests/test_completion_fast.py fails while the file differs from what this writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the tools' own modules
from generated import write_or_check

TABLE = Path(__file__).resolve().parent.parent / "scorekeeper" / "completion_table.json"


def table_text() -> str:
    """The table's file as the app declares it now (English help: the program's own)."""
    import typer

    from scorekeeper import i18n
    from scorekeeper.cli import app
    from scorekeeper.cli.complete import completion_table

    with i18n.english():
        table = completion_table(typer.main.get_command(app))
    # one line per command: small to read at every completion, and a change shows as its line
    lines = [
        f"  {json.dumps(path)}: {json.dumps(node, ensure_ascii=False)}"
        for path, node in table["commands"].items()
    ]
    return '{"format": 1, "commands": {\n' + ",\n".join(lines) + "\n}}\n"


def main(argv: list[str]) -> int:
    return write_or_check(TABLE, table_text(), argv, "tools/completion_table.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
