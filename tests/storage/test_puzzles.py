"""The daily puzzle's tables (``bot.storage.tables.puzzles``) on SQLite and
PostgreSQL: a day's puzzle stored once; a second answer by the same player
in the same server changes nothing (another server's counts apart); the
solved days; a day closed once."""

from __future__ import annotations

from pathlib import Path

from bot.storage import PuzzleAnswerRow, PuzzleRow, Repository, Tx

DAY = "2026-11-26"


def answer(user: int, choice: str, correct: bool, at: float, guild: int = 1) -> PuzzleAnswerRow:
    return PuzzleAnswerRow(guild, user, DAY, choice, correct, at)


async def test_a_double_answer_counts_once(db_target: str | Path) -> None:
    repo = await Repository.open(db_target)
    try:

        async def store(tx: Tx) -> list[bool]:
            return [
                await tx.put_puzzle(PuzzleRow(DAY, "discard", '{"a": 1}', 1.0)),
                await tx.put_puzzle(PuzzleRow(DAY, "knock", '{"b": 2}', 2.0)),
                await tx.answer_puzzle(answer(10, "9S", True, 5.0)),
                await tx.answer_puzzle(answer(10, "KD", False, 6.0)),  # the second: refused
                await tx.answer_puzzle(answer(10, "KD", False, 7.0, guild=2)),
                await tx.answer_puzzle(answer(11, "KD", False, 8.0)),
            ]

        assert await repo.write(store) == [True, False, True, False, True, True]

        async def read(tx: Tx) -> None:
            row = await tx.puzzle(DAY)
            assert row is not None and (row.kind, row.data) == ("discard", '{"a": 1}')
            assert await tx.puzzle("2026-11-27") is None
            first = await tx.puzzle_answer(1, 10, DAY)
            assert first is not None and (first.choice, first.correct) == ("9S", True)
            assert [(a.user_id, a.correct) for a in await tx.day_answers(1, DAY)] == [
                (10, True),
                (11, False),
            ]
            assert await tx.solved_days(1, 10, "2026-01-01") == [DAY]
            assert await tx.solved_days(2, 10, "2026-01-01") == []
            assert await tx.solved_days(1, 10, "2026-11-27") == []

        await repo.read(read)

        async def close(tx: Tx) -> tuple[list[tuple[int, str]], bool, bool, list[tuple[int, str]]]:
            due = await tx.puzzle_days_to_close("2026-11-01", "2026-11-27", None)
            once = await tx.close_puzzle_day(1, DAY, 9.0)
            twice = await tx.close_puzzle_day(1, DAY, 10.0)
            return due, once, twice, await tx.puzzle_days_to_close("2026-11-01", "2026-11-27", None)

        due, once, twice, left = await repo.write(close)
        assert due == [(1, DAY), (2, DAY)]
        assert (once, twice) == (True, False)
        assert left == [(2, DAY)]
        # Today's answers are not due yet.
        assert await repo.read(lambda tx: tx.puzzle_days_to_close("2026-11-01", DAY, None)) == []
    finally:
        await repo.close()
