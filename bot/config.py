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
from urllib.parse import parse_qsl, unquote, urlsplit

from bot.shards import ShardRange

DEFAULT_DB_FILE: Final = "gin.db"
DB_SYNC_MODES: Final = ("NORMAL", "FULL", "EXTRA")
EVENT_LOOPS: Final = ("asyncio", "uvloop")
#: The values asyncpg accepts for the URL options it checks itself.
SSL_MODES: Final = ("disable", "allow", "prefer", "require", "verify-ca", "verify-full")
SESSION_ATTRS: Final = ("any", "primary", "standby", "prefer-standby", "read-write", "read-only")
LOG_LEVELS: Final = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
#: Requests a second a bot may make by default: under Discord's global limit of
#: 50, the rest left for requests discord.py retries on its own.
DEFAULT_REQUESTS_PER_SECOND: Final = 45


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
    #: How much the bot logs (``--log-level`` on the command line wins).
    log_level: str = "INFO"
    #: A file the running bot touches while connected (``gin-bot health`` reads it).
    health_file: Path | None = None
    #: The Discord application's id, for the invite link ``gin-bot check`` prints.
    application_id: int | None = None
    #: Requests a second this process may make, answers to interactions apart
    #: (Discord's global limit, shared by every process of the bot; ``None``:
    #: :data:`DEFAULT_REQUESTS_PER_SECOND`, shared out by shards; 0: no limit).
    requests_per_second: int | None = None

    @property
    def request_budget(self) -> int:
        """Requests a second for this process (0: none kept): the setting, or
        this process's share, by shards, of :data:`DEFAULT_REQUESTS_PER_SECOND`."""
        if self.requests_per_second is not None:
            return self.requests_per_second
        if self.shards is None:
            return DEFAULT_REQUESTS_PER_SECOND
        share = len(self.shards.ids) / self.shards.count
        return max(1, int(DEFAULT_REQUESTS_PER_SECOND * share))

    @property
    def database(self) -> str | Path:
        """Where the games live: the PostgreSQL URL if one is set, else the file."""
        return self.database_url if self.database_url else self.db_path

    @property
    def database_name(self) -> str:
        """:attr:`database` for messages: a URL without its password."""
        if not self.database_url:
            return str(self.db_path)
        return redact_url(self.database_url)

    def hide_password(self, text: str) -> str:
        """``text`` (a driver's message) with the database password starred out."""
        try:
            secret = urlsplit(self.database_url or "").password
        except ValueError:
            secret = None
        for form in {secret, unquote(secret)} if secret else ():
            text = text.replace(form, "***")
        return text

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, *, cwd: Path | None = None) -> Config:
        """Read ``DISCORD_TOKEN``, ``DEV_GUILD_ID``, ``GIN_DB_PATH`` (default
        ``./gin.db``), ``GIN_DB_SYNC``, ``GIN_AI_DELAY``, ``GIN_RENDER_WORKERS``
        ``GIN_EVENT_LOOP``, ``GIN_DATABASE_URL``, ``GIN_SHARDS``,
        ``GIN_SHARD_COUNT``, ``GIN_LOG_LEVEL``, ``GIN_HEALTH_FILE``,
        ``GIN_APPLICATION_ID`` and ``GIN_REQUESTS_PER_SECOND``."""
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
        if path_text and Path(path_text).is_dir():
            raise ConfigError(
                f"GIN_DB_PATH {path_text} is a folder; name the database file, "
                f"e.g. {Path(path_text) / DEFAULT_DB_FILE}."
            )
        url = env.get("GIN_DATABASE_URL", "").strip() or None
        if url is not None:
            check_postgres_url(url)
        shards = _shards(env)
        level = (env.get("GIN_LOG_LEVEL", "").strip() or "INFO").upper()
        if level not in LOG_LEVELS:
            raise ConfigError(f"GIN_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}.")
        health_text = env.get("GIN_HEALTH_FILE", "").strip()
        app_text = env.get("GIN_APPLICATION_ID", "").strip()
        if app_text and not app_text.isdigit():
            raise ConfigError(
                f"GIN_APPLICATION_ID must be the application's id (digits), not {app_text!r}."
            )
        rate_text = env.get("GIN_REQUESTS_PER_SECOND", "").strip()
        if rate_text and not (rate_text.isdigit() and int(rate_text) <= 10_000):
            raise ConfigError(
                "GIN_REQUESTS_PER_SECOND must be a whole number from 0 (no limit) to 10000."
            )
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
            log_level=level,
            health_file=Path(health_text) if health_text else None,
            application_id=int(app_text) if app_text else None,
            requests_per_second=int(rate_text) if rate_text else None,
        )


