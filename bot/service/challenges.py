"""Challenges between players, and starting games (accepted challenges,
games against the computer)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial

from bot.engine import Game, Variant
from bot.storage import ChallengeRow, Tx

from .codec import dump_ruleset, load_ruleset
from .convert import (
    challenge_from_row,
    check_free,
    game_ruleset,
    open_challenge,
)
from .core import ServiceContext
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


class ChallengeDesk:
    """Open, answer and expire challenges; start games."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

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
        variant: Variant | None = None,
        match_games: int | None = None,
    ) -> Challenge:
        """An open challenge (seat 0 = challenger) that expires in 10 minutes."""
        if challenger_id == opponent_id:
            raise ChallengeError("err.challenge.yourself")

        async def txn(tx: Tx) -> ChallengeRow:
            now = self._ctx.clock()
            ruleset = await game_ruleset(tx, guild_id, target, variant, match_games)
            await check_free(tx, guild_id, challenger_id, None)
            await check_free(tx, guild_id, opponent_id, opponent_name)
            pending = await tx.open_challenge_between(guild_id, challenger_id, opponent_id, now)
            if pending is not None:
                raise ChallengeError(
                    "err.challenge.pending", name=opponent_name, challenge=pending.id
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

        return challenge_from_row(await self._ctx.repo.write(txn))

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        if not await self._ctx.repo.write(
            lambda tx: tx.set_challenge_message(challenge_id, message_id)
        ):
            raise ChallengeError("err.challenge.none")

    async def get_challenge(self, challenge_id: int) -> Challenge:
        row = await self._ctx.repo.read(lambda tx: tx.challenge(challenge_id))
        if row is None:
            raise ChallengeError("err.challenge.none")
        return challenge_from_row(row)

    async def accept(
        self, challenge_id: int, user_id: int, *, message_id: int | None = None
    ) -> TableView:
        """The opponent accepts: the game starts (re-checking that neither
        player has started another game meanwhile), as the channel sees it.
        ``message_id``: the challenge's message as the button press saw it,
        for a challenge accepted before its message id was stored."""
        write = partial(accept_in, self._ctx, challenge_id, user_id, message_id)
        return table_of(await self._ctx.repo.write(write))

    async def decline_challenge(self, challenge_id: int, user_id: int) -> Challenge:
        async def txn(tx: Tx) -> ChallengeRow:
            row = await open_challenge(tx, challenge_id, self._ctx.clock())
            if user_id != row.opponent_id:
                if user_id == row.challenger_id:
                    raise ChallengeError("err.challenge.own_to_cancel")
                raise ChallengeError("err.challenge.only_decline", name=row.opponent_name)
            return await tx.close_challenge(challenge_id, ChallengeStatus.DECLINED.value)

        return challenge_from_row(await self._ctx.repo.write(txn))

    async def cancel_challenge(self, challenge_id: int, user_id: int) -> Challenge:
        async def txn(tx: Tx) -> ChallengeRow:
            row = await open_challenge(tx, challenge_id, self._ctx.clock())
            if user_id != row.challenger_id:
                raise ChallengeError("err.challenge.only_cancel", name=row.challenger_name)
            return await tx.close_challenge(challenge_id, ChallengeStatus.CANCELLED.value)

        return challenge_from_row(await self._ctx.repo.write(txn))

    async def expire_challenges(self) -> list[Challenge]:
        """Open challenges past their time, now marked expired (each returned
        once), so the bot can edit their messages."""
        rows = await self._ctx.repo.write(
            lambda tx: tx.expire_challenges(self._ctx.clock(), self._ctx.shards)
        )
        return [challenge_from_row(r) for r in rows]

    async def next_challenge_expiry(self) -> float | None:
        """When the next open challenge expires (for the bot's timer loop)."""
        return await self._ctx.repo.read(lambda tx: tx.next_challenge_expiry(self._ctx.shards))

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
        variant: Variant | None = None,
        match_games: int | None = None,
        ai_user_id: int = 0,
    ) -> TurnView:
        """A game against the computer (seat 1, player id ``ai_user_id``), as
        the player sees it.  Unrated; counted apart in ``ai_stats``."""
        new = AiGame.checked(guild_id, channel_id, user_id, user_name, level, ai_user_id)
        rules = (target, variant, match_games)
        snap = await self._ctx.repo.write(partial(start_ai_in, self._ctx, new, rules))
        return turn_of(snap, 0)


@dataclass(frozen=True, slots=True)
class AiGame:
    """Who starts a game against the computer, and where."""

    guild_id: int
    channel_id: int
    user_id: int
    user_name: str
    level: AiLevel
    ai_user_id: int = 0

    @classmethod
    def checked(
        cls,
        guild_id: int,
        channel_id: int,
        user_id: int,
        user_name: str,
        level: AiLevel | str,
        ai_user_id: int,
    ) -> AiGame:
        """The request, refused when the player is the computer; the level
        is parsed at this edge (an unknown one raises ``ValueError``)."""
        if user_id == ai_user_id:
            raise ChallengeError("err.challenge.computer_itself")
        return cls(guild_id, channel_id, user_id, user_name, AiLevel(level), ai_user_id)


async def start_ai_in(
    ctx: ServiceContext,
    new: AiGame,
    rules: tuple[int | None, Variant | None, int | None],
    tx: Tx,
) -> GameSnapshot:
    """The transaction of :meth:`ChallengeDesk.start_ai_game` (the snapshot
    is for tests and tools, :mod:`bot.service.snapshots`)."""
    target, variant, match_games = rules
    ruleset = await game_ruleset(tx, new.guild_id, target, variant, match_games)
    await check_free(tx, new.guild_id, new.user_id, None)
    return await insert_game(
        tx,
        ctx.cache,
        guild_id=new.guild_id,
        channel_id=new.channel_id,
        players=(new.user_id, new.ai_user_id),
        game=Game.new((new.user_name, AI_NAME), ruleset, seed=ctx.new_seed()),
        ai_level=new.level,
        now=ctx.clock(),
    )


async def accept_in(
    ctx: ServiceContext, challenge_id: int, user_id: int, message_id: int | None, tx: Tx
) -> GameSnapshot:
    """The transaction of :meth:`ChallengeDesk.accept`."""
    now = ctx.clock()
    row = await open_challenge(tx, challenge_id, now)
    if user_id != row.opponent_id:
        if user_id == row.challenger_id:
            raise ChallengeError("err.challenge.own_accept")
        raise ChallengeError("err.challenge.only_accept", name=row.opponent_name)
    await check_free(tx, row.guild_id, row.challenger_id, row.challenger_name)
    await check_free(tx, row.guild_id, row.opponent_id, None)
    game = Game.new(
        (row.challenger_name, row.opponent_name),
        load_ruleset(row.ruleset),
        seed=ctx.new_seed(),
    )
    # Thread play: the game lives in the thread the bot starts from the
    # challenge message (same id), from its first move on.
    channel_id, summary = row.channel_id, None
    message = row.message_id or message_id
    if message is not None and await tx.tables_setting(row.guild_id) != TableMode.CHANNEL:
        channel_id, summary = message, (row.channel_id, message)
    snapshot = await insert_game(
        tx,
        ctx.cache,
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
