"""The hard level as it was before full memory, move replay and look-ahead
("hard_v1"), frozen for benchmarks.

``bot/ai/hard.py`` with the ``heuristics.py`` and ``knowledge.py`` it used,
copied verbatim into one module (only the imports merged) so ``benchmarks/ai.py``
can measure the new hard against the old one.  Not used by the bot.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.engine.cards import CARDS, FULL_DECK_MASK, RANK_VALUES, mask_of
from bot.engine.melds import best_arrangement, knock_value_mask, layoff_deadwood, min_deadwood_mask
from bot.engine.records import Action, ActionKind, EventKind, Phase
from bot.engine.views import SeatView


@dataclass(frozen=True, slots=True)
class Knowledge:
    """Card masks (52-bit ints) for fast meld arithmetic."""

    hand: int
    #: Every card in the discard pile (dead except the top one).
    pile: int
    top: int | None
    #: Cards the opponent is known to hold (taken from the pile).
    opp_known: int
    #: Cards this seat has never seen: the stock plus the opponent's hidden cards.
    unseen: int
    #: How many of the opponent's cards are hidden from us.
    opp_hidden: int
    stock: int
    knock_limit: int
    #: The card the opponent discarded on their last turn, if we saw it.
    opp_last_discard: int | None


def knowledge_of(view: SeatView) -> Knowledge:
    """Collect the masks once per decision; cheap (a few microseconds)."""
    pub = view.public
    hand = mask_of(view.hand)
    pile = mask_of(pub.discard_pile)
    opp = view.opponent
    opp_known = mask_of(pub.known[opp])
    unseen = FULL_DECK_MASK & ~hand & ~pile & ~opp_known
    opp_hidden = pub.card_counts[opp] - len(pub.known[opp])
    last_discard: int | None = None
    for ev in pub.last_events:
        if ev.seat == opp and ev.kind is EventKind.DISCARD and ev.card is not None:
            last_discard = int(ev.card)
    return Knowledge(
        hand=hand,
        pile=pile,
        top=int(pub.discard_pile[-1]) if pub.discard_pile else None,
        opp_known=opp_known,
        unseen=unseen,
        opp_hidden=max(0, opp_hidden),
        stock=pub.stock_count,
        knock_limit=pub.knock_limit,
        opp_last_discard=last_discard,
    )


RANK_MASKS = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))


def bits(mask: int) -> list[int]:
    """Card ints of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def value(card: int) -> int:
    return RANK_VALUES[card % 13]


def allowed_discards(view: SeatView) -> list[int]:
    """Cards this seat may throw now: never the card just taken from the pile."""
    cards = [int(c) for c in view.hand]
    if view.drawn_from_pile and view.drawn is not None:
        cards = [c for c in cards if c != int(view.drawn)]
    return cards


def neighbours(card: int) -> int:
    """Mask of the cards that can share a meld with ``card`` as its direct
    partners: the same rank in other suits and the two ranks either side."""
    rank = card % 13
    suit_base = card - rank
    m = RANK_MASKS[rank] & ~(1 << card)
    for r in (rank - 2, rank - 1, rank + 1, rank + 2):
        if 0 <= r < 13:
            m |= 1 << (suit_base + r)
    return m


def joins_meld(hand: int, card: int) -> bool:
    """True if ``card`` is part of some meld of ``hand`` plus the card."""
    rank = card % 13
    if (hand & RANK_MASKS[rank] & ~(1 << card)).bit_count() >= 2:
        return True
    suit_base = card - rank

    def has(r: int) -> bool:
        return 0 <= r < 13 and bool((hand >> (suit_base + r)) & 1)

    return (
        (has(rank - 1) and has(rank - 2))
        or (has(rank - 1) and has(rank + 1))
        or (has(rank + 1) and has(rank + 2))
    )


def deadwood_after(hand: int, cards: list[int]) -> dict[int, int]:
    """For each candidate discard: the least deadwood of the other cards."""
    return {c: min_deadwood_mask(hand & ~(1 << c)) for c in cards}


def best_after_take(hand: int, card: int) -> int:
    """Least deadwood after taking ``card`` and discarding anything but it."""
    h = hand | (1 << card)
    return min(min_deadwood_mask(h & ~(1 << c)) for c in bits(hand))


def expected_after_draw(hand10: int, unseen: int) -> float:
    """Mean knock value after drawing one unseen card (uniformly) and the best
    discard: a one-step look-ahead that values live outs, not just deadwood."""
    if not unseen:
        return float(min_deadwood_mask(hand10))
    total = 0
    n = 0
    m = unseen
    while m:
        low = m & -m
        total += knock_value_mask(hand10 | low)
        n += 1
        m ^= low
    return total / n


def danger(card: int, k: Knowledge) -> float:
    """How likely ``card`` helps the opponent: partners they are known to hold
    count heavily, live (unseen) partners a little; dead partners not at all."""
    rank = card % 13
    suit_base = card - rank
    known = k.opp_known
    same = RANK_MASKS[rank] & ~(1 << card)
    score = 0.0
    ks = (known & same).bit_count()
    if ks >= 2:
        score += 6.0
    elif ks == 1:
        score += 2.0
    for lo, hi in ((rank - 2, rank - 1), (rank - 1, rank + 1), (rank + 1, rank + 2)):
        if lo < 0 or hi > 12:
            continue
        a = 1 << (suit_base + lo)
        b = 1 << (suit_base + hi)
        na = 2 if known & a else (1 if k.unseen & a else 0)
        nb = 2 if known & b else (1 if k.unseen & b else 0)
        if na and nb:
            score += {2: 0.15, 3: 2.0, 4: 6.0}[na + nb]
    score += 0.1 * (k.unseen & same).bit_count()
    if k.opp_last_discard is not None and k.opp_last_discard % 13 == rank:
        score -= 0.5  # they just threw this rank away
    return score


def knock_action(card: int) -> Action:
    return Action(ActionKind.KNOCK, CARDS[card])


def discard_action(card: int) -> Action:
    return Action(ActionKind.DISCARD, CARDS[card])


def meld_outs(hand: int, unseen: int) -> int:
    """Unseen cards that would join a meld with ``hand``: the live outs."""
    n = 0
    m = unseen
    while m:
        low = m & -m
        if joins_meld(hand, low.bit_length() - 1):
            n += 1
        m ^= low
    return n


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
