"""The /gin slash commands. Each one reads its options, calls the controller
or the service, and answers; errors go to the tree's single handler."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui import text
from bot.discord_ui.challenges import display_name
from bot.discord_ui.group_text import team_sheet_text
from bot.discord_ui.permissions import check_can_host
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

VARIANTS = [
    app_commands.Choice(name="Standard (knock at 10)", value="standard"),
    app_commands.Choice(name="Oklahoma (upcard sets the knock limit)", value="oklahoma"),
    app_commands.Choice(name="Straight gin (gin only)", value="gin_only"),
]
MATCHES: list[app_commands.Choice[int]] = [
    app_commands.Choice(name="One game", value=1),
    *(app_commands.Choice(name=f"Match: best of {n} games", value=n) for n in (3, 5, 7)),
]
LEVELS = [app_commands.Choice(name=lv.value.capitalize(), value=lv.value) for lv in AiLevel]
SETTINGS = list(SERVER_SETTINGS)


@app_commands.guild_only()
@app_commands.allowed_installs(guilds=True, users=False)
class Gin(commands.GroupCog, group_name="gin", group_description="Play gin rummy"):
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

    @app_commands.command(
        description="Challenge someone to gin — or challenge me to play the computer"
    )
    @app_commands.describe(
        opponent="Who you want to play (pick the bot itself to play the computer)",
        target="Points to win the game (default: this server's setting, usually 100)",
        variant="Rules variant (default: this server's setting)",
        difficulty="Against the computer: easy, normal or hard (default normal)",
        match="One game, or a match of several (each game to 250 unless you set a target)",
    )
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
        check_can_host(interaction.app_permissions, threads=threads)
        # Used inside a game's thread: the new game is announced in the channel.
        channel = interaction.channel
        channel_id = channel.parent_id if isinstance(channel, discord.Thread) else None
        if self.bot.user is not None and opponent.id == self.bot.user.id:
            level = AiLevel(difficulty.value) if difficulty else AiLevel.NORMAL
            await self.challenges.start_ai(
                interaction, level, target, v, games, channel_id=channel_id, thread=threads
            )
            return
        if opponent.bot:
            raise SettingsError(text.BOTS_CANT_PLAY)
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

    @app_commands.command(description="Show your hand (only you can see it) with your controls")
    @app_commands.describe(four_color="Use four suit colours (♠ black, ♥ red, ♦ blue, ♣ green)")
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction, four_color: bool | None = None) -> None:
        if four_color is not None:
            self.turns.hands.four_color[interaction.user.id] = four_color
        await self.turns.show_hand(interaction)

    @app_commands.command(description="The coach's private review of a hand you played")
    @app_commands.describe(hand="Which hand of your current or last game (default: the last one)")
    @app_commands.guild_only()
    async def review(
        self, interaction: discord.Interaction, hand: app_commands.Range[int, 1, 1000] | None = None
    ) -> None:
        await self.bot.coach.show(interaction, hand_number=hand)

    @app_commands.command(description="Draw a card: from the stock or the top of the discard pile")
    @app_commands.describe(source="Where to draw from")
    @app_commands.choices(
        source=[
            app_commands.Choice(name="stock (face down)", value="stock"),
            app_commands.Choice(name="discard pile (face up)", value="discard"),
        ]
    )
    @app_commands.guild_only()
    async def draw(
        self, interaction: discord.Interaction, source: app_commands.Choice[str]
    ) -> None:
        kind = ActionKind.DRAW_STOCK if source.value == "stock" else ActionKind.TAKE_DISCARD
        await self.turns.command(interaction, kind)

    @app_commands.command(name="pass", description="Pass on the first upcard (or the 50th card)")
    @app_commands.guild_only()
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self.turns.command(interaction, ActionKind.PASS)

    @app_commands.command(description="Discard a card from your hand")
    @app_commands.describe(card="The card, e.g. 7h, 10S, TD or Q♦ (pick from the list)")
    @app_commands.guild_only()
    async def discard(self, interaction: discord.Interaction, card: str) -> None:
        await self.turns.command(interaction, ActionKind.DISCARD, card)

    @app_commands.command(description="Knock (or go gin): discard a card and end the hand")
    @app_commands.describe(
        card="The card to throw face down (default: the one leaving least deadwood)"
    )
    @app_commands.guild_only()
    async def knock(self, interaction: discord.Interaction, card: str | None = None) -> None:
        await self.turns.command(interaction, ActionKind.KNOCK, card)

    @app_commands.command(name="biggin", description="Big gin: all 11 cards in melds, no discard")
    @app_commands.guild_only()
    async def big_gin(self, interaction: discord.Interaction) -> None:
        await self.turns.command(interaction, ActionKind.BIG_GIN)

    @discard.autocomplete("card")
    @knock.autocomplete("card")
    async def _card_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            turn = await self.service.moves.turn_view(
                interaction.guild_id or 0, interaction.user.id
            )
        except (ServiceError, DatabaseUnavailableError):
            return []  # no game, or the database is away: no suggestions, no error
        typed = current.strip().upper().replace("10", "T")
        choices = []
        for card in turn.view.hand:
            if typed and not (card.code.startswith(typed) or card.label.upper().startswith(typed)):
                continue
            left = turn.advice.left_by(card)
            choices.append(
                app_commands.Choice(name=text.card_choice(card.label, left), value=card.code)
            )
        return choices[:25]

    @app_commands.command(description="Resign your current game (your opponent wins)")
    @app_commands.guild_only()
    async def resign(self, interaction: discord.Interaction) -> None:
        report = await self.service.moves.resign_current(
            interaction.guild_id or 0, interaction.user.id
        )
        await interaction.response.send_message(text.resigned_line(report.table.id), ephemeral=True)
        publisher = self.bot.publisher
        publisher.spawn(publisher.after_move(report))

    # --- information ---------------------------------------------------------------------

    @app_commands.command(description="The score sheet of your current (or last) game")
    @app_commands.guild_only()
    async def score(self, interaction: discord.Interaction) -> None:
        table = await self.service.moves.last_table(interaction.guild_id or 0, interaction.user.id)
        if table is None:
            raise SettingsError(text.NOT_PLAYED_YET)
        team = await self.service.partnerships.team_sheet(table.id)
        if team is not None:  # a partnership table: the team's sheet is the one that counts
            await interaction.response.send_message(team_sheet_text(team), ephemeral=True)
            return
        sheet = await self.service.standings.score_sheet(table.id)
        await interaction.response.send_message(text.score_sheet_text(sheet), ephemeral=True)

    @app_commands.command(description="Games in progress in this server")
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        games = await self.service.moves.list_active(interaction.guild_id or 0)
        if not games:
            await interaction.response.send_message(text.NO_GAMES, ephemeral=True)
            return
        await interaction.response.send_message(
            text.games_text(games), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(description="This server's leaderboard")
    @app_commands.describe(
        sort="What to rank by (default: rating)",
        page="Page number",
        min_games="Only players with at least this many games",
    )
    @app_commands.choices(
        sort=[
            app_commands.Choice(name=s.replace("_", " "), value=s) for s in LEADERBOARD_SORTS[:25]
        ]
    )
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        sort: app_commands.Choice[str] | None = None,
        page: app_commands.Range[int, 1, 1000] = 1,
        min_games: app_commands.Range[int, 0, 10000] = 0,
    ) -> None:
        board = await self.service.standings.leaderboard(
            interaction.guild_id or 0,
            sort=sort.value if sort else "rating",
            page=page,
            min_games=min_games,
        )
        await interaction.response.send_message(
            text.leaderboard_text(board, {}), allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(description="A player's statistics in this server")
    @app_commands.describe(member="Whose stats (default: yours)")
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction, member: discord.User | None = None
    ) -> None:
        who = member or interaction.user
        stats = await self.service.standings.player_stats(interaction.guild_id or 0, who.id)
        ai = await self.service.standings.ai_stats(interaction.guild_id or 0, who.id)
        name = getattr(who, "display_name", who.name)
        lines = [f"**{name}**"]
        if stats is None:
            lines.append(text.NO_RATED_GAMES)
        else:
            lines.extend(text.stats_lines(stats))
        for level, row in sorted(ai.items()):
            lines.append(text.ai_stats_line(level, row))
        await interaction.response.send_message(
            "\n".join(lines), allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(description="This server's rules, in short")
    @app_commands.guild_only()
    async def rules(self, interaction: discord.Interaction) -> None:
        settings = await self.service.settings.get_settings(interaction.guild_id or 0)
        await interaction.response.send_message(text.rules_text(settings), ephemeral=True)

    @app_commands.command(description="This server's settings (moderators: /ginadmin settings)")
    @app_commands.guild_only()
    async def settings(self, interaction: discord.Interaction) -> None:
        current = await self.service.settings.get_settings(interaction.guild_id or 0)
        await interaction.response.send_message(
            text.settings_text(text.SETTINGS_HEAD, current), ephemeral=True
        )


async def setup(bot: GinBot) -> None:
    await bot.add_cog(Gin(bot))
