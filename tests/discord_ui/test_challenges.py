"""Challenge controls (``bot.discord_ui.challenges``)."""

from __future__ import annotations


def test_a_rematch_keeps_the_match_length() -> None:
    from bot.discord_ui.challenges import rematch_games
    from bot.engine import MatchForm, Ruleset

    assert rematch_games(Ruleset()) == 1
    assert rematch_games(Ruleset(match=MatchForm.BEST_OF, match_games=7)) == 7
    assert rematch_games(Ruleset(match=MatchForm.MULTI)) is None
