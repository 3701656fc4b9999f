"""No import circle in ``bot/`` or ``cogs/``.

A circle means no module in it can be read, tested or changed on its own:
the reader must hold the whole ring at once, and at run time one of its
modules always sees another half-initialised.  So every intra-project
import counts: absolute and relative ones, ``from . import x``, those inside
functions and those under ``if TYPE_CHECKING:`` (a typing-only circle is
still a circle to read).

The graph is built from the source with :mod:`ast` alone, so it sees the
imports a run would skip.  An import names its module: ``from a.b import c``
is an edge to ``a.b.c`` when that is a module, else to ``a.b`` (its
``__init__``); the parent packages Python initialises on the way are not
edges (``import a.b.c`` is an edge to ``a.b.c`` only).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bot", "cogs")

#: Circles being removed on another branch, allowed here until it merges.
KNOWN_CYCLES: list[set[str]] = []  # none: a new cycle is cut, not listed


def modules_under(root: Path, packages: tuple[str, ...]) -> dict[str, Path]:
    """Every module of ``packages`` (a package as its ``__init__``), by name."""
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> Iterator[str]:
    """The modules among ``modules`` that module ``name`` (at ``path``) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join([*base, source] if source else base)
            for alias in node.names:
                if f"{source}.{alias.name}" in modules:
                    yield f"{source}.{alias.name}"
                elif source in modules:
                    yield source


def import_graph(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> dict[str, set[str]]:
    """Each module to the modules of the project it imports."""
    modules = modules_under(root, packages)
    return {name: set(imports_of(name, path, modules)) - {name} for name, path in modules.items()}


def knots(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components with a circle (Tarjan's algorithm):
    every module of one can reach every other through imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(node: str) -> None:  # recursion as deep as the modules are many (a few hundred)
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = set(stack[stack.index(node) :])
            del stack[stack.index(node) :]
            if len(component) > 1:
                found.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found, key=min)


def shortest_cycle(graph: dict[str, set[str]], knot: set[str]) -> list[str]:
    """A shortest circle through the knot's first module, breadth first."""
    start = min(knot)
    came_from: dict[str, str] = {}
    frontier = [start]
    while start not in came_from:
        reached = []
        for node in frontier:
            for target in sorted(graph[node] & knot - came_from.keys()):
                came_from[target] = node
                reached.append(target)
        frontier = reached
    cycle = [start]
    while (previous := came_from[cycle[-1]]) != start:
        cycle.append(previous)
    return [start, *reversed(cycle[1:]), start]


def _tree(tmp_path: Path, files: dict[str, str]) -> dict[str, set[str]]:
    for name, source in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source)
    return import_graph(tmp_path, ("pkg",))


def test_every_kind_of_import_is_an_edge(tmp_path: Path) -> None:
    graph = _tree(
        tmp_path,
        {
            "pkg/__init__.py": "from .a import A\n",
            "pkg/a.py": "from . import b\nfrom .sub import c\nA = 1\n",
            "pkg/b.py": "import typing\nif typing.TYPE_CHECKING:\n    from .a import A\n",
            "pkg/sub/__init__.py": "",
            "pkg/sub/c.py": "import pkg.b\nfrom .. import A\nfrom ..sub import d\n",
            "pkg/sub/d.py": "def f():\n    from pkg.sub.c import x\n    import os\n",
        },
    )
    assert graph == {
        "pkg": {"pkg.a"},
        "pkg.a": {"pkg.b", "pkg.sub.c"},
        "pkg.b": {"pkg.a"},  # under TYPE_CHECKING
        "pkg.sub": set(),
        "pkg.sub.c": {"pkg.b", "pkg", "pkg.sub.d"},
        "pkg.sub.d": {"pkg.sub.c"},  # inside a function
    }


def test_knots_and_their_cycles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"e"}, "e": {"d"}, "f": {"a"}}
    assert knots(graph) == [{"a", "b", "c"}, {"d", "e"}]
    assert shortest_cycle(graph, {"a", "b", "c"}) == ["a", "b", "c", "a"]
    assert knots({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles() -> None:
    graph = import_graph()
    found = [knot for knot in knots(graph) if knot not in KNOWN_CYCLES]
    assert not found, "import cycles:\n" + "\n".join(
        f"{' -> '.join(shortest_cycle(graph, knot))}  (knot of {len(knot)}: {sorted(knot)})"
        for knot in found
    )
