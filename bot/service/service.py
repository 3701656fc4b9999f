"""The game service: the one place that runs games.

No Discord here: user ids are plain ints, results and errors are the types
of :mod:`bot.service.models`, every message is worded for the player.

How a move is made safe
-----------------------
1. The coroutine takes the game's ``asyncio.Lock`` (one per game, created on
   demand), so moves of one game queue up in order in this process.
2. One function then runs the whole move as a single ``BEGIN IMMEDIATE``
   transaction in the database thread (:meth:`Repository.write`,
   :func:`~bot.service.games.run_move`): load, engine, and a save guarded by
   ``UPDATE … WHERE id = ? AND version = ?`` together with the move log, the
   score sheet, the result, ratings and statistics.  The version check in
   the statement means that even another process on the same file could
   never get a move in between.
3. Only after ``COMMIT`` does the :class:`MoveResult` go back to the caller.

Any refusal (not your game, old button, the engine's rule errors) is raised
inside the transaction, which rolls back: nothing changes.  A double click is
either a :class:`StaleAction` (when the click carried the version it saw) or
the engine's own error for the new position (usually "It's Bo's turn").

Threads: the engine and the JSON work of a move run in the database thread,
inside the transaction, one transaction at a time; the event loop only waits.
"""

from __future__ import annotations

import asyncio
import math
import os
import random
import time
import weakref
from collections.abc import Callable
from dataclasses import fields, replace
from functools import partial

from bot.engine import Action, ActionKind, Game, Ruleset, RulesetError, SeatView
from bot.storage import LEADERBOARD_SORTS, ChallengeRow, Repository, SettingsRow, Tx

from .codec import dump_ruleset, load_ruleset
from .convert import (
    challenge_from_row,
    check_free,
    game_ruleset,
    open_challenge,
    settings_from_row,
    stats_from_row,
)
from .games import STALE_MESSAGE, GameCache, Step, insert_game, run_move
from .models import (
    AiLevel,
    Challenge,
    ChallengeError,
    ChallengeStatus,
    GameSnapshot,
    GameStatus,
    GameSummary,
    LeaderboardPage,
    MoveResult,
    NoSuchGame,
    PlayerStats,
    ScoreSheet,
    ScoreSheetRow,
    ServerSettings,
    SettingsError,
    TimerEvent,
    TimerKind,
    UnknownSort,
)
from .timers import (
    CHALLENGE_TTL_SECONDS,
    HEARTBEAT_KEY,
    downtime_credit,
    parse_timeout_minutes,
)

__all__ = ["STALE_MESSAGE", "GinService"]

AI_NAME = "Computer"
TIMEOUT_SETTING = "turn_timeout"
_RULESET_SETTINGS = tuple(f.name for f in fields(Ruleset))
_SORT_ALIASES = {
    "elo": "rating",
    "winrate": "win_rate",
    "win_percent": "win_rate",
    "points": "total_points",
    "streak": "current_streak",
    "undercuts": "undercuts_scored",
}


