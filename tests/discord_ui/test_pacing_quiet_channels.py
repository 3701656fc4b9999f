"""The pacer forgets a channel once it has been quiet for a window: with a
thread per game, every game is a channel of its own."""

from __future__ import annotations

import asyncio

from bot.discord_ui.pacing import ChannelPacer


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def write(pacer: ChannelPacer, channel_id: int) -> None:
    async with pacer.write(channel_id):
        pass


def test_quiet_channels_are_forgotten() -> None:
    clock = Clock()
    pacer = ChannelPacer(burst=2, window=1.0, clock=clock)
    idle = {"pacer.sent": 0, "pacer.open": 0, "pacer.locks": 0, "pacer.waiting": 0}
    assert pacer.sizes() == idle
    for channel in range(1, 101):  # a hundred games' threads
        asyncio.run(write(pacer, channel))
    assert pacer.sizes() == {
        "pacer.sent": 100,
        "pacer.open": 0,
        "pacer.locks": 0,
        "pacer.waiting": 0,
    }
    assert pacer.wait_time(1) == 0  # one write of two in the window
    asyncio.run(write(pacer, 1))
    assert pacer.wait_time(1) > 0  # the window still counts

    # A window later, the next write anywhere forgets every quiet channel.
    clock.now += 2 * pacer.window
    asyncio.run(write(pacer, 500))
    assert pacer.sizes() == {"pacer.sent": 1, "pacer.open": 0, "pacer.locks": 0, "pacer.waiting": 0}
    assert pacer.wait_time(1) == 0
    # Asking about a quiet channel forgets it too.
    clock.now += 2 * pacer.window
    assert pacer.wait_time(500) == 0
    assert pacer.sizes() == idle


async def test_a_write_under_way_keeps_its_channel() -> None:
    clock = Clock()
    pacer = ChannelPacer(burst=1, window=1.0, clock=clock)
    async with pacer.write(9):
        assert pacer.sizes() == {
            "pacer.sent": 0,
            "pacer.open": 1,
            "pacer.locks": 0,
            "pacer.waiting": 0,
        }
        pacer.sweep(clock.now + 10)
        assert pacer.sizes()["pacer.open"] == 1
        assert pacer.wait_time(9) > 0  # still under way: the next write waits
    assert pacer.sizes() == {"pacer.sent": 1, "pacer.open": 0, "pacer.locks": 0, "pacer.waiting": 0}
    pacer.sweep(clock.now + 2 * pacer.window)
    assert pacer.sizes() == {"pacer.sent": 0, "pacer.open": 0, "pacer.locks": 0, "pacer.waiting": 0}
