"""Elo ratings (``bot.service.ratings``)."""

from __future__ import annotations

from bot.service.ratings import elo_update, expected_score


def test_elo_from_1200_with_k_32() -> None:
    assert elo_update(1200.0, 1200.0) == (1216.0, 1184.0)
    win, lose = elo_update(1400.0, 1000.0)
    assert (win, lose) == (1402.91, 997.09)  # the favourite gains little
    win, lose = elo_update(1000.0, 1400.0)
    assert (win, lose) == (1029.09, 1370.91)  # an upset moves a lot
    assert expected_score(1200, 1200) == 0.5
