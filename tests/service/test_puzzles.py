"""The daily puzzle's desk and loop (``bot/service/puzzles.py``,
``puzzle_loop.py``) with the clock injected: a streak grows on consecutive
UTC days and breaks on a missed day or a wrong answer; a second answer
changes nothing; only today's puzzle takes answers, and only its choices;
a day not made yet is refused; each server's day is closed once, after it
is over, with its solvers."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from bot.ai.puzzles import Puzzle
from bot.service import (
    GinService,
    PuzzleChoiceError,
    PuzzleDay,
    PuzzleLoop,
    PuzzleNotReadyError,
    PuzzleOverError,
)
from bot.service.puzzles import streak_of
from tests.helpers.puzzles import discard_puzzle, made
from tests.helpers.service import GUILD, FakeClock

DAY = date(2026, 11, 26)
ANA, BO = 11, 12


def at(day: date, hour: int = 12) -> float:
    return datetime(day.year, day.month, day.day, hour, tzinfo=UTC).timestamp()


def wrong(puzzle: Puzzle) -> str:
    return puzzle.runner_up.key


async def solve(svc: GinService, clock: FakeClock, day: date, user: int, right: bool = True) -> int:
    """Answer ``day``'s puzzle at noon; the streak after it."""
    clock.now = at(day)
    await svc.puzzles.ensure(day, made)
    puzzle = (await svc.puzzles.puzzle_for(GUILD, user)).puzzle
    choice = puzzle.answer if right else wrong(puzzle)
    result = await svc.puzzles.answer(GUILD, user, day.isoformat(), choice)
    assert result.answer.correct is right and not result.again
    return result.streak.current


async def test_a_streak_grows_day_after_day_and_breaks_on_a_missed_day(
    svc: GinService, clock: FakeClock
) -> None:
    days = [DAY + timedelta(days=i) for i in range(6)]
    assert [await solve(svc, clock, d, ANA) for d in days[:3]] == [1, 2, 3]
    # The next day, before answering: the streak still stands.
    clock.now = at(days[3], 1)
    await svc.puzzles.ensure(days[3], made)
    view = await svc.puzzles.puzzle_for(GUILD, ANA)
    assert view.answer is None and (view.streak.current, view.streak.best) == (3, 3)
    # Day 4 missed: day 5 starts again at 1, and the best stays 3.
    assert await solve(svc, clock, days[4], ANA) == 1
    clock.now = at(days[5])
    await svc.puzzles.ensure(days[5], made)
    assert (await svc.puzzles.puzzle_for(GUILD, ANA)).streak.best == 3
    # A wrong answer breaks it too; another server keeps its own.
    assert await solve(svc, clock, days[5], ANA, right=False) == 0


def test_streaks_from_the_days_solved() -> None:
    iso = [(DAY - timedelta(days=i)).isoformat() for i in (0, 1, 2, 5, 6)]
    assert streak_of(iso, DAY) == streak_of(iso[::-1], DAY)
    assert (streak_of(iso, DAY).current, streak_of(iso, DAY).best) == (3, 3)
    assert streak_of(iso[1:], DAY).current == 2  # today not answered yet
    assert streak_of(iso[2:], DAY).current == 0  # yesterday missed
    assert streak_of([], DAY).current == 0
    assert streak_of(iso[1:], DAY, missed_today=True) == streak_of(iso[2:], DAY + timedelta(1))


async def test_a_second_answer_changes_nothing(svc: GinService, clock: FakeClock) -> None:
    clock.now = at(DAY)
    await svc.puzzles.ensure(DAY, made)
    puzzle = discard_puzzle()
    first = await svc.puzzles.answer(GUILD, BO, DAY.isoformat(), wrong(puzzle))
    again = await svc.puzzles.answer(GUILD, BO, DAY.isoformat(), puzzle.answer)
    assert not first.again and not first.answer.correct
    assert again.again and again.answer == first.answer and again.streak.current == 0
    view = await svc.puzzles.puzzle_for(GUILD, BO)
    assert view.answer == first.answer
    # The same player in another server answers there on their own.
    other = await svc.puzzles.answer(GUILD + 1, BO, DAY.isoformat(), puzzle.answer)
    assert other.answer.correct and other.streak.current == 1


async def test_refusals(svc: GinService, clock: FakeClock) -> None:
    clock.now = at(DAY)
    with pytest.raises(PuzzleNotReadyError):
        await svc.puzzles.puzzle_for(GUILD, ANA)
    await svc.puzzles.ensure(DAY, made)
    assert not await svc.puzzles.ensure(DAY, made)  # made once
    with pytest.raises(PuzzleChoiceError):
        await svc.puzzles.answer(GUILD, ANA, DAY.isoformat(), "XX")
    with pytest.raises(PuzzleOverError):
        await svc.puzzles.answer(GUILD, ANA, (DAY - timedelta(days=1)).isoformat(), "9S")
    assert (await svc.puzzles.puzzle_for(GUILD, ANA)).answer is None


async def test_the_loop_makes_puzzles_ahead_and_closes_each_day_once(
    svc: GinService, clock: FakeClock
) -> None:
    posted: list[PuzzleDay] = []

    async def on_day(day: PuzzleDay) -> None:
        posted.append(day)

    loop = PuzzleLoop(svc.puzzles, on_day=on_day, clock=clock, make=made)
    clock.now = at(DAY)
    assert await loop.tick() == []
    assert await svc.puzzles.has_puzzle(DAY) and await svc.puzzles.has_puzzle(DAY + timedelta(1))
    puzzle = discard_puzzle()
    await svc.puzzles.answer(GUILD, ANA, DAY.isoformat(), puzzle.answer)
    await svc.puzzles.answer(GUILD, BO, DAY.isoformat(), wrong(puzzle))
    assert await loop.tick() == []  # the day is not over
    clock.now = at(DAY + timedelta(days=1), 0) + 2
    [closed] = await loop.tick()
    assert (closed.guild_id, closed.day, closed.answered, closed.solvers) == (
        GUILD,
        DAY.isoformat(),
        2,
        (ANA,),
    )
    assert closed.announce_channel_id is None
    assert await loop.tick() == [] and posted == [closed]
    assert await svc.puzzles.has_puzzle(DAY + timedelta(days=2))
