"""The bot's writes across channels stay under Discord's global limit
(``bot/discord_ui/bot_budget.py``), counted on a clock the test moves."""

from __future__ import annotations

from bot.discord_ui.bot_budget import BURST, RATE, BotWideBudget


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _turns(budget: BotWideBudget, clock: Clock, n: int) -> list[float]:
    """When each of ``n`` writes asked at once gets its turn."""
    return [clock.now + budget.reserve() for _ in range(n)]


def test_a_burst_then_a_steady_rate() -> None:
    clock = Clock()
    budget = BotWideBudget(rate=10.0, burst=3, clock=clock)
    turns = _turns(budget, clock, 6)
    assert [round(t - 100.0, 3) for t in turns] == [0.0, 0.0, 0.0, 0.1, 0.2, 0.3]


def test_a_quiet_moment_gives_the_burst_back_and_no_more() -> None:
    clock = Clock()
    budget = BotWideBudget(rate=10.0, burst=3, clock=clock)
    _turns(budget, clock, 6)
    clock.now += 60.0  # a quiet minute saves up only the burst
    turns = _turns(budget, clock, 4)
    assert [round(t - clock.now, 3) for t in turns] == [0.0, 0.0, 0.0, 0.1]


def test_no_second_ever_holds_more_than_discords_global_limit() -> None:
    """Writes asked for in waves of every size: in any second, at most
    ``RATE + BURST`` turns (45), under Discord's 50."""
    clock = Clock()
    budget = BotWideBudget(clock=clock)
    turns: list[float] = []
    for wave in (1, 80, 3, 0, 45, 200, 7):
        turns += _turns(budget, clock, wave)
        clock.now += 0.7
    turns.sort()
    most = max(
        sum(1 for t in turns[i:] if t < start + 1.0) for i, start in enumerate(turns)
    )
    assert most <= RATE + BURST <= 50
    assert most >= RATE  # and the budget is used, not wasted
