"""The rules engine's modules import one another in one direction only: no cycle, not even
through an import inside a function (scoring uses melds; melds never uses scoring)."""

from __future__ import annotations

import ast
from pathlib import Path

DOMAIN = Path(__file__).parent.parent / "scorekeeper" / "domain"


def imports_of(path: Path) -> set[str]:
    """The scorekeeper.domain modules a module imports anywhere in its text."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("scorekeeper.domain."):
                found.add(node.module.removeprefix("scorekeeper.domain."))
            elif node.module == "scorekeeper.domain":
                found.update(a.name for a in node.names if (DOMAIN / f"{a.name}.py").exists())
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("scorekeeper.domain."):
                    found.add(alias.name.removeprefix("scorekeeper.domain."))
    return found


def graph() -> dict[str, set[str]]:
    return {p.stem: imports_of(p) for p in DOMAIN.glob("*.py") if p.stem != "__init__"}


def test_no_domain_module_imports_itself_back():
    edges = graph()

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in edges.get(start, ()):
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False

    cycles = [m for m in edges if reaches(m, m, {m})]
    assert cycles == []


def test_melds_does_not_use_scoring():
    assert "scoring" not in graph()["melds"]
    assert "melds" in graph()["scoring"]
