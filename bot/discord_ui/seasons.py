"""Seasons and achievements in Discord: ``/gin leaderboard``'s season, the
hall of fame, the end of a season (the podium in the announce channel, the
champion's role moved), the season settings' values, and the one-line
announcement of an achievement in the game's thread or channel.

The service decides everything (which season, who is champion, what was
earned, and that each is done once); this module only posts.  The end of a
season arrives from :class:`~bot.service.SeasonLoop`, which this controller
runs as a small task of its own from the moment the bot is ready until it
stops.  Giving the champion's role needs Manage Roles and the role below the
bot's highest role: whatever is missing is logged in one line and reported
in the announce channel, never a traceback.  Words: :mod:`.season_text`,
in the server's language for what is posted (the leaderboard, the hall of
fame, a podium, an achievement, a role problem reported), in the asker's
for a private answer (the season option's list, ``/ginadmin settings``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any, Protocol, cast

import discord
from discord import app_commands

from bot.engine.errors import Phrase
from bot.i18n import DEFAULT, Lang
from bot.service import (
    DatabaseUnavailableError,
    MoveReport,
    SeasonDesk,
    SeasonEnd,
    SeasonLoop,
    ServerSettings,
    ServiceError,
    SettingsError,
)

from . import season_text as words
from . import text
from .boards import Boards
from .language import user_lang
from .publisher import Posting
from .season_text import RoleProblem
from .settings_text import ValueChoice, current_mark

log = logging.getLogger(__name__)

#: The season settings whose values are this server's channels and roles.
CHANNEL_SETTING = "announce_channel"
ROLE_SETTING = "champion_role"
#: Discord's limits on an autocomplete list and a choice's name.
MAX_CHOICES = 25
MAX_CHOICE_TEXT = 100


class SeasonHandlers(Protocol):
    """What the season commands ask of the bot (``interaction.client``)."""

    @property
    def seasons(self) -> Seasons: ...


def seasons_of(interaction: discord.Interaction) -> Seasons:
    """The season controller behind ``interaction`` (its client, the bot)."""
    return cast(SeasonHandlers, interaction.client).seasons


def _fit(words_: str) -> str:
    return words_ if len(words_) <= MAX_CHOICE_TEXT else words_[: MAX_CHOICE_TEXT - 1] + "…"


class Seasons:
    """Answers the season commands and posts what a season's end did."""

    def __init__(
        self,
        client: discord.Client,
        desk: SeasonDesk,
        boards: Boards,
        *,
        clock: Callable[[], float],
        tick: float = 60.0,
    ) -> None:
        self.client = client
        self.desk = desk
        self.boards = boards
        self.loop = SeasonLoop(desk, on_end=self.on_season_end, clock=clock, tick=tick)
        self._task: asyncio.Task[None] | None = None

    # --- the periodic task ---------------------------------------------------------

    def start(self) -> None:
        """Run the season loop once the bot is ready (idempotent)."""
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="gin-seasons")

    async def _run(self) -> None:
        if isinstance(self.client, discord.Client):
            await self.client.wait_until_ready()
        await self.loop.run()

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    # --- /gin leaderboard ---------------------------------------------------------

    async def leaderboard(
        self,
        interaction: discord.Interaction,
        *,
        season: str | None,
        sort: str,
        page: int,
        min_games: int,
    ) -> None:
        """A season's table (by default the one in progress, when the server
        has seasons), or the all-time one."""
        guild = interaction.guild_id or 0
        board = await self.desk.leaderboard(
            guild, season=season, sort=sort, page=page, min_games=min_games
        )
        lang = await self.boards.languages.of(guild)  # a public answer: the server's language
        body = text.leaderboard_text(lang, board.page, {})
        head = words.board_head(lang, board)
        if board.season is not None and not board.page.rows and not board.page.min_games:
            body = words.empty_season(lang)
        if board.season is None and board.seasons_on:
            head = words.all_time_head(lang)
        content = body if head is None else f"{head}\n{body}"
        await interaction.response.send_message(
            content[: text.MAX_CONTENT], allowed_mentions=discord.AllowedMentions.none()
        )

    async def season_choices(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        """The season option's list: this season, all time, the latest closed ones."""
        try:
            found = await self.desk.seasons(interaction.guild_id or 0)
        except (ServiceError, DatabaseUnavailableError):
            return []
        lang = user_lang(interaction)  # a list shown to one person
        pairs: list[tuple[str, str]] = []
        if found.current is not None:
            pairs.append((words.current_choice(lang, found.current), "current"))
        pairs.append((words.all_time_choice(lang), "all"))
        pairs += [(words.past_choice(lang, s), s.key) for s in found.past]
        wanted = typed.strip().lower()
        return [
            app_commands.Choice(name=_fit(name), value=value)
            for name, value in pairs
            if not wanted or wanted in name.lower() or wanted in value
        ][:MAX_CHOICES]

    # --- /gin halloffame --------------------------------------------------------------

    async def hall_of_fame(self, interaction: discord.Interaction, page: int) -> None:
        guild = interaction.guild_id or 0
        hall = await self.desk.hall_of_fame(guild, page)
        lang = await self.boards.languages.of(guild)  # a public answer: the server's language
        await interaction.response.send_message(
            words.hall_of_fame_text(lang, hall), allowed_mentions=discord.AllowedMentions.none()
        )

    # --- a season's end ---------------------------------------------------------------

    async def on_season_end(self, end: SeasonEnd) -> None:
        """The podium in the announce channel (if one is set and anyone
        qualified), then the champion's role (if one is set), in the server's language."""
        lang = await self.boards.languages.of(end.guild_id)
        podium = words.podium_text(lang, end)
        channel = end.announce_channel_id
        if podium is not None and channel is not None:
            awards = words.season_awards_text(lang, end)
            content = podium if awards is None else f"{podium}\n{awards}"
            mention = () if end.champion_id is None else (end.champion_id,)
            await self._post(channel, content[: text.MAX_CONTENT], mention)
        if end.champion_role_id is None or end.champion_id is None:
            return
        problem = await self._move_role(end, lang)
        if problem is not None:
            log.warning(
                "season end in guild %s: could not give the champion role: %s",
                end.guild_id,
                words.role_problem(DEFAULT, problem),
            )
            if channel is not None:
                await self._post(channel, words.role_report(lang, problem, end.season), ())

    async def _post(self, channel_id: int, content: str, mention: tuple[int, ...]) -> None:
        try:
            await self.boards.notice(channel_id, content, mention=mention)
        except discord.HTTPException as exc:
            log.warning("could not post a season's end in channel %s: %s", channel_id, exc)

    async def _move_role(self, end: SeasonEnd, lang: Lang) -> RoleProblem | None:
        """Give the champion the role and take it from the previous champion
        (the audit log's reason: the season, in the server's language ``lang``);
        what stopped it (``None``: done)."""
        assert end.champion_role_id is not None and end.champion_id is not None
        guild = self.client.get_guild(end.guild_id)
        if guild is None:
            return RoleProblem.REFUSED
        role = guild.get_role(end.champion_role_id)
        problem = role_problem(guild, role)
        if problem is not None or role is None:
            return problem or RoleProblem.GONE
        reason = words.season_title(lang, end.season)
        try:
            previous = end.previous_champion_id
            if previous is not None and previous != end.champion_id:
                member = await _member(guild, previous)
                if member is not None:
                    await member.remove_roles(role, reason=reason)
            member = await _member(guild, end.champion_id)
            if member is not None:
                await member.add_roles(role, reason=reason)
        except discord.Forbidden:
            return RoleProblem.REFUSED
        except discord.HTTPException as exc:
            log.warning("champion role in guild %s: %s", end.guild_id, exc)
        return None


async def _member(guild: discord.Guild, user_id: int) -> discord.Member | None:
    """The member (fetched: no member cache is kept), or ``None`` if they left."""
    try:
        return await guild.fetch_member(user_id)
    except discord.NotFound:
        return None


def role_problem(guild: discord.Guild, role: discord.Role | None) -> RoleProblem | None:
    """Why the bot can't give ``role`` in ``guild`` now (``None``: it can)."""
    if role is None:
        return RoleProblem.GONE
    me = guild.me
    if me is None or not me.guild_permissions.manage_roles:
        return RoleProblem.NEEDS_MANAGE_ROLES
    if role >= me.top_role:
        return RoleProblem.TOO_HIGH
    if role.is_default() or role.managed:
        return RoleProblem.REFUSED
    return None


# --- the settings ----------------------------------------------------------------------


def checked_value(guild: discord.Guild | None, key: str, value: str) -> str:
    """A channel or role setting's value, checked against the server: the
    channel must be one of its text channels, the role one of its roles
    that can be given.  Other settings pass through (the service checks them)."""
    if key not in (CHANNEL_SETTING, ROLE_SETTING) or guild is None:
        return value
    word = value.strip().lower()
    if word in ("off", "none", "default", ""):
        return value
    # Refused as the service refuses a value that is no id: "pick it from the list".
    refusal = SettingsError("err.settings.pick_or_off", setting=Phrase(f"err.setting.{key}"))
    digits = word.strip("<#@&>")
    if not (digits.isascii() and digits.isdigit() and 0 < len(digits) <= 19):
        raise refusal
    if key == CHANNEL_SETTING:
        if not isinstance(guild.get_channel(int(digits)), discord.TextChannel):
            raise refusal
        return digits
    role = guild.get_role(int(digits))
    if role is None or role.is_default() or role.managed:
        raise refusal  # not this server's, or a role nobody can be given
    return digits


def setting_warning(
    lang: Lang, guild: discord.Guild | None, key: str, current: ServerSettings
) -> str:
    """What to add to ``/ginadmin settings``' answer (private: in the
    asker's language ``lang``): a champion role the bot can't give yet (told
    now, not at the season's end)."""
    if key != ROLE_SETTING or guild is None or current.champion_role_id is None:
        return ""
    problem = role_problem(guild, guild.get_role(current.champion_role_id))
    return "" if problem is None else words.setting_warning(lang, problem)


def guild_value_choices(
    lang: Lang,
    guild: discord.Guild | None,
    key: str,
    typed: str,
    current: ServerSettings | None,
) -> list[ValueChoice]:
    """The server's text channels (``announce channel``) or roles
    (``champion role``) for the ``value`` option, narrowed to what is typed,
    the current one marked in the asker's language ``lang``; nothing for any
    other setting."""
    if guild is None or key not in (CHANNEL_SETTING, ROLE_SETTING):
        return []
    wanted = typed.strip().lower().lstrip("#@")
    if key == CHANNEL_SETTING:
        now = None if current is None else current.announce_channel_id
        found = [(c.id, words.channel_choice(c.name)) for c in guild.text_channels]
    else:
        now = None if current is None else current.champion_role_id
        roles = [r for r in reversed(guild.roles) if not (r.is_default() or r.managed)]
        found = [(r.id, words.role_choice(r.name)) for r in roles]
    out = []
    for item_id, name in found:
        if wanted and wanted not in name.lower() and wanted != str(item_id):
            continue
        mark = current_mark(lang) if item_id == now else ""
        out.append(ValueChoice(_fit(name + mark), str(item_id)))
    return out[: MAX_CHOICES - 1]


# --- achievements -----------------------------------------------------------------------


async def announce_awards(report: MoveReport, posting: Posting) -> None:
    """The achievements a move earned, one line each, in the game's thread
    or channel (the publisher calls this in the game's order: after the
    reveal, before the tally and the thread's archiving), in the server's
    language."""
    if not report.awards:
        return
    lang = await posting.boards.languages.of(report.table.guild_id)
    try:
        await posting.boards.notice(
            report.table.channel_id, words.awards_text(lang, report.awards, report.table)
        )
    except discord.HTTPException as exc:  # the tally that follows must still go out
        log.warning(
            "could not announce achievements in channel %s: %s", report.table.channel_id, exc
        )


class SeasonOption(app_commands.Transformer):
    """``/gin leaderboard season:``: text, with the server's seasons as its list."""

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.string

    @property
    def max_value(self) -> int:
        return 40

    async def transform(self, interaction: discord.Interaction, value: Any) -> str:
        return str(value)

    async def autocomplete(  # type: ignore[override]
        self, interaction: discord.Interaction, value: str
    ) -> list[app_commands.Choice[str]]:
        return await seasons_of(interaction).season_choices(interaction, value)
