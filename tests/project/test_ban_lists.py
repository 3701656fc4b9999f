"""The shell's ruff ban lists name every service module it may not import.

bot/discord_ui/ruff.toml and cogs/ruff.toml each ban ``bot.service``'s
submodules (``flake8-tidy-imports.banned-api``): the Discord layer reaches
the service only through the package's public names, because the
submodules hold live games and internal records.  The lists are written out
by hand, so a new service module is open to the shell until someone adds
it — to both files.  This test derives the modules from the source tree.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "bot" / "service"
BAN_FILES = (ROOT / "bot" / "discord_ui" / "ruff.toml", ROOT / "cogs" / "ruff.toml")

#: What the shell may import from the service: the package itself, its
#: facade (``bot/service/__init__.py`` re-exports the views, enums, errors and
#: desks the shell needs).  Every other module under bot/service is internal.
ALLOWED = frozenset({"bot.service"})


def service_modules() -> set[str]:
    """Every importable module under bot/service (subpackages included)."""
    modules = set()
    for path in SERVICE.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules.add(".".join(parts))
    return modules


def must_ban() -> set[str]:
    return service_modules() - ALLOWED


def banned_service_modules(config: Path) -> set[str]:
    data = tomllib.loads(config.read_text(encoding="utf-8"))
    banned = data["lint"]["flake8-tidy-imports"]["banned-api"]
    return {name for name in banned if name == "bot.service" or name.startswith("bot.service.")}


def test_the_rule_sees_the_service() -> None:
    """The derivation finds the facade and the known internals (so an empty
    or wrong tree cannot pass the checks below vacuously)."""
    modules = service_modules()
    assert modules >= ALLOWED
    assert {"bot.service.games", "bot.service.models", "bot.service.views"} <= modules


def test_each_ban_list_covers_every_internal_service_module() -> None:
    expected = must_ban()
    for config in BAN_FILES:
        banned = banned_service_modules(config)
        where = f"{config.parent.name}/{config.name}"
        missing = sorted(expected - banned)
        assert not missing, f"{where} does not ban {missing}"
        stale = sorted(banned - expected)
        assert not stale, f"{where} bans what is allowed or gone: {stale}"


def test_the_two_ban_lists_agree() -> None:
    first, second = (banned_service_modules(c) for c in BAN_FILES)
    assert first == second, sorted(first ^ second)
