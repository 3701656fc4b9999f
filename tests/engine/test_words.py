"""The engine's words (``bot.engine.words``): the rules in sentences for
``/gin rules``, and the variants as players read them."""

from __future__ import annotations

import pytest

from bot.engine import MatchForm, NextDealer, Ruleset, Scoring, Variant
from bot.engine.words import rules_summary, variant_words


def test_the_rules_read_as_sentences_with_this_servers_numbers() -> None:
    lines = rules_summary(Ruleset(gin_bonus=20, undercut_bonus=10, shutout=False))
    assert lines == [
        "A game is played to **100** points.",
        "Standard gin: you may knock when your deadwood is 10 or less.",
        "Gin scores a bonus of 20, big gin 31; an undercut scores a bonus of 10.",
        "The winner of a game scores a game bonus of 100, and each player a line bonus of 25 "
        "for each hand they won.",
        "The deal alternates.",
    ]
    assert all(line.endswith(".") and "_" not in line for line in lines)


@pytest.mark.parametrize(
    ("rules", "says"),
    [
        (Ruleset(variant=Variant.OKLAHOMA), "A game is played to **150** points."),
        (Ruleset(variant=Variant.OKLAHOMA), "A spade upcard doubles the hand's points"),
        (Ruleset(variant=Variant.GIN_ONLY), "no knocking — a hand ends only with gin or big gin"),
        (Ruleset(), "a shutout (the loser won no hand) doubles the winner's hand points"),
        (Ruleset(next_dealer=NextDealer.LOSER), "The loser of a hand deals the next one."),
        (Ruleset(fiftieth_card_rule=True), "50th-card rule: when the stock is down to 2 cards"),
        (Ruleset(match=MatchForm.BEST_OF, match_games=3), "best of 3 games, each game to **250**"),
        (Ruleset(match=MatchForm.MULTI), "the first to **500** wins"),
        (Ruleset(scoring=Scoring.HOLLYWOOD), "three games at once, each to **100** points"),
    ],
)
def test_each_rule_is_said_when_it_applies(rules: Ruleset, says: str) -> None:
    assert says in " ".join(rules_summary(rules))


def test_spades_are_said_only_of_oklahoma() -> None:
    off = Ruleset(variant=Variant.OKLAHOMA, oklahoma_spade_double=False)
    assert "spade" not in " ".join(rules_summary(off))
    assert variant_words(off) == "Oklahoma (the upcard sets the knock limit; spades don't double)"
    assert variant_words(Ruleset()) == "Standard (knock at 10 or less)"
    assert (
        variant_words(Ruleset(variant=Variant.GIN_ONLY)) == "Straight gin (no knocking: gin only)"
    )
