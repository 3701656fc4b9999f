"""Per-key locks that exist only while in use, and capped recent maps and sets."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord_ui.keyed import KeyedLocks, RecentMap, RecentSet


async def test_a_lock_is_kept_only_while_held_or_waited_for() -> None:
    locks: KeyedLocks[int] = KeyedLocks()
    order: list[str] = []
    release = asyncio.Event()

    async def first() -> None:
        async with locks.hold(1):
            order.append("first in")
            await release.wait()
            order.append("first out")

    async def second() -> None:
        async with locks.hold(1):
            order.append("second in")

    a = asyncio.create_task(first())
    await asyncio.sleep(0)
    b = asyncio.create_task(second())
    await asyncio.sleep(0)
    assert locks.locked(1) and len(locks) == 1  # one lock, held and waited for
    async with locks.hold(2):  # another key is not held up
        assert len(locks) == 2
    assert len(locks) == 1
    release.set()
    await asyncio.gather(a, b)
    assert order == ["first in", "first out", "second in"]  # one at a time, in turn
    assert len(locks) == 0 and not locks.locked(1)


async def test_a_cancelled_waiter_lets_its_lock_go() -> None:
    locks: KeyedLocks[int] = KeyedLocks()
    held = asyncio.Event()
    release = asyncio.Event()

    async def holder() -> None:
        async with locks.hold(7):
            held.set()
            await release.wait()

    async def waiter() -> None:
        async with locks.hold(7):
            raise AssertionError("never gets the lock")

    a = asyncio.create_task(holder())
    await held.wait()
    b = asyncio.create_task(waiter())
    await asyncio.sleep(0)
    b.cancel()
    with pytest.raises(asyncio.CancelledError):
        await b
    release.set()
    await a
    assert len(locks) == 0


def test_recent_map_forgets_the_least_recently_used_past_its_cap() -> None:
    colours: RecentMap[int, bool] = RecentMap(3)
    for user in (1, 2, 3):
        colours[user] = True
    assert colours[1] is True  # read: now the most recent
    colours[4] = False
    assert len(colours) == 3 and 2 not in colours
    assert dict(colours) == {3: True, 1: True, 4: False}
    del colours[3]
    assert colours.get(3) is None and len(colours) == 2
    with pytest.raises(ValueError):
        RecentMap(0)


def test_recent_set_keeps_at_most_its_cap() -> None:
    blocked: RecentSet[int] = RecentSet(2)
    blocked.add(10)
    blocked.add(11)
    blocked.add(12)
    assert 10 not in blocked and 11 in blocked and 12 in blocked and len(blocked) == 2
    blocked.discard(11)
    blocked.discard(99)  # absent: nothing happens
    assert list(blocked) == [12]