def redact_url(url: str) -> str:
    """``url`` with its password (``user:***@``, ``password=***``) hidden,
    however malformed the rest of it is."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        return url
    end = min((i for i in (rest.find("/"), rest.find("?")) if i >= 0), default=len(rest))
    netloc, tail = rest[:end], rest[end:]
    if "@" in netloc:
        userinfo, _, hosts = netloc.rpartition("@")
        user, colon, _ = userinfo.partition(":")
        netloc = f"{user}{':***' if colon else ''}@{hosts}"
    tail = re.sub(r"([?&]password=)[^&]*", r"\1***", tail)
    return f"{scheme}://{netloc}{tail}"


def check_postgres_url(url: str) -> None:
    """Refuse a ``GIN_DATABASE_URL`` that asyncpg could not use as given: the
    scheme, each ``host:port`` (a port is 1–65535), ``[…]`` around an IPv6
    address, and the options asyncpg checks itself (``sslmode``,
    ``target_session_attrs``).  The message never shows the password."""
    shown = redact_url(url)
    if not url.startswith(("postgresql://", "postgres://")):
        raise ConfigError(
            "GIN_DATABASE_URL must be a PostgreSQL URL (postgresql://user:password@host/db); "
            "leave it unset to use the SQLite file GIN_DB_PATH."
        )

    def bad(why: str) -> ConfigError:
        return ConfigError(
            f"GIN_DATABASE_URL {shown} is malformed: {why} "
            "(expected postgresql://user:password@host:port/database?option=value)."
        )

    try:
        parts = urlsplit(url)
        options = parse_qsl(parts.query, keep_blank_values=True, strict_parsing=bool(parts.query))
    except ValueError as err:
        raise bad(str(err)) from None
    hosts = parts.netloc.partition("@")[2] if "@" in parts.netloc else parts.netloc
    if "@" in hosts:  # asyncpg splits at the first "@", as the URL standard does
        raise bad('write an "@" in the user name or password as %40')
    for host in hosts.split(",") if hosts else []:
        name, port = host, ""
        if host.startswith("["):
            name, bracket, after = host[1:].partition("]")
            if not bracket or (after and not after.startswith(":")):
                raise bad(f"the host {host!r} needs [brackets] around an IPv6 address")
            port = after[1:]
        elif ":" in host:
            name, _, port = host.rpartition(":")
        if not name:
            raise bad(f"{host!r} has no host name")
        if ":" in host and not (port.isdigit() and 1 <= int(port) <= 65535):
            raise bad(f"the port {port!r} is not a number from 1 to 65535")
    for key, value in options:
        if key == "sslmode" and value not in SSL_MODES:
            raise bad(f"sslmode must be one of {', '.join(SSL_MODES)}")
        if key == "target_session_attrs" and value not in SESSION_ATTRS:
            raise bad(f"target_session_attrs must be one of {', '.join(SESSION_ATTRS)}")
        if key == "port" and not all(
            p.isdigit() and 1 <= int(p) <= 65535 for p in value.split(",")
        ):
            raise bad(f"the port {value!r} is not a number from 1 to 65535")


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
