"""Turns interactions into service calls and results into replies.

Every player action takes the same path: find the game → ``service.act``
(which commits before returning) → answer the player privately with their
hand → then update the public side (board, reveal, tally, ping) and let the
computer move if it is its turn.  Slash commands and buttons both come here,
so they behave identically.
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
from collections.abc import Callable, Coroutine
from typing import Any

import discord

from bot import text
from bot.board import Boards
from bot.engine import Action, ActionKind, Card, Phase, SeatView, parse_card
from bot.errors import report
from bot.render import render_hand
from bot.service import (
    AiLevel,
    GameSnapshot,
    GinService,
    MoveResult,
    NoSuchGame,
    NotYourGame,
    StaleAction,
    TimerKind,
)
from bot.ui import challenge_view, hand_controls

log = logging.getLogger(__name__)

Decide = Callable[..., Action]

BUTTON_ACTIONS = {
    "stock": ActionKind.DRAW_STOCK,
    "take": ActionKind.TAKE_DISCARD,
    "pass": ActionKind.PASS,
    "biggin": ActionKind.BIG_GIN,
}


class Play:
    """The controller behind every command and button."""

    def __init__(
        self,
        client: discord.Client,
        service: GinService,
        boards: Boards,
        *,
        decide: Decide,
        ai_delay: float = 1.5,
        defer_after: float = 1.5,
    ) -> None:
        self.client = client
        self.service = service
        self.boards = boards
        self.decide = decide
        self.ai_delay = ai_delay
        #: Seconds to wait for the hand image before deferring the interaction.
        self.defer_after = defer_after
        self.four_color: dict[int, bool] = {}
        self._ai_tasks: dict[int, asyncio.Task[None]] = {}
        self._background: set[asyncio.Task[None]] = set()
        self._after_locks: dict[int, asyncio.Lock] = {}

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run public follow-up work after the player has had their answer."""
        task = asyncio.create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # --- finding games ------------------------------------------------------------

    async def my_game(self, interaction: discord.Interaction) -> GameSnapshot:
        guild = interaction.guild_id or 0
        snap = await self.service.active_game_for(guild, interaction.user.id)
        if snap is None:
            raise NoSuchGame(
                "You have no game in progress in this server. Start one with /gin challenge."
            )
        return snap

    async def game_for_button(self, game_id: int, user_id: int) -> GameSnapshot:
        snap = await self.service.get_game(game_id)
        if snap.seat_of(user_id) is None:
            raise NotYourGame("That's not your game — start your own with /gin challenge.")
        return snap

    # --- the private hand -----------------------------------------------------------

    async def hand_payload(
        self, snap: GameSnapshot, user_id: int, note: str = ""
    ) -> tuple[str, discord.File, discord.ui.View]:
        seat = snap.seat_of(user_id)
        assert seat is not None
        game = snap.game
        view: SeatView = game.view(seat)
        png = await asyncio.to_thread(
            functools.partial(render_hand, view, four_color=self.four_color.get(user_id, False))
        )
        after: dict[int, int] = {}
        knock_card = gin_card = None
        if ActionKind.DISCARD in view.legal:
            after = {int(c): v for c, v in game.deadwood_after(seat).items()}
            best = game.best_discard(seat)
            if after[best] == 0:
                gin_card = best.label
            elif after[best] <= view.public.knock_limit:
                knock_card = best.label
        controls = hand_controls(snap.id, snap.version, view, after, knock_card, gin_card)
        lines = [note] if note else []
        lines.append(text.my_draw_line(view))
        if view.public.phase is Phase.GAME_OVER:
            lines.append("This game is over.")
        elif view.my_turn:
            lines.append(f"**Your move.** {text.turn_line(view.public)}")
        else:
            lines.append(text.turn_line(view.public))
        content = "\n".join(line for line in lines if line)
        return content, discord.File(io.BytesIO(png), filename="hand.png"), controls

    async def reply_hand(
        self, interaction: discord.Interaction, snap: GameSnapshot, note: str = ""
    ) -> None:
        """Answer with the hand, privately: edit our own ephemeral message if the
        click came from one, else send a new ephemeral message."""
        message = interaction.message
        in_place = message is not None and message.flags.ephemeral
        payload = asyncio.ensure_future(self.hand_payload(snap, interaction.user.id, note))
        done, _ = await asyncio.wait({payload}, timeout=self.defer_after)
        if not done and not interaction.response.is_done():
            # Discord allows 3 s for the first answer: acknowledge now, answer after.
            if in_place:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        content, file, controls = await payload
        if not interaction.response.is_done():
            if in_place:
                await interaction.response.edit_message(
                    content=content, attachments=[file], view=controls
                )
            else:
                await interaction.response.send_message(
                    content, file=file, view=controls, ephemeral=True
                )
        elif in_place and not done:
            await interaction.edit_original_response(
                content=content, attachments=[file], view=controls
            )
        else:
            await interaction.followup.send(content, file=file, view=controls, ephemeral=True)

    # --- moves ------------------------------------------------------------------------------

    async def move(
        self,
        interaction: discord.Interaction,
        snap: GameSnapshot,
        action: Action,
        expected_version: int | None,
    ) -> None:
        result = await self.service.act(
            snap.id, interaction.user.id, action, expected_version=expected_version
        )
        note = text.describe_events(result.outcome.events, result.snapshot.game.names)
        await self.reply_hand(interaction, result.snapshot, note)
        self.spawn(self.after_move(result))

    async def on_button(
        self, interaction: discord.Interaction, action: str, game_id: int, version: int
    ) -> None:
        try:
            snap = await self.game_for_button(game_id, interaction.user.id)
            if action == "hand":
                await self.reply_hand(interaction, snap)
                return
            if snap.version != version:
                raise StaleAction("That button is from an earlier turn — nothing changed.")
            seat = snap.seat_of(interaction.user.id)
            assert seat is not None
            if action in ("knock", "gin"):
                card = snap.game.best_discard(seat) if snap.game.turn == seat else None
                await self.move(interaction, snap, Action(ActionKind.KNOCK, card), version)
                return
            kind = BUTTON_ACTIONS.get(action)
            if kind is None:
                raise StaleAction("That button no longer does anything.")
            await self.move(interaction, snap, Action(kind), version)
        except Exception as exc:
            await report(interaction, exc)

    async def on_discard(
        self, interaction: discord.Interaction, game_id: int, version: int, card_code: str
    ) -> None:
        try:
            snap = await self.game_for_button(game_id, interaction.user.id)
            if snap.version != version:
                raise StaleAction("That menu is from an earlier turn — nothing changed.")
            card = parse_card(card_code)
            await self.move(interaction, snap, Action(ActionKind.DISCARD, card), version)
        except Exception as exc:
            await report(interaction, exc)

    async def command(
        self, interaction: discord.Interaction, kind: ActionKind, card_text: str | None = None
    ) -> None:
        """A turn by slash command (errors go to the tree's handler)."""
        snap = await self.my_game(interaction)
        card: Card | None = parse_card(card_text) if card_text else None
        expected: int | None = None
        seat = snap.seat_of(interaction.user.id)
        game = snap.game
        my_discard = seat is not None and game.turn == seat and game.phase is Phase.DISCARD
        if card is None and kind is ActionKind.KNOCK and seat is not None and my_discard:
            # We chose the card from this version of the game: apply it only to that
            # version. Otherwise the engine explains ("Draw a card first", ...).
            card = game.best_discard(seat)
            expected = snap.version
        await self.move(interaction, snap, Action(kind, card), expected)

    async def after_move(self, result: MoveResult, *, from_ai: bool = False) -> None:
        """Everything public that follows a committed move, one move at a time
        per game so reveals, boards and pings keep their order."""
        lock = self._after_locks.setdefault(result.snapshot.id, asyncio.Lock())
        async with lock:
            await self._after_move(result, from_ai=from_ai)

    async def _after_move(self, result: MoveResult, *, from_ai: bool) -> None:
        snap = result.snapshot
        outcome = result.outcome
        try:
            if outcome.hand is not None:
                await self.boards.reveal(snap, outcome.hand)
            if result.game_result is not None:
                await self.boards.final(result, result.game_result)
                return
            if outcome.hand is not None:
                await self.boards.post_new(snap)
            else:
                self.boards.refresh(snap.id)
            turn_changed = any(e.seat != snap.game.turn for e in outcome.events)
            if turn_changed or outcome.hand is not None:
                await self.boards.ping(snap)
        except discord.HTTPException:
            log.exception("could not update the channel for game %s", snap.id)
        if snap.is_ai_turn and not from_ai:
            self.schedule_ai(snap.id)

    # --- the computer opponent ---------------------------------------------------------

    def schedule_ai(self, game_id: int) -> None:
        task = self._ai_tasks.get(game_id)
        if task is None or task.done():
            self._ai_tasks[game_id] = asyncio.create_task(self._ai_loop(game_id))

    async def _ai_loop(self, game_id: int) -> None:
        try:
            while True:
                await asyncio.sleep(self.ai_delay)
                snap = await self.service.get_game(game_id)
                if not snap.is_ai_turn or snap.ai_level is None:
                    return
                decide = functools.partial(self.decide, level=snap.ai_level.value)
                result = await self.service.play_ai_turn(game_id, decide)
                if result is None:
                    return
                await self.after_move(result, from_ai=True)
                if not result.snapshot.is_ai_turn:
                    return
        except Exception:
            log.exception("computer opponent failed in game %s", game_id)

    def stop_ai(self) -> None:
        """Cancel the computer's pending moves (shutdown). Safe: a move is either
        committed whole or not at all, and the next start resumes it."""
        for task in self._ai_tasks.values():
            task.cancel()

    async def idle(self) -> None:
        """Wait until no follow-up work or computer move is pending (tests, shutdown)."""
        while True:
            pending = [t for t in (*self._background, *self._ai_tasks.values()) if not t.done()]
            pending += [t for t in self.boards.pending() if not t.done()]
            if not pending:
                return
            await asyncio.gather(*pending, return_exceptions=True)

    # --- challenges -----------------------------------------------------------------------

    async def start_ai(
        self,
        interaction: discord.Interaction,
        level: AiLevel,
        target: int | None,
        variant: str | None,
    ) -> None:
        bot_user = self.client.user
        assert bot_user is not None
        snap = await self.service.start_ai_game(
            interaction.guild_id or 0,
            interaction.channel_id or 0,
            interaction.user.id,
            _name(interaction.user),
            level,
            target=target,
            variant=variant,
            ai_user_id=bot_user.id,
        )
        await interaction.response.send_message(
            f"🃏 {interaction.user.mention} vs the computer ({level.value}) — game #{snap.id}. "
            "Good luck!",
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self.reply_hand(interaction, snap)
        self.spawn(self._open_board(snap))

    async def _open_board(self, snap: GameSnapshot) -> None:
        """First board of a new game, the first ping, and the computer's move if it starts."""
        try:
            await self.boards.post_new(snap)
            await self.boards.ping(snap)
        except discord.HTTPException:
            log.exception("could not post the board of game %s", snap.id)
        if snap.is_ai_turn:
            self.schedule_ai(snap.id)

    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.Member | discord.User,
        target: int | None,
        variant: str | None,
    ) -> None:
        ch = await self.service.create_challenge(
            interaction.guild_id or 0,
            interaction.channel_id or 0,
            interaction.user.id,
            _name(interaction.user),
            opponent.id,
            _name(opponent),
            target=target,
            variant=variant,
        )
        rules = ch.ruleset
        await interaction.response.send_message(
            f"{opponent.mention}, {interaction.user.mention} challenges you to gin rummy "
            f"({rules.variant.value.replace('_', ' ')}, to {rules.effective_target}). "
            f"The challenge expires <t:{int(ch.expires_at)}:R>.",
            view=challenge_view(ch.id),
            allowed_mentions=discord.AllowedMentions(users=[opponent]),
        )
        message = await interaction.original_response()
        await self.service.set_challenge_message(ch.id, message.id)

    async def on_challenge(
        self, interaction: discord.Interaction, action: str, challenge_id: int
    ) -> None:
        try:
            user = interaction.user.id
            if action == "accept":
                snap = await self.service.accept_challenge(challenge_id, user)
                a, b = snap.game.names
                await interaction.response.edit_message(
                    content=f"✅ {b} accepted {a}'s challenge — game #{snap.id} is on!",
                    view=challenge_view(challenge_id, disabled=True),
                )
                self.spawn(self._open_board(snap))
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
        except Exception as exc:
            await report(interaction, exc)

    async def on_rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        try:
            snap = await self.game_for_button(game_id, interaction.user.id)
            rules = snap.game.ruleset
            if snap.ai_level is not None:
                await self.start_ai(interaction, snap.ai_level, rules.target, rules.variant.value)
                return
            seat = snap.seat_of(interaction.user.id)
            assert seat is not None
            other_id = snap.players[1 - seat]
            ch = await self.service.create_challenge(
                interaction.guild_id or 0,
                interaction.channel_id or 0,
                interaction.user.id,
                _name(interaction.user),
                other_id,
                snap.game.names[1 - seat],
                target=rules.target,
                variant=rules.variant.value,
            )
            await interaction.response.send_message(
                f"<@{other_id}>, {interaction.user.mention} wants a rematch! "
                f"The challenge expires <t:{int(ch.expires_at)}:R>.",
                view=challenge_view(ch.id),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(other_id)]),
            )
            message = await interaction.original_response()
            await self.service.set_challenge_message(ch.id, message.id)
        except Exception as exc:
            await report(interaction, exc)

    # --- timers ---------------------------------------------------------------------------

    async def tick(self) -> None:
        """Expire challenges, post reminders and forfeits the service reports."""
        for ch in await self.service.expire_challenges():
            if ch.message_id is None:
                continue
            msg = self.client.get_partial_messageable(ch.channel_id).get_partial_message(
                ch.message_id
            )
            try:
                await msg.edit(
                    content=f"⌛ {ch.challenger_name}'s challenge to {ch.opponent_name} expired.",
                    view=challenge_view(ch.id, disabled=True),
                )
            except discord.HTTPException:
                log.info("could not edit expired challenge %s", ch.id)
        for event in await self.service.due_timers():
            if event.kind is TimerKind.REMINDER:
                await self.boards.notice(
                    event.channel_id,
                    f"⏰ <@{event.user_id}>, it's still your move in game #{event.game_id}. "
                    f"If you don't move <t:{int(event.deadline)}:R>, you forfeit the game.",
                    mention=True,
                )
            elif event.result is not None and event.result.game_result is not None:
                await self.boards.notice(
                    event.channel_id,
                    f"⌛ <@{event.user_id}> ran out of time in game #{event.game_id} and forfeits.",
                    mention=False,
                )
                await self.boards.final(event.result, event.result.game_result)

    async def resume(self) -> None:
        """After a start or restart: let the computer finish any turn it owes."""
        for game_id in await self.service.pending_ai_turns():
            self.schedule_ai(game_id)


def _name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name
