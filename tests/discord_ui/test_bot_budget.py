"""The bot's requests across channels stay under Discord's global limit
(``bot/discord_ui/bot_budget.py``), counted on a clock the test moves."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.discord_ui.bot_budget import BotWideBudget, pay_requests
from bot.discord_ui.pacing import MARGIN


class Clock:
    """A clock that moves only when the budget sleeps."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, delay: float) -> None:
        self.now += delay
        await asyncio.sleep(0)


@pytest.fixture
def clock() -> Clock:
    return Clock()


async def test_no_window_ever_holds_more_than_the_rate(clock: Clock) -> None:
    budget = BotWideBudget(rate=5, window=1.0, clock=clock, sleep=clock.sleep)
    sent: list[float] = []

    async def request() -> None:
        await budget.take()
        sent.append(clock.now)

    await asyncio.gather(*(request() for _ in range(23)))
    assert len(sent) == 23
    window = 1.0 * (1 + MARGIN)
    for i, start in enumerate(sent):
        assert sum(1 for t in sent[i:] if t < start + window) <= 5
    # And the budget is used, not wasted: five go at once, then five a window.
    assert sent[:5] == [100.0] * 5
    assert sent[-1] - sent[0] == pytest.approx(4 * window, abs=0.01)


async def test_ready_waits_for_room_without_taking_it(clock: Clock) -> None:
    budget = BotWideBudget(rate=2, window=1.0, clock=clock, sleep=clock.sleep)
    await budget.take()
    await budget.ready()
    assert clock.now == 100.0  # room for one more: no wait, and nothing taken
    await budget.take()
    assert budget.wait_time() > 0
    await budget.ready()
    assert clock.now == pytest.approx(100.0 + 1.0 * (1 + MARGIN), abs=0.01)
    assert budget.sizes() == {"budget.sent": 0, "budget.held": 0}  # a window later: nothing


async def test_requests_take_their_places_in_the_order_asked(clock: Clock) -> None:
    budget = BotWideBudget(rate=1, window=1.0, clock=clock, sleep=clock.sleep)
    order: list[int] = []

    async def request(n: int) -> None:
        await budget.take()
        order.append(n)

    await asyncio.gather(*(request(n) for n in range(6)))
    assert order == list(range(6))


async def test_every_request_of_the_http_client_pays(clock: Clock) -> None:
    class Http:
        def __init__(self) -> None:
            self.sent: list[tuple[Any, ...]] = []

        async def request(self, *args: Any, **kwargs: Any) -> str:
            self.sent.append((clock.now, args, kwargs))
            return "ok"

    http = Http()
    budget = BotWideBudget(rate=2, window=1.0, clock=clock, sleep=clock.sleep)
    pay_requests(http, budget)
    results = await asyncio.gather(*(http.request("route", n=n) for n in range(3)))
    assert results == ["ok"] * 3
    assert [args for _, args, _ in http.sent] == [("route",)] * 3
    assert [t for t, _, _ in http.sent] == pytest.approx([100.0, 100.0, 100.0 + 1.1], abs=0.01)


async def test_a_held_place_is_used_by_the_first_request_without_waiting(clock: Clock) -> None:
    budget = BotWideBudget(rate=2, window=1.0, clock=clock, sleep=clock.sleep)
    async with budget.hold():
        assert budget.sizes() == {"budget.sent": 0, "budget.held": 1}
        clock.now += 0.5  # the board is read and drawn meanwhile
        await budget.take()  # its request: the held place, no wait
        assert clock.now == 100.5
        assert budget.sizes() == {"budget.sent": 1, "budget.held": 0}
        await budget.take()  # a second request of the same write takes a place as usual
    assert budget.sizes() == {"budget.sent": 2, "budget.held": 0}


async def test_only_as_many_places_are_held_as_can_leave(clock: Clock) -> None:
    """Boards wait for a place before they are built: with room for two, a
    third waits until a held place is used and its window has passed, or is
    given back unused."""
    budget = BotWideBudget(rate=2, window=1.0, clock=clock, sleep=clock.sleep)
    got: list[tuple[str, float]] = []

    async def board(name: str, send: bool) -> None:
        async with budget.hold():
            got.append((name, clock.now))
            await asyncio.sleep(0)
            if send:
                await budget.take()

    await asyncio.gather(board("a", True), board("b", False), board("c", True))
    assert [name for name, _ in got] == ["a", "b", "c"]  # in the order asked
    assert got[1][1] == 100.0  # b held the second place at once
    assert got[2][1] == pytest.approx(100.0, abs=0.01)  # b gave it back unused: c had it
    await budget.take()  # a and c left: the window is full
    assert clock.now == pytest.approx(100.0 + 1.0 * (1 + MARGIN), abs=0.01)
    assert budget.sizes()["budget.held"] == 0


async def test_a_new_hands_board_goes_ahead_of_the_queue(clock: Clock) -> None:
    budget = BotWideBudget(rate=1, window=1.0, clock=clock, sleep=clock.sleep)
    await budget.take()  # the window is full
    got: list[str] = []

    async def board(name: str, first: bool = False) -> None:
        async with budget.hold(first=first):
            got.append(name)
            await budget.take()

    queued = [asyncio.create_task(board(f"edit{i}")) for i in range(3)]
    await asyncio.sleep(0)  # the edits queue in order, the first of them waiting for room
    await asyncio.gather(board("new hand", first=True), *queued)
    # Only the edit already waiting for the room could be level with it.
    assert got.index("new hand") <= 1, got
    assert [g for g in got if g != "new hand"] == ["edit0", "edit1", "edit2"]
