"""Configuration (``bot.config``): where the database file goes.  Shard
settings are tested in test_shards.py, start-up errors in e2e/test_startup.py."""

from __future__ import annotations

from pathlib import Path

from bot.config import Config
from bot.storage import (
    Repository,
)


def test_default_path(tmp_path: Path) -> None:
    assert Config.from_env({}, cwd=tmp_path).db_path == tmp_path / "gin.db"
    env = {"GIN_DB_PATH": str(tmp_path / "x" / "games.sqlite")}
    assert Config.from_env(env, cwd=tmp_path).db_path == tmp_path / "x" / "games.sqlite"


async def test_configured_path_is_used(tmp_path: Path) -> None:
    config = Config.from_env({"GIN_DB_PATH": str(tmp_path / "env.db")})
    repo = await Repository.open(config.db_path, synchronous=config.db_sync)
    await repo.close()
    assert (tmp_path / "env.db").exists()
