"""``python -m bot`` (or ``gin-bot``): run the bot with settings from the
environment or a ``.env`` file.  Configuration problems print one clear line
and exit with status 2 — never a traceback."""

from __future__ import annotations

import asyncio
import importlib
import logging
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.config import Config, ConfigError

if TYPE_CHECKING:
    from bot.service import GinService


def fail(message: str) -> None:
    print(f"gin-bot: {message}", file=sys.stderr)
    sys.exit(2)


class StartupError(RuntimeError):
    """The bot cannot start; the message says why and what to do, in one line."""


async def open_service(config: Config) -> GinService:
    """The game database, or a :class:`StartupError` naming the file and the fix."""
    import sqlite3

    import asyncpg

    from bot.service import GinService
    from bot.storage import DatabaseUnavailableError, StorageError

    where = config.database_name
    if config.database_url:
        fix = "check that the PostgreSQL server is running and GIN_DATABASE_URL is right."
    else:
        fix = "set GIN_DB_PATH to a file in a folder the bot may write to."
    try:
        return await GinService.open(
            config.database, synchronous=config.db_sync, shards=config.shards
        )
    except DatabaseUnavailableError as err:
        raise StartupError(f"cannot open the database {where} ({err.detail}); {fix}") from err
    except StorageError as err:
        raise StartupError(f"cannot use the database {where}: {err}") from err
    except (
        OSError,
        sqlite3.Error,
        asyncpg.PostgresError,
        asyncpg.InterfaceError,
        ValueError,
    ) as err:
        # ValueError: asyncpg's own check of the URL (config.py checks the usual mistakes).
        what = config.hide_password(f"{err.__class__.__name__}: {err}")
        raise StartupError(f"cannot open the database {where} ({what}); {fix}") from err


async def serve(config: Config) -> None:
    """Open the service, hand it to the bot, run until closed."""
    import aiohttp

    from bot.discord_ui import GinBot
    from bot.render.pool import RenderPool

    service = await open_service(config)
    bot = GinBot(
        service,
        dev_guild_id=config.dev_guild_id,
        ai_delay=config.ai_delay,
        renderer=RenderPool(config.render_workers),
        shards=config.shards,
    )
    async with bot:  # closes the bot, and with it the service, however we leave
        try:
            await bot.start(config.token)
        except (TimeoutError, aiohttp.ClientConnectionError) as err:
            raise StartupError(
                f"cannot reach Discord ({err.__class__.__name__}: {err}); check the "
                "network connection, then start the bot again."
            ) from err


def loop_factory(event_loop: str) -> Callable[[], asyncio.AbstractEventLoop] | None:
    """The standard event loop, or uvloop when ``GIN_EVENT_LOOP=uvloop``
    (also the service benchmark's ``--loop``).

    uvloop is not a dependency: on this bot's load it measured no faster
    (see the README's benchmarks), but an operator may still choose it."""
    if event_loop != "uvloop":
        return None
    try:
        uvloop = importlib.import_module("uvloop")
    except ImportError:
        fail("GIN_EVENT_LOOP=uvloop, but uvloop is not installed (pip install uvloop).")
        raise
    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory


def run_serving(config: Config) -> None:
    """Run :func:`serve` on a fresh event loop until the bot closes."""
    with asyncio.Runner(loop_factory=loop_factory(config.event_loop)) as runner:
        runner.run(serve(config))


def _not_voice(record: logging.LogRecord) -> bool:
    return "voice will NOT be supported" not in record.getMessage()


def quiet_discord_logs() -> None:
    """discord.py's own INFO lines are connection chatter, and it warns that
    voice libraries are missing — a card game needs no voice.  Keep its
    warnings and errors, so a failed start ends in our one line."""
    discord_log = logging.getLogger("discord")
    discord_log.setLevel(logging.WARNING)
    logging.getLogger("discord.client").addFilter(_not_voice)


def main() -> None:
    from dotenv import load_dotenv

    load_dotenv()
    try:
        config = Config.from_env()
    except ConfigError as err:
        fail(str(err))
        return
    if not config.token:
        fail(
            "DISCORD_TOKEN is not set — copy .env.example to .env and put your "
            "bot token there (see README: Setting up the Discord application)."
        )

    import discord

    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    quiet_discord_logs()
    try:
        run_serving(config)
    except discord.LoginFailure:
        fail("Discord rejected the token; reset it in the Developer Portal, update .env.")
    except discord.PrivilegedIntentsRequired:
        fail("this bot needs no privileged intents; check the bot's settings.")
    except StartupError as err:
        fail(str(err))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
