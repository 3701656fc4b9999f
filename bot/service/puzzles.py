"""The daily puzzle: today's position for everyone, one answer each, streaks.

**The puzzle.**  One a day (UTC), the same in every server: it is made ahead
of time from seeded self-play (:mod:`~.puzzle_maker`, judged by
:mod:`bot.ai.puzzles`, run in a worker process by
:class:`~.puzzle_loop.PuzzleLoop`) and stored by its day, so every
shard and every restart shows the same one.  A day whose puzzle is not made
yet is refused in words (:class:`PuzzleNotReadyError`), never made on the
spot: making one is seconds of CPU.

**Answers.**  A player's first answer to a day's puzzle in a server is the
one that counts: ``puzzle_answers`` is keyed by (server, player, day), so a
second answer inserts nothing, and the result says so and shows the first
one again.  Only today's puzzle takes answers: yesterday's controls are
refused (:class:`PuzzleOverError`), as its solvers have been posted.

**Streaks.**  The UTC days in a row a player solved the puzzle in a server,
up to today — or up to yesterday while today's is still unanswered, so a
streak is not broken before the day is over.  A wrong answer, or a day
without one, ends it.  Worked out from the stored answers, nothing counted
on the side.

**The day's solvers.**  :meth:`PuzzleDesk.close_due` closes each (server,
day) that has answers once the day is over — a ``puzzle_closings`` row, so
it happens once whichever process gets there — and returns what the
Discord layer posts in the server's announce channel.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Final

from bot.ai.puzzles import Puzzle, from_dict, to_dict
from bot.storage import PuzzleAnswerRow, PuzzleRow, Tx

from .core import ServiceContext
from .errors import ServiceError

#: How far back a streak (and a day to close) is looked for.
STREAK_DAYS: Final = 400
CLOSE_DAYS: Final = 7
#: Solvers named in a day's post (more are counted only).
NAMED_SOLVERS: Final = 10

#: Makes a day's puzzle (a coroutine: the work runs off the event loop).
PuzzleMaker = Callable[[date], Awaitable[Puzzle]]
Maker = PuzzleMaker


class PuzzleNotReadyError(ServiceError):
    """Today's puzzle is not made yet (just after midnight, a first start)."""


class PuzzleOverError(ServiceError):
    """An answer to a day's puzzle once that day is over."""


class PuzzleChoiceError(ServiceError):
    """An answer that is not one of the puzzle's choices."""


@dataclass(frozen=True, slots=True)
class Streak:
    current: int
    best: int


@dataclass(frozen=True, slots=True)
class PuzzleAnswer:
    """A player's counted answer to a day's puzzle."""

    choice: str
    correct: bool
    answered_at: float


@dataclass(frozen=True, slots=True)
class PuzzleView:
    """Today's puzzle for one player: their answer, if they gave one."""

    puzzle: Puzzle
    answer: PuzzleAnswer | None
    streak: Streak


@dataclass(frozen=True, slots=True)
class PuzzleResult:
    """What an answer did.  ``again``: the player had answered already, so
    nothing changed and ``answer`` is their first one."""

    puzzle: Puzzle
    answer: PuzzleAnswer
    again: bool
    streak: Streak


@dataclass(frozen=True, slots=True)
class PuzzleDay:
    """A server's answers to a day's puzzle, once the day is over."""

    guild_id: int
    day: str
    answered: int
    solvers: tuple[int, ...]  # user ids, the earliest first
    announce_channel_id: int | None


def day_of(at: float) -> date:
    """The UTC day of a timestamp."""
    return datetime.fromtimestamp(at, UTC).date()


def next_day_at(at: float) -> float:
    """When the UTC day after ``at``'s starts."""
    day = day_of(at) + timedelta(days=1)
    return datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp()


def streak_of(solved: list[str], today: date, *, missed_today: bool = False) -> Streak:
    """The streak ending today (or yesterday, while today is not answered
    yet: ``missed_today`` says it was, wrongly) and the longest, from the
    days solved (ISO dates, any order)."""
    days = sorted({date.fromisoformat(d) for d in solved})
    best = run = 0
    previous: date | None = None
    for day in days:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    current = 0
    have = set(days)
    cursor = today if today in have else today - timedelta(days=1)
    while cursor in have and not missed_today:
        current += 1
        cursor -= timedelta(days=1)
    return Streak(current, best)


