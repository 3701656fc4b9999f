"""Rigged deals: a game whose current hand is dealt exactly as a test says."""

from __future__ import annotations

from bot.engine import Event, EventKind, Game, Ruleset, parse_cards
from bot.engine.cards import CARDS, mask_of


def rig(
    hand0: str,
    hand1: str,
    upcard: str,
    *,
    stock_top: str = "",
    ruleset: Ruleset | None = None,
    dealer: int = 1,
    names: tuple[str, str] = ("Ana", "Bo"),
) -> Game:
    """A game whose current hand is dealt as given (seat 0 is non-dealer by
    default, so seat 0 acts first). ``stock_top`` lists the next stock cards,
    first drawn first; the rest of the stock is the remaining cards."""
    g = Game.new(names, ruleset or Ruleset(), seed=7, first_dealer=dealer)
    h0 = parse_cards(hand0.split())
    h1 = parse_cards(hand1.split())
    up = parse_cards([upcard])[0]
    top = parse_cards(stock_top.split())
    used = set(h0) | set(h1) | {up} | set(top)
    assert len(used) == len(h0) + len(h1) + 1 + len(top), "rigged cards overlap"
    rest = [c for c in CARDS if c not in used]
    g.hands = [mask_of(h0), mask_of(h1)]
    g.pile = [up]
    g.pile_history = [Event(EventKind.DEAL, g.dealer, up)]
    g.stock = rest + list(reversed(top))
    g.knock_limit = g.ruleset.knock_limit(up.rank)
    g.spade_double = (
        g.ruleset.variant == "oklahoma" and g.ruleset.oklahoma_spade_double and up.suit == 0
    )
    return g
