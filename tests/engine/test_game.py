"""The hand state machine, scoring and the game (``bot.engine.game``), on rigged deals."""

from __future__ import annotations

import itertools
import random

import pytest

from bot.engine import (
    Action,
    ActionKind,
    CannotThrowBackError,
    CardNotHeldError,
    EventKind,
    Game,
    HandEnd,
    KnockTooHighError,
    MatchForm,
    NextDealer,
    NotBigGinError,
    NotYourTurnError,
    Phase,
    Ruleset,
    Variant,
    WrongPhaseError,
    game_to_dict,
    parse_card,
)
from tests.helpers.deals import rig
from tests.helpers.play import random_action

A = ActionKind


def act(g: Game, seat: int, kind: ActionKind, card: str | None = None):  # type: ignore[no-untyped-def]
    return g.apply(seat, Action(kind, parse_card(card) if card else None))


# Seat 0: three melds + 2 small deadwood; seat 1: junk.
GOOD = "AS 2S 3S 4H 5H 6H 7D 8D 9D 2C"
JUNK = "KH QD JC 9S 7C 5D 3H AC TH 8C"


def test_upcard_offer_order_then_forced_stock_draw() -> None:
    g = rig(GOOD, JUNK, "KC", stock_top="QS")
    assert g.phase is Phase.UPCARD and g.turn == 0
    with pytest.raises(WrongPhaseError, match="draw the upcard"):
        act(g, 0, A.DRAW_STOCK)
    with pytest.raises(NotYourTurnError, match="It's Ana's turn"):
        act(g, 1, A.PASS)
    act(g, 0, A.PASS)
    assert g.turn == 1 and g.phase is Phase.UPCARD
    act(g, 1, A.PASS)
    assert g.turn == 0 and g.phase is Phase.DRAW
    assert g.legal(0) == {A.DRAW_STOCK}
    with pytest.raises(WrongPhaseError, match="must come from the stock"):
        act(g, 0, A.TAKE_DISCARD)
    out = act(g, 0, A.DRAW_STOCK)
    assert out.events[0].kind is EventKind.DRAW_STOCK
    assert out.events[0].card is None  # the stock card is private
    assert out.events[0].private_card == parse_card("QS")
    assert g.public_view().last_events[0].private_card is None


def test_dealer_takes_upcard_after_pass_and_cannot_throw_it_back() -> None:
    g = rig(GOOD, JUNK, "KC")
    act(g, 0, A.PASS)
    out = act(g, 1, A.TAKE_DISCARD)
    assert out.events[0].card == parse_card("KC")
    assert g.public_view().known[1] == (parse_card("KC"),)
    with pytest.raises(CannotThrowBackError, match="can't discard the K♣ you just drew"):
        act(g, 1, A.DISCARD, "KC")
    with pytest.raises(CardNotHeldError, match="You don't hold the 2♠"):
        act(g, 1, A.DISCARD, "2S")
    with pytest.raises(WrongPhaseError, match="already drew"):
        act(g, 1, A.DRAW_STOCK)
    act(g, 1, A.DISCARD, "QD")
    assert g.turn == 0 and g.phase is Phase.DRAW
    assert g.pile[-1] == parse_card("QD")


def test_errors_change_nothing() -> None:
    g = rig(GOOD, JUNK, "KC")
    before = game_to_dict(g)
    for seat, kind, card in [
        (1, A.PASS, None),
        (0, A.DISCARD, "AS"),
        (0, A.KNOCK, "AS"),
        (0, A.BIG_GIN, None),
        (5, A.PASS, None),
    ]:
        with pytest.raises(Exception):  # noqa: B017 - each is a GameError
            g.apply(seat, Action(kind, parse_card(card) if card else None))
        assert game_to_dict(g) == before


def test_knock_over_the_limit_is_refused_with_the_limit_not_the_deadwood() -> None:
    """The refusal names the card and the limit, never how much the deadwood
    would be: below full assistance that would rate the discard."""
    g = rig(GOOD, JUNK, "KC", stock_top="QS")
    act(g, 0, A.PASS)
    act(g, 1, A.PASS)
    act(g, 0, A.DRAW_STOCK)
    with pytest.raises(KnockTooHighError, match="knock limit is 10") as refused:
        act(g, 0, A.KNOCK, "AS")
    assert "A♠" in str(refused.value) and "17" not in str(refused.value)
    with pytest.raises(NotBigGinError):
        act(g, 0, A.BIG_GIN)
    assert A.KNOCK in g.legal(0)
    assert g.knock_discards(0) == [parse_card("QS"), parse_card("2C")]
    assert g.best_discard(0) == parse_card("QS")


