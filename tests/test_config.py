"""Configuration (``bot.config``): where the database file goes, the
requests a second a process may make.  Shard
settings are tested in test_shards.py, start-up errors in e2e/test_startup.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import DEFAULT_REQUESTS_PER_SECOND, Config, ConfigError
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


def test_requests_a_second_default_shared_out_by_shards_or_set(tmp_path: Path) -> None:
    def budget(**env: str) -> int:
        return Config.from_env(env, cwd=tmp_path).request_budget

    assert budget() == DEFAULT_REQUESTS_PER_SECOND < 50  # under Discord's global limit
    # Shards 0-3 of 8: half of the bot's requests are this process's.
    assert budget(GIN_SHARDS="0-3", GIN_SHARD_COUNT="8") == DEFAULT_REQUESTS_PER_SECOND // 2
    assert budget(GIN_SHARDS="5", GIN_SHARD_COUNT="64") == 1  # never none at all
    assert budget(GIN_REQUESTS_PER_SECOND="120") == 120  # a bot Discord allows more
    assert budget(GIN_REQUESTS_PER_SECOND="0") == 0  # no budget kept
    for wrong in ("-1", "fast", "2.5", "10001"):
        with pytest.raises(ConfigError, match="GIN_REQUESTS_PER_SECOND"):
            budget(GIN_REQUESTS_PER_SECOND=wrong)