class PuzzleDesk:
    """Today's puzzle, answers and streaks (see the module docstring)."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx
        #: Parsed puzzles by day (two are ever asked for: today's, tomorrow's).
        self._parsed: dict[str, Puzzle] = {}

    def _today(self) -> date:
        return day_of(self._ctx.clock())

    # --- making puzzles ahead of time --------------------------------------------------

    async def has_puzzle(self, day: date) -> bool:
        row = await self._ctx.repo.read(lambda tx: tx.puzzle(day.isoformat()))
        return row is not None

    async def store(self, puzzle: Puzzle) -> bool:
        """Keep a day's puzzle; ``False`` if that day had one already."""
        row = PuzzleRow(
            puzzle.day,
            puzzle.kind.value,
            json.dumps(to_dict(puzzle), separators=(",", ":")),
            self._ctx.clock(),
        )
        return await self._ctx.repo.write(lambda tx: tx.put_puzzle(row))

    async def ensure(self, day: date, make: Maker) -> bool:
        """Make and keep ``day``'s puzzle unless it is there; whether it was made."""
        if await self.has_puzzle(day):
            return False
        puzzle = await make(day)
        return await self.store(puzzle)

    # --- answering -------------------------------------------------------------------

    async def puzzle_for(self, guild_id: int, user_id: int) -> PuzzleView:
        """Today's puzzle, with ``user_id``'s answer and streak in ``guild_id``."""
        today = self._today()

        async def txn(tx: Tx) -> PuzzleView:
            puzzle = await self._puzzle(tx, today)
            row = await tx.puzzle_answer(guild_id, user_id, today.isoformat())
            streak = await self._streak(tx, guild_id, user_id, today)
            return PuzzleView(puzzle, None if row is None else _answer(row), streak)

        return await self._ctx.repo.read(txn)

    async def answer(self, guild_id: int, user_id: int, day: str, choice: str) -> PuzzleResult:
        """Record ``user_id``'s answer to ``day``'s puzzle (today's only);
        a second answer changes nothing and the result says so."""
        today = self._today()
        if day != today.isoformat():
            raise PuzzleOverError("err.puzzle.over")

        async def txn(tx: Tx) -> PuzzleResult:
            puzzle = await self._puzzle(tx, today)
            if puzzle.choice(choice) is None:
                raise PuzzleChoiceError("err.puzzle.no_such_choice")
            now = self._ctx.clock()
            row = PuzzleAnswerRow(guild_id, user_id, day, choice, choice == puzzle.answer, now)
            first = await tx.answer_puzzle(row)
            if not first:
                kept = await tx.puzzle_answer(guild_id, user_id, day)
                assert kept is not None
                row = kept
            streak = await self._streak(tx, guild_id, user_id, today)
            return PuzzleResult(puzzle, _answer(row), not first, streak)

        return await self._ctx.repo.write(txn)

    async def _puzzle(self, tx: Tx, day: date) -> Puzzle:
        key = day.isoformat()
        parsed = self._parsed.get(key)
        if parsed is not None:
            return parsed
        row = await tx.puzzle(key)
        if row is None:
            raise PuzzleNotReadyError("err.puzzle.not_ready")
        parsed = from_dict(json.loads(row.data))
        if len(self._parsed) >= 4:
            self._parsed.clear()
        self._parsed[key] = parsed
        return parsed

    async def _streak(self, tx: Tx, guild_id: int, user_id: int, today: date) -> Streak:
        since = (today - timedelta(days=STREAK_DAYS)).isoformat()
        solved = await tx.solved_days(guild_id, user_id, since)
        answer = await tx.puzzle_answer(guild_id, user_id, today.isoformat())
        return streak_of(solved, today, missed_today=answer is not None and not answer.correct)

    # --- the day's solvers -------------------------------------------------------------

    async def close_due(self) -> list[PuzzleDay]:
        """Close every (server, day) of this process's servers that has
        answers and is over (the last :data:`CLOSE_DAYS` days); each, to be posted."""
        ctx = self._ctx
        today = day_of(ctx.clock())
        since = (today - timedelta(days=CLOSE_DAYS)).isoformat()
        due = await ctx.repo.read(
            lambda tx: tx.puzzle_days_to_close(since, today.isoformat(), ctx.shards)
        )
        out = []
        for guild_id, day in due:

            async def close(tx: Tx, guild_id: int = guild_id, day: str = day) -> PuzzleDay | None:
                if not await tx.close_puzzle_day(guild_id, day, ctx.clock()):
                    return None  # closed already (a restart, or another process)
                answers = await tx.day_answers(guild_id, day)
                settings = await tx.get_settings(guild_id)
                return PuzzleDay(
                    guild_id=guild_id,
                    day=day,
                    answered=len(answers),
                    solvers=tuple(a.user_id for a in answers if a.correct),
                    announce_channel_id=None if settings is None else settings.announce_channel_id,
                )

            closed = await ctx.repo.write(close)
            if closed is not None:
                out.append(closed)
        return out


def _answer(row: PuzzleAnswerRow) -> PuzzleAnswer:
    return PuzzleAnswer(row.choice, row.correct, row.answered_at)
