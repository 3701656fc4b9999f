"""``python -m bot`` (or ``gin-bot``): run the bot with settings from the
environment or a ``.env`` file.  Configuration problems print one clear line
and exit with status 2 — never a traceback."""

from __future__ import annotations

import logging
import os
import sys


def main() -> None:
    from dotenv import load_dotenv

    load_dotenv()
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        print(
            "gin-bot: DISCORD_TOKEN is not set — copy .env.example to .env and put your "
            "bot token there (see README: Setting up the Discord application).",
            file=sys.stderr,
        )
        sys.exit(2)
    guild_text = os.environ.get("DEV_GUILD_ID", "").strip()
    if guild_text and not guild_text.isdigit():
        print(
            f"gin-bot: DEV_GUILD_ID must be a server id (digits), not {guild_text!r}.",
            file=sys.stderr,
        )
        sys.exit(2)
    try:
        ai_delay = float(os.environ.get("GIN_AI_DELAY", "1.5"))
    except ValueError:
        print("gin-bot: GIN_AI_DELAY must be a number of seconds.", file=sys.stderr)
        sys.exit(2)

    import discord

    from bot.client import GinBot
    from bot.storage import default_db_path

    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    bot = GinBot(
        default_db_path(),
        dev_guild_id=int(guild_text) if guild_text else None,
        ai_delay=ai_delay,
    )
    try:
        bot.run(token, log_handler=None)
    except discord.LoginFailure:
        print(
            "gin-bot: Discord rejected the token; reset it in the Developer Portal, update .env.",
            file=sys.stderr,
        )
        sys.exit(2)
    except discord.PrivilegedIntentsRequired:
        print(
            "gin-bot: this bot needs no privileged intents; check the bot's settings.",
            file=sys.stderr,
        )
        sys.exit(2)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
