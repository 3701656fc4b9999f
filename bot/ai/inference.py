"""Guessing the opponent's hidden cards: worlds that explain their play.

:func:`sample_worlds` draws candidate hands from the unseen cards with the
history's per-card odds (:mod:`.memory`), weighs each by :func:`likelihood`
(how likely the opponent's own choices were with that hand) and resamples
the candidates down to equally weighted worlds, the rest of the unseen cards
shuffled into a stock of the right size.

A guessed hand is judged by replaying the opponent's pile
moves this hand backwards from it.  Going back one of their turns, the card
they threw returns to the hand and a card they took from the pile leaves it;
a card they drew from the stock is unknown, so from then on the replayed hand
is a *superset* of what they held, with ``extra`` cards too many.  Each move
is then checked the way a sensible player makes it:

* the **last throw** is checked exactly: it should leave the least deadwood
  of the eleven cards they held (a throw that costs ``x`` more deadwood than
  their best is ``exp(-THROW_BETA * x)`` as likely);
* an older **throw** of a card that joins a meld even after taking away the
  ``extra`` cards is unlikely (``THROW_MELD``);
* a **pass** on a card that joins a meld is unlikely unless the meld partners
  can be explained as later stock draws (``PASS_EPS`` at worst);
* a card they **took** should join a meld of theirs (``TAKE_EPS`` if not);
* a throw that left them able to **knock** and no knock is unlikely
  (``NO_KNOCK``): most players knock as soon as they can, the EAAI baseline
  always does, so a guessed hand that could have knocked is mostly wrong.

A careful human plays like that; so does the EAAI baseline, exactly.  The
result multiplies into a sampled hand's weight, so worlds that explain the
play survive resampling and worlds that contradict it fade.
"""

from __future__ import annotations

import math
import random
from itertools import combinations

from bot.engine.melds import knock_value_mask, min_deadwood_mask

from .heuristics import bits, joins_meld, neighbours
from .knowledge import Knowledge
from .lookahead import World, best_discard
from .memory import Memory, Move, MoveKind

#: Candidate hands drawn per world kept: the resampling's room to choose.
CANDIDATES = 4

THROW_BETA = 3.0
THROW_FLOOR = 0.01
THROW_MELD = 0.5
PASS_EPS = 0.03
PASS_Q = 0.5
TAKE_EPS = 0.05
NO_KNOCK = 0.15
CACHE_LIMIT = 100_000

_hitting_cache: dict[tuple[int, int], int] = {}


def hitting(hand: int, card: int) -> int:
    """Fewest cards of ``hand`` to take away so ``card`` joins no meld (capped
    at 3): how many of its partners must have arrived later to excuse a pass."""
    partners = hand & neighbours(card)
    key = (partners, card)
    hit = _hitting_cache.get(key)
    if hit is not None:
        return hit
    hit = 0
    if joins_meld(partners, card):
        hit = 3
        cards = bits(partners)
        for size in (1, 2):
            if any(
                not joins_meld(partners & ~sum(1 << c for c in drop), card)
                for drop in combinations(cards, size)
            ):
                hit = size
                break
    if len(_hitting_cache) > CACHE_LIMIT:
        _hitting_cache.clear()
    _hitting_cache[key] = hit
    return hit


def likelihood(hand: int, moves: tuple[Move, ...], knock_limit: int = -1) -> float:
    """Relative chance the opponent made ``moves`` (oldest first) holding
    ``hand`` now; 1.0 when every move is what a sensible player makes.
    ``knock_limit`` is the hand's; -1 leaves the no-knock check out."""
    like = 1.0
    held = hand  # what they held at the point reached, plus ``extra`` cards
    extra = 0
    for i in range(len(moves) - 1, -1, -1):
        kind, card = moves[i]
        if kind is MoveKind.THREW:
            held |= 1 << card
            if extra == 0:
                took = moves[i - 1] if i > 0 else None
                forbidden = took[1] if took is not None and took[0] is MoveKind.TOOK else -1
                left = min_deadwood_mask(held & ~(1 << card))
                if left <= knock_limit:
                    like *= NO_KNOCK  # they could have knocked and did not
                cost = left - knock_value_mask(held)  # the best throw of all
                if cost > 0 and forbidden >= 0:
                    # The best throw may be the card they took, which they could not throw.
                    cost = left - best_discard(held, forbidden)[1]
                if cost > 0:
                    like *= max(THROW_FLOOR, math.exp(-THROW_BETA * cost))
            elif hitting(held & ~(1 << card), card) > extra:
                like *= THROW_MELD
        elif kind is MoveKind.TOOK:
            held &= ~(1 << card)
            if not joins_meld(held, card):
                like *= TAKE_EPS
        else:
            if kind is MoveKind.DREW:
                extra += 1  # the card drawn is in ``held`` but was not then
            if not (held >> card) & 1:
                need = hitting(held, card)
                if need > extra:
                    like *= PASS_EPS
                elif need:
                    like *= max(PASS_EPS, (PASS_Q * extra / (10 + extra)) ** need)
    return like


def sample_worlds(k: Knowledge, mem: Memory, rng: random.Random, n: int) -> list[World]:
    """``n`` equally weighted worlds consistent with everything seen, drawn
    in proportion to how well their hand explains the opponent's play."""
    pool = bits(k.unseen)
    need = min(k.opp_hidden, len(pool))
    w = mem.weights
    candidates: list[World] = []
    for _ in range(n * CANDIDATES):
        # Weighted sampling without replacement (Efraimidis-Spirakis keys).
        keyed = sorted(pool, key=lambda c: rng.random() ** (1.0 / w[c]), reverse=True)
        opp = k.opp_known
        for c in keyed[:need]:
            opp |= 1 << c
        # The stock is shuffled only for the worlds kept (see _resample).
        like = likelihood(opp, mem.opp_moves, k.knock_limit)
        candidates.append(World(opp, tuple(keyed[need:]), like))
    return _resample(candidates, rng, n)


def _resample(candidates: list[World], rng: random.Random, n: int) -> list[World]:
    """Systematic resampling: ``n`` worlds, each candidate kept about in
    proportion to its weight (one random offset, even steps: less noise
    than ``n`` independent draws).  Each world kept gets its own shuffle of
    the stock, so a hand kept twice is played out against two stocks."""
    total = sum(x.weight for x in candidates)
    if total <= 0.0:
        candidates = [World(x.opp, x.stock, 1.0) for x in candidates]
        total = float(len(candidates))
    step = total / n
    point = rng.random() * step
    out: list[World] = []
    acc = 0.0
    for x in candidates:
        acc += x.weight
        while point < acc and len(out) < n:
            out.append(World(x.opp, x.stock, 1.0 / n))
            point += step
    while len(out) < n:  # rounding at the very end
        out.append(World(candidates[-1].opp, candidates[-1].stock, 1.0 / n))
    shuffled = []
    for x in out:
        stock = list(x.stock)
        rng.shuffle(stock)
        shuffled.append(World(x.opp, tuple(stock), x.weight))
    return shuffled
