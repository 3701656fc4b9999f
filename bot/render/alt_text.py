"""Alt text for every image, so screen-reader users can play.

One function per image, each a pure function of what the image itself was
drawn from: :func:`hand_alt` of the seat's own view (private, like the image),
:func:`board_alt` of the public view only — it can name no card a player
holds — and :func:`reveal_alt` / :func:`tally_alt` of the finished hand or
game.  Each speaks the language of its image (``lang``: the player's for a
hand, the server's for the others), from the ``img.alt.*`` entries of the
catalogues.  Discord allows 1,024 characters of description per attachment;
:func:`fit` keeps every text within it.

With :mod:`.words` (the words drawn into the images) this module is the
render layer's words: the drawing modules hold no player text of their own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from bot import i18n
from bot.engine import Assist, GameEnd, GameResult, HandEnd, HandResult, Phase, PublicView, SeatView
from bot.engine.cards import Card, mask_of
from bot.engine.melds import Meld, best_arrangement, deadwood_value, knock_value_mask
from bot.engine.words import seat_columns
from bot.i18n import Lang

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


def meld_text(lang: Lang, meld: Meld) -> str:
    """ "run 5♥ 6♥ 7♥"."""
    key = "img.alt.meld.run" if meld.is_run else "img.alt.meld.set"
    return i18n.text(lang, key, cards=str(meld))


def deadwood_text(lang: Lang, cards: Iterable[Card], value: int | None = None) -> str:
    """ "deadwood A♠ 3♦", with its sum when ``value`` is given."""
    shown = cards_text(cards)
    if value is None:
        return i18n.text(lang, "img.alt.deadwood", cards=shown)
    return i18n.text(lang, "img.alt.deadwood_sum", cards=shown, value=value)


def hand_alt(view: SeatView, assist: Assist = Assist.FULL, *, lang: Lang = Lang.EN) -> str:
    """ "Your hand: run 5♥ 6♥ 7♥ 8♥, set 7♠ 7♦ 7♣; deadwood A♠ 2♣ 3♦ K♦ …",
    saying exactly as much as the hand image does at the game's ``assist``
    level: at ``counts`` the melds and deadwood of the cards held (no "after
    your best discard", no "you can knock" that would rate the discards), at
    ``off`` the cards in order."""
    if assist is Assist.OFF:
        lines = [i18n.plural(lang, "img.alt.hand.off", len(view.hand), cards=cards_text(view.hand))]
    else:
        arrangement = best_arrangement(view.hand)
        parts = [meld_text(lang, m) for m in arrangement.melds]
        melds = ", ".join(parts) if parts else i18n.text(lang, "img.alt.no_melds")
        head = i18n.text(lang, "img.alt.hand.melds", melds=melds)
        if not arrangement.deadwood:
            dead = i18n.text(lang, "img.alt.no_deadwood")
        elif len(view.hand) == 11 and assist is Assist.FULL:
            after = knock_value_mask(mask_of(view.hand))
            dead = deadwood_text(lang, arrangement.deadwood)
            dead += "; " + i18n.text(lang, "img.alt.hand.after_discard", value=after)
        else:
            value = deadwood_value(arrangement.deadwood)
            dead = deadwood_text(lang, arrangement.deadwood, value)
        lines = [f"{head}; {dead}"]
    if view.drawn is not None:
        key = "img.alt.hand.drew_pile" if view.drawn_from_pile else "img.alt.hand.drew_stock"
        lines.append(i18n.text(lang, key, card=view.drawn))
    if "big_gin" in view.legal and assist is not Assist.OFF:
        lines.append(i18n.text(lang, "img.alt.hand.big_gin"))
    elif "knock" in view.legal and assist is Assist.FULL:
        gin = len(view.hand) == 11 and _gin(view)
        lines.append(i18n.text(lang, "img.alt.hand.can_gin" if gin else "img.alt.hand.can_knock"))
    lines.append(_whose_turn(lang, view.public, view.seat))
    return fit("; ".join(lines) + ".")


def _gin(view: SeatView) -> bool:
    return knock_value_mask(mask_of(view.hand)) == 0


def _whose_turn(lang: Lang, public: PublicView, seat: int | None) -> str:
    if public.phase is Phase.GAME_OVER or public.turn is None:
        return i18n.text(lang, "img.alt.game_over")
    if seat is not None and public.turn == seat:
        return i18n.text(lang, "img.alt.your_move")
    return i18n.text(lang, "img.alt.to_move", name=public.names[public.turn])


def _heading(lang: Lang, public: PublicView) -> str:
    """ "hand 3"; in a match "game 3 · hand 2"."""
    if public.match is None or public.hand_in_game is None:
        return i18n.text(lang, "img.alt.heading.hand", hand=public.hand_number)
    return i18n.text(
        lang, "img.alt.heading.match", game=public.match.next_game, hand=public.hand_in_game
    )


def board_alt(public: PublicView, *, lang: Lang = Lang.EN) -> str:
    """The table as anyone may see it: names, scores, the pile, the stock.
    Reads only public fields, so it can never name a card in a hand."""
    a, b = public.names
    pile = public.discard_pile
    if pile:
        top = i18n.text(lang, "img.alt.board.top", card=pile[-1])
    else:
        top = i18n.text(lang, "img.alt.board.pile_empty")
    if len(pile) > 1:
        below = i18n.text(lang, "img.alt.board.below", cards=cards_text(reversed(pile[-4:-1])))
        top += f" ({below})"
    known = [
        i18n.text(lang, "img.alt.board.known", name=public.names[seat], cards=cards_text(cards))
        for seat, cards in enumerate(public.known)
        if cards
    ]
    if public.hollywood is not None:
        h = public.hollywood
        score = i18n.text(
            lang,
            "img.alt.board.hollywood",
            a=a,
            a_columns=seat_columns(h, 0),
            b=b,
            b_columns=seat_columns(h, 1),
            target=public.target,
        )
    else:
        score = i18n.text(
            lang,
            "img.alt.board.score",
            a=a,
            a_score=public.scores[0],
            b=b,
            b_score=public.scores[1],
            target=public.target,
        )
    counts = public.card_counts
    lines = [
        i18n.text(lang, "img.alt.board.head", heading=_heading(lang, public), score=score),
        top,
        i18n.plural(lang, "img.alt.board.stock", public.stock_count),
        i18n.plural(lang, "img.alt.board.holds", counts[0], a=a, b=b, b_cards=counts[1]),
        *known,
        _whose_turn(lang, public, None),
    ]
    return fit("; ".join(lines) + ".")


def reveal_alt(result: HandResult, public: PublicView, *, lang: Lang = Lang.EN) -> str:
    """A finished hand, both hands as laid down: public from the reveal on."""
    if result.end is HandEnd.DEAD or result.knocker is None or result.winner is None:
        return i18n.text(lang, "img.alt.reveal.dead", number=result.number)
    names = public.names
    knocker, defender = names[result.knocker], names[1 - result.knocker]
    if result.end is HandEnd.GIN:
        how = i18n.text(lang, "img.alt.reveal.how.gin")
    elif result.end is HandEnd.BIG_GIN:
        how = i18n.text(lang, "img.alt.reveal.how.big_gin")
    else:
        how = i18n.text(lang, "img.alt.reveal.how.knock", value=result.knocker_value)
    mine = [meld_text(lang, m) for m in result.knocker_melds]
    if result.knocker_deadwood:
        mine.append(deadwood_text(lang, result.knocker_deadwood))
    theirs = [meld_text(lang, m) for m in result.defender_melds]
    if result.layoffs:
        laid = cards_text(c for c, _ in result.layoffs)
        theirs.append(i18n.text(lang, "img.alt.reveal.laid_off", cards=laid))
    dead = cards_text(result.defender_deadwood) or i18n.text(lang, "img.alt.none")
    theirs.append(i18n.text(lang, "img.alt.deadwood_sum", cards=dead, value=result.defender_value))
    undercut = ""
    if result.end is HandEnd.UNDERCUT:
        undercut = " — " + i18n.text(lang, "img.alt.reveal.undercut")
    doubled = f" ({i18n.text(lang, 'img.alt.doubled')})" if result.doubled else ""
    return fit(
        i18n.text(
            lang,
            "img.alt.reveal.body",
            number=result.number,
            knocker=knocker,
            how=how,
            mine=", ".join(mine) or i18n.text(lang, "img.alt.reveal.all_melded"),
            defender=defender,
            theirs=", ".join(theirs),
            undercut=undercut,
            winner=names[result.winner],
            points=result.points,
            doubled=doubled,
            a=names[0],
            a_total=result.totals[0],
            b=names[1],
            b_total=result.totals[1],
        )
    )


def tally_alt(game: GameResult, public: PublicView, *, lang: Lang = Lang.EN) -> str:
    a, b = public.names
    t = game.totals
    if game.reason is GameEnd.ENDED:
        head = i18n.text(lang, "img.alt.tally.ended")
    else:
        key = "img.alt.tally.wins_match" if public.match else "img.alt.tally.wins"
        head = i18n.text(lang, key, winner=public.names[game.winner])
    return fit(
        i18n.text(
            lang,
            "img.alt.tally.body",
            head=head,
            a=a,
            a_total=t[0],
            b=b,
            b_total=t[1],
            a_points=game.tallies[0].hand_points,
            b_points=game.tallies[1].hand_points,
            a_hands=game.tallies[0].hands_won,
            b_hands=game.tallies[1].hands_won,
        )
    )
