"""The bot's configuration, read once from the environment (and ``.env``)
into a frozen :class:`Config` that is passed down — no module below reads
the environment itself, so tests and tools can build one directly.

Problems are :class:`ConfigError` with a one-line, actionable message;
``python -m bot`` prints it and exits with status 2.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from bot.shards import ShardRange

DEFAULT_DB_FILE: Final = "gin.db"
DB_SYNC_MODES: Final = ("NORMAL", "FULL", "EXTRA")
EVENT_LOOPS: Final = ("asyncio", "uvloop")


class ConfigError(ValueError):
    """A setting is missing or malformed; the message says which and how to fix it."""


@dataclass(frozen=True, slots=True)
class Config:
    """Everything the bot reads from its environment."""

    token: str = ""
    dev_guild_id: int | None = None
    db_path: Path = Path(DEFAULT_DB_FILE)
    db_sync: str = "NORMAL"
    ai_delay: float = 1.5
    #: Processes that draw images (None: one per core; 0: threads of the bot process).
    render_workers: int | None = None
    #: "asyncio" (default) or "uvloop" (if installed: ``pip install uvloop``).
    event_loop: str = "asyncio"
    #: ``postgresql://…`` to keep the games in PostgreSQL instead of ``db_path``.
    database_url: str | None = None
    #: The shards this process connects and runs (``None``: one process, no sharding).
    shards: ShardRange | None = None

    @property
    def database(self) -> str | Path:
        """Where the games live: the PostgreSQL URL if one is set, else the file."""
        return self.database_url if self.database_url else self.db_path

    @property
    def database_name(self) -> str:
        """:attr:`database` for messages: a URL without its password."""
        if not self.database_url:
            return str(self.db_path)
        return re.sub(r"//([^:/@]*):[^@]*@", r"//\1:***@", self.database_url)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, *, cwd: Path | None = None) -> Config:
        """Read ``DISCORD_TOKEN``, ``DEV_GUILD_ID``, ``GIN_DB_PATH`` (default
        ``./gin.db``), ``GIN_DB_SYNC``, ``GIN_AI_DELAY``, ``GIN_RENDER_WORKERS``
        ``GIN_EVENT_LOOP``, ``GIN_DATABASE_URL``, ``GIN_SHARDS`` and
        ``GIN_SHARD_COUNT``."""
        env = os.environ if env is None else env
        base = Path.cwd() if cwd is None else cwd
        guild_text = env.get("DEV_GUILD_ID", "").strip()
        if guild_text and not guild_text.isdigit():
            raise ConfigError(f"DEV_GUILD_ID must be a server id (digits), not {guild_text!r}.")
        delay_text = env.get("GIN_AI_DELAY", "").strip() or "1.5"
        try:
            ai_delay = float(delay_text)
        except ValueError as exc:
            raise ConfigError("GIN_AI_DELAY must be a number of seconds.") from exc
        if not 0 <= ai_delay <= 60:
            raise ConfigError("GIN_AI_DELAY must be between 0 and 60 seconds.")
        sync = (env.get("GIN_DB_SYNC", "").strip() or "NORMAL").upper()
        if sync not in DB_SYNC_MODES:
            raise ConfigError(f"GIN_DB_SYNC must be one of {', '.join(DB_SYNC_MODES)}.")
        workers_text = env.get("GIN_RENDER_WORKERS", "").strip()
        if workers_text and not (workers_text.isdigit() and int(workers_text) <= 64):
            raise ConfigError("GIN_RENDER_WORKERS must be a whole number from 0 to 64.")
        loop = (env.get("GIN_EVENT_LOOP", "").strip() or "asyncio").lower()
        if loop not in EVENT_LOOPS:
            raise ConfigError(f"GIN_EVENT_LOOP must be one of {', '.join(EVENT_LOOPS)}.")
        path_text = env.get("GIN_DB_PATH", "").strip()
        url = env.get("GIN_DATABASE_URL", "").strip() or None
        if url is not None and not url.startswith(("postgresql://", "postgres://")):
            raise ConfigError(
                "GIN_DATABASE_URL must be a PostgreSQL URL (postgresql://user:password@host/db); "
                "leave it unset to use the SQLite file GIN_DB_PATH."
            )
        shards = _shards(env)
        return cls(
            token=env.get("DISCORD_TOKEN", "").strip(),
            dev_guild_id=int(guild_text) if guild_text else None,
            db_path=Path(path_text) if path_text else base / DEFAULT_DB_FILE,
            db_sync=sync,
            ai_delay=ai_delay,
            render_workers=int(workers_text) if workers_text else None,
            event_loop=loop,
            database_url=url,
            shards=shards,
        )


def _shards(env: Mapping[str, str]) -> ShardRange | None:
    """``GIN_SHARDS=0-3`` with ``GIN_SHARD_COUNT=8``: this process runs shards
    0 to 3 of 8.  Both or neither."""
    text = env.get("GIN_SHARDS", "").strip()
    count_text = env.get("GIN_SHARD_COUNT", "").strip()
    if not text and not count_text:
        return None
    if not (text and count_text):
        raise ConfigError(
            "set both GIN_SHARDS (e.g. 0-3) and GIN_SHARD_COUNT (e.g. 8), or neither."
        )
    if not count_text.isdigit() or not 1 <= int(count_text) <= 100_000:
        raise ConfigError("GIN_SHARD_COUNT must be a whole number of shards, at least 1.")
    try:
        return ShardRange.parse(text, int(count_text))
    except ValueError as err:
        raise ConfigError(f"GIN_SHARDS: {err}.") from err
