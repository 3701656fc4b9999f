"""Match play (``bot.engine.match``), on hand-worked tables (docs/RULES.md):
best-of standings and multi-match scores.  Every expected number
below is worked out by hand in docs/RULES.md's examples, not computed."""

from __future__ import annotations

import pytest

from bot.engine.match import (
    FinishedGame,
    MatchError,
    MatchForm,
    MatchFormat,
    standing,
)
from bot.engine.words import standing_line

A, B = 0, 1


def test_best_of_five_is_decided_at_three_wins() -> None:
    fmt = MatchFormat()
    games = [FinishedGame(A, (410, 95)), FinishedGame(B, (60, 380)), FinishedGame(A, (300, 120))]
    st = standing(fmt, games)
    assert st.wins == (2, 1) and st.winner is None and st.next_game == 4
    st = standing(fmt, [*games, FinishedGame(A, (333, 20))])
    assert st.wins == (3, 1) and st.winner == A and st.over
    assert standing_line(fmt, st, ["Ann", "Bo"]) == (
        "Match (best of 5): Ann 3 – 1 Bo — Ann wins the match"
    )
    with pytest.raises(MatchError):
        standing(fmt, [*games, FinishedGame(A, (1, 0)), FinishedGame(B, (0, 1))])


def test_match_game_target_is_250_unless_the_server_set_one() -> None:
    assert MatchFormat().per_game_target(None) == 250
    assert MatchFormat().per_game_target(150) == 150
    assert MatchFormat(MatchForm.MULTI).per_game_target(150) == 100


def test_multi_match_credits_each_match_to_the_game_score() -> None:
    fmt = MatchFormat(MatchForm.MULTI, game_target=500)
    games = [FinishedGame(A, (250, 30)), FinishedGame(B, (60, 210))]
    st = standing(fmt, games)
    assert st.scores == (310, 240) and st.winner is None
    st = standing(fmt, [*games, FinishedGame(A, (230, 45))])
    assert st.scores == (540, 285) and st.winner == A
    assert standing_line(fmt, st, ["Ann", "Bo"]).startswith("Multi-match to 500: Ann 540 – 285")


@pytest.mark.parametrize("games", [0, 2, 4, 11])
def test_absurd_match_lengths_are_refused(games: int) -> None:
    with pytest.raises(MatchError, match="best of 1, 3, 5, 7 or 9"):
        MatchFormat(games=games)
