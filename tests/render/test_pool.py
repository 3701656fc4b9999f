"""The render pool: players' own hands first, one drawing per state, same
pixels from worker processes as in-process."""

from __future__ import annotations

import asyncio
import functools
import io
import threading
from collections.abc import Awaitable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image

from bot.i18n import Lang
from bot.render import pool as pool_module
from bot.render import render_board, render_hand
from bot.render.pool import RenderPool
from tests.helpers import samples


def boards(n: int) -> list[object]:
    """``n`` different public views (different stock counts)."""
    return [samples.public_view(stock_count=20 - i) for i in range(n)]


@pytest.fixture
def board_gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Boards are drawn only once the test sets the event: the first board
    holds the pool's only slot until everything is queued (on a loaded machine
    it could otherwise finish early and hand its slot on)."""
    queued = threading.Event()

    @functools.wraps(render_board)
    def gated(*args: Any, **kwargs: Any) -> bytes:
        queued.wait(10)
        return render_board(*args, **kwargs)

    monkeypatch.setattr(pool_module, "render_board", gated)
    yield queued
    queued.set()


class Order:
    """Jobs of a pool, named, in the order their images came back."""

    def __init__(self) -> None:
        self.done: list[str] = []

    def start(self, name: str, image: Awaitable[bytes]) -> asyncio.Task[None]:
        async def wait() -> None:
            await image
            self.done.append(name)

        return asyncio.create_task(wait())


async def test_a_waiting_hand_goes_before_waiting_boards(board_gate: threading.Event) -> None:
    # One slot: the order of the queue is the order of drawing; the clock stands
    # still, so no board waits long enough to go first.
    pool = RenderPool(0, clock=lambda: 0.0)
    try:
        order = Order()
        views = boards(4)
        first = order.start("board0", pool.board(views[0]))  # type: ignore[arg-type]
        await asyncio.sleep(0)  # board0 takes the only slot
        rest = [order.start(f"board{i}", pool.board(views[i])) for i in (1, 2, 3)]  # type: ignore[arg-type]
        await asyncio.sleep(0)
        hand = order.start("hand", pool.hand(samples.seat_view()))
        await asyncio.sleep(0)  # the hand is queued
        board_gate.set()
        await asyncio.gather(first, hand, *rest)
        assert order.done == ["board0", "hand", "board1", "board2", "board3"], order.done
    finally:
        pool.close()


async def test_a_board_that_waited_long_goes_before_later_hands(
    board_gate: threading.Event,
) -> None:
    now = [0.0]
    pool = RenderPool(0, clock=lambda: now[0])
    try:
        order = Order()
        views = boards(3)
        seats = [replace(samples.seat_view(), public=v) for v in boards(2)]
        first = order.start("board0", pool.board(views[0]))  # type: ignore[arg-type]
        await asyncio.sleep(0)  # board0 takes the only slot
        old = order.start("board1", pool.board(views[1]))  # type: ignore[arg-type]
        await asyncio.sleep(0)
        now[0] = pool_module.PUBLIC_PATIENCE  # board1 has waited long enough
        hands = [order.start(f"hand{i}", pool.hand(s)) for i, s in enumerate(seats)]
        await asyncio.sleep(0)
        young = order.start("board2", pool.board(views[2]))  # type: ignore[arg-type]
        await asyncio.sleep(0)
        board_gate.set()
        await asyncio.gather(first, old, young, *hands)
        # The aged board first; the hands before the board that has not waited.
        assert order.done == ["board0", "board1", "hand0", "hand1", "board2"], order.done
    finally:
        pool.close()


async def test_one_state_is_drawn_once() -> None:
    pool = RenderPool(0)
    try:
        view = samples.seat_view()
        a, b = await asyncio.gather(pool.hand(view), pool.hand(view))  # at the same time
        assert a is b and pool.drawn == 1
        again = await pool.hand(replace(view))  # an equal view: a "My hand" click
        assert again is a and pool.drawn == 1
        colour = await pool.hand(view, four_color=True)
        other = await pool.hand(replace(view, drawn=None))
        assert pool.drawn == 3 and len({a, colour, other}) == 3
    finally:
        pool.close()


async def test_the_same_view_in_two_languages_is_two_images() -> None:
    """The memo is keyed by the language too: a board asked for in French
    and in German is drawn twice, each then served from the memo."""
    pool = RenderPool(0)
    try:
        public = samples.public_view()
        fr, de = await asyncio.gather(
            pool.board(public, lang=Lang.FR), pool.board(public, lang=Lang.DE)
        )
        assert fr != de and pool.drawn == 2
        assert await pool.board(public, lang=Lang.FR) is fr
        english = await pool.board(public)  # today's callers: English
        assert english == render_board(public) and pool.drawn == 3
        view = samples.seat_view()
        hands = [await pool.hand(view, lang=lang) for lang in Lang]
        assert len(set(hands)) == len(Lang) and pool.drawn == 3 + len(Lang)
        assert hands[-1] == render_hand(view, lang=Lang.FR)
    finally:
        pool.close()


async def test_the_memo_is_bounded() -> None:
    pool = RenderPool(0, memo_size=2)
    try:
        views = boards(3)
        for v in views:
            await pool.board(v)  # type: ignore[arg-type]
        await pool.board(views[0])  # type: ignore[arg-type]  # evicted: drawn again
        assert pool.drawn == 4
    finally:
        pool.close()


async def test_worker_processes_draw_the_same_pixels() -> None:
    pool = RenderPool(1)
    try:
        await pool.warm()
        view = samples.seat_view()
        public = samples.public_view()
        hand, board, german = await asyncio.gather(
            pool.hand(view), pool.board(public), pool.board(public, lang=Lang.DE)
        )
        assert hand == render_hand(view) and board == render_board(public)
        assert german == render_board(public, lang=Lang.DE) != board
        assert Image.open(io.BytesIO(hand)).format == "PNG"
    finally:
        pool.close()


async def test_a_failed_drawing_reaches_its_caller_and_the_pool_goes_on() -> None:
    pool = RenderPool(0)
    try:
        broken = replace(samples.seat_view(), hand=("not a card",))  # type: ignore[arg-type]
        try:
            await pool.hand(broken)
        except Exception as exc:  # whatever Pillow or the renderer raises
            assert not isinstance(exc, asyncio.CancelledError)
        else:
            raise AssertionError("a broken view rendered")
        assert (await pool.hand(samples.seat_view()))[:8] == b"\x89PNG\r\n\x1a\n"
    finally:
        pool.close()


async def test_a_killed_worker_is_replaced() -> None:
    import os
    import signal

    pool = RenderPool(1)
    try:
        await pool.warm()
        first = await pool.hand(samples.seat_view())
        executor = pool._lanes[0]
        os.kill(executor.process.pid, signal.SIGKILL)  # type: ignore[attr-defined]
        await asyncio.sleep(0.2)
        view = samples.seat_view(drawn=None)  # a new state: must really be drawn
        png = await asyncio.wait_for(pool.hand(view), 30)
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and png != first
        assert pool._lanes[0] is not executor
    finally:
        pool.close()


def _worker_pid(_n: int, delay: float, *, four_color: bool) -> bytes:
    """A stand-in drawing that says which process drew it."""
    import os
    import time

    time.sleep(delay)
    return str(os.getpid()).encode()


async def test_a_games_images_go_to_one_worker_and_an_idle_worker_helps() -> None:
    pool = RenderPool(2)
    try:
        await pool.warm()

        async def draw(n: int, game: str, delay: float = 0.0) -> bytes:
            return await pool._render(_worker_pid, (n, delay), False, private=True, game=game)

        # One after another: every image of a game from the same worker, whose
        # cache holds that game's rows.
        alone = {await draw(n, "Ana-Bo") for n in range(6)}
        other = {await draw(n, "Cy-Di") for n in range(6, 12)}
        assert len(alone) == 1 and len(other) == 1
        # Many at once for one game: its worker takes two, the idle one the rest.
        burst = await asyncio.gather(*(draw(n, "Ana-Bo", 0.3) for n in range(12, 18)))
        assert len(set(burst)) == 2 and alone < set(burst)
    finally:
        pool.close()


async def test_a_worker_killed_mid_drawing_is_replaced_and_the_image_drawn_again() -> None:
    import os
    import signal

    pool = RenderPool(1)
    try:
        await pool.warm()
        lane = pool._lanes[0]
        pid = lane.process.pid  # type: ignore[attr-defined]
        drawing = asyncio.ensure_future(
            pool._render(_worker_pid, (1, 1.0), False, private=True, game="Ana-Bo")
        )
        await asyncio.sleep(0.3)  # the worker is drawing it now
        os.kill(pid, signal.SIGKILL)
        drawn_by = await asyncio.wait_for(drawing, 30)
        assert drawn_by != str(pid).encode() and pool._lanes[0] is not lane
    finally:
        pool.close()
