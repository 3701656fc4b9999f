"""Random legal play on an engine :class:`~bot.engine.Game`, and the
Hypothesis strategy over every ruleset, shared by the engine, review, codec and
render property tests."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from bot.engine import Action, ActionKind, Game, NextDealer, Ruleset, Variant

A = ActionKind

rulesets = st.builds(
    Ruleset,
    variant=st.sampled_from(list(Variant)),
    target=st.sampled_from([10, 40]),
    next_dealer=st.sampled_from(list(NextDealer)),
    fiftieth_card_rule=st.booleans(),
    oklahoma_spade_double=st.booleans(),
    shutout=st.booleans(),
)


def random_action(g: Game, rng: random.Random) -> tuple[int, Action]:
    seat = g.turn
    assert seat is not None
    legal = sorted(g.legal(seat))
    assert legal, "the player to move always has a legal action"
    kind = ActionKind(rng.choice(legal))
    # Lean towards ending hands so random games finish in a sensible time.
    if A.BIG_GIN in legal and rng.random() < 0.9:
        return seat, Action(A.BIG_GIN)
    if A.KNOCK in legal and rng.random() < 0.9:
        kind = A.KNOCK
    elif kind is A.DISCARD and rng.random() < 0.7:
        return seat, Action(kind, g.best_discard(seat))
    if kind in (A.DISCARD, A.KNOCK):
        options = g.knock_discards(seat) if kind is A.KNOCK else sorted(g.deadwood_after(seat))
        return seat, Action(kind, rng.choice(options))
    return seat, Action(kind)
