"""The command line: ``gin-bot [--log-level LEVEL] [run|check|backup PATH|health]``.

``run`` (the default) is started by :mod:`bot.__main__`, which owns the
Discord side; this module parses the arguments and runs the commands that
need no Discord connection:

* ``check`` validates the configuration, opens (and so migrates) the
  database, prints what it holds and the invite link;
* ``backup PATH`` copies a running SQLite database consistently;
* ``health`` answers a container's HEALTHCHECK from the heartbeat file.

``--help`` and ``--version`` start nothing.  Every problem is one line on
stderr (``gin-bot: …``) and a non-zero exit status, never a traceback:
2 for a configuration that can't be used, 1 for anything else.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final, NoReturn

from bot.config import LOG_LEVELS, Config
from bot.version import bot_version

if TYPE_CHECKING:
    from bot.storage.inspect import DatabaseSummary

PROG: Final = "gin-bot"
COMMANDS: Final = ("run", "check", "backup", "health")


class CommandError(Exception):
    """A command cannot do its job; the message is the one line to print."""


class _Parser(argparse.ArgumentParser):
    """argparse, with a usage mistake in one line like every other problem."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {PROG} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The parser: global options, then one sub-command (``run`` when none)."""
    level = _Parser(add_help=False)
    level.add_argument(
        "--log-level",
        type=str.upper,
        choices=LOG_LEVELS,
        metavar="LEVEL",
        default=argparse.SUPPRESS,
        help=f"how much to log: {', '.join(LOG_LEVELS)} (default: GIN_LOG_LEVEL, else INFO)",
    )
    parser = _Parser(
        prog=PROG,
        parents=[level],
        description="Gin Rummy for Discord. Settings come from the environment and from a "
        ".env file in the working directory (see .env.example).",
        epilog="Run '%(prog)s COMMAND --help' for a command's options.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {bot_version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser(
        "run", parents=[level], help="run the bot (the default)", description="Run the bot."
    )
    commands.add_parser(
        "check",
        parents=[level],
        help="check the configuration and the database; print the invite link",
        description="Validate the configuration, open and migrate the database, print what "
        "it holds and the link that invites the bot to a server. Contacts no one but the "
        "database.",
    )
    backup = commands.add_parser(
        "backup",
        parents=[level],
        help="copy the SQLite database consistently, even while the bot runs",
        description="Copy the SQLite database through SQLite's backup API: a consistent "
        "snapshot, safe while the bot runs. For PostgreSQL use pg_dump.",
    )
    backup.add_argument(
        "path", type=Path, metavar="PATH", help="the new file, or a folder for a dated one"
    )
    commands.add_parser(
        "health",
        parents=[level],
        help="exit 0 if the running bot's heartbeat (GIN_HEALTH_FILE) is fresh",
        description="For container health checks: succeed while the running bot keeps "
        "touching GIN_HEALTH_FILE (it does while connected to Discord).",
    )
    return parser


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The parsed arguments; ``--help``, ``--version`` and mistakes exit here."""
    args = build_parser().parse_args(list(argv))
    if args.command is None:
        args.command = "run"
    if not hasattr(args, "log_level"):
        args.log_level = None
    return args


def run_command(args: argparse.Namespace, config: Config) -> int:
    """Run ``check``, ``backup`` or ``health``; the exit status."""
    try:
        if args.command == "check":
            return check(config)
        if args.command == "backup":
            return backup(config, args.path)
        if args.command == "health":
            return health(config)
    except CommandError as err:
        print(f"{PROG}: {err}", file=sys.stderr)
        return 1
    raise AssertionError(f"not a command of this module: {args.command}")


# --- check ---------------------------------------------------------------------------------


def database_problem(config: Config, err: BaseException) -> str | None:
    """The one line saying why the database can't be used, or ``None`` if
    ``err`` is not a database problem (then it is a bug: let it show)."""
    import asyncpg

    from bot.storage import DatabaseUnavailableError, StorageError

    where = config.database_name
    if config.database_url:
        fix = "check that the PostgreSQL server is running and GIN_DATABASE_URL is right."
    else:
        fix = "set GIN_DB_PATH to a file in a folder the bot may write to."
    if isinstance(err, DatabaseUnavailableError):
        return f"cannot open the database {where} ({err.detail}); {fix}"
    if isinstance(err, StorageError):
        return f"cannot use the database {where}: {err}"
    driver = (OSError, sqlite3.Error, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError)
    if isinstance(err, driver):
        # ValueError: asyncpg's own check of the URL (config.py checks the usual mistakes).
        what = config.hide_password(f"{err.__class__.__name__}: {err}")
        return f"cannot open the database {where} ({what}); {fix}"
    return None


def check(config: Config) -> int:
    """``gin-bot check``: see the module doc."""
    from bot.discord_ui.permissions import invite_url

    print(f"{PROG} {bot_version()}: the configuration is valid")
    summary = asyncio.run(_summarize(config))
    kind = "PostgreSQL" if summary.backend == "postgresql" else "SQLite"
    print(
        f"database: {kind} {config.database_name}, schema version {summary.schema_version} "
        f"(this bot's: {summary.latest_version})"
    )
    print(
        f"it holds: {summary.games} games ({summary.active_games} in progress), "
        f"{summary.players} players, {summary.servers} servers, "
        f"{summary.tournaments} tournaments"
    )
    workers = "one per core" if config.render_workers is None else str(config.render_workers)
    shards = f"shards {config.shards}" if config.shards else "every shard in this process"
    print(f"render workers: {workers}; {shards}; log level {config.log_level}")
    print(f"invite link: {invite_url(config.application_id)}")
    if config.application_id is None:
        print(
            "  (replace <APP_ID> with your application's id: Developer Portal > "
            "General Information, or set GIN_APPLICATION_ID)"
        )
    if not config.token:
        raise CommandError(
            "DISCORD_TOKEN is not set: the bot cannot start without it (put it in .env)."
        )
    return 0


async def _summarize(config: Config) -> DatabaseSummary:
    from bot.storage import Repository
    from bot.storage.inspect import summarize

    try:
        repo = await Repository.open(
            config.database, synchronous=config.db_sync, checkpoint_interval=None
        )
    except Exception as err:
        problem = database_problem(config, err)
        if problem is None:
            raise
        raise CommandError(problem) from err
    try:
        return await summarize(repo)
    finally:
        await repo.close()


# --- backup and health -----------------------------------------------------------------------


def backup(config: Config, dest: Path) -> int:
    """``gin-bot backup PATH``: see :mod:`bot.storage.backup`."""
    from bot.storage import StorageError
    from bot.storage.backup import backup_sqlite

    if config.database_url:
        raise CommandError(
            "backup copies the SQLite file; for PostgreSQL use pg_dump "
            "(e.g. docker compose exec -T db pg_dump -U gin -d gin > gin.sql)."
        )
    try:
        result = backup_sqlite(config.db_path, dest)
    except StorageError as err:
        raise CommandError(str(err)) from err
    print(
        f"backed up {config.db_path} to {result.path}: {result.games} games, "
        f"schema version {result.schema_version}, {result.size} bytes, integrity ok"
    )
    return 0


def health(config: Config) -> int:
    """``gin-bot health``: 0 while the heartbeat is fresh."""
    from bot import health as heartbeat

    if config.health_file is None:
        raise CommandError("GIN_HEALTH_FILE is not set, so the bot writes no heartbeat.")
    age = heartbeat.age(config.health_file)
    if age is None:
        raise CommandError(f"no heartbeat at {config.health_file}: not connected (yet).")
    if age > heartbeat.STALE_AFTER:
        raise CommandError(f"the last heartbeat is {age:.0f} s old: the bot is not connected.")
    print(f"healthy: last heartbeat {age:.0f} s ago")
    return 0
