"""Board marks are committed in groups (``bot/service/board_marks.py``): every
caller's mark is committed before it returns, marks made meanwhile share one
write, an older version never moves a board back, and a failed write reaches
each of its callers — on both backends."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.engine import Action, ActionKind
from bot.service import GinService, snapshots
from bot.storage import DatabaseUnavailableError, Tx
from tests.helpers.service import start_game


async def _posted_and_moved(svc: GinService, a: int, b: int) -> tuple[int, int]:
    """A game whose board was posted and then fell behind by one move:
    (game id, the version the board should show)."""
    snap = await start_game(svc, a, b)
    await svc.moves.set_board_message(snap.id, 4242, 1000 + a, 1.0, snap.version)
    seat = snap.game.turn
    assert seat is not None
    moved = await snapshots.act(svc, snap.id, snap.players[seat], Action(ActionKind.PASS))
    return snap.id, moved.snapshot.version


def _count_writes(svc: GinService) -> list[int]:
    """Counts the repository's write transactions from now on."""
    repo = svc.context.repo
    real = repo.write
    count = [0]

    async def counted(fn: Callable[[Tx], Awaitable[Any]], **how: Any) -> Any:
        count[0] += 1
        return await real(fn, **how)

    repo.write = counted  # type: ignore[method-assign]
    return count


async def test_marks_made_together_share_a_write_and_all_commit(svc: GinService) -> None:
    games = [await _posted_and_moved(svc, 10 + 2 * i, 11 + 2 * i) for i in range(12)]
    more = [await _posted_and_moved(svc, 50 + 2 * i, 51 + 2 * i) for i in range(6)]
    assert len(await svc.moves.boards_behind()) == 18
    writes = _count_writes(svc)
    await asyncio.gather(*(svc.moves.board_shown(g, v) for g, v in games))
    # Every caller returned after its own mark committed ...
    assert {g for g, _ in await svc.moves.boards_behind()} == {g for g, _ in more}
    # ... in one write: the writer starts on the loop's next turn, by when
    # all twelve were made.
    assert writes[0] == 1
    # Marks made while a write is on its way go together in the next one.
    first = asyncio.ensure_future(svc.moves.board_shown(*more[0]))
    await asyncio.sleep(0)  # the first write is on its way
    await asyncio.gather(first, *(svc.moves.board_shown(g, v) for g, v in more[1:]))
    assert await svc.moves.boards_behind() == []
    assert writes[0] == 3


async def test_an_older_version_never_moves_a_board_back(svc: GinService) -> None:
    game, version = await _posted_and_moved(svc, 1, 2)
    await asyncio.gather(
        svc.moves.board_shown(game, version),  # written alone, at once
        svc.moves.board_shown(game, version),  # these two share the next write:
        svc.moves.board_shown(game, version - 1),  # a slow, older edit lands last
    )
    assert await svc.moves.boards_behind() == []
    await svc.moves.board_shown(game, version - 1)
    assert await svc.moves.boards_behind() == []


async def test_a_failed_write_reaches_each_caller_and_the_next_mark_works(
    svc: GinService,
) -> None:
    (g1, v1), (g2, v2), (g3, v3) = [await _posted_and_moved(svc, a, a + 1) for a in (1, 3, 5)]
    repo = svc.context.repo
    real = repo.write
    failed = [0]

    async def down_once(fn: Callable[[Tx], Awaitable[Any]], **how: Any) -> Any:
        if not failed[0]:  # the one write of the three marks
            failed[0] += 1
            await asyncio.sleep(0)
            raise DatabaseUnavailableError("disk gone")
        return await real(fn, **how)

    repo.write = down_once  # type: ignore[method-assign]
    results = await asyncio.gather(
        svc.moves.board_shown(g1, v1),
        svc.moves.board_shown(g2, v2),
        svc.moves.board_shown(g3, v3),
        return_exceptions=True,
    )
    assert all(isinstance(r, DatabaseUnavailableError) for r in results), results
    assert {g for g, _ in await svc.moves.boards_behind()} == {g1, g2, g3}
    await svc.moves.board_shown(g2, v2)
    assert {g for g, _ in await svc.moves.boards_behind()} == {g1, g3}


async def test_a_cancelled_caller_leaves_the_others_written(svc: GinService) -> None:
    (g1, v1), (g2, v2) = [await _posted_and_moved(svc, a, a + 1) for a in (1, 3)]
    first = asyncio.ensure_future(svc.moves.board_shown(g1, v1))
    second = asyncio.ensure_future(svc.moves.board_shown(g2, v2))
    await asyncio.sleep(0)
    second.cancel()  # its caller gave up; the mark itself was already made
    await first
    with pytest.raises(asyncio.CancelledError):
        await second
    for _ in range(20):  # the group's write finishes on its own
        if not await svc.moves.boards_behind():
            break
        await asyncio.sleep(0.01)
    assert await svc.moves.boards_behind() == []
