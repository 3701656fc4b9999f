"""Shared test helpers: rigged deals for the engine tests."""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.engine import Event, EventKind, Game, Ruleset, parse_cards
from bot.engine.cards import CARDS, mask_of


def rig(
    hand0: str,
    hand1: str,
    upcard: str,
    *,
    stock_top: str = "",
    ruleset: Ruleset | None = None,
    dealer: int = 1,
    names: tuple[str, str] = ("Ana", "Bo"),
) -> Game:
    """A game whose current hand is dealt as given (seat 0 is non-dealer by
    default, so seat 0 acts first). ``stock_top`` lists the next stock cards,
    first drawn first; the rest of the stock is the remaining cards."""
    g = Game.new(names, ruleset or Ruleset(), seed=7, first_dealer=dealer)
    h0 = parse_cards(hand0.split())
    h1 = parse_cards(hand1.split())
    up = parse_cards([upcard])[0]
    top = parse_cards(stock_top.split())
    used = set(h0) | set(h1) | {up} | set(top)
    assert len(used) == len(h0) + len(h1) + 1 + len(top), "rigged cards overlap"
    rest = [c for c in CARDS if c not in used]
    g.hands = [mask_of(h0), mask_of(h1)]
    g.pile = [up]
    g.pile_history = [Event(EventKind.DEAL, g.dealer, up)]
    g.stock = rest + list(reversed(top))
    g.knock_limit = g.ruleset.knock_limit(up.rank)
    g.spade_double = (
        g.ruleset.variant == "oklahoma" and g.ruleset.oklahoma_spade_double and up.suit == 0
    )
    return g


# --- the suite on every core ---------------------------------------------------------------


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (pyproject's addopts): a worker per core, and one more.
    Half the suite's time is spent waiting, not computing — for the fake
    Discord's quiet window after each interaction, for a bot process — so a
    worker more than there are cores fills those waits (2 cores: 3 workers)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) + 1


# --- both database backends --------------------------------------------------------------


@pytest.fixture(scope="session")
def pg_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real PostgreSQL server for this test session (the ``pgserver`` wheel
    ships its binaries: no setup, no network).  Yields the URL of its
    ``postgres`` database."""
    # pgserver keeps its lock files under the runtime directory; CI sets none.
    os.environ.setdefault("XDG_RUNTIME_DIR", str(tmp_path_factory.mktemp("run")))
    import pgserver

    server = pgserver.get_server(tmp_path_factory.mktemp("pg"), cleanup_mode="stop")
    try:
        yield str(server.get_uri())
    finally:
        server.cleanup()


def fresh_pg_database(server_url: str) -> str:
    """A new, empty database on the test server; its URL."""
    import asyncpg

    name = f"gin_{uuid.uuid4().hex[:12]}"

    async def create() -> None:
        conn = await asyncpg.connect(server_url)
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()

    asyncio.run(create())
    return server_url.replace("/postgres?", f"/{name}?", 1)


@pytest.fixture
def pg_url(pg_server: str) -> str:
    """A fresh, empty PostgreSQL database for one test."""
    return fresh_pg_database(pg_server)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_target(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """Where a test's database lives: a SQLite file, or a fresh database on
    the session's PostgreSQL server (each storage/service test runs on both)."""
    if request.param == "sqlite":
        return tmp_path / "gin.db"
    return fresh_pg_database(request.getfixturevalue("pg_server"))
