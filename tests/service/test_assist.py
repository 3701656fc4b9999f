"""The ``assist`` setting (``bot.service.assist``): defaults by kind of game, parsing."""

from __future__ import annotations

import pytest

from bot.engine import Assist
from bot.service.assist import game_assist, parse_assist


def test_assist_defaults_by_kind_of_game() -> None:
    assert game_assist(None, against_computer=False) is Assist.COUNTS
    assert game_assist(None, against_computer=True) is Assist.FULL
    assert game_assist("off", against_computer=True) is Assist.OFF
    assert parse_assist(" Counts ") is Assist.COUNTS and parse_assist("default") is None
    with pytest.raises(ValueError, match="full"):
        parse_assist("lots")
