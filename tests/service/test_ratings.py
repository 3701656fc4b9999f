"""Elo ratings (``bot.service.ratings``)."""

from __future__ import annotations

from bot.service.ratings import elo_update, expected_score, ratings_after


def test_elo_from_1200_with_k_32() -> None:
    assert elo_update(1200.0, 1200.0) == (1216.0, 1184.0)
    win, lose = elo_update(1400.0, 1000.0)
    assert (win, lose) == (1402.91, 997.09)  # the favourite gains little
    win, lose = elo_update(1000.0, 1400.0)
    assert (win, lose) == (1029.09, 1370.91)  # an upset moves a lot
    assert expected_score(1200, 1200) == 0.5


def test_ratings_after_one_rule_for_two_and_four_players() -> None:
    """Two players: plain Elo.  Partners: each against the average of the
    two opponents, whatever their partner's rating."""
    assert ratings_after([1400.0, 1000.0], [0, 1], 1) == list(elo_update(1000.0, 1400.0))[::-1]
    after = ratings_after([1300.0, 1100.0, 1250.0, 1150.0], [0, 0, 1, 1], 0)
    assert after == [
        elo_update(1300.0, 1200.0)[0],
        elo_update(1100.0, 1200.0)[0],
        elo_update(1200.0, 1250.0)[1],
        elo_update(1200.0, 1150.0)[1],
    ]
