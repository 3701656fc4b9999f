"""Server settings: the rules and assistance new games use, the turn timeout
and turn pings."""

from __future__ import annotations

from dataclasses import fields, replace

from bot.engine import Ruleset, RulesetError
from bot.storage import SettingsRow, Tx

from .assist import ASSIST_SETTING, parse_assist
from .codec import dump_ruleset
from .convert import (
    settings_from_row,
)
from .core import ServiceContext
from .models import (
    ServerSettings,
    SettingsError,
)
from .pinging import PING_SETTING, parse_ping
from .places import TABLES_SETTING, parse_table_mode
from .timers import parse_timeout_minutes

TIMEOUT_SETTING = "turn_timeout"
_RULESET_SETTINGS = tuple(f.name for f in fields(Ruleset))
#: Every setting /ginadmin settings can change.
SERVER_SETTINGS = (
    *_RULESET_SETTINGS,
    TIMEOUT_SETTING,
    ASSIST_SETTING,
    PING_SETTING,
    TABLES_SETTING,
)
_ALL_SETTINGS = frozenset(SERVER_SETTINGS)


class SettingsDesk:
    """Read and change a server's settings."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    async def get_settings(self, guild_id: int) -> ServerSettings:
        row = await self._ctx.repo.read(lambda tx: tx.get_settings(guild_id))
        return settings_from_row(guild_id, row)

    async def update_setting(self, guild_id: int, name: str, value: str) -> ServerSettings:
        """Change one setting: a :class:`Ruleset` field or ``assist`` (for games
        that start from now on), ``turn_timeout`` in minutes (for the next turn
        of every game on the server), ``ping`` (from the next turn) or
        ``tables`` (for games that start from now on)."""
        key = name.strip().lower().replace("-", "_").replace(" ", "_")
        if key == "turn_timeout_minutes":
            key = TIMEOUT_SETTING
        if key not in _ALL_SETTINGS:
            valid = ", ".join(sorted(_ALL_SETTINGS))
            raise SettingsError(f"Unknown setting “{name}”. Settings: {valid}.")

        async def txn(tx: Tx) -> ServerSettings:
            current = settings_from_row(guild_id, await tx.get_settings(guild_id))
            try:
                new = _changed(current, key, value)
            except (ValueError, RulesetError) as err:
                raise SettingsError(str(err)) from err
            await tx.put_settings(
                SettingsRow(
                    guild_id,
                    dump_ruleset(new.ruleset),
                    new.turn_timeout_minutes,
                    self._ctx.clock(),
                    assist=None if new.assist is None else new.assist.value,
                    ping_mode=new.ping_mode.value,
                    ping_idle_minutes=new.ping_idle_minutes,
                    tables=new.tables.value,
                )
            )
            return new

        return await self._ctx.repo.write(txn)


def _changed(current: ServerSettings, key: str, value: str) -> ServerSettings:
    """``current`` with one setting changed; ``ValueError`` / ``RulesetError``
    worded for the player."""
    if key == TIMEOUT_SETTING:
        return replace(current, turn_timeout_minutes=parse_timeout_minutes(value))
    if key == ASSIST_SETTING:
        return replace(current, assist=parse_assist(value))
    if key == TABLES_SETTING:
        return replace(current, tables=parse_table_mode(value))
    if key == PING_SETTING:
        mode, minutes = parse_ping(value)
        return replace(
            current, ping_mode=mode, ping_idle_minutes=minutes or current.ping_idle_minutes
        )
    return replace(current, ruleset=current.ruleset.with_setting(key, value))
