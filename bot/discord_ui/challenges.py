"""Challenges and new games: the challenge message with its buttons, games
against the computer, rematches."""

from __future__ import annotations

import discord

from bot.engine import MatchForm, Ruleset
from bot.service import AiLevel, GinService

from .components import challenge_view
from .hands import HandReplies
from .publisher import Publisher


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


def rematch_games(rules: Ruleset) -> int | None:
    """The ``match`` choice of a rematch: one game again, or a best-of match
    of the same length.  The multi-match form comes only from the server's
    setting, which the new game reads again (None)."""
    fmt = rules.match_format()
    if fmt is None:
        return 1
    return fmt.games if fmt.form is MatchForm.BEST_OF else None


class Challenges:
    """The controller behind /gin challenge and the challenge buttons."""

    def __init__(
        self,
        client: discord.Client,
        service: GinService,
        hands: HandReplies,
        publisher: Publisher,
    ) -> None:
        self.client = client
        self.service = service
        self.hands = hands
        self.publisher = publisher

    async def start_ai(
        self,
        interaction: discord.Interaction,
        level: AiLevel,
        target: int | None,
        variant: str | None,
        match_games: int | None = None,
    ) -> None:
        bot_user = self.client.user
        assert bot_user is not None
        turn = await self.service.start_computer_game(
            interaction.guild_id or 0,
            interaction.channel_id or 0,
            interaction.user.id,
            display_name(interaction.user),
            level,
            target=target,
            variant=variant,
            match_games=match_games,
            ai_user_id=bot_user.id,
        )
        await interaction.response.send_message(
            f"🃏 {interaction.user.mention} vs the computer ({level.value}) — "
            f"game #{turn.table.id}. Good luck!",
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self.hands.reply(interaction, turn)
        self.publisher.spawn(self.publisher.open_board(turn.table))

    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent_id: int,
        opponent_name: str,
        target: int | None,
        variant: str | None,
        match_games: int | None = None,
        *,
        rematch: bool = False,
    ) -> None:
        ch = await self.service.create_challenge(
            interaction.guild_id or 0,
            interaction.channel_id or 0,
            interaction.user.id,
            display_name(interaction.user),
            opponent_id,
            opponent_name,
            target=target,
            variant=variant,
            match_games=match_games,
        )
        if rematch:
            head = f"<@{opponent_id}>, {interaction.user.mention} wants a rematch!"
        else:
            rules = ch.ruleset
            fmt = rules.match_format()
            match = f", a match: best of {fmt.games}" if fmt and fmt.games > 1 else ""
            head = (
                f"<@{opponent_id}>, {interaction.user.mention} challenges you to gin rummy "
                f"({rules.variant.value.replace('_', ' ')}, to {rules.effective_target}{match})."
            )
        await interaction.response.send_message(
            f"{head} The challenge expires <t:{int(ch.expires_at)}:R>.",
            view=challenge_view(ch.id),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(opponent_id)]),
        )
        message = await interaction.original_response()
        await self.service.set_challenge_message(ch.id, message.id)

    async def on_button(
        self, interaction: discord.Interaction, action: str, challenge_id: int
    ) -> None:
        user = interaction.user.id
        if action == "accept":
            table = await self.service.accept(challenge_id, user)
            a, b = table.names
            await interaction.response.edit_message(
                content=f"✅ {b} accepted {a}'s challenge — game #{table.id} is on!",
                view=challenge_view(challenge_id, disabled=True),
            )
            self.publisher.spawn(self.publisher.open_board(table))
        elif action == "decline":
            ch = await self.service.decline_challenge(challenge_id, user)
            await interaction.response.edit_message(
                content=f"❌ {ch.opponent_name} declined {ch.challenger_name}'s challenge.",
                view=challenge_view(challenge_id, disabled=True),
            )
        else:
            ch = await self.service.cancel_challenge(challenge_id, user)
            await interaction.response.edit_message(
                content=f"{ch.challenger_name} withdrew the challenge.",
                view=challenge_view(challenge_id, disabled=True),
            )

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        table = await self.service.table_view(game_id)
        rules = table.public.ruleset
        games = rematch_games(rules)
        if table.ai_level is not None:
            await self.start_ai(
                interaction, table.ai_level, rules.target, rules.variant.value, games
            )
            return
        seat = table.seat_of(interaction.user.id)
        assert seat is not None  # GameItem.allowed checked it
        await self.challenge(
            interaction,
            table.players[1 - seat],
            table.names[1 - seat],
            rules.target,
            rules.variant.value,
            games,
            rematch=True,
        )
