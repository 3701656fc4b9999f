"""Channel pacing: never more than Discord's per-channel writes in a window."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord_ui.pacing import ChannelPacer


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def take(pacer: ChannelPacer, channel_id: int) -> None:
    async with pacer.write(channel_id):
        pass


def test_burst_then_wait_per_channel() -> None:
    clock = Clock()
    pacer = ChannelPacer(burst=3, window=5.0 / 1.1, clock=clock)  # 5 s with the margin
    for _ in range(3):
        assert pacer.wait_time(1) == 0
        asyncio.run(take(pacer, 1))
    assert pacer.wait_time(1) == 5.0
    assert pacer.wait_time(2) == 0  # other channels are not affected
    clock.now += 4.0
    assert pacer.wait_time(1) == 1.0
    clock.now += 1.0
    assert pacer.wait_time(1) == 0


async def test_slots_spread_writes_over_the_window() -> None:
    pacer = ChannelPacer(burst=2, window=0.2)
    loop = asyncio.get_running_loop()
    start = loop.time()
    times: list[float] = []

    async def write() -> None:
        async with pacer.write(7):
            times.append(loop.time() - start)

    await asyncio.gather(*(write() for _ in range(5)))
    assert len(times) == 5
    # Any three consecutive writes span at least one window.
    for a, c in zip(times, times[2:], strict=False):
        assert c - a >= 0.2 - 0.01
    assert times[1] < 0.05  # the burst itself is not delayed


async def test_zero_burst_means_unpaced() -> None:
    pacer = ChannelPacer(burst=0)
    await asyncio.wait_for(asyncio.gather(*(take(pacer, 1) for _ in range(50))), 1)


async def test_a_write_counts_from_when_it_finished() -> None:
    """However long a write takes between its slot and Discord (building the
    board from the state then, rendering, uploading), the next window starts
    when it is done, and writes still under way hold their places."""
    pacer = ChannelPacer(burst=2, window=0.1 / 1.1)
    loop = asyncio.get_running_loop()
    done: list[float] = []
    started: list[float] = []

    async def slow_write(seconds: float) -> None:
        async with pacer.write(3):
            started.append(loop.time())
            await asyncio.sleep(seconds)
            done.append(loop.time())

    await asyncio.gather(slow_write(0.15), slow_write(0.0), slow_write(0.0))
    # The third waited for the slow first one to finish, then for a window
    # after the second.
    assert started[2] >= min(done[:2]) + 0.1 - 0.01
    assert pacer.wait_time(3) > 0


async def test_a_tidy_write_leaves_room(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Housekeeping (retiring an old board, settling a ping) waits until the
    channel has HEADROOM slots to spare and no normal write is waiting, so
    the next move's board is never queued behind it."""
    from bot.discord_ui import pacing

    monkeypatch.setattr(pacing, "TIDY_POLL", 0.01)
    pacer = ChannelPacer(burst=5, window=0.5 / 1.1)  # 5 per 0.5 s with the margin
    order: list[str] = []

    async def write(name: str, *, tidy: bool = False) -> None:
        async with pacer.write(3, tidy=tidy):
            order.append(name)

    await write("a")
    await write("b")
    # 2 of 5 used: a tidy write would leave 2 free, so it may go now.
    await asyncio.wait_for(write("tidy1", tidy=True), 0.1)
    # 3 used: a tidy write would leave only 1 free, so it waits for the window…
    tidy = asyncio.create_task(write("tidy2", tidy=True))
    await asyncio.sleep(0.05)
    assert "tidy2" not in order
    # …while normal writes still take the slots at once.
    await asyncio.wait_for(asyncio.gather(write("c"), write("d")), 0.1)
    assert order == ["a", "b", "tidy1", "c", "d"]
    await asyncio.wait_for(tidy, 2)
    assert order[-1] == "tidy2"
    assert pacer.sizes()["pacer.waiting"] == 0
