"""The ``ping`` setting parsed from text (``bot.service.pinging``)."""

from __future__ import annotations

import pytest

from bot.service import PingMode
from bot.service.pinging import parse_ping


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("every turn", (PingMode.EVERY, None)),
        ("Every", (PingMode.EVERY, None)),
        ("off", (PingMode.OFF, None)),
        ("after 10 minutes", (PingMode.IDLE, 10)),
        ("15", (PingMode.IDLE, 15)),
        ("idle", (PingMode.IDLE, None)),
        ("default", (PingMode.IDLE, 5)),
    ],
)
def test_parse_ping(text: str, expected: tuple[PingMode, int | None]) -> None:
    assert parse_ping(text) == expected


@pytest.mark.parametrize("text", ["", "sometimes", "after 0 minutes", "after 2000", "5 10"])
def test_parse_ping_refuses_with_the_choices(text: str) -> None:
    with pytest.raises(ValueError, match="every turn"):
        parse_ping(text)
