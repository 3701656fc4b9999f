"""Property tests: random legal play over every ruleset."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bot.engine import (
    ActionKind,
    EventKind,
    Game,
    GameEnd,
    HandEnd,
    MatchForm,
    PublicView,
    Ruleset,
    Scoring,
    game_from_dict,
    game_to_dict,
)
from bot.engine.cards import mask_of
from tests.helpers.brute import brute_min_deadwood
from tests.helpers.play import random_action, rulesets

A = ActionKind


def conserved(g: Game) -> bool:
    cards = [*g.hand(0), *g.hand(1), *g.stock, *g.pile]
    return len(cards) == 52 and mask_of(cards) == (1 << 52) - 1


def check_hand_points(g: Game) -> None:
    r = g.ruleset
    for h in g.history:
        mult = 2 if h.doubled else 1
        expected = {
            HandEnd.KNOCK: h.defender_value - h.knocker_value,
            HandEnd.UNDERCUT: r.undercut_bonus + h.knocker_value - h.defender_value,
            HandEnd.GIN: r.gin_bonus + h.defender_value,
            HandEnd.BIG_GIN: r.big_gin_bonus + h.defender_value,
            HandEnd.DEAD: 0,
        }[h.end]
        assert h.points == mult * expected
        if h.end is HandEnd.KNOCK:
            assert 0 < h.knocker_value <= h.knock_limit < h.defender_value + h.knock_limit
            assert h.defender_value > h.knocker_value
        if h.end is HandEnd.UNDERCUT:
            assert h.defender_value <= h.knocker_value and h.winner != h.knocker
        if h.end in (HandEnd.GIN, HandEnd.BIG_GIN):
            assert h.knocker_value == 0 and h.layoffs == ()
    for seat in (0, 1):
        assert g.scores[seat] == sum(h.points for h in g.history if h.winner == seat)


@settings(max_examples=40, deadline=None)
@given(rules=rulesets, seed=st.integers(0, 2**31), play_seed=st.integers(0, 2**31))
def test_random_legal_play_conserves_cards_and_ends(
    rules: Ruleset, seed: int, play_seed: int
) -> None:
    rng = random.Random(play_seed)
    g = Game.new(("Ana", "Bo"), rules, seed=seed)
    for _ in range(100_000):
        if g.is_over:
            break
        assert conserved(g)
        seat, action = random_action(g, rng)
        # Every other seat is refused, changing nothing.
        g.apply(seat, action)
    assert g.is_over, "random legal play must end"
    check_hand_points(g)
    result = g.result
    assert result is not None
    winner = result.winner
    assert g.scores[winner] >= g.target
    t = result.tallies[winner]
    assert t.game_bonus == rules.game_bonus
    assert t.line_bonus == rules.line_bonus * g.hands_won[winner]
    assert t.shutout == (rules.shutout and g.hands_won[1 - winner] == 0)


@settings(max_examples=30, deadline=None)
@given(rules=rulesets, seed=st.integers(0, 2**31), play_seed=st.integers(0, 2**31))
def test_deadwood_after_each_discard_is_the_least(
    rules: Ruleset, seed: int, play_seed: int
) -> None:
    """``deadwood_after`` (remembered per hand) against a brute-force search
    of every meld arrangement of each hand less one card, the card just
    taken from the pile left out."""
    rng = random.Random(play_seed)
    g = Game.new(("Ana", "Bo"), rules, seed=seed)
    while not g.is_over:
        seat = g.turn
        assert seat is not None
        if A.DISCARD in g.legal(seat):
            hand = g.hand(seat)
            allowed = [c for c in hand if not (g.drawn_from_pile and c == g.drawn)]
            expected = {c: brute_min_deadwood([x for x in hand if x != c]) for c in allowed}
            assert g.deadwood_after(seat) == expected
            assert list(g.deadwood_after(seat)) == allowed
        g.apply(*random_action(g, rng))


@settings(max_examples=40, deadline=None)
@given(rules=rulesets, seed=st.integers(0, 2**31), cut=st.integers(0, 300))
def test_restore_mid_hand_plays_on_identically(rules: Ruleset, seed: int, cut: int) -> None:
    rng = random.Random(seed)
    g = Game.new(("Ana", "Bo"), rules, seed=seed)
    for _ in range(cut):
        if g.is_over:
            break
        g.apply(*random_action(g, rng))
    copy = game_from_dict(json.loads(json.dumps(game_to_dict(g))))
    assert game_to_dict(copy) == game_to_dict(g)
    assert copy.view(0) == g.view(0) and copy.view(1) == g.view(1)
    rng_a, rng_b = random.Random(seed + 1), random.Random(seed + 1)
    for _ in range(400):
        if g.is_over:
            break
        seat, action = random_action(g, rng_a)
        out_a = g.apply(seat, action)
        out_b = copy.apply(*random_action(copy, rng_b))
        assert out_a == out_b
    assert game_to_dict(copy) == game_to_dict(g)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 60))
@example(seed=474, steps=6)  # a hand ends; the new deal holds a card taken face up before
def test_views_hide_the_other_hand_and_the_stock(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    g = Game.new(("Ana", "Bo"), Ruleset(), seed=seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(*random_action(g, rng))

    # The previous hand's reveal and events are public history of cards that
    # have since been reshuffled; only the current hand's must hide its cards.
    def this_hand(view: PublicView) -> PublicView:
        events = view.last_events
        deals = [i for i, e in enumerate(events) if e.kind is EventKind.DEAL]
        return replace(view, last_hand=None, last_events=events[deals[-1] :] if deals else events)

    pub = repr(this_hand(g.public_view()))
    for seat in (0, 1):
        v = g.view(seat)
        text = repr(replace(v, public=this_hand(v.public)))
        hidden = set(g.hand(1 - seat)) - set(g.public_view().known[1 - seat])
        hidden |= set(g.stock)
        # No hidden card appears anywhere in what this seat sees.
        for card in hidden:
            assert f"Card({card.code})" not in text
            assert f"Card({card.code})" not in pub or card in g.pile


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    play_seed=st.integers(0, 2**31),
    target=st.sampled_from([10, 30]),
)
def test_hollywood_games_end_when_all_three_columns_close(
    seed: int, play_seed: int, target: int
) -> None:
    rules = Ruleset(target=target, scoring=Scoring.HOLLYWOOD)
    rng = random.Random(play_seed)
    g = Game.new(("Ana", "Bo"), rules, seed=seed)
    closed_before = 0
    while not g.is_over:
        sheet = g.hollywood()
        assert sheet is not None and not sheet.finished
        # Columns close in order and never reopen.
        closed = [c.closed for c in sheet.columns]
        assert closed == sorted(closed, reverse=True) and sum(closed) >= closed_before
        closed_before = sum(closed)
        g.apply(*random_action(g, rng))
        restored = game_from_dict(json.loads(json.dumps(game_to_dict(g))))
        assert restored.hollywood() == g.hollywood()
    check_hand_points(g)
    sheet = g.hollywood()
    assert sheet is not None and sheet.finished
    assert g.result is not None
    assert g.result.winner == sheet.leader
    assert g.result.totals == sheet.totals
    assert g.public_view().hollywood == sheet


def test_a_hollywood_forfeit_gives_the_open_columns_to_the_winner() -> None:
    g = Game.new(("Ana", "Bo"), Ruleset(scoring=Scoring.HOLLYWOOD), seed=5)
    g.forfeit(0, GameEnd.RESIGN)
    assert g.result is not None and g.result.winner == 1
    # No hand was played: Bo wins three empty columns (three game bonuses).
    assert g.result.totals == (0, 300)
    # The sheet shown afterwards says the same: every column closed, won by Bo.
    sheet = g.hollywood()
    assert sheet is not None and sheet.finished
    assert [c.winner for c in sheet.columns] == [1, 1, 1]
    assert sheet.totals == g.result.totals
    assert g.public_view().hollywood == sheet
    assert game_from_dict(game_to_dict(g)).hollywood() == sheet


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), play_seed=st.integers(0, 2**31), hands=st.integers(1, 4))
def test_a_hollywood_sheet_after_a_forfeit_adds_up_to_the_final_tally(
    seed: int, play_seed: int, hands: int
) -> None:
    g = Game.new(("Ana", "Bo"), Ruleset(target=60, scoring=Scoring.HOLLYWOOD), seed=seed)
    rng = random.Random(play_seed)
    while not g.is_over and len(g.history) < hands:
        g.apply(*random_action(g, rng))
    if g.is_over:
        return
    before = g.hollywood()
    assert before is not None
    g.forfeit(0, GameEnd.TIMEOUT)
    sheet = g.hollywood()
    assert sheet is not None and sheet.finished and g.result is not None
    assert sheet.totals == g.result.totals
    # Columns already closed keep their winner; the open ones go to Bo.
    for was, now in zip(before.columns, sheet.columns, strict=True):
        assert now.winner == (was.winner if was.closed else 1)


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    play_seed=st.integers(0, 2**31),
    games=st.sampled_from([1, 3, 5]),
)
def test_a_best_of_match_plays_game_after_game_until_a_majority(
    seed: int, play_seed: int, games: int
) -> None:
    rules = Ruleset(target=15, match=MatchForm.BEST_OF, match_games=games)
    rng = random.Random(play_seed)
    g = Game.new(("Ana", "Bo"), rules, seed=seed)
    announced = []
    hands = 0
    while not g.is_over:
        outcome = g.apply(*random_action(g, rng))
        if outcome.hand is not None:
            hands += 1
            assert outcome.hand.number == hands  # numbering runs on across the games
        if outcome.match_game is not None:
            announced.append(outcome.match_game)
            # The next game starts from zero (unless the match is over).
            assert g.is_over or g.scores == [0, 0]
        restored = game_from_dict(json.loads(json.dumps(game_to_dict(g))))
        assert restored.match_standing() == g.match_standing()
    st_ = g.match_standing()
    assert st_ is not None and st_.winner is not None
    assert announced == g.match_results
    assert st_.wins[st_.winner] == games // 2 + 1 and len(announced) == sum(st_.wins)
    assert g.result is not None and g.result.winner == st_.winner
    assert g.result.totals == tuple(sum(r.totals[s] for r in announced) for s in (0, 1))
    assert g.public_view().match == st_


def test_resigning_a_match_gives_the_game_in_play_and_the_match() -> None:
    g = Game.new(("Ana", "Bo"), Ruleset(match=MatchForm.BEST_OF, match_games=3), seed=2)
    assert g.target == 250
    g.forfeit(1, GameEnd.RESIGN)
    assert g.result is not None and g.result.winner == 0
    assert g.result.totals == (100, 0)  # the game in play: a game bonus, nothing else


def test_multi_match_plays_matches_to_100() -> None:
    rules = Ruleset(match=MatchForm.MULTI, match_target=1000, target=40)
    g = Game.new(("Ana", "Bo"), rules, seed=11)
    assert g.target == 100  # each match is to 100 whatever the target setting
    rng = random.Random(4)
    while not g.is_over:
        g.apply(*random_action(g, rng))
    st_ = g.match_standing()
    assert st_ is not None and st_.winner is not None
    assert max(st_.scores) >= 1000 and len(g.match_results) >= 2
    assert g.result is not None and g.result.totals == st_.scores
