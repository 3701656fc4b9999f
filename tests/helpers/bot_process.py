"""Run the real bot as its own OS process against the test fake Discord.

    python -m tests.helpers.bot_process API_BASE GATEWAY_URL

Configuration comes from the environment exactly as in production
(``GIN_DATABASE_URL``, ``GIN_SHARDS``, ``GIN_SHARD_COUNT``, …); only the two
Discord addresses are repointed at the fake.  Tests start several of these to
play on one database and ``kill -9`` them.
"""

from __future__ import annotations

import dataclasses
import sys

import discord
import discord.state
import yarl

from bot.__main__ import run_serving
from bot.config import Config


def _fast_ready() -> None:
    """discord.py waits ``guild_ready_timeout`` (2 s) after the last guild
    before READY; the fake sends every guild at once, so wait 50 ms."""
    init = discord.state.ConnectionState.__init__

    def patched(self: discord.state.ConnectionState, *args: object, **kwargs: object) -> None:
        init(self, *args, **kwargs)  # type: ignore[arg-type]
        self.guild_ready_timeout = 0.05

    discord.state.ConnectionState.__init__ = patched  # type: ignore[method-assign]


def main() -> None:
    discord.http.Route.BASE = sys.argv[1]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(sys.argv[2])
    _fast_ready()
    config = dataclasses.replace(Config.from_env(), token="fake-token", ai_delay=0.0)
    run_serving(config)


if __name__ == "__main__":
    main()
