"""A render lane: one worker process fed and read by the event loop through a
pipe, with no thread of ours in between."""

from __future__ import annotations

import asyncio
import os
import signal
from concurrent.futures.process import BrokenProcessPool

import pytest

from bot.render.lanes import ProcessLane, ThreadLane, serve_jobs


def _serve(conn, parent: int) -> None:  # type: ignore[no-untyped-def]
    """A bare worker (the pool's also dies with the bot and warms up)."""
    serve_jobs(conn)


def _echo(value: int, *, four_color: bool) -> bytes:
    if value < 0:
        raise ValueError(f"no drawing for {value}")
    return f"{value}:{four_color}:{os.getpid()}".encode()


async def test_answers_come_back_in_order_errors_too_and_stop_ends_the_worker() -> None:
    lane = ProcessLane(_serve)
    try:
        futures = [lane.submit((_echo, (n,), n % 2 == 0)) for n in (1, 2, -3, 4)]
        done = await asyncio.gather(*futures, return_exceptions=True)
        pid = lane.process.pid
        assert done[0] == f"1:False:{pid}".encode() and done[1] == f"2:True:{pid}".encode()
        assert isinstance(done[2], ValueError) and "-3" in str(done[2])
        assert done[3] == f"4:True:{pid}".encode()  # an error doesn't stop the worker
    finally:
        process = lane.shutdown()
    process.join(10)
    assert process.exitcode == 0  # told to stop, it stopped


async def test_a_dead_worker_fails_what_it_had_and_refuses_more() -> None:
    lane = ProcessLane(_serve)
    try:
        assert await lane.submit((_echo, (5,), False))  # up and answering
        os.kill(lane.process.pid, signal.SIGKILL)  # type: ignore[arg-type]
        lane.process.join(10)
        await asyncio.sleep(0.05)  # the event loop sees the pipe close
        assert lane.broken
        with pytest.raises(BrokenProcessPool):
            lane.submit((_echo, (6,), False))
    finally:
        lane.shutdown()


async def test_the_thread_lane_draws_in_this_process() -> None:
    lane = ThreadLane()
    try:
        assert await lane.submit((_echo, (7,), True)) == f"7:True:{os.getpid()}".encode()
    finally:
        lane.shutdown()
