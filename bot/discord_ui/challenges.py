"""Challenges and new games: the challenge message with its buttons, games
against the computer, rematches."""

from __future__ import annotations

import discord

from bot.engine import MatchForm, Ruleset, Variant
from bot.service import AiLevel, ChallengeDesk, MoveDesk, SettingsDesk, TableMode

from . import text
from .actions import ChallengeAction
from .components import challenge_view
from .hands import HandReplies
from .language import user_lang
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
        challenges: ChallengeDesk,
        moves: MoveDesk,
        settings: SettingsDesk,
        hands: HandReplies,
        publisher: Publisher,
    ) -> None:
        self.client = client
        self.challenges = challenges
        self.moves = moves
        self.settings = settings
        self.hands = hands
        self.publisher = publisher

    async def _announce(
        self,
        interaction: discord.Interaction,
        channel_id: int,
        content: str,
        *,
        view: discord.ui.View | None = None,
        mentions: discord.AllowedMentions | None = None,
    ) -> int:
        """Post a game's opening message in ``channel_id`` and return its id:
        as the interaction's answer when it was used there, else (a rematch
        from a game's thread) in that channel, with a private pointer to it."""
        mentions = mentions or discord.AllowedMentions.none()
        if channel_id == interaction.channel_id:
            if view is None:
                sent = await interaction.response.send_message(content, allowed_mentions=mentions)
            else:
                sent = await interaction.response.send_message(
                    content, view=view, allowed_mentions=mentions
                )
            if sent.message_id is not None:  # the callback's answer names it: no extra request
                return sent.message_id
            return (await interaction.original_response()).id
        await interaction.response.send_message(
            text.posted_in(user_lang(interaction), channel_id), ephemeral=True
        )
        channel = self.client.get_partial_messageable(channel_id, guild_id=interaction.guild_id)
        async with self.publisher.boards.pacer.write(channel_id):
            if view is None:
                message = await channel.send(content, allowed_mentions=mentions)
            else:
                message = await channel.send(content, view=view, allowed_mentions=mentions)
        return message.id

    async def start_ai(
        self,
        interaction: discord.Interaction,
        level: AiLevel,
        target: int | None,
        variant: Variant | None,
        match_games: int | None = None,
        *,
        channel_id: int | None = None,
        thread: bool = False,
    ) -> None:
        """A game against the computer, in its own thread when ``thread``."""
        bot_user = self.client.user
        assert bot_user is not None
        channel_id = channel_id or interaction.channel_id or 0
        turn = await self.challenges.start_ai_game(
            interaction.guild_id or 0,
            channel_id,
            interaction.user.id,
            display_name(interaction.user),
            level,
            target=target,
            variant=variant,
            match_games=match_games,
            ai_user_id=bot_user.id,
        )
        table = turn.table
        try:
            lang = await self.publisher.boards.languages.of(table.guild_id)  # a public line
            message_id = await self._announce(
                interaction,
                channel_id,
                text.computer_game_line(lang, interaction.user.mention, level.value, table.id),
            )
            if thread:
                table = await self.moves.place_in_thread(table.id, channel_id, message_id)
            await self.hands.reply(interaction, turn)
        finally:
            # The game is committed: whatever failed above (the player hears of
            # it from the error handler), its board opens and the computer
            # plays now, not after the next restart.  open_board re-reads the
            # game, so a thread placed before the failure is honoured.
            self.publisher.spawn(self.publisher.open_board(table))

    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent_id: int,
        opponent_name: str,
        target: int | None,
        variant: Variant | None,
        match_games: int | None = None,
        *,
        rematch: bool = False,
        channel_id: int | None = None,
    ) -> None:
        channel_id = channel_id or interaction.channel_id or 0
        ch = await self.challenges.create_challenge(
            interaction.guild_id or 0,
            channel_id,
            interaction.user.id,
            display_name(interaction.user),
            opponent_id,
            opponent_name,
            target=target,
            variant=variant,
            match_games=match_games,
        )
        lang = await self.publisher.boards.languages.of(ch.guild_id)  # a public message
        if rematch:
            head = text.rematch_head(lang, opponent_id, interaction.user.mention)
        else:
            head = text.challenge_head(lang, opponent_id, interaction.user.mention, ch.ruleset)
        message_id = await self._announce(
            interaction,
            channel_id,
            text.challenge_line(lang, head, ch.expires_at),
            view=challenge_view(lang, ch.id),
            mentions=discord.AllowedMentions(users=[discord.Object(opponent_id)]),
        )
        await self.challenges.set_challenge_message(ch.id, message_id)

    async def on_button(
        self, interaction: discord.Interaction, action: ChallengeAction, challenge_id: int
    ) -> None:
        user = interaction.user.id
        # The challenge message is public: it speaks the server's language.
        lang = await self.publisher.boards.languages.of(interaction.guild_id or 0)
        if action is ChallengeAction.ACCEPT:
            # The challenge is the message pressed (its id may not be stored yet
            # when the opponent accepts at once): the game's thread starts there.
            message_id = interaction.message.id if interaction.message is not None else None
            table = await self.challenges.accept(challenge_id, user, message_id=message_id)
            a, b = table.names
            if table.in_thread:  # the challenge becomes the game's line in the channel
                await interaction.response.edit_message(
                    content=text.summary_line(lang, table),
                    view=None,
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            else:
                await interaction.response.edit_message(
                    content=text.challenge_accepted(lang, a, b, table.id),
                    view=challenge_view(lang, challenge_id, disabled=True),
                )
            self.publisher.spawn(self.publisher.open_board(table))
        elif action is ChallengeAction.DECLINE:
            ch = await self.challenges.decline_challenge(challenge_id, user)
            await interaction.response.edit_message(
                content=text.challenge_declined(lang, ch.challenger_name, ch.opponent_name),
                view=challenge_view(lang, challenge_id, disabled=True),
            )
        else:
            ch = await self.challenges.cancel_challenge(challenge_id, user)
            await interaction.response.edit_message(
                content=text.challenge_withdrawn(lang, ch.challenger_name),
                view=challenge_view(lang, challenge_id, disabled=True),
            )

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        """A new game of the same kind, announced in the channel where the old
        one was (from a game's thread: its parent channel, and a new thread)."""
        table = await self.moves.table_view(game_id)
        rules = table.public.ruleset
        games = rematch_games(rules)
        channel_id = table.summary_channel_id or table.channel_id
        if table.ai_level is not None:
            settings = await self.settings.get_settings(table.guild_id)
            await self.start_ai(
                interaction,
                table.ai_level,
                rules.target,
                rules.variant,
                games,
                channel_id=channel_id,
                thread=settings.tables is TableMode.THREAD,
            )
            return
        seat = table.seat_of(interaction.user.id)
        assert seat is not None  # GameItem.allowed checked it
        await self.challenge(
            interaction,
            table.players[1 - seat],
            table.names[1 - seat],
            rules.target,
            rules.variant,
            games,
            rematch=True,
            channel_id=channel_id,
        )
