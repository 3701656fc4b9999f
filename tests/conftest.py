"""Suite-wide pytest hooks and fixtures: worker count, both database backends.

Plain helper functions live in :mod:`tests.helpers`."""

from __future__ import annotations

import asyncio
import os
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

# --- the suite on every core ---------------------------------------------------------------

# Bytecode caches (``__pycache__``, git-ignored), also where the environment
# says not to write them (``PYTHONDONTWRITEBYTECODE``): the suite starts dozens
# of Python processes — its workers, bot processes, render workers — and each
# would otherwise compile the bot and the tests from source again (~25 s of CPU
# a run on 2 cores).  Set here, before any test module is imported, and passed
# on to every child process through the environment.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (pyproject's addopts): a worker per core, and four more.
    A third of the suite's time is spent waiting, not computing — for the
    fake Discord's quiet window after each interaction, for a bot process, for
    a channel's write window — so workers beyond the cores fill those waits
    (measured on 2 cores: 3 workers 199–223 s, 4 workers 163–185 s, 6 workers
    156 s)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) + 4


# --- both database backends --------------------------------------------------------------


@pytest.fixture(scope="session")
def pg_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real PostgreSQL server for this test session (the ``pgserver`` wheel
    ships its binaries: no setup, no network).  Yields the URL of its
    ``postgres`` database."""
    # pgserver keeps its lock files under the runtime directory; CI sets none.
    os.environ.setdefault("XDG_RUNTIME_DIR", str(tmp_path_factory.mktemp("run")))
    import pgserver

    from tests.helpers.postgres import quiet_pgserver_exit

    server = pgserver.get_server(tmp_path_factory.mktemp("pg"), cleanup_mode="stop")
    try:
        yield str(server.get_uri())
    finally:
        server.cleanup()
        quiet_pgserver_exit()


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
