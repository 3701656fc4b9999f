"""``gin-bot`` (or ``python -m bot``): the command line of :mod:`bot.cli`,
and here the one command that speaks Discord, ``run``.

Settings come from the environment and from a ``.env`` file in the working
directory.  Configuration problems print one clear line and exit with
status 2 — never a traceback.

Stopping: SIGTERM (``docker stop``, ``systemctl stop``) and SIGINT (Ctrl-C)
both stop the bot cleanly — it stops taking interactions, lets those it
already received finish and answer, stops its timers, closes the render
workers and the database, and exits with status 0 (see
:meth:`bot.discord_ui.client.GinBot.close`).  Every game resumes at the next
start.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

from bot import cli
from bot.config import Config, ConfigError

if TYPE_CHECKING:
    from bot.discord_ui import GinBot
    from bot.service import GinService

log = logging.getLogger("bot")

#: A log line where no terminal shows discord.py's colours.
PLAIN_FORMAT = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"
#: The signals that stop the bot cleanly.
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


def fail(message: str) -> None:
    print(f"gin-bot: {message}", file=sys.stderr)
    sys.exit(2)


class StartupError(RuntimeError):
    """The bot cannot start; the message says why and what to do, in one line."""


async def open_service(config: Config) -> GinService:
    """The game database, or a :class:`StartupError` naming the file and the fix."""
    from bot.service import GinService

    try:
        return await GinService.open(
            config.database, synchronous=config.db_sync, shards=config.shards
        )
    except Exception as err:
        problem = cli.database_problem(config, err)
        if problem is None:
            raise
        raise StartupError(problem) from err


class Stopper:
    """What SIGTERM and SIGINT do while the bot runs: the first one closes
    the bot cleanly (or, before there is a bot, stops the start); the stop
    is bounded, so a second one is only noted."""

    def __init__(self) -> None:
        self.requested = False
        self.bot: GinBot | None = None
        self._closing: asyncio.Future[None] | None = None

    def __call__(self, sig: signal.Signals) -> None:
        if self.requested:
            log.info("%s: already stopping", sig.name)
            return
        self.requested = True
        log.info("%s: stopping (finishing the moves in progress)", sig.name)
        if self.bot is not None:
            self._closing = asyncio.ensure_future(self.bot.close())

    @contextlib.contextmanager
    def installed(self) -> Iterator[None]:
        """Handle the stop signals on the running loop while the block runs."""
        loop = asyncio.get_running_loop()
        installed = []
        for sig in STOP_SIGNALS:
            with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows
                loop.add_signal_handler(sig, self, sig)
                installed.append(sig)
        try:
            yield
        finally:
            for sig in installed:
                loop.remove_signal_handler(sig)


async def serve(config: Config) -> None:
    """Open the service, hand it to the bot, run until closed (by a signal,
    or by Discord), and close everything before returning."""
    stopper = Stopper()
    with stopper.installed():
        service = await open_service(config)
        if stopper.requested:  # stopped while the database was opening
            await service.close()
            return
        await _serve(config, service, stopper)
    log.info("stopped cleanly")


async def _serve(config: Config, service: GinService, stopper: Stopper) -> None:
    import aiohttp

    from bot import health
    from bot.discord_ui import GinBot
    from bot.discord_ui.bot_budget import WINDOW
    from bot.render.pool import RenderPool

    bot = GinBot(
        service,
        dev_guild_id=config.dev_guild_id,
        ai_delay=config.ai_delay,
        renderer=RenderPool(config.render_workers),
        global_limit=(config.request_budget, WINDOW) if config.request_budget else None,
        shards=config.shards,
    )
    stopper.bot = bot
    beat: asyncio.Task[None] | None = None
    if config.health_file is not None:
        health.forget(config.health_file)
        beat = asyncio.create_task(health.keep_fresh(config.health_file, bot.connected))
    try:
        async with bot:
            try:
                await bot.start(config.token)
            except (TimeoutError, aiohttp.ClientConnectionError) as err:
                raise StartupError(
                    f"cannot reach Discord ({err.__class__.__name__}: {err}); check the "
                    "network connection, then start the bot again."
                ) from err
    finally:
        if beat is not None:
            beat.cancel()
        # The whole stop (storage and render workers included), however we leave.
        await bot.close()


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


#: Seconds a thread may hold the interpreter while another waits for it
#: (Python's default: 0.005).  Every database statement is a round trip to
#: aiosqlite's thread and back, and while the event loop's thread is busy each
#: of those hand-overs waited up to the whole interval — twice a statement,
#: several statements a transaction, transactions one at a time.  With 200 busy
#: games a millisecond took the answers' p99 from 960 to 693 ms and the
#: boards' freshness p99 from 1.26 to 1.09 s at no cost in CPU a move (see
#: docs/benchmarks.md, "Busy servers").
SWITCH_INTERVAL: Final = 0.001


def run_serving(config: Config) -> None:
    """Run :func:`serve` on a fresh event loop until the bot closes."""
    sys.setswitchinterval(SWITCH_INTERVAL)
    with asyncio.Runner(loop_factory=loop_factory(config.event_loop)) as runner:
        runner.run(serve(config))


def _not_voice(record: logging.LogRecord) -> bool:
    return "voice will NOT be supported" not in record.getMessage()


def quiet_discord_logs(level: int = logging.INFO) -> None:
    """discord.py's own INFO lines are connection chatter, and it warns that
    voice libraries are missing — a card game needs no voice.  Keep its
    warnings and errors, so a failed start ends in our one line (and its
    INFO lines too when the bot logs at DEBUG)."""
    discord_log = logging.getLogger("discord")
    discord_log.setLevel(logging.INFO if level <= logging.DEBUG else logging.WARNING)
    logging.getLogger("discord.client").addFilter(_not_voice)


def setup_logging(level_name: str) -> None:
    """Log to stderr through discord.py's handler (colours on a terminal,
    plain lines for journald and ``docker logs``) at ``level_name``."""
    import discord.utils

    level = logging.getLevelName(level_name)
    if sys.stderr.isatty():
        discord.utils.setup_logging(level=level, root=True)
    else:  # no colour codes in journald or ``docker logs`` (discord.py colours in Docker)
        plain = logging.Formatter(PLAIN_FORMAT, "%Y-%m-%d %H:%M:%S")
        discord.utils.setup_logging(level=level, formatter=plain, root=True)
    quiet_discord_logs(level)


def setup_plain_logging(level_name: str) -> None:
    """The tools' logging (``check``, ``backup``, ``health``): plain lines on
    stderr, without importing discord.py for a health check every 30 s."""
    logging.basicConfig(
        level=logging.getLevelName(level_name), format="%(levelname)s %(name)s: %(message)s"
    )


def run(config: Config) -> None:
    """``gin-bot run``: the bot, until SIGTERM or SIGINT."""
    import discord

    if not config.token:
        fail(
            "DISCORD_TOKEN is not set — copy .env.example to .env and put your "
            "bot token there (see README: Setting up the Discord application)."
        )
    # The start-up line, with the version, is logged once connected (GinBot.on_ready):
    # a start that fails prints its one line and nothing else.
    try:
        run_serving(config)
    except discord.LoginFailure:
        fail("Discord rejected the token; reset it in the Developer Portal, update .env.")
    except discord.PrivilegedIntentsRequired:
        fail("this bot needs no privileged intents; check the bot's settings.")
    except StartupError as err:
        fail(str(err))
    except KeyboardInterrupt:  # Ctrl-C before the signal handlers are in place
        pass


def main(argv: Sequence[str] = ()) -> None:
    """Parse ``argv``, read the configuration, run the command.  ``main()``
    alone runs the bot, as it always did (tests and wrappers call it so,
    whatever their own ``sys.argv``); the console script and ``python -m bot``
    pass the command line through :func:`entry`."""
    args = cli.parse(argv)
    from dotenv import load_dotenv

    # The .env of the working directory (where an operator keeps it), never
    # one found beside the installed code.
    load_dotenv(Path.cwd() / ".env")
    try:
        config = Config.from_env()
    except ConfigError as err:
        fail(str(err))
        return
    level = args.log_level or config.log_level
    if args.command == "run":
        setup_logging(level)
        run(config)
        return
    setup_plain_logging(level)
    sys.exit(cli.run_command(args, config))


def entry() -> None:
    """The ``gin-bot`` console script: :func:`main` on the command line."""
    main(sys.argv[1:])


if __name__ == "__main__":
    entry()
