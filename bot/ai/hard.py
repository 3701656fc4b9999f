"""Hard: card tracking, one-step look-ahead and sampled knock decisions.

* Every card seen is tracked (:mod:`.knowledge`); the unseen cards are the
  stock plus the opponent's hidden cards.
* Draw: take the upcard when the deadwood it leaves beats the *expected*
  deadwood of a blind stock draw by a margin (taking shows the card to the
  opponent, so a small gain is not worth it).
* Discard: keep the ten cards whose expected knock value after the next draw
  is lowest (this values live meld outs, not just today's deadwood), minus a
  penalty for feeding the opponent (cards they are known to be collecting).
* Knock: sample the opponent's hidden cards consistently with what is known,
  keep the plausible (well-arranged) hands, and estimate the undercut risk
  after their layoffs; knock when it is small, otherwise play on for a lower
  count or gin.  Gin and big gin are always taken.
"""

from __future__ import annotations

import random

from bot.engine.melds import best_arrangement, layoff_deadwood, min_deadwood_mask
from bot.engine.records import Action, ActionKind, Phase
from bot.engine.views import SeatView

from .heuristics import (
    allowed_discards,
    bits,
    danger,
    deadwood_after,
    discard_action,
    expected_after_draw,
    knock_action,
    value,
)
from .knowledge import Knowledge, knowledge_of

TAKE_MARGIN = 1.0  # deadwood points a pile take must beat the stock by
DANGER_WEIGHT = 0.6  # deadwood points per unit of danger
SAMPLES = 40
UNDERCUT_RISK = 0.2  # knock when the estimated undercut chance is below this


def decide(view: SeatView, rng: random.Random) -> Action:
    k = knowledge_of(view)
    if view.public.phase is Phase.DISCARD:
        return _after_draw(view, k, rng)
    return _draw(view, k, rng)


def _draw(view: SeatView, k: Knowledge, rng: random.Random) -> Action:
    legal = view.legal
    if ActionKind.TAKE_DISCARD in legal and k.top is not None:
        top = k.top
        h = k.hand | (1 << top)
        options = {c: min_deadwood_mask(h & ~(1 << c)) for c in bits(k.hand)}
        after = min(options.values())
        if view.public.phase is Phase.FIFTIETH:
            # Taking obliges us to knock; do it only if the knock pays.
            if after <= k.knock_limit:
                d = min(options, key=lambda c: options[c])
                if after == 0 or _knock_stats(h & ~(1 << d), k, rng, view)[1] > 0:
                    return Action(ActionKind.TAKE_DISCARD)
            return Action(ActionKind.PASS)
        stock = expected_after_draw(k.hand, k.unseen)
        if after + TAKE_MARGIN < stock or (after <= k.knock_limit < stock):
            return Action(ActionKind.TAKE_DISCARD)
    if ActionKind.DRAW_STOCK in legal:
        return Action(ActionKind.DRAW_STOCK)
    return Action(ActionKind.PASS)


def _after_draw(view: SeatView, k: Knowledge, rng: random.Random) -> Action:
    legal = view.legal
    if ActionKind.BIG_GIN in legal:
        return Action(ActionKind.BIG_GIN)
    cards = allowed_discards(view)
    after = deadwood_after(k.hand, cards)
    least = min(after.values())
    knockers = sorted((c for c in cards if after[c] == least), key=lambda c: (-value(c), c))
    if least == 0:
        return knock_action(knockers[0])
    last_chance = k.stock <= 2  # a plain discard now ends the hand (or offers it)
    if ActionKind.KNOCK in legal and least <= k.knock_limit:
        best_card, best_ev, best_risk = knockers[0], -1e9, 1.0
        for c in knockers[:3]:
            risk, ev = _knock_stats(k.hand & ~(1 << c), k, rng, view)
            if ev > best_ev:
                best_card, best_ev, best_risk = c, ev, risk
        # On the last chance the alternative is a dead hand worth nothing.
        knock = best_ev > 0 if last_chance else best_risk < _risk_limit(k)
        if knock:
            return knock_action(best_card)
    return discard_action(_choose_discard(cards, k))


def _risk_limit(k: Knowledge) -> float:
    """Accept more undercut risk late in the hand, when waiting is costly."""
    limit = UNDERCUT_RISK
    if k.stock < 10:
        limit += 0.1
    return limit


def _choose_discard(cards: list[int], k: Knowledge) -> int:
    scores = {}
    for c in cards:
        rest = k.hand & ~(1 << c)
        scores[c] = expected_after_draw(rest, k.unseen) + DANGER_WEIGHT * danger(c, k)
    return min(cards, key=lambda c: (scores[c], -value(c), c))


def _knock_stats(
    hand10: int, k: Knowledge, rng: random.Random, view: SeatView
) -> tuple[float, float]:
    """(undercut probability, expected points) of knocking with ``hand10``.

    The opponent's hidden cards are sampled from the unseen cards; since a
    real opponent keeps a well-arranged hand, only the better-arranged half of
    the samples is kept.
    """
    arrangement = best_arrangement(hand10)
    mine = arrangement.deadwood_value
    pool = bits(k.unseen)
    n = min(k.opp_hidden, len(pool))
    hands = []
    for _ in range(SAMPLES):
        opp = k.opp_known
        for c in rng.sample(pool, n):
            opp |= 1 << c
        hands.append((min_deadwood_mask(opp), opp))
    hands.sort(key=lambda t: t[0])
    kept = hands[: max(1, len(hands) // 2)]
    bonus = view.public.ruleset.undercut_bonus
    undercuts = 0
    total = 0.0
    for _, opp in kept:
        d = layoff_deadwood(opp, arrangement.melds)
        if d <= mine:
            undercuts += 1
            total -= bonus + mine - d
        else:
            total += d - mine
    return undercuts / len(kept), total / len(kept)
