"""Everything that speaks Discord: the client, error handling, items,
view builders, hand replies, turns, challenges, boards.  The slash commands
themselves are the cogs in the top-level ``cogs`` package.  No other part
of the bot imports ``discord``."""

from .client import GinBot

__all__ = ["GinBot"]
