"""``python -m bot`` (or ``gin-bot``): run the bot with settings from the
environment or a ``.env`` file.  Configuration problems print one clear line
and exit with status 2 — never a traceback."""

from __future__ import annotations

import asyncio
import importlib
import logging
import sys
from collections.abc import Callable

from bot.config import Config, ConfigError


def fail(message: str) -> None:
    print(f"gin-bot: {message}", file=sys.stderr)
    sys.exit(2)


async def serve(config: Config) -> None:
    """Open the service, hand it to the bot, run until closed."""
    from bot.discord_ui import GinBot
    from bot.render.pool import RenderPool
    from bot.service import GinService

    service = await GinService.open(config.db_path, synchronous=config.db_sync)
    bot = GinBot(
        service,
        dev_guild_id=config.dev_guild_id,
        ai_delay=config.ai_delay,
        renderer=RenderPool(config.render_workers),
    )
    async with bot:  # closes the bot, and with it the service, however we leave
        await bot.start(config.token)


def loop_factory(config: Config) -> Callable[[], asyncio.AbstractEventLoop] | None:
    """The standard event loop, or uvloop when ``GIN_EVENT_LOOP=uvloop``.

    uvloop is not a dependency: on this bot's load it measured no faster
    (see the README's benchmarks), but an operator may still choose it."""
    if config.event_loop != "uvloop":
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
    with asyncio.Runner(loop_factory=loop_factory(config)) as runner:
        runner.run(serve(config))


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
    try:
        run_serving(config)
    except discord.LoginFailure:
        fail("Discord rejected the token; reset it in the Developer Portal, update .env.")
    except discord.PrivilegedIntentsRequired:
        fail("this bot needs no privileged intents; check the bot's settings.")
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
