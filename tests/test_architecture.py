"""The package's shape, checked over its imports (read with ast, nothing imported): no import
cycles, no private name imported from another module, and the layers of README "Development":
the domain is pure, the CLI never touches storage, storage and presentation never reach up into
the CLI (issue 11, "Storage with one job per module")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"


class Import:
    """One imported module: ``target``, whether only for type checkers (``typing_only``), the
    names taken from it (``names``) and where (``line``)."""

    def __init__(self, target: str, typing_only: bool, names: tuple[str, ...], line: int):
        self.target = target
        self.typing_only = typing_only
        self.names = names
        self.line = line


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name."""
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(path: Path, name: str, known: set[str]) -> list[Import]:
    """Every import in the file at ``path`` (module ``name``): at module level, inside functions
    and classes, and under ``if TYPE_CHECKING:`` (marked typing-only). ``from a import b``
    where ``a.b`` is a module imports both ``a`` and ``a.b``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[Import] = []

    def visit(node: ast.AST, typing_only: bool) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, True)
            for child in node.orelse:
                visit(child, typing_only)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append(Import(alias.name, typing_only, (), node.lineno))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            names = tuple(alias.name for alias in node.names)
            found.append(Import(source, typing_only, names, node.lineno))
            for alias in node.names:
                if f"{source}.{alias.name}" in known:
                    found.append(Import(f"{source}.{alias.name}", typing_only, (), node.lineno))
        for child in ast.iter_child_nodes(node):
            visit(child, typing_only)

    visit(tree, False)
    return found


@pytest.fixture(scope="module")
def graph() -> dict[str, list[Import]]:
    known = set(modules())
    return {name: imports_of(path, name, known) for name, path in modules().items()}


def within(target: str, package: str) -> bool:
    return target == package or target.startswith(package + ".")


def cycles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in edges.get(node, ()):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for node in sorted(edges):
        if node not in index:
            connect(node)
    return found


def test_the_reader_sees_every_kind_of_import(tmp_path):
    known = {"pkg", "pkg.a", "pkg.b", "pkg.c"}
    (tmp_path / "pkg").mkdir()
    source = tmp_path / "pkg" / "a.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "from pkg import b\n"
        "if TYPE_CHECKING:\n"
        "    from pkg.c import Thing\n"
        "def f():\n"
        "    from . import c\n"
        "    import pkg.b\n"
    )
    found = [(i.target, i.typing_only) for i in imports_of(source, "pkg.a", known)]
    assert ("pkg.b", False) in found  # a submodule named in "from pkg import b"
    assert ("pkg.c", True) in found  # under TYPE_CHECKING
    assert ("pkg.c", False) in found  # inside a function, relative
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [frozenset({"a", "b"})]


def test_no_import_cycles_between_modules_of_the_package(graph):
    edges = {
        name: {i.target for i in found if not i.typing_only and i.target in graph} - {name}
        for name, found in graph.items()
    }
    assert [sorted(c) for c in cycles(edges)] == []


def private_imports(path: Path, name: str, known: set[str]) -> list[str]:
    return [
        f"{path.name}:{i.line} imports {n} from {i.target}"
        for i in imports_of(path, name, known)
        if within(i.target, "scorekeeper") and i.target != name
        for n in i.names
        if n.startswith("_") and not n.startswith("__")
    ]


def test_no_private_name_is_imported_from_another_module(graph):
    known = set(modules())
    found = []
    for name, path in modules().items():
        found += private_imports(path, name, known)
    for path in sorted((ROOT / "tests").glob("*.py")):
        found += private_imports(path, module_name(path), known)
    assert found == []


def layer_breaches(graph: dict[str, list[Import]], layer: str, forbidden: tuple[str, ...]):
    return [
        f"{name}:{i.line} imports {i.target}"
        for name, found in graph.items()
        if within(name, layer)
        for i in found
        if any(within(i.target, f) for f in forbidden)
    ]


def test_the_cli_imports_nothing_from_storage(graph):
    assert layer_breaches(graph, "scorekeeper.cli", ("scorekeeper.storage",)) == []


def test_the_domain_is_pure(graph):
    forbidden = (
        "rich",
        "typer",
        "tinydb",
        "platformdirs",
        "scorekeeper.storage",
        "scorekeeper.presentation",
        "scorekeeper.cli",
        "scorekeeper.application",
    )
    assert layer_breaches(graph, "scorekeeper.domain", forbidden) == []


def test_the_application_sees_the_store_interface_and_the_caches_it_feeds(graph):
    seen = (
        "scorekeeper.storage.store",
        "scorekeeper.storage.index",
        "scorekeeper.storage.statistics",
    )
    breaches = layer_breaches(graph, "scorekeeper.application", ("scorekeeper.storage",))
    assert [
        b for b in breaches if not b.endswith(seen) and not b.endswith(" scorekeeper.storage")
    ] == []
    assert layer_breaches(graph, "scorekeeper.application", ("scorekeeper.cli",)) == []


@pytest.mark.parametrize("layer", ["scorekeeper.storage", "scorekeeper.presentation"])
def test_storage_and_presentation_never_reach_into_the_cli(graph, layer):
    assert layer_breaches(graph, layer, ("scorekeeper.cli",)) == []