class GinService:
    """Challenges, games, timers and standings over one database file."""

    def __init__(
        self, repo: Repository, clock: Callable[[], float], seed: int | None = None
    ) -> None:
        self._repo = repo
        self.clock = clock
        # Deal seeds for new games: OS randomness, or reproducible for tests.
        self._seeds = random.Random(seed) if seed is not None else random.SystemRandom()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._cache = GameCache()  # database thread only
        self._closed = False
        #: Seconds given back to running turn clocks when this service opened.
        self.downtime_credit = 0.0

    @classmethod
    async def open(
        cls,
        db_path: str | os.PathLike[str] | None = None,
        *,
        clock: Callable[[], float] = time.time,
        synchronous: str | None = None,
        seed: int | None = None,
    ) -> GinService:
        """Open (creating and migrating) the database and restore the turn
        clocks, crediting the time since the last heartbeat.

        ``seed`` makes the deals of new games reproducible (tests only)."""
        repo = await Repository.open(db_path, synchronous=synchronous)
        service = cls(repo, clock, seed)
        try:
            service.downtime_credit = await repo.write(service._restore_clocks)
        except BaseException:
            await repo.close()
            raise
        return service

    def _restore_clocks(self, tx: Tx) -> float:
        now = self.clock()
        stored = tx.get_meta(HEARTBEAT_KEY)
        credit = downtime_credit(now, None if stored is None else float(stored))
        if credit > 0:
            tx.shift_timers(credit)
        tx.set_meta(HEARTBEAT_KEY, repr(now))
        return credit

    async def close(self) -> None:
        """Record a last heartbeat and close the database (idempotent)."""
        if self._closed:
            return
        self._closed = True
        try:
            await self.heartbeat()
        finally:
            await self._repo.close()

    @property
    def repository(self) -> Repository:
        """The storage underneath, for tools and tests (read-only use)."""
        return self._repo

    def _new_seed(self) -> int:
        return self._seeds.randrange(1 << 62)

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    # --- settings ---------------------------------------------------------------------

    async def get_settings(self, guild_id: int) -> ServerSettings:
        row = await self._repo.read(lambda tx: tx.get_settings(guild_id))
        return settings_from_row(guild_id, row)

    async def update_setting(self, guild_id: int, name: str, value: str) -> ServerSettings:
        """Change one setting: a :class:`Ruleset` field (for games that start
        from now on) or ``turn_timeout`` in minutes (for the next turn of
        every game on the server)."""
        key = name.strip().lower().replace("-", "_").replace(" ", "_")
        if key == "turn_timeout_minutes":
            key = TIMEOUT_SETTING
        if key != TIMEOUT_SETTING and key not in _RULESET_SETTINGS:
            valid = ", ".join(sorted((*_RULESET_SETTINGS, TIMEOUT_SETTING)))
            raise SettingsError(f"Unknown setting “{name}”. Settings: {valid}.")

        def txn(tx: Tx) -> ServerSettings:
            current = settings_from_row(guild_id, tx.get_settings(guild_id))
            if key == TIMEOUT_SETTING:
                try:
                    minutes = parse_timeout_minutes(value)
                except ValueError as err:
                    raise SettingsError(str(err)) from None
                new = replace(current, turn_timeout_minutes=minutes)
            else:
                try:
                    new = replace(current, ruleset=current.ruleset.with_setting(key, value))
                except RulesetError as err:
                    raise SettingsError(str(err)) from None
            tx.put_settings(
                SettingsRow(
                    guild_id, dump_ruleset(new.ruleset), new.turn_timeout_minutes, self.clock()
                )
            )
            return new

        return await self._repo.write(txn)

    # --- challenges -------------------------------------------------------------------

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
    ) -> Challenge:
        """An open challenge (seat 0 = challenger) that expires in 10 minutes."""
        if challenger_id == opponent_id:
            raise ChallengeError("You can't challenge yourself.")

        def txn(tx: Tx) -> ChallengeRow:
            now = self.clock()
            ruleset = game_ruleset(tx, guild_id, target, variant)
            check_free(tx, guild_id, challenger_id, None)
            check_free(tx, guild_id, opponent_id, opponent_name)
            pending = tx.open_challenge_between(guild_id, challenger_id, opponent_id, now)
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
            return replace(row, id=tx.insert_challenge(row))

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

    async def accept_challenge(self, challenge_id: int, user_id: int) -> GameSnapshot:
        """The opponent accepts: the game starts (re-checking that neither
        player has started another game meanwhile)."""

        def txn(tx: Tx) -> GameSnapshot:
            now = self.clock()
            row = open_challenge(tx, challenge_id, now)
            if user_id != row.opponent_id:
                if user_id == row.challenger_id:
                    raise ChallengeError("You can't accept your own challenge.")
                raise ChallengeError(f"Only {row.opponent_name} can accept this challenge.")
            check_free(tx, row.guild_id, row.challenger_id, row.challenger_name)
            check_free(tx, row.guild_id, row.opponent_id, None)
            game = Game.new(
                (row.challenger_name, row.opponent_name),
                load_ruleset(row.ruleset),
                seed=self._new_seed(),
            )
            snapshot = insert_game(
                tx,
                self._cache,
                guild_id=row.guild_id,
                channel_id=row.channel_id,
                players=(row.challenger_id, row.opponent_id),
                game=game,
                ai_level=None,
                now=now,
            )
            tx.close_challenge(challenge_id, ChallengeStatus.ACCEPTED.value, snapshot.id)
            return snapshot

        return await self._repo.write(txn)

    async def decline_challenge(self, challenge_id: int, user_id: int) -> Challenge:
        def txn(tx: Tx) -> ChallengeRow:
            row = open_challenge(tx, challenge_id, self.clock())
            if user_id != row.opponent_id:
                if user_id == row.challenger_id:
                    raise ChallengeError("That's your own challenge: cancel it instead.")
                raise ChallengeError(f"Only {row.opponent_name} can decline this challenge.")
            return tx.close_challenge(challenge_id, ChallengeStatus.DECLINED.value)

        return challenge_from_row(await self._repo.write(txn))

    async def cancel_challenge(self, challenge_id: int, user_id: int) -> Challenge:
        def txn(tx: Tx) -> ChallengeRow:
            row = open_challenge(tx, challenge_id, self.clock())
            if user_id != row.challenger_id:
                raise ChallengeError(f"Only {row.challenger_name} can cancel this challenge.")
            return tx.close_challenge(challenge_id, ChallengeStatus.CANCELLED.value)

        return challenge_from_row(await self._repo.write(txn))

    async def expire_challenges(self) -> list[Challenge]:
        """Open challenges past their time, now marked expired (each returned
        once), so the bot can edit their messages."""
        rows = await self._repo.write(lambda tx: tx.expire_challenges(self.clock()))
        return [challenge_from_row(r) for r in rows]

    async def next_challenge_expiry(self) -> float | None:
        """When the next open challenge expires (for the bot's timer loop)."""
        return await self._repo.read(lambda tx: tx.next_challenge_expiry())

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
        ai_user_id: int = 0,
    ) -> GameSnapshot:
        """A game against the computer (seat 1, player id ``ai_user_id``).
        Unrated; counted apart in :meth:`ai_stats`."""
        if user_id == ai_user_id:
            raise ChallengeError("The computer can't play against itself.")
        level = AiLevel(level)

        def txn(tx: Tx) -> GameSnapshot:
            ruleset = game_ruleset(tx, guild_id, target, variant)
            check_free(tx, guild_id, user_id, None)
            return insert_game(
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

    # --- reading games ----------------------------------------------------------------

    async def get_game(self, game_id: int) -> GameSnapshot:
        return await self._repo.read(lambda tx: self._cache.load(tx, game_id))

    async def active_game_for(self, guild_id: int, user_id: int) -> GameSnapshot | None:
        def txn(tx: Tx) -> GameSnapshot | None:
            game_id = tx.active_game_id(guild_id, user_id)
            return None if game_id is None else self._cache.load(tx, game_id)

        return await self._repo.read(txn)

    async def last_game_for(self, guild_id: int, user_id: int) -> GameSnapshot | None:
        """The player's active game, else the one they finished last."""

        def txn(tx: Tx) -> GameSnapshot | None:
            game_id = tx.last_game_id(guild_id, user_id)
            return None if game_id is None else self._cache.load(tx, game_id)

        return await self._repo.read(txn)

    async def list_active(self, guild_id: int) -> list[GameSummary]:
        rows = await self._repo.read(lambda tx: tx.active_games(guild_id))
        return [
            GameSummary(
                id=r.id,
                players=r.players,
                names=r.names,
                scores=(r.score0, r.score1),
                turn_user=None if r.turn_seat is None else r.players[r.turn_seat],
                hand_number=r.hand_number,
                ai_level=None if r.ai_level is None else AiLevel(r.ai_level),
                turn_deadline=r.turn_deadline,
            )
            for r in rows
        ]

    async def pending_ai_turns(self) -> list[int]:
        """Active games where the computer is to move — after a restart the
        bot calls :meth:`play_ai_turn` for each."""
        ids = await self._repo.read(lambda tx: tx.ai_turn_game_ids())
        return ids

    async def set_board_message(
        self, game_id: int, channel_id: int, message_id: int, posted_at: float
    ) -> None:
        """Where the game's board is posted now (also the channel for its
        timer messages).  Not a move: the version stays."""
        if not await self._repo.write(
            lambda tx: tx.set_board(game_id, channel_id, message_id, posted_at)
        ):
            raise NoSuchGame(f"There's no game #{game_id}.")

    # --- moves ------------------------------------------------------------------------

    async def act(
        self, game_id: int, user_id: int, action: Action, *, expected_version: int | None = None
    ) -> MoveResult:
        """Apply one player's action; returns only after it has committed.

        ``expected_version`` is the version the player's button or command was
        made from; an older one gets :class:`StaleAction` and changes nothing.
        """
        step = Step(ActionKind(action.kind).value, action, user_id, expected_version)
        result = await self._move(game_id, step)
        assert result is not None
        return result

    async def play_ai_turn(
        self, game_id: int, decide: Callable[[SeatView], Action]
    ) -> MoveResult | None:
        """If the computer is to move: run ``decide`` on its view in a worker
        thread and apply the action like :meth:`act`; otherwise ``None``."""
        async with self._lock(game_id):
            snapshot = await self.get_game(game_id)
            if (
                snapshot.ai_level is None
                or snapshot.status is not GameStatus.ACTIVE
                or snapshot.game.turn != 1
            ):
                return None
            action = await asyncio.to_thread(decide, snapshot.game.view(1))
            step = Step(
                ActionKind(action.kind).value, action, snapshot.players[1], snapshot.version
            )
            return await self._repo.write(partial(self._run_move, game_id, step))

    async def resign(self, game_id: int, user_id: int) -> MoveResult:
        result = await self._move(game_id, Step("resign", user_id=user_id))
        assert result is not None
        return result

    async def end_game(self, game_id: int, *, moderator_id: int = 0) -> MoveResult:
        """A moderator ends a stuck game: recorded as "ended", no rating or
        statistics change.  (Permission checks are the bot's job.)"""
        result = await self._move(game_id, Step("ended", actor_id=moderator_id))
        assert result is not None
        return result

    async def _move(self, game_id: int, step: Step) -> MoveResult | None:
        async with self._lock(game_id):
            return await self._repo.write(partial(self._run_move, game_id, step))

    def _run_move(self, game_id: int, step: Step, tx: Tx) -> MoveResult | None:
        # In the database thread: the clock is read at commit time.
        return run_move(tx, self._cache, self.clock(), game_id, step)

    # --- timers -----------------------------------------------------------------------

    async def due_timers(self) -> list[TimerEvent]:
        """Forfeit every player whose turn deadline has passed (committed, as
        "timeout") and report each due half-time reminder once.  Also records
        the heartbeat used for downtime credit."""
        now = self.clock()
        events: list[TimerEvent] = []
        for due in await self._repo.read(lambda tx: tx.due_deadlines(now)):
            result = await self._move(due.game_id, Step("timeout", due_at=now))
            if result is not None:
                events.append(
                    TimerEvent(
                        TimerKind.FORFEIT,
                        due.game_id,
                        result.snapshot.channel_id,
                        result.actor_id,
                        due.turn_deadline,
                        result,
                    )
                )

        def reminders(tx: Tx) -> list[TimerEvent]:
            tx.set_meta(HEARTBEAT_KEY, repr(now))
            return [
                TimerEvent(TimerKind.REMINDER, r.game_id, r.channel_id, r.user_id, r.turn_deadline)
                for r in tx.take_due_reminders(now)
            ]

        events.extend(await self._repo.write(reminders))
        return events

    async def next_timer_at(self) -> float | None:
        """The earliest pending reminder or deadline (``None``: no clock runs)."""
        return await self._repo.read(lambda tx: tx.next_timer_at())

    async def heartbeat(self) -> None:
        """Record that the bot is alive now (see :mod:`bot.service.timers`)."""
        now = self.clock()
        await self._repo.write(lambda tx: tx.set_meta(HEARTBEAT_KEY, repr(now)))

    # --- standings --------------------------------------------------------------------

    async def leaderboard(
        self,
        guild_id: int,
        *,
        sort: str = "rating",
        page: int = 1,
        min_games: int = 0,
        page_size: int = 10,
    ) -> LeaderboardPage:
        """Rated players of a server, best first by ``sort``; ties by rating."""
        key = sort.strip().lower().replace("-", "_").replace(" ", "_")
        key = _SORT_ALIASES.get(key, key)
        if key not in LEADERBOARD_SORTS:
            raise UnknownSort(
                f"Can't sort by “{sort}”. Sort by one of: {', '.join(LEADERBOARD_SORTS)}."
            )
        size = min(max(page_size, 1), 100)
        least = max(min_games, 0)

        def txn(tx: Tx) -> LeaderboardPage:
            total = tx.count_players(guild_id, least)
            pages = max(1, math.ceil(total / size))
            number = min(max(page, 1), pages)
            offset = (number - 1) * size
            rows = tx.leaderboard(guild_id, key, least, size, offset)
            return LeaderboardPage(
                guild_id=guild_id,
                sort=key,
                page=number,
                pages=pages,
                min_games=least,
                rows=tuple(stats_from_row(r, offset + i + 1) for i, r in enumerate(rows)),
            )

        return await self._repo.read(txn)

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats | None:
        """Rated statistics, with the player's place on the rating board."""

        def txn(tx: Tx) -> PlayerStats | None:
            row = tx.stats(guild_id, user_id)
            return (
                None if row is None else stats_from_row(row, tx.rating_rank(guild_id, row.rating))
            )

        return await self._repo.read(txn)

    async def ai_stats(self, guild_id: int, user_id: int) -> dict[str, dict[str, int]]:
        """Games against the computer by difficulty (only levels played)."""
        rows = await self._repo.read(lambda tx: tx.ai_stats(guild_id, user_id))
        return {r.level: {"games": r.games, "wins": r.wins, "losses": r.losses} for r in rows}

    async def score_sheet(self, game_id: int) -> ScoreSheet:
        """Every finished hand so far (and how the game ended, once it has)."""

        def txn(tx: Tx) -> ScoreSheet:
            snapshot = self._cache.load(tx, game_id)
            rows = tuple(
                ScoreSheetRow(
                    hand_number=h.hand_number,
                    end=h.ending,
                    winner_seat=h.winner_seat,
                    points=h.points,
                    deadwood=(h.deadwood0, h.deadwood1),
                    totals=(h.total0, h.total1),
                )
                for h in tx.hands(game_id)
            )
            game = snapshot.game
            return ScoreSheet(game_id, game.names, rows, snapshot.status, game.result)

        return await self._repo.read(txn)
