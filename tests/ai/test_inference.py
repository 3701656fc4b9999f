"""The hard level's reading of the opponent: their moves in order, a hand
guess judged by those moves, worlds resampled toward the guesses that explain
the play, and no hand that goes round for ever.

Why these tests: the inference is where hard's points come from (a player
who knew the opponent's hand would score well over a point more per hand),
and every rule in it is a claim about what a sensible player does; each test
pins one claim on a rigged position where the answer is certain.
"""

from __future__ import annotations

import dataclasses
import random

from bot.ai import decide, hard
from bot.ai.heuristics import bits, joins_meld
from bot.ai.inference import hitting, likelihood, sample_worlds
from bot.ai.knowledge import knowledge_of
from bot.ai.memory import MoveKind, memory_of
from bot.engine import Action, ActionKind, Game
from bot.engine.cards import mask_of, parse_card
from bot.engine.records import Event, EventKind
from tests.helpers.deals import rig


def c(code: str) -> int:
    return int(parse_card(code))


def m(codes: str) -> int:
    return mask_of([parse_card(x) for x in codes.split()])


def _played() -> Game:
    """Seat 1 takes the upcard 9♠ and throws; seat 0 throws K♠; seat 1
    passes on it and draws from the stock, then throws its top card."""
    game = rig(
        "AS 2S 3S 4H 5H 6H 7H 9D 9C KS",
        "KD QC JH TS 8C 7D 6C 5S 4D 3C",
        "9S",
    )
    game.apply(0, Action(ActionKind.PASS))
    game.apply(1, Action(ActionKind.TAKE_DISCARD))
    game.apply(1, Action(ActionKind.DISCARD, parse_card("KD")))
    game.apply(0, Action(ActionKind.DRAW_STOCK))
    game.apply(0, Action(ActionKind.DISCARD, parse_card("KS")))
    game.apply(1, Action(ActionKind.DRAW_STOCK))
    game.apply(1, Action(ActionKind.DISCARD, parse_card("QC")))
    return game


def test_memory_keeps_the_opponents_moves_in_order() -> None:
    """Takes, passes and throws in order, and the partners of a card they took
    likelier than those of one they passed on."""
    mem = memory_of(_played().view(0))
    assert mem.opp_took == (c("9S"),)
    assert mem.opp_passed == (c("KS"),)
    assert mem.opp_threw == (c("KD"), c("QC"))
    # 9♥ is a partner of the 9♠ they took; Q♠ one of the K♠ they passed on.
    assert mem.weights[c("9H")] > 1.0 > mem.weights[c("QS")]
    assert mem.opp_moves == (
        (MoveKind.TOOK, c("9S")),
        (MoveKind.THREW, c("KD")),
        (MoveKind.DREW, c("KS")),
        (MoveKind.THREW, c("QC")),
    )


def test_hitting_counts_the_partners_to_take_away() -> None:
    assert hitting(m("2H 9C"), c("7H")) == 0  # joins nothing
    assert hitting(m("6H 8H"), c("7H")) == 1  # one card breaks the run
    # Two of a rank and a run on each side: one card can't break both.
    assert hitting(m("7S 7D 5H 6H"), c("7H")) == 2


def test_a_pass_on_a_meld_card_makes_the_hand_unlikely() -> None:
    """They passed on the upcard 8♥: holding 6♥ 7♥ then (and drawing nothing
    since) contradicts the pass; the same hand without the run does not."""
    moves = ((MoveKind.PASSED, c("8H")),)
    runs = m("6H 7H KS QD JC 9S 5D 3C 2S AD")
    loose = m("6H 2C KS QD JC 9S 5D 3C 2S AD")
    assert likelihood(loose, moves) == 1.0
    assert likelihood(runs, moves) < 0.1
    # After a stock draw one of the partners may be the card drawn: less sure.
    drew = ((MoveKind.DREW, c("8H")), (MoveKind.THREW, c("KH")))
    assert likelihood(runs, moves) < likelihood(runs, drew) < 1.0


def test_the_last_throw_should_leave_the_least_deadwood() -> None:
    """Throwing the 5♦ out of a 3-4-5♦ run, keeping a lone king, is not what
    a player does; throwing the king is."""
    threw_king = m("3D 4D 5D 6S 7S 8S AH 2H 3H 9C")
    threw_five = m("3D 4D KC 6S 7S 8S AH 2H 3H 9C")
    assert likelihood(threw_king, ((MoveKind.THREW, c("KC")),)) == 1.0
    assert likelihood(threw_five, ((MoveKind.THREW, c("5D")),)) < 0.1


def test_a_hand_that_could_have_knocked_is_unlikely() -> None:
    """Three runs and a 9: after throwing the king they could knock with 9,
    and did not; with a high card more they could not."""
    moves = ((MoveKind.THREW, c("KC")),)
    could = m("3D 4D 5D 6S 7S 8S AH 2H 3H 9C")
    could_not = m("3D 4D 5D 6S 7S 8S AH 2H QH 9C")
    assert likelihood(could, moves, 10) < 0.5 * likelihood(could, moves)
    assert likelihood(could_not, moves, 10) == likelihood(could_not, moves) == 1.0
    # Under a lower knock limit (Oklahoma) the same hand could not knock.
    assert likelihood(could, moves, 8) == 1.0