def test_knock_scores_deadwood_difference() -> None:
    g = rig(GOOD, JUNK, "KC", stock_top="QS")
    act(g, 0, A.PASS)
    act(g, 1, A.PASS)
    act(g, 0, A.DRAW_STOCK)
    out = act(g, 0, A.KNOCK, "QS")
    r = out.hand
    assert r is not None and r.end is HandEnd.KNOCK and r.winner == 0
    assert r.knocker_value == 2
    # Defender: junk, nothing to meld; 3H lays off? No (4H 5H 6H: yes, 3H extends it).
    assert {c.code for c, _ in r.layoffs} == {"3H"}
    assert r.defender_value == 10 + 10 + 10 + 9 + 7 + 5 + 1 + 10 + 8
    assert r.points == r.defender_value - 2
    assert g.scores == [r.points, 0]
    assert out.deal_events and g.hand_number == 2  # next hand dealt
    assert g.dealer == 0  # alternate


def test_undercut_gives_the_defender_the_bonus() -> None:
    g = rig("AS 2S 3S 4H 5H 6H 7D 8D 9D TC", "AC 2C 3C 4C 5C 6C 7C 8C AD 2D", "JS")
    act(g, 0, A.TAKE_DISCARD)
    out = act(g, 0, A.KNOCK, "TC")
    r = out.hand
    assert r is not None and r.end is HandEnd.UNDERCUT and r.winner == 1
    assert r.knocker_value == 10  # JS from the pile counts: it can't be thrown
    assert r.defender_value == 3
    assert r.points == 25 + (10 - 3)
    assert g.scores == [0, r.points]


def test_gin_no_layoffs_and_bonus() -> None:
    g = rig("AS 2S 3S 4H 5H 6H 7D 8D 9D TC", "4S KH QD JC 9S 7C 5D 3H AC 8C", "TD")
    act(g, 0, A.TAKE_DISCARD)
    out = act(g, 0, A.KNOCK, "TC")
    r = out.hand
    assert r is not None and r.end is HandEnd.GIN and r.layoffs == ()
    assert r.defender_value == 4 + 10 + 10 + 10 + 9 + 7 + 5 + 3 + 1 + 8
    assert r.points == 25 + r.defender_value


def test_big_gin() -> None:
    g = rig("AS 2S 3S 4H 5H 6H 7D 8D 9D TD", "KH QD JC 9S 7C 5D 3H AC 8C 2C", "JD")
    act(g, 0, A.TAKE_DISCARD)
    assert A.BIG_GIN in g.legal(0)
    out = act(g, 0, A.BIG_GIN)
    r = out.hand
    assert r is not None and r.end is HandEnd.BIG_GIN and r.knocker_discard is None
    assert r.points == 31 + r.defender_value


def test_dead_hand_when_stock_reaches_two() -> None:
    g = rig(GOOD, JUNK, "KC")
    g.phase, g.turn = Phase.DRAW, 0
    g.stock = g.stock[-3:]
    act(g, 0, A.DRAW_STOCK)
    assert len(g.stock) == 2
    out = act(g, 0, A.DISCARD, "2C")
    assert out.hand is not None and out.hand.end is HandEnd.DEAD and out.hand.points == 0
    assert g.scores == [0, 0] and g.hand_number == 2


def test_fiftieth_card_rule_lets_the_opponent_take_and_knock() -> None:
    rules = Ruleset(fiftieth_card_rule=True)
    g = rig("AS 2S 3S 4H 5H 6H 7D 8D 2C 3C", JUNK, "KC", ruleset=rules)
    g.phase, g.turn = Phase.DRAW, 1
    g.stock = [*g.stock[:2], parse_card("9D")] if parse_card("9D") not in g.stock[:2] else g.stock
    g.stock = [*[c for c in g.stock if c != parse_card("9D")][:2], parse_card("9D")]
    act(g, 1, A.DRAW_STOCK)
    act(g, 1, A.DISCARD, "9D")
    assert g.phase is Phase.FIFTIETH and g.turn == 0
    with pytest.raises(WrongPhaseError):
        act(g, 0, A.DRAW_STOCK)
    act(g, 0, A.TAKE_DISCARD)
    out = act(g, 0, A.KNOCK, "3C")
    assert out.hand is not None and out.hand.end is HandEnd.KNOCK


def test_fiftieth_card_pass_is_a_dead_hand() -> None:
    g = rig(GOOD, JUNK, "KC", ruleset=Ruleset(fiftieth_card_rule=True))
    g.phase, g.turn = Phase.DRAW, 1
    g.stock = g.stock[-3:]
    act(g, 1, A.DRAW_STOCK)
    act(g, 1, A.DISCARD, "KH")
    out = act(g, 0, A.PASS)
    assert out.hand is not None and out.hand.end is HandEnd.DEAD


