"""The /gin slash commands. Each one reads its options, calls the controller
or the service, and answers; errors go to the tree's single handler."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui import settings_text, text
from bot.discord_ui.assistance import knock_offers
from bot.discord_ui.challenges import display_name
from bot.discord_ui.command_text import (
    DESCRIPTIONS,
    GIN,
    OPTIONS,
    SOURCE_CHOICES,
    VARIANT_CHOICES,
    level_choice,
    match_choice,
    sort_choice,
)
from bot.discord_ui.group_text import team_sheet_text
from bot.discord_ui.help import show_help
from bot.discord_ui.language import user_lang
from bot.discord_ui.permissions import check_can_host
from bot.discord_ui.season_text import SEASON_OPTION
from bot.discord_ui.seasons import SeasonOption, seasons_of
from bot.engine import ActionKind, Variant
from bot.service import (
    LEADERBOARD_SORTS,
    SERVER_SETTINGS,
    AiLevel,
    DatabaseUnavailableError,
    GinService,
    ServiceError,
    SettingsError,
    TableMode,
)

if TYPE_CHECKING:
    from bot.discord_ui import GinBot
    from bot.discord_ui.challenges import Challenges
    from bot.discord_ui.turns import Turns

VARIANTS = [app_commands.Choice(name=name, value=value) for value, name in VARIANT_CHOICES.items()]
MATCHES: list[app_commands.Choice[int]] = [
    app_commands.Choice(name=match_choice(n), value=n) for n in (1, 3, 5, 7)
]
LEVELS = [app_commands.Choice(name=level_choice(lv.value), value=lv.value) for lv in AiLevel]
SETTINGS = list(SERVER_SETTINGS)


@app_commands.guild_only()
@app_commands.allowed_installs(guilds=True, users=False)
class Gin(commands.GroupCog, group_name="gin", group_description=GIN):
    """Gin rummy: challenge, play your turns, check the scores.  Offered in
    servers only (a game needs a channel); the moderators' commands are
    ``/ginadmin`` (:mod:`cogs.admin`), hidden from everyone else."""

    def __init__(self, bot: GinBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def turns(self) -> Turns:
        return self.bot.turns

    @property
    def challenges(self) -> Challenges:
        return self.bot.challenges

    @property
    def service(self) -> GinService:
        return self.bot.service

    # --- starting games --------------------------------------------------------------

    @app_commands.command(description=DESCRIPTIONS["challenge"])
    @app_commands.describe(**OPTIONS["challenge"])
    @app_commands.choices(variant=VARIANTS, difficulty=LEVELS)
    @app_commands.choices(match=MATCHES)
    @app_commands.guild_only()
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.User,
        target: app_commands.Range[int, 10, 1000] | None = None,
        variant: app_commands.Choice[str] | None = None,
        difficulty: app_commands.Choice[str] | None = None,
        match: app_commands.Choice[int] | None = None,
    ) -> None:
        v = Variant(variant.value) if variant else None
        games = match.value if match else None
        settings = await self.service.settings.get_settings(interaction.guild_id or 0)
        threads = settings.tables is TableMode.THREAD
        check_can_host(interaction.app_permissions, user_lang(interaction), threads=threads)
        # Used inside a game's thread: the new game is announced in the channel.
        channel = interaction.channel
        channel_id = channel.parent_id if isinstance(channel, discord.Thread) else None
        if self.bot.user is not None and opponent.id == self.bot.user.id:
            # No level named: adaptive for a player's first games, then the
            # level they have played most.
            level = (
                AiLevel(difficulty.value)
                if difficulty
                else await self.service.adaptive.default_level(
                    interaction.guild_id or 0, interaction.user.id
                )
            )
            await self.challenges.start_ai(
                interaction, level, target, v, games, channel_id=channel_id, thread=threads
            )
            return
        if opponent.bot:
            raise SettingsError(text.reply(user_lang(interaction), "bots_cant_play"))
        await self.challenges.challenge(
            interaction,
            opponent.id,
            display_name(opponent),
            target,
            v,
            games,
            channel_id=channel_id,
        )

    # --- turns -------------------------------------------------------------------------

    @app_commands.command(description=DESCRIPTIONS["hand"])
    @app_commands.describe(**OPTIONS["hand"])
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction, four_color: bool | None = None) -> None:
        if four_color is not None:
            self.turns.hands.four_color[interaction.user.id] = four_color
        await self.turns.show_hand(interaction)

    @app_commands.command(description=DESCRIPTIONS["review"])
    @app_commands.describe(**OPTIONS["review"])
    @app_commands.guild_only()
    async def review(
        self, interaction: discord.Interaction, hand: app_commands.Range[int, 1, 1000] | None = None
    ) -> None:
        await self.bot.coach.show(interaction, hand_number=hand)

    @app_commands.command(description=DESCRIPTIONS["draw"])
    @app_commands.describe(**OPTIONS["draw"])
    @app_commands.choices(
        source=[
            app_commands.Choice(name=name, value=value) for value, name in SOURCE_CHOICES.items()
        ]
    )
    @app_commands.guild_only()
    async def draw(
        self, interaction: discord.Interaction, source: app_commands.Choice[str]
    ) -> None:
        kind = ActionKind.DRAW_STOCK if source.value == "stock" else ActionKind.TAKE_DISCARD
        await self.turns.command(interaction, kind)

    @app_commands.command(name="pass", description=DESCRIPTIONS["pass"])
    @app_commands.guild_only()
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self.turns.command(interaction, ActionKind.PASS)

    @app_commands.command(description=DESCRIPTIONS["discard"])
    @app_commands.describe(**OPTIONS["discard"])
    @app_commands.guild_only()
    async def discard(self, interaction: discord.Interaction, card: str) -> None:
        await self.turns.command(interaction, ActionKind.DISCARD, card)

    @app_commands.command(description=DESCRIPTIONS["knock"])
    @app_commands.describe(**OPTIONS["knock"])
    @app_commands.guild_only()
    async def knock(self, interaction: discord.Interaction, card: str | None = None) -> None:
        await self.turns.command(interaction, ActionKind.KNOCK, card)

    @app_commands.command(name="biggin", description=DESCRIPTIONS["biggin"])
    @app_commands.guild_only()
    async def big_gin(self, interaction: discord.Interaction) -> None:
        await self.turns.command(interaction, ActionKind.BIG_GIN)

    @discard.autocomplete("card")
    async def _discard_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._card_choices(interaction, current, knock=False)

    @knock.autocomplete("card")
    async def _knock_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._card_choices(interaction, current, knock=True)

    async def _card_choices(
        self, interaction: discord.Interaction, current: str, *, knock: bool
    ) -> list[app_commands.Choice[str]]:
        """The cards of the player's hand; for a knock, only those the menu
        would offer a knock with at the game's assistance level (all of them
        at ``off``, where nothing is computed)."""
        try:
            turn = await self.service.moves.turn_view(
                interaction.guild_id or 0, interaction.user.id
            )
        except (ServiceError, DatabaseUnavailableError):
            return []  # no game, or the database is away: no suggestions, no error
        lang = user_lang(interaction)  # suggestions are private
        typed = current.strip().upper().replace("10", "T")
        cards = turn.view.hand
        offers = knock_offers(turn) if knock else None
        if offers is not None:
            cards = tuple(offer.card for offer in offers)
        choices = []
        for card in cards:
            if typed and not (card.code.startswith(typed) or card.label.upper().startswith(typed)):
                continue
            left = turn.advice.left_by(card)
            choices.append(
                app_commands.Choice(name=text.card_choice(lang, card.label, left), value=card.code)
            )
        return choices[:25]

    @app_commands.command(description=DESCRIPTIONS["resign"])
    @app_commands.guild_only()
    async def resign(self, interaction: discord.Interaction) -> None:
        report = await self.service.moves.resign_current(
            interaction.guild_id or 0, interaction.user.id
        )
        await interaction.response.send_message(
            text.resigned_line(user_lang(interaction), report.table.id), ephemeral=True
        )
        publisher = self.bot.publisher
        publisher.spawn(publisher.after_move(report))

    # --- information ---------------------------------------------------------------------

    @app_commands.command(description=DESCRIPTIONS["score"])
    @app_commands.guild_only()
    async def score(self, interaction: discord.Interaction) -> None:
        lang = user_lang(interaction)
        table = await self.service.moves.last_table(interaction.guild_id or 0, interaction.user.id)
        if table is None:
            raise SettingsError(text.reply(lang, "not_played_yet"))
        team = await self.service.partnerships.team_sheet(table.id)
        if team is not None:  # a partnership table: the team's sheet is the one that counts
            await interaction.response.send_message(team_sheet_text(lang, team), ephemeral=True)
            return
        sheet = await self.service.standings.score_sheet(table.id)
        await interaction.response.send_message(text.score_sheet_text(lang, sheet), ephemeral=True)

    @app_commands.command(description=DESCRIPTIONS["games"])
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        lang = user_lang(interaction)
        games = await self.service.moves.list_active(interaction.guild_id or 0)
        if not games:
            await interaction.response.send_message(text.reply(lang, "no_games"), ephemeral=True)
            return
        await interaction.response.send_message(
            text.games_text(lang, games),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(description=DESCRIPTIONS["leaderboard"])
    @app_commands.describe(**OPTIONS["leaderboard"], season=SEASON_OPTION)
    @app_commands.choices(
        sort=[app_commands.Choice(name=sort_choice(s), value=s) for s in LEADERBOARD_SORTS[:25]]
    )
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        sort: app_commands.Choice[str] | None = None,
        page: app_commands.Range[int, 1, 1000] = 1,
        min_games: app_commands.Range[int, 0, 10000] = 0,
        season: app_commands.Transform[str, SeasonOption] | None = None,
    ) -> None:
        # The season in progress by default when the server has seasons (cogs/seasons.py).
        await seasons_of(interaction).leaderboard(
            interaction,
            season=season,
            sort=sort.value if sort else "rating",
            page=page,
            min_games=min_games,
        )

    @app_commands.command(description=DESCRIPTIONS["stats"])
    @app_commands.describe(**OPTIONS["stats"])
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction, member: discord.User | None = None
    ) -> None:
        who = member or interaction.user
        stats = await self.service.standings.player_stats(interaction.guild_id or 0, who.id)
        ai = await self.service.standings.ai_stats(interaction.guild_id or 0, who.id)
        name = getattr(who, "display_name", who.name)
        # Posted in the channel for everyone: the server's language.
        lang = await self.bot.languages.of(interaction.guild_id or 0)
        lines = [f"**{name}**"]
        if stats is None:
            lines.append(text.reply(lang, "no_rated_games"))
        else:
            lines.extend(text.stats_lines(lang, stats))
        for level, row in sorted(ai.items()):
            lines.append(text.ai_stats_line(lang, level, row))
        adaptive = await self.service.adaptive.level(interaction.guild_id or 0, who.id)
        if adaptive is not None:
            lines.append(text.adaptive_level_line(lang, adaptive))
        await interaction.response.send_message(
            "\n".join(lines), allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(description=DESCRIPTIONS["rules"])
    @app_commands.guild_only()
    async def rules(self, interaction: discord.Interaction) -> None:
        settings = await self.service.settings.get_settings(interaction.guild_id or 0)
        await interaction.response.send_message(
            text.rules_text(user_lang(interaction), settings), ephemeral=True
        )

    @app_commands.command(description=DESCRIPTIONS["settings"])
    @app_commands.guild_only()
    async def settings(self, interaction: discord.Interaction) -> None:
        current = await self.service.settings.get_settings(interaction.guild_id or 0)
        lang = user_lang(interaction)
        await interaction.response.send_message(
            settings_text.settings_text(lang, settings_text.settings_head(lang), current),
            ephemeral=True,
        )

    @app_commands.command(name="help", description=DESCRIPTIONS["help"])
    @app_commands.guild_only()
    async def help_(self, interaction: discord.Interaction) -> None:
        await show_help(interaction)


async def setup(bot: GinBot) -> None:
    await bot.add_cog(Gin(bot))
