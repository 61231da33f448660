"""Dependencies (issue 15, point 9): filelock only where it is used, a cap only with its
measured reason beside it, the development tools pinned exactly."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).parent.parent
TEXT = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
PROJECT = tomllib.loads(TEXT)["project"]


def requirement(name: str) -> str:
    found = [r for r in PROJECT["dependencies"] if re.match(rf"{name}\b", r)]
    assert len(found) == 1, found
    return found[0]


def test_filelock_only_on_windows():
    assert requirement("filelock").endswith("; sys_platform == 'win32'")


def test_filelock_is_imported_only_where_fcntl_is_missing():
    importers = [
        path
        for path in (ROOT / "scorekeeper").rglob("*.py")
        if re.search(r"^\s*(from|import) filelock\b", path.read_text(encoding="utf-8"), re.M)
    ]
    assert [p.relative_to(ROOT).as_posix() for p in importers] == [
        "scorekeeper/storage/database.py"
    ]
    source = (ROOT / "scorekeeper/storage/database.py").read_text(encoding="utf-8")
    branch = source[source.index("import fcntl") : source.index("from filelock")]
    assert "except ImportError:" in branch  # the Windows branch: no fcntl there


def test_every_cap_has_its_reason_in_a_comment():
    capped = [r for r in PROJECT["dependencies"] if "<" in r.split(";")[0]]
    assert {r.split(">")[0] for r in capped} == {"typer", "plotext"}
    lines = TEXT.splitlines()
    for req in capped:
        at = next(i for i, line in enumerate(lines) if f'"{req}"' in line)
        assert lines[at - 1].strip().startswith("#"), f"{req} has no reason above it"


def test_msgspec_is_not_capped():
    assert "<" not in requirement("msgspec")


def test_the_development_tools_are_pinned_exactly():
    tools = PROJECT["optional-dependencies"]["test"]
    names = {re.split(r"[=<>!~ ;]", t)[0] for t in tools}
    assert {"pytest", "hypothesis", "ruff"} <= names
    for tool in tools:
        assert re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][0-9A-Za-z.]*", tool), tool