def test_oklahoma_limit_and_spade_double() -> None:
    rules = Ruleset(variant=Variant.OKLAHOMA)
    assert rules.effective_target == 150
    g = rig(GOOD, JUNK, "4S", ruleset=rules, stock_top="QS")
    assert g.knock_limit == 4 and g.spade_double
    act(g, 0, A.PASS)
    act(g, 1, A.PASS)
    act(g, 0, A.DRAW_STOCK)
    out = act(g, 0, A.KNOCK, "QS")
    assert out.hand is not None and out.hand.doubled
    assert out.hand.points == 2 * (out.hand.defender_value - 2)
    ace = rig(GOOD, JUNK, "AH", ruleset=rules)
    assert ace.knock_limit == 0
    face = rig(GOOD, JUNK, "KD", ruleset=rules)
    assert face.knock_limit == 10 and not face.spade_double


def test_gin_only_refuses_a_knock() -> None:
    g = rig(GOOD, JUNK, "KC", ruleset=Ruleset(variant=Variant.GIN_ONLY), stock_top="QS")
    act(g, 0, A.PASS)
    act(g, 1, A.PASS)
    act(g, 0, A.DRAW_STOCK)
    with pytest.raises(KnockTooHighError, match="only end with gin"):
        act(g, 0, A.KNOCK, "QS")


@pytest.mark.parametrize(
    ("rule", "winner", "dealer_after"),
    [(NextDealer.ALTERNATE, 0, 0), (NextDealer.LOSER, 0, 1), (NextDealer.WINNER, 0, 0)],
)
def test_next_dealer_setting(rule: NextDealer, winner: int, dealer_after: int) -> None:
    g = rig(GOOD, JUNK, "KC", ruleset=Ruleset(next_dealer=rule), stock_top="QS", dealer=1)
    act(g, 0, A.PASS)
    act(g, 1, A.PASS)
    act(g, 0, A.DRAW_STOCK)
    out = act(g, 0, A.KNOCK, "QS")
    assert out.hand is not None and out.hand.winner == winner
    assert g.dealer == dealer_after
    assert g.turn == 1 - dealer_after


def test_dead_hand_keeps_the_dealer_under_loser_rule() -> None:
    g = rig(GOOD, JUNK, "KC", ruleset=Ruleset(next_dealer=NextDealer.LOSER), dealer=1)
    g.phase, g.turn = Phase.DRAW, 0
    g.stock = g.stock[-3:]
    act(g, 0, A.DRAW_STOCK)
    act(g, 0, A.DISCARD, "2C")
    assert g.dealer == 1


def test_game_end_tally_with_shutout_line_and_game_bonus() -> None:
    g = rig(GOOD, JUNK, "KC", stock_top="QS", ruleset=Ruleset(target=10))
    act(g, 0, A.PASS)
    act(g, 1, A.PASS)
    act(g, 0, A.DRAW_STOCK)
    out = act(g, 0, A.KNOCK, "QS")
    assert out.game is not None and g.is_over and g.phase is Phase.GAME_OVER
    t0, t1 = out.game.tallies
    pts = out.hand.points if out.hand else 0
    assert t0.shutout and t0.total == 2 * pts + 25 + 100
    assert t1.total == 0
    assert out.game.winner == 0 and out.game.margin == t0.total
    with pytest.raises(Exception, match="over"):
        act(g, 1, A.DRAW_STOCK)


def test_forfeit_counts_for_the_other_player() -> None:
    g = rig(GOOD, JUNK, "KC")
    out = g.forfeit(0, "resign")
    assert out.game is not None and out.game.winner == 1 and out.game.reason == "resign"
    assert out.game.tallies[1].game_bonus == 100


def test_a_match_counts_its_hands_within_each_game() -> None:
    """``hand_number`` counts on across a match's games; the view's
    ``hand_in_game`` starts again at 1 with each game (None outside a match)."""
    assert Game.new(("Ana", "Bo"), seed=3).public_view().hand_in_game is None
    rules = Ruleset(target=10, match=MatchForm.BEST_OF, match_games=3)
    g = Game.new(("Ana", "Bo"), rules, seed=3)
    rng = random.Random(3)
    seen: list[tuple[int, int, int]] = []  # (games finished, hand, hand in game)
    while not g.is_over:
        view = g.public_view()
        assert view.hand_in_game is not None
        step = (len(g.match_results), view.hand_number, view.hand_in_game)
        if not seen or seen[-1] != step:
            seen.append(step)
        g.apply(*random_action(g, rng))
    assert len(g.match_results) >= 2  # several games, each counted from hand 1
    for (games, hand, in_game), (games2, hand2, in_game2) in itertools.pairwise(seen):
        assert hand2 == hand + 1
        assert in_game2 == (1 if games2 > games else in_game + 1)
    last = g.public_view()
    assert last.hand_in_game == seen[-1][2]  # the match's last hand, still its game's