def test_a_taken_card_should_join_a_meld() -> None:
    moves = ((MoveKind.TOOK, c("9S")), (MoveKind.THREW, c("KD")))
    melded = m("9S 9H 9C 2H 4C 6D 8S TC QH AS")
    unmelded = m("9S 2D 3C 2H 4C 6D 8S TC QH AS")
    assert likelihood(melded, moves) > likelihood(unmelded, moves)


def test_worlds_follow_the_evidence() -> None:
    """Every world holds the card they took and none of ours; and the worlds
    hold a meld for the card they took far more often than random hands do."""
    view = _played().view(0)
    k = knowledge_of(view)
    mem = memory_of(view)
    worlds = sample_worlds(k, mem, random.Random(3), 200)
    assert len(worlds) == 200
    assert abs(sum(w.weight for w in worlds) - 1.0) < 1e-9
    for w in worlds:
        assert w.opp & k.opp_known == k.opp_known
        assert w.opp & (k.hand | k.pile) == 0
        assert w.opp.bit_count() == 10
        assert len(w.stock) == k.unseen.bit_count() - k.opp_hidden
        assert (w.opp | mask_of_stock(w.stock)) & ~(k.unseen | k.opp_known) == 0
    took = c("9S")
    share = sum(joins_meld(w.opp & ~(1 << took), took) for w in worlds) / len(worlds)
    rng = random.Random(4)
    unseen = bits(k.unseen)
    blind = [
        k.opp_known | mask_of_stock(tuple(rng.sample(unseen, k.opp_hidden))) for _ in range(2000)
    ]
    chance = sum(joins_meld(h & ~(1 << took), took) for h in blind) / len(blind)
    assert share > chance + 0.5


def test_each_world_is_played_out_against_several_stock_orders() -> None:
    """Knock-or-wait playouts see every world's hand with PLAYOUT_STOCKS
    different orders of the same stock cards, weights still summing to one."""
    ctx = hard._Ctx(_played().view(0), random.Random(5))
    worlds = ctx.worlds
    played = ctx.playout_worlds
    assert len(played) == len(worlds) * hard.PLAYOUT_STOCKS > len(worlds)
    assert abs(sum(w.weight for w in played) - 1.0) < 1e-9
    for i, w in enumerate(worlds):
        group = played[i * hard.PLAYOUT_STOCKS : (i + 1) * hard.PLAYOUT_STOCKS]
        assert {x.opp for x in group} == {w.opp}
        assert {tuple(sorted(x.stock)) for x in group} == {tuple(sorted(w.stock))}
    assert len({x.stock for x in played}) > len(worlds)


def mask_of_stock(stock: tuple[int, ...]) -> int:
    out = 0
    for card in stock:
        out |= 1 << card
    return out


def test_hard_does_not_take_back_a_card_it_took_before() -> None:
    """Taking the same card again (it went round the table) can cycle for ever
    when both players keep swapping it: draw from the stock instead, unless
    the card lets us knock."""
    game = rig(
        "6H 7H KS QD JC 9S 5D 3C 2S AD",
        "KD QC JH TS 8C 7D 6C 5S 4D 3D",
        "8H",
    )
    view = game.view(0)
    assert decide(view, "hard", random.Random(0)).kind is ActionKind.TAKE_DISCARD
    again = Event(EventKind.TAKE_DISCARD, 0, parse_card("8H"))
    public = dataclasses.replace(view.public, pile_history=(*view.public.pile_history, again))
    replayed = dataclasses.replace(view, public=public)
    assert decide(replayed, "hard", random.Random(0)).kind is not ActionKind.TAKE_DISCARD


def test_hard_knocks_rather_than_wait_again_with_a_card_it_took_before() -> None:
    """Early in a hand hard may take a card that lets it knock and still wait
    for more; if that card has been round before, waiting again could repeat
    the same turns for ever, so it knocks."""
    game = rig(
        "9C KS KD 2H 3H 4H 6D TC KH JC",
        "KC 7H 5D 2C AD 8C 4C AH 6H 6S",
        "5S",
    )
    game.apply(0, Action(ActionKind.TAKE_DISCARD))
    view = game.view(0)
    # Knocking with 5 here is close: find the sampled worlds in which hard waits.
    waits = [
        s for s in range(40) if decide(view, "hard", random.Random(s)).kind is ActionKind.DISCARD
    ]
    assert waits
    before = Event(EventKind.TAKE_DISCARD, 0, parse_card("5S"))
    public = dataclasses.replace(view.public, pile_history=(before, *view.public.pile_history))
    for s in waits:
        action = decide(dataclasses.replace(view, public=public), "hard", random.Random(s))
        assert action.kind is ActionKind.KNOCK
