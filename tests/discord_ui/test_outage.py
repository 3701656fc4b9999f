"""Waiting out a database outage: one line when a game's writes start
failing, waits that double up to a limit, one line when they go through
again, and a give-up (one line) after the cap."""

from __future__ import annotations

import logging

import pytest

from bot.discord_ui.outage import DETAIL_CHARS, Backoff, Outages, reason
from bot.service import DatabaseUnavailableError


class Clock:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


LOG = logging.getLogger("tests.outage")


def down(detail: str = "ConnectionRefusedError: [Errno 111]\nConnect call failed") -> Exception:
    return DatabaseUnavailableError(detail)


def test_one_line_when_it_starts_waits_double_and_one_when_it_is_back(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="tests.outage")
    clock = Clock()
    outages = Outages("board", LOG, Backoff(first=0.5, most=5.0), clock=clock)
    assert outages.wait(3) is None and len(outages) == 0
    waits = []
    for _ in range(7):
        assert outages.failed(3, down())  # type: ignore[arg-type]
        waits.append(outages.wait(3))
        clock.now += 1
    assert waits == [0.5, 1.0, 2.0, 4.0, 5.0, 5.0, 5.0]
    assert len(outages) == 1 and outages.wait(4) is None  # other games are not affected
    outages.written(3)
    outages.written(3)  # no outage any more: nothing to say
    assert len(outages) == 0
    lines = [(r.levelno, r.getMessage()) for r in caplog.records]
    assert lines == [
        (
            logging.WARNING,
            "board of game 3 not written: the database is unavailable "
            "(ConnectionRefusedError: [Errno 111] Connect call failed); "
            "trying again until it is back",
        ),
        (logging.INFO, "board of game 3 written: the database is back after 7.0 s"),
    ]
    assert all(r.exc_info is None for r in caplog.records)


def test_gives_up_after_the_cap_with_one_line(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="tests.outage")
    clock = Clock()
    outages = Outages("summary line", LOG, Backoff(give_up_after=600), clock=clock)
    assert outages.failed(8, down())  # type: ignore[arg-type]
    clock.now += 599
    assert outages.failed(8, down())  # type: ignore[arg-type]
    clock.now += 1
    assert not outages.failed(8, down())  # type: ignore[arg-type]
    assert len(outages) == 0
    assert caplog.records[-1].levelno == logging.WARNING
    assert caplog.records[-1].getMessage() == (
        "summary line of game 8 given up: the database has been unavailable for 600 s"
    )
    assert len(caplog.records) == 2
    outages.failed(8, down())  # type: ignore[arg-type]
    outages.forget(8)  # stopped for another reason: forgotten without a line
    assert len(outages) == 0 and len(caplog.records) == 3


def test_reason_is_one_short_line() -> None:
    assert reason(DatabaseUnavailableError("a\n  b\tc")) == "a b c"
    assert reason(DatabaseUnavailableError()) == "DatabaseUnavailableError"
    long = reason(DatabaseUnavailableError("x" * 1000))
    assert len(long) == DETAIL_CHARS and long.endswith("…")


def test_a_busy_bot_is_not_logged_per_board(caplog: pytest.LogCaptureFixture) -> None:
    """A write refused because the bot is busy (not the database down) is
    retried the same way but logged at DEBUG only: the storage layer warns
    about it once a minute, and a line per board would flood the log."""
    from bot.service import BusyError

    caplog.set_level(logging.DEBUG, logger="tests.outage")
    outages = Outages("board", LOG, Backoff(first=0.5, most=5.0), clock=Clock())
    assert outages.failed(7, BusyError("queued"))
    assert outages.wait(7) == 0.5
    assert [(r.levelno, r.getMessage().split(":")[1].strip()) for r in caplog.records] == [
        (logging.DEBUG, "the bot is busy (queued); trying again until it is back")
    ]
    caplog.clear()
    assert outages.failed(8, down("refused"))
    assert [r.levelno for r in caplog.records] == [logging.WARNING]
