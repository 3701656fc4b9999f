"""The layer rules: only the Discord shell (``bot/discord_ui``, ``cogs``, the
entry point) imports discord; only views cross the service boundary; only
storage holds SQL; the engine uses the standard library alone."""

from __future__ import annotations

import ast
import collections.abc
import dataclasses
import enum
import inspect
import re
import subprocess
import sys
import time
import types
import typing
from pathlib import Path
from typing import Any, cast

from bot.engine import Bracket, Game
from bot.service import GinService
from bot.service.core import MoveObserver
from bot.service.snapshots import GameSnapshot

ROOT = Path(__file__).resolve().parents[2]
PURE = [
    "bot.engine",
    "bot.render",
    "bot.storage",
    "bot.service",
    "bot.ai",
    "bot.config",
    "bot.i18n",
]


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
INTERNAL_NAMES = {"Game", "GameSnapshot", "MoveResult", "snapshots"}
INTERNAL_ATTRS = {"game", "get_game", "run_move", "act", "repo", "context", "move_path"}


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


def ruff_on_probe(folder: str, source: str) -> subprocess.CompletedProcess[str]:
    """``ruff check`` of a module holding ``source`` as if it were in ``folder``
    (read from standard input: no file is written where the tests that read
    the source tree, in parallel, would find it half there)."""
    probe = ROOT / folder / "_layer_probe.py"
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--output-format",
            "concise",
            "--stdin-filename",
            str(probe),
            "-",
        ],
        input=source,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


def test_ruff_bans_discord_outside_the_shell() -> None:
    """The same rule by lint: a discord import in the engine is an error."""
    proc = ruff_on_probe("bot/engine", "import discord\n\nprint(discord)\n")
    assert "TID251" in proc.stdout, proc.stdout + proc.stderr


def test_ruff_bans_service_submodules_in_the_shell() -> None:
    """The shell imports ``bot.service``'s public names only (its own ruff
    config): a submodule would hand it live games and internal records."""
    for folder in ("bot/discord_ui", "cogs"):
        proc = ruff_on_probe(
            folder, "from bot.service.models import GameSnapshot\n\nprint(GameSnapshot)\n"
        )
        assert "TID251" in proc.stdout and "bot.service.models" in proc.stdout, proc.stdout


# --- what the service returns: frozen views and enums, all the way down ---------------

#: Plain values that are immutable (``Card`` is an ``int``).
SCALARS = (int, float, str, bool, bytes, type(None))
CONTAINERS = {tuple, frozenset, list, dict, collections.abc.Sequence, collections.abc.Mapping}


def live_objects(tp: Any, where: str, seen: set[Any] | None = None) -> list[str]:
    """Every type reachable from ``tp`` (through unions, containers and the
    fields of dataclasses) that is not a frozen view, an enum or a plain
    value — an engine ``Game``, a ``Bracket``, a ``TeamGame``…"""
    seen = set() if seen is None else seen
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType) or origin in CONTAINERS:
        out = []
        for arg in typing.get_args(tp):
            if arg is not Ellipsis:
                out += live_objects(arg, where, seen)
        return out
    if origin is typing.Literal:
        return []
    if not isinstance(tp, type):
        return [f"{where}: {tp!r} is not a plain type"]
    if tp in seen or issubclass(tp, (enum.Enum, *SCALARS)):
        return []
    seen.add(tp)
    name = f"{tp.__module__}.{tp.__qualname__}"
    if not dataclasses.is_dataclass(tp):
        return [f"{where}: {name} is a live object, not a frozen view"]
    if not tp.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return [f"{where}: {name} is a mutable dataclass"]
    out = []
    for field, hint in typing.get_type_hints(tp).items():
        out += live_objects(hint, f"{where} → {tp.__qualname__}.{field}", seen)
    return out


#: The move-observer hook runs inside a move's transaction (it takes one), so it
#: is no call the bot could make: it alone hands on the internal result.
HOOKS = {name for name in vars(MoveObserver) if not name.startswith("_")}


def returned_live_objects(part: object) -> list[str]:
    """:func:`live_objects` of the return type of every public method of ``part``."""
    out = []
    for name, method in inspect.getmembers(type(part), inspect.isfunction):
        if name.startswith("_") or name in HOOKS:
            continue
        returns = typing.get_type_hints(method).get("return", type(None))
        out += live_objects(returns, f"{type(part).__name__}.{name}()")
    return out


def service_parts() -> dict[str, object]:
    # No database is opened: the parts are only looked at.
    service = GinService(cast(Any, None), time.time)
    return {
        name: part
        for name, part in vars(service).items()
        if type(part).__module__.startswith("bot.service.") and type(part).__name__.endswith("Desk")
    }


def test_the_service_is_composed_not_inherited() -> None:
    assert GinService.__mro__ == (GinService, object)
    assert set(service_parts()) == {
        "settings",
        "challenges",
        "moves",
        "clocks",
        "standings",
        "coach",
        "partnerships",
        "tournaments",
        "history",
        "replays",
        "profiles",
        "adaptive",
        "seasons",
        "achievements",
        "puzzles",
    }


def test_the_service_returns_only_frozen_views() -> None:
    problems = [p for part in service_parts().values() for p in returned_live_objects(part)]
    assert problems == []


@dataclasses.dataclass(frozen=True)
class _PlantedView:
    title: str
    bracket: Bracket | None = None


class _PlantedDesk:
    async def summary(self) -> _PlantedView:
        raise NotImplementedError

    async def tables(self) -> tuple[GameSnapshot, ...]:
        raise NotImplementedError

    async def fine(self) -> list[int] | None:
        raise NotImplementedError


def test_the_walk_finds_a_planted_engine_object() -> None:
    """The check above would catch a live object slipped into a view."""
    problems = returned_live_objects(_PlantedDesk())
    assert len(problems) == 2, problems
    bracket, game = sorted(problems)
    assert "_PlantedDesk.summary() → _PlantedView.bracket" in bracket
    assert "bot.engine.tournament.Bracket is a live object" in bracket
    assert "_PlantedDesk.tables() → GameSnapshot.game" in game
    assert f"{Game.__module__}.Game is a live object" in game
