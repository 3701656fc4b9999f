"""Alt text for every image, so screen-reader users can play.

One function per image, each a pure function of what the image itself was
drawn from: :func:`hand_alt` of the seat's own view (private, like the image),
:func:`board_alt` of the public view only — it can name no card a player
holds — and :func:`reveal_alt` / :func:`tally_alt` of the finished hand or
game.  Discord allows 1,024 characters of description per attachment;
:func:`fit` keeps every text within it.

With :mod:`.words` (the words drawn into the images) this module is the
render layer's words: the drawing modules hold no player text of their own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from bot.engine import Assist, GameResult, HandEnd, HandResult, Phase, PublicView, SeatView
from bot.engine.cards import Card, mask_of
from bot.engine.melds import Meld, best_arrangement, deadwood_value, knock_value_mask
from bot.engine.words import seat_columns

#: Discord's limit on an attachment's description.
MAX_ALT: Final = 1024


def fit(text: str, limit: int = MAX_ALT) -> str:
    """``text`` cut at a word to at most ``limit`` characters (ending "…")."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0]
    return cut + "…"


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(c.label for c in cards)


def meld_text(meld: Meld) -> str:
    return f"{'run' if meld.is_run else 'set'} {meld}"


def hand_alt(view: SeatView, assist: Assist = Assist.FULL) -> str:
    """ "Your hand: run 5♥ 6♥ 7♥ 8♥, set 7♠ 7♦ 7♣; deadwood A♠ 2♣ 3♦ K♦ …",
    saying exactly as much as the hand image does at the game's ``assist``
    level: at ``counts`` the melds and deadwood of the cards held (no "after
    your best discard", no "you can knock" that would rate the discards), at
    ``off`` the cards in order."""
    if assist is Assist.OFF:
        head = f"Your hand, {len(view.hand)} cards in suit order: {cards_text(view.hand)}"
        lines = [head]
    else:
        arrangement = best_arrangement(view.hand)
        parts = [meld_text(m) for m in arrangement.melds]
        head = "Your hand: " + (", ".join(parts) if parts else "no melds")
        if not arrangement.deadwood:
            dead = "no deadwood"
        elif len(view.hand) == 11 and assist is Assist.FULL:
            dead = f"deadwood {cards_text(arrangement.deadwood)}"
            dead += f"; {knock_value_mask(mask_of(view.hand))} after your best discard"
        else:
            dead = f"deadwood {cards_text(arrangement.deadwood)}"
            dead += f" = {deadwood_value(arrangement.deadwood)}"
        lines = [f"{head}; {dead}"]
    if view.drawn is not None:
        where = "pile" if view.drawn_from_pile else "stock"
        lines.append(f"you drew the {view.drawn} from the {where}")
    if "big_gin" in view.legal and assist is not Assist.OFF:
        lines.append("you have big gin")
    elif "knock" in view.legal and assist is Assist.FULL:
        lines.append("you can go gin" if len(view.hand) == 11 and _gin(view) else "you can knock")
    lines.append(_whose_turn(view.public, view.seat))
    return fit("; ".join(lines) + ".")


def _gin(view: SeatView) -> bool:
    return knock_value_mask(mask_of(view.hand)) == 0


def _whose_turn(public: PublicView, seat: int | None) -> str:
    if public.phase is Phase.GAME_OVER or public.turn is None:
        return "the game is over"
    if seat is not None and public.turn == seat:
        return "your move"
    return f"{public.names[public.turn]} to move"


def board_alt(public: PublicView) -> str:
    """The table as anyone may see it: names, scores, the pile, the stock.
    Reads only public fields, so it can never name a card in a hand."""
    a, b = public.names
    pile = public.discard_pile
    top = f"top of the discard pile {pile[-1]}" if pile else "the discard pile is empty"
    below = f" (below it {cards_text(reversed(pile[-4:-1]))})" if len(pile) > 1 else ""
    known = [
        f"{public.names[seat]} took {cards_text(cards)} from the pile"
        for seat, cards in enumerate(public.known)
        if cards
    ]
    if public.hollywood is not None:
        h = public.hollywood
        score = (
            f"{a} {seat_columns(h, 0)}, {b} {seat_columns(h, 1)} in Hollywood's three games, "
            f"each to {public.target}"
        )
    else:
        score = f"{a} {public.scores[0]}, {b} {public.scores[1]}, playing to {public.target}"
    lines = [
        f"Gin board, hand {public.hand_number}: {score}",
        top + below,
        f"{public.stock_count} cards in the stock",
        f"{a} holds {public.card_counts[0]} cards, {b} holds {public.card_counts[1]}",
        *known,
        _whose_turn(public, None),
    ]
    return fit("; ".join(lines) + ".")


def reveal_alt(result: HandResult, public: PublicView) -> str:
    """A finished hand, both hands as laid down: public from the reveal on."""
    if result.end is HandEnd.DEAD or result.knocker is None or result.winner is None:
        return f"Hand {result.number}: dead hand, no points."
    names = public.names
    knocker, defender = names[result.knocker], names[1 - result.knocker]
    how = {
        HandEnd.GIN: "went gin",
        HandEnd.BIG_GIN: "went big gin",
    }.get(result.end, f"knocked with {result.knocker_value}")
    mine = [meld_text(m) for m in result.knocker_melds]
    if result.knocker_deadwood:
        mine.append(f"deadwood {cards_text(result.knocker_deadwood)}")
    theirs = [meld_text(m) for m in result.defender_melds]
    if result.layoffs:
        theirs.append(f"laid off {cards_text(c for c, _ in result.layoffs)}")
    dead = cards_text(result.defender_deadwood) or "none"
    theirs.append(f"deadwood {dead} = {result.defender_value}")
    undercut = " — undercut" if result.end is HandEnd.UNDERCUT else ""
    return fit(
        f"Hand {result.number}: {knocker} {how}: {', '.join(mine) or 'all melded'}. "
        f"{defender}: {', '.join(theirs)}{undercut}. "
        f"{names[result.winner]} scores {result.points}"
        f"{' (doubled)' if result.doubled else ''}; totals {names[0]} {result.totals[0]}, "
        f"{names[1]} {result.totals[1]}."
    )


def tally_alt(game: GameResult, public: PublicView) -> str:
    a, b = public.names
    t = game.totals
    return fit(
        f"Final tally: {public.names[game.winner]} wins, {a} {t[0]}, {b} {t[1]} "
        f"(hand points {game.tallies[0].hand_points} and {game.tallies[1].hand_points}, "
        f"hands won {game.tallies[0].hands_won} and {game.tallies[1].hands_won})."
    )
