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
from .languages import LANGUAGE_SETTING, parse_language, stored_language
from .models import (
    ServerSettings,
    SettingsError,
)
from .pinging import PING_SETTING, parse_ping
from .places import TABLES_SETTING, parse_table_mode
from .season_calendar import (
    ANNOUNCE_SETTING,
    ROLE_SETTING,
    SEASON_SETTING,
    SeasonLength,
    parse_discord_id,
    parse_season_length,
    season_at,
)
from .season_rebuild import SeasonDraft, draft_season, store_season
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
    SEASON_SETTING,
    ANNOUNCE_SETTING,
    ROLE_SETTING,
    LANGUAGE_SETTING,
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
            raise SettingsError("err.settings.unknown", name=name)
        # Seasons on, or another length: the season in progress is added up
        # from the stored results first, outside the write (season_rebuild.py).
        draft = await self._season_draft(guild_id, key, value)

        async def txn(tx: Tx) -> ServerSettings:
            stored = await tx.get_settings(guild_id)
            current = settings_from_row(guild_id, stored)
            try:
                new = _changed(current, key, value)
            except RulesetError as err:  # the parsers' own refusals are SettingsErrors
                raise SettingsError.of(err) from err
            # When the season length last changed: seasons that ended before are none.
            since = None if stored is None else stored.season_since
            if new.season != current.season:
                since = self._ctx.clock()
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
                    season=new.season.value,
                    season_since=since,
                    announce_channel_id=new.announce_channel_id,
                    champion_role_id=new.champion_role_id,
                    language=stored_language(new.language),
                )
            )
            if new.season != current.season and new.season is not SeasonLength.OFF:
                season = season_at(new.season, self._ctx.clock())
                counted = draft
                if counted is None or counted.season != season:
                    counted = await draft_season(tx, guild_id, season)
                await store_season(tx, counted)
            return new

        return await self._ctx.repo.write(txn)

    async def _season_draft(self, guild_id: int, key: str, value: str) -> SeasonDraft | None:
        if key != SEASON_SETTING:
            return None
        length = parse_season_length(value)
        if length is SeasonLength.OFF:
            return None
        season = season_at(length, self._ctx.clock())
        return await self._ctx.repo.read(lambda tx: draft_season(tx, guild_id, season))


def _changed(current: ServerSettings, key: str, value: str) -> ServerSettings:
    """``current`` with one setting changed; ``SettingsError`` / ``RulesetError``
    if the value can't be taken."""
    if key == TIMEOUT_SETTING:
        return replace(current, turn_timeout_minutes=parse_timeout_minutes(value))
    if key == ASSIST_SETTING:
        return replace(current, assist=parse_assist(value))
    if key == TABLES_SETTING:
        return replace(current, tables=parse_table_mode(value))
    if key == SEASON_SETTING:
        return replace(current, season=parse_season_length(value))
    if key == ANNOUNCE_SETTING:
        return replace(current, announce_channel_id=parse_discord_id(ANNOUNCE_SETTING, value, "<#"))
    if key == ROLE_SETTING:
        return replace(current, champion_role_id=parse_discord_id(ROLE_SETTING, value, "<@&"))
    if key == LANGUAGE_SETTING:
        return replace(current, language=parse_language(value))
    if key == PING_SETTING:
        mode, minutes = parse_ping(value)
        return replace(
            current, ping_mode=mode, ping_idle_minutes=minutes or current.ping_idle_minutes
        )
    return replace(current, ruleset=current.ruleset.with_setting(key, value))
