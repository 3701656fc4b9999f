"""The layer rules: only the Discord shell (``bot/discord_ui``, ``cogs``, the
entry point) imports discord; only views cross the service boundary; only
storage holds SQL; the engine uses the standard library alone."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PURE = ["bot.engine", "bot.render", "bot.storage", "bot.service", "bot.ai", "bot.config"]


def test_pure_layers_do_not_load_discord() -> None:
    code = (
        "import sys, importlib, pkgutil\n"
        f"for name in {PURE!r}:\n"
        "    pkg = importlib.import_module(name)\n"
        "    for m in pkgutil.walk_packages(getattr(pkg, '__path__', []), name + '.'):\n"
        "        if not m.name.endswith('__main__'):\n"
        "            importlib.import_module(m.name)\n"
        "bad = sorted(m for m in sys.modules if m == 'discord' or m.startswith('discord.'))\n"
        "print(bad)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


def test_engine_uses_the_standard_library_only() -> None:
    allowed = set(sys.stdlib_module_names)
    for path in (ROOT / "bot" / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed | {"__future__"}, f"{path}: {name}"


SQL = re.compile(
    r"\b(SELECT\s+[\w*,\s]+\s+FROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|"
    r"CREATE\s+TABLE|PRAGMA\s+\w+)\b",
    re.IGNORECASE,
)


def test_no_sql_outside_storage() -> None:
    for path in list((ROOT / "bot").rglob("*.py")) + list((ROOT / "cogs").rglob("*.py")):
        if "storage" in path.parts:
            continue
        found = SQL.search(path.read_text())
        assert found is None, f"SQL ({found.group(0) if found else ''}) in {path}"


#: What the Discord layer must never touch: live games and the service's
#: internal records.  It gets TableView / TurnView / MoveReport instead.
INTERNAL_NAMES = {"Game", "GameSnapshot", "MoveResult"}
INTERNAL_ATTRS = {"game", "get_game", "run_move", "act", "repo"}


def test_discord_layer_sees_only_views() -> None:
    shell = list((ROOT / "bot" / "discord_ui").rglob("*.py")) + list((ROOT / "cogs").rglob("*.py"))
    assert shell
    for path in shell:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                bad = {a.name for a in node.names} & INTERNAL_NAMES
                assert not bad, f"{path}:{node.lineno} imports {bad}"
            elif isinstance(node, ast.Attribute):
                assert node.attr not in INTERNAL_ATTRS, f"{path}:{node.lineno} uses .{node.attr}"
            elif isinstance(node, ast.Name):
                assert node.id not in INTERNAL_NAMES, f"{path}:{node.lineno} uses {node.id}"


def test_ruff_bans_discord_outside_the_shell(tmp_path: Path) -> None:
    """The same rule by lint: a discord import in the engine is an error."""
    probe = ROOT / "bot" / "engine" / "_layer_probe.py"
    probe.write_text("import discord\n\nprint(discord)\n")
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "ruff", "check", "--output-format", "concise", str(probe)],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
    finally:
        probe.unlink()
    assert "TID251" in proc.stdout, proc.stdout + proc.stderr


def _imports_within(package: str) -> dict[str, set[str]]:
    """Which modules of ``package`` each of its modules imports, lazy imports
    inside functions included (a cycle hidden in a function is still one).
    A module importing its own package (``from . import errors``) is not an
    edge: the package is already loading by then."""
    base = ROOT.joinpath(*package.split("."))
    names: dict[str, Path] = {}
    for path in base.rglob("*.py"):
        parts = [*path.relative_to(ROOT).with_suffix("").parts]
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                parent = here.split(".")[: len(here.split(".")) - node.level + 1]
                module = ".".join([*parent, node.module] if node.module else parent)
                module = module if node.level else node.module or ""
                found |= {module} | {f"{module}.{a.name}" for a in node.names}
        graph[name] = {m for m in found if m in names and not name.startswith(f"{m}.")} - {name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` (as a path that returns to its start), or None."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str] | None:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        for nxt in sorted(graph[node]):
            found = visit(nxt, [*path, node])
            if found:
                return found
        done.add(node)
        return None

    for start in sorted(graph):
        found = visit(start, [])
        if found:
            return found
    return None


def test_the_lower_layers_have_no_import_cycles() -> None:
    """Each module of the engine, renderer, storage and computer player
    depends one way (``serialize`` knows ``Game``; the game does not know
    how it is stored): a cycle is one job split across two modules."""
    for package in ("bot.engine", "bot.render", "bot.storage", "bot.ai"):
        graph = _imports_within(package)
        assert graph, package
        assert _cycle(graph) is None, " → ".join(_cycle(graph) or [])


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
