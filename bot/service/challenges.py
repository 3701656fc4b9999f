"""Challenges between players, and starting games (accepted challenges,
games against the computer)."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import Game
from bot.storage import ChallengeRow, Tx

from .codec import dump_ruleset, load_ruleset
from .convert import (
    challenge_from_row,
    check_free,
    game_ruleset,
    open_challenge,
)
from .core import ServiceCore
from .games import insert_game
from .models import (
    AiLevel,
    Challenge,
    ChallengeError,
    ChallengeStatus,
    GameSnapshot,
)
from .places import TableMode
from .timers import CHALLENGE_TTL_SECONDS
from .views import TableView, TurnView, table_of, turn_of

AI_NAME = "Computer"


class ChallengeDesk(ServiceCore):
    """Open, answer and expire challenges; start games."""

    async def create_challenge(
        self,
        guild_id: int,
        channel_id: int,
        challenger_id: int,
        challenger_name: str,
        opponent_id: int,
        opponent_name: str,
        *,
        target: int | None = None,
        variant: str | None = None,
        match_games: int | None = None,
    ) -> Challenge:
        """An open challenge (seat 0 = challenger) that expires in 10 minutes."""
        if challenger_id == opponent_id:
            raise ChallengeError("You can't challenge yourself.")

        async def txn(tx: Tx) -> ChallengeRow:
            now = self.clock()
            ruleset = await game_ruleset(tx, guild_id, target, variant, match_games)
            await check_free(tx, guild_id, challenger_id, None)
            await check_free(tx, guild_id, opponent_id, opponent_name)
            pending = await tx.open_challenge_between(guild_id, challenger_id, opponent_id, now)
            if pending is not None:
                raise ChallengeError(
                    f"You already challenged {opponent_name} (challenge #{pending.id}); "
                    "wait for an answer or cancel it."
                )
            row = ChallengeRow(
                id=0,
                guild_id=guild_id,
                channel_id=channel_id,
                challenger_id=challenger_id,
                challenger_name=challenger_name,
                opponent_id=opponent_id,
                opponent_name=opponent_name,
                ruleset=dump_ruleset(ruleset),
                status=ChallengeStatus.OPEN.value,
                created_at=now,
                expires_at=now + CHALLENGE_TTL_SECONDS,
                message_id=None,
                game_id=None,
            )
            return replace(row, id=await tx.insert_challenge(row))

        return challenge_from_row(await self._repo.write(txn))

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        if not await self._repo.write(
            lambda tx: tx.set_challenge_message(challenge_id, message_id)
        ):
            raise ChallengeError("There's no such challenge.")

    async def get_challenge(self, challenge_id: int) -> Challenge:
        row = await self._repo.read(lambda tx: tx.challenge(challenge_id))
        if row is None:
            raise ChallengeError("There's no such challenge.")
        return challenge_from_row(row)

    async def accept_challenge(
        self, challenge_id: int, user_id: int, *, message_id: int | None = None
    ) -> GameSnapshot:
        """The opponent accepts: the game starts (re-checking that neither
        player has started another game meanwhile).  ``message_id``: the
        challenge's message as the button press saw it, for a challenge
        accepted before its message id was stored."""

        async def txn(tx: Tx) -> GameSnapshot:
            now = self.clock()
            row = await open_challenge(tx, challenge_id, now)
            if user_id != row.opponent_id:
                if user_id == row.challenger_id:
                    raise ChallengeError("You can't accept your own challenge.")
                raise ChallengeError(f"Only {row.opponent_name} can accept this challenge.")
            await check_free(tx, row.guild_id, row.challenger_id, row.challenger_name)
            await check_free(tx, row.guild_id, row.opponent_id, None)
            game = Game.new(
                (row.challenger_name, row.opponent_name),
                load_ruleset(row.ruleset),
                seed=self._new_seed(),
            )
            # Thread play: the game lives in the thread the bot starts from the
            # challenge message (same id), from its first move on.
            channel_id, summary = row.channel_id, None
            message = row.message_id or message_id
            if message is not None and await tx.tables_setting(row.guild_id) != TableMode.CHANNEL:
                channel_id, summary = message, (row.channel_id, message)
            snapshot = await insert_game(
                tx,
                self._cache,
                guild_id=row.guild_id,
                channel_id=channel_id,
                players=(row.challenger_id, row.opponent_id),
                game=game,
                ai_level=None,
                now=now,
                summary=summary,
            )
            await tx.close_challenge(challenge_id, ChallengeStatus.ACCEPTED.value, snapshot.id)
            return snapshot

        return await self._repo.write(txn)

    async def decline_challenge(self, challenge_id: int, user_id: int) -> Challenge:
        async def txn(tx: Tx) -> ChallengeRow:
            row = await open_challenge(tx, challenge_id, self.clock())
            if user_id != row.opponent_id:
                if user_id == row.challenger_id:
                    raise ChallengeError("That's your own challenge: cancel it instead.")
                raise ChallengeError(f"Only {row.opponent_name} can decline this challenge.")
            return await tx.close_challenge(challenge_id, ChallengeStatus.DECLINED.value)

        return challenge_from_row(await self._repo.write(txn))

    async def cancel_challenge(self, challenge_id: int, user_id: int) -> Challenge:
        async def txn(tx: Tx) -> ChallengeRow:
            row = await open_challenge(tx, challenge_id, self.clock())
            if user_id != row.challenger_id:
                raise ChallengeError(f"Only {row.challenger_name} can cancel this challenge.")
            return await tx.close_challenge(challenge_id, ChallengeStatus.CANCELLED.value)

        return challenge_from_row(await self._repo.write(txn))

    async def expire_challenges(self) -> list[Challenge]:
        """Open challenges past their time, now marked expired (each returned
        once), so the bot can edit their messages."""
        rows = await self._repo.write(lambda tx: tx.expire_challenges(self.clock(), self.shards))
        return [challenge_from_row(r) for r in rows]

    async def next_challenge_expiry(self) -> float | None:
        """When the next open challenge expires (for the bot's timer loop)."""
        return await self._repo.read(lambda tx: tx.next_challenge_expiry(self.shards))

    # --- starting games ---------------------------------------------------------------

    async def start_ai_game(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        user_name: str,
        level: AiLevel,
        *,
        target: int | None = None,
        variant: str | None = None,
        match_games: int | None = None,
        ai_user_id: int = 0,
    ) -> GameSnapshot:
        """A game against the computer (seat 1, player id ``ai_user_id``).
        Unrated; counted apart in :meth:`ai_stats`."""
        if user_id == ai_user_id:
            raise ChallengeError("The computer can't play against itself.")
        level = AiLevel(level)

        async def txn(tx: Tx) -> GameSnapshot:
            ruleset = await game_ruleset(tx, guild_id, target, variant, match_games)
            await check_free(tx, guild_id, user_id, None)
            return await insert_game(
                tx,
                self._cache,
                guild_id=guild_id,
                channel_id=channel_id,
                players=(user_id, ai_user_id),
                game=Game.new((user_name, AI_NAME), ruleset, seed=self._new_seed()),
                ai_level=level,
                now=self.clock(),
            )

        return await self._repo.write(txn)

    # --- views: what the bot gets ------------------------------------------------------

    async def accept(
        self, challenge_id: int, user_id: int, *, message_id: int | None = None
    ) -> TableView:
        """:meth:`accept_challenge`, as the channel sees the new game."""
        return table_of(await self.accept_challenge(challenge_id, user_id, message_id=message_id))

    async def start_computer_game(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        user_name: str,
        level: AiLevel,
        *,
        target: int | None = None,
        variant: str | None = None,
        match_games: int | None = None,
        ai_user_id: int = 0,
    ) -> TurnView:
        """:meth:`start_ai_game`, as the player sees it."""
        snap = await self.start_ai_game(
            guild_id,
            channel_id,
            user_id,
            user_name,
            level,
            target=target,
            variant=variant,
            match_games=match_games,
            ai_user_id=ai_user_id,
        )
        return turn_of(snap, 0)
