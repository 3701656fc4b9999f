"""Tournaments (docs/RULES.md, *Tournaments*): seeding, the bracket, byes,
round-robin pairing, standings and saving a tournament mid-way."""

from __future__ import annotations

import json
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine.tournament import (
    Bracket,
    Entrant,
    MatchSlot,
    TournamentError,
    TournamentFormat,
    bracket_order,
    seed,
    tournament_view,
)
from bot.engine.words import round_name

SE = TournamentFormat.SINGLE_ELIMINATION
RR = TournamentFormat.ROUND_ROBIN


def players(n: int) -> tuple[Entrant, ...]:
    """``n`` entrants already in seed order: user id 1 is seed 1."""
    return tuple(Entrant(i + 1, f"P{i + 1}", 2000.0 - i, i) for i in range(n))


def by_seed(b: Bracket, key: str) -> tuple[int | None, int | None]:
    return b.match(key).players  # user id == seed in these tests


def play(b: Bracket, m: MatchSlot, winner_side: int, points: tuple[int, int] = (1, 0)) -> None:
    winner = m.players[winner_side]
    assert winner is not None
    b.start(m.key)
    b.record(m.key, winner, points)


def play_out(b: Bracket, rng: random.Random) -> None:
    while not b.is_over:
        ready = b.ready()
        assert ready, "a tournament that is not over always has a match to play"
        m = rng.choice(ready)
        play(b, m, rng.randrange(2), (rng.randrange(300), rng.randrange(300)))


# --- seeding -------------------------------------------------------------------


def test_seeding_rated_by_rating_then_unrated_by_join_order() -> None:
    es = [
        Entrant(10, "late unrated", None, 5),
        Entrant(11, "mid", 1500.0, 1),
        Entrant(12, "early unrated", None, 0),
        Entrant(13, "top", 1800.0, 4),
        Entrant(14, "mid, joined later", 1500.0, 3),
        Entrant(15, "low", 1200.0, 2),
    ]
    assert [e.user_id for e in seed(es)] == [13, 11, 14, 15, 12, 10]


def test_bracket_order() -> None:
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    for size in (2, 4, 8, 16, 32, 64):
        order = bracket_order(size)
        assert sorted(order) == list(range(1, size + 1))
        assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))
        # Seeds 1 and 2 in opposite halves; the top four in different quarters.
        half = size // 2
        assert (order.index(1) < half) != (order.index(2) < half)
        if size >= 4:
            assert len({order.index(s) // (size // 4) for s in (1, 2, 3, 4)}) == 4
    with pytest.raises(ValueError):
        bracket_order(6)


# --- single elimination --------------------------------------------------------


def test_eight_player_bracket_positions() -> None:
    b = Bracket.new(SE, players(8))
    assert b.total_rounds == 3
    assert [m.players for m in b.rounds()[0]] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert [len(r) for r in b.rounds()] == [4, 2, 1]
    assert not any(m.bye for m in b.matches())
    # Favourites win everywhere: 1 and 2 meet only in the final.
    for rnd in range(3):
        for m in b.rounds()[rnd]:
            assert 1 not in m.players or 2 not in m.players or m.key == "r3m1"
            side = 0 if (m.players[0] or 99) < (m.players[1] or 99) else 1
            play(b, m, side)
    assert by_seed(b, "r3m1") == (1, 2)
    assert b.champion == 1


@pytest.mark.parametrize(
    ("n", "byes"),
    [(3, {1}), (5, {1, 2, 3}), (6, {1, 2}), (7, {1}), (12, {1, 2, 3, 4}), (33, set(range(1, 32)))],
)
def test_byes_go_to_top_seeds_and_advance_at_once(n: int, byes: set[int]) -> None:
    b = Bracket.new(SE, players(n))
    first = b.rounds()[0]
    got = {m.players[0] for m in first if m.bye}
    assert got == byes
    for m in first:
        if m.bye:
            assert m.players[1] is None and m.winner == m.players[0]
            assert m.key not in {r.key for r in b.ready()}
    # Each bye holder already sits in round 2.
    second = {p for m in b.rounds()[1] for p in m.players if p is not None}
    assert byes <= second
    # Every real player is in round 1.
    assert {p for m in first for p in m.players if p is not None} == set(range(1, n + 1))


def test_byes_for_five_players_exact() -> None:
    b = Bracket.new(SE, players(5))
    assert [m.players for m in b.rounds()[0]] == [(1, None), (4, 5), (2, None), (3, None)]
    assert [m.players for m in b.rounds()[1]] == [(1, None), (2, 3)]
    # Seeds 2 and 3 can play round 2 straight away; the 4–5 match too.
    assert [m.key for m in b.ready()] == ["r1m2", "r2m2"]


def test_two_players_is_just_a_final() -> None:
    b = Bracket.new(SE, players(2))
    assert [[m.players for m in r] for r in b.rounds()] == [[(1, 2)]]
    play(b, b.ready()[0], 1, (120, 250))
    assert b.is_over and b.champion == 2
    assert [s.user_id for s in b.standings()] == [2, 1]


def test_winner_advances_before_the_round_ends() -> None:
    b = Bracket.new(SE, players(8))
    play(b, b.match("r1m2"), 1)  # 5 beats 4
    assert by_seed(b, "r2m1") == (None, 5)
    play(b, b.match("r1m1"), 0)  # 1 beats 8
    assert by_seed(b, "r2m1") == (1, 5)
    assert "r2m1" in {m.key for m in b.ready()}
    # Round 1 still has two matches to play.
    assert not b.match("r1m3").done and not b.match("r1m4").done
    b.start("r2m1")
    assert b.match_of(1) == b.match("r2m1")
    assert b.match_of(3) is None


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 17), rng=st.randoms(use_true_random=False))
def test_whole_elimination_tournament(n: int, rng: random.Random) -> None:
    b = Bracket.new(SE, players(n))
    play_out(b, rng)
    champ = b.champion
    assert champ is not None
    played = [m for m in b.matches() if not m.bye]
    assert len(played) == n - 1
    assert all(m.done for m in played)
    losses = {p: 0 for p in range(1, n + 1)}
    for m in played:
        for p in m.players:
            assert p is not None
            if p != m.winner:
                losses[p] += 1
    assert losses.pop(champ) == 0
    assert set(losses.values()) == {1}
    table = b.standings()
    assert table[0].user_id == champ
    assert sum(s.won for s in table) == sum(s.lost for s in table) == n - 1
    assert b.ready() == [] and b.live == frozenset()


# --- round robin ---------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5, 8, 9, 16, 17, 64])
def test_round_robin_every_pair_once(n: int) -> None:
    b = Bracket.new(RR, players(n))
    pairs = [frozenset(m.players) for m in b.matches()]
    assert all(None not in p for p in pairs)
    assert len(pairs) == len(set(pairs)) == n * (n - 1) // 2
    assert b.total_rounds == (n if n % 2 else n - 1)
    for row in b.rounds():
        seen = [p for m in row for p in m.players]
        assert len(seen) == len(set(seen))
        assert len(row) == n // 2
        assert not any(m.bye for m in row)


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 12), rng=st.randoms(use_true_random=False))
def test_round_robin_ready_never_double_books(n: int, rng: random.Random) -> None:
    b = Bracket.new(RR, players(n))
    while not b.is_over:
        ready = b.ready()
        assert ready or b.live, "something is always playing or ready to"
        busy = [p for k in b.live for p in b.match(k).players]
        offered = [p for m in ready for p in m.players]
        assert len(offered) == len(set(offered))
        assert not set(offered) & set(busy)
        # Start some, finish some, in any order.
        for m in ready:
            if rng.random() < 0.7:
                b.start(m.key)
        live = sorted(b.live)
        for key in live:
            if rng.random() < 0.5 or len(live) == 1:
                m = b.match(key)
                winner = m.players[rng.randrange(2)]
                assert winner is not None
                b.record(key, winner, (rng.randrange(500), rng.randrange(500)))
        for key in b.live:
            m = b.match(key)
            assert b.match_of(m.players[0] or 0) == m
    assert b.champion == b.standings()[0].user_id
    assert all(s.played == n - 1 for s in b.standings())


def record_all(b: Bracket, results: dict[frozenset[int], tuple[int, dict[int, int]]]) -> None:
    """Record every match: ``results[pair] = (winner, {player: points})``."""
    for m in b.matches():
        a, c = m.players
        assert a is not None and c is not None
        winner, pts = results[frozenset({a, c})]
        b.record(m.key, winner, (pts[a], pts[c]))


def test_round_robin_three_way_tie_goes_to_points_then_seed() -> None:
    # A cycle: 2 beats 1, 3 beats 2, 1 beats 3.  Each has one win, and one
    # win inside the tied group, so total points decide.
    b = Bracket.new(RR, players(3))
    record_all(
        b,
        {
            frozenset({1, 2}): (2, {1: 10, 2: 20}),
            frozenset({1, 3}): (1, {1: 500, 3: 0}),
            frozenset({2, 3}): (3, {2: 0, 3: 500}),
        },
    )
    assert [(s.user_id, s.won, s.points) for s in b.standings()] == [
        (1, 1, 510),
        (3, 1, 500),
        (2, 1, 20),
    ]
    assert b.champion == 1
    # The same cycle on equal points: seed decides.
    b = Bracket.new(RR, players(3))
    even = {1: 100, 2: 100, 3: 100}
    cycle = {frozenset({1, 2}): 2, frozenset({1, 3}): 1, frozenset({2, 3}): 3}
    record_all(b, {pair: (winner, even) for pair, winner in cycle.items()})
    assert [s.user_id for s in b.standings()] == [1, 2, 3]


def test_round_robin_head_to_head_beats_points() -> None:
    # 1 and 2 both win twice; 2 beat 1, so 2 is ahead although 1 scored far
    # more.  3 and 4 both win once; 4 beat 3.
    b = Bracket.new(RR, players(4))
    record_all(
        b,
        {
            frozenset({1, 2}): (2, {1: 190, 2: 200}),
            frozenset({1, 3}): (1, {1: 900, 3: 0}),
            frozenset({1, 4}): (1, {1: 900, 4: 0}),
            frozenset({2, 3}): (3, {2: 100, 3: 200}),
            frozenset({2, 4}): (2, {2: 200, 4: 100}),
            frozenset({3, 4}): (4, {3: 100, 4: 200}),
        },
    )
    table = b.standings()
    assert [(s.user_id, s.played, s.won, s.lost, s.points) for s in table] == [
        (2, 3, 2, 1, 500),
        (1, 3, 2, 1, 1990),
        (4, 3, 1, 2, 300),
        (3, 3, 1, 2, 300),
    ]
    assert b.is_over and b.champion == 2


def test_elimination_standings_show_how_far_each_got() -> None:
    b = Bracket.new(SE, players(5))
    play(b, b.match("r1m2"), 1)  # 5 beats 4
    play(b, b.match("r2m1"), 1)  # 5 beats 1
    play(b, b.match("r2m2"), 0)  # 2 beats 3
    assert [s.user_id for s in b.standings()][:2] in ([5, 2], [2, 5])
    play(b, b.match("r3m1"), 1)  # 2 beats 5 in the final
    assert [s.user_id for s in b.standings()] == [2, 5, 1, 3, 4]


# --- errors --------------------------------------------------------------------


def test_entrant_limits() -> None:
    with pytest.raises(TournamentError, match="at least 2"):
        Bracket.new(SE, players(1))
    with pytest.raises(TournamentError, match="at most 64"):
        Bracket.new(RR, players(65))
    with pytest.raises(TournamentError, match="once"):
        Bracket.new(SE, (*players(3), Entrant(1, "again", None, 9)))
    assert Bracket.new(SE, players(64)).total_rounds == 6


def test_bad_keys_and_winners() -> None:
    b = Bracket.new(SE, players(5))
    with pytest.raises(TournamentError, match="no match"):
        b.match("r9m9")
    with pytest.raises(TournamentError, match="no match"):
        b.start("nope")
    with pytest.raises(TournamentError, match="bye"):
        b.record("r1m1", 1, (0, 0))
    with pytest.raises(TournamentError, match="bye"):
        b.start("r1m1")
    with pytest.raises(TournamentError, match="not known"):
        b.start("r2m1")
    with pytest.raises(TournamentError, match="not known"):
        b.record("r3m1", 1, (0, 0))
    with pytest.raises(TournamentError, match="one of the match"):
        b.record("r1m2", 1, (0, 0))
    with pytest.raises(TournamentError, match="points"):
        b.record("r1m2", 4, (-1, 0))
    b.start("r1m2")
    with pytest.raises(TournamentError, match="under way"):
        b.start("r1m2")
    b.record("r1m2", 5, (200, 250))
    with pytest.raises(TournamentError, match="already"):
        b.record("r1m2", 5, (200, 250))
    with pytest.raises(TournamentError, match="already"):
        b.start("r1m2")
    b.start("r2m1")
    # 1 is busy with r2m1; the final's players are not known anyway.
    assert b.match_of(1) == b.match("r2m1")
    with pytest.raises(TournamentError, match="not in this tournament"):
        b.seed_of(99)


def test_busy_player_cannot_start_a_second_match() -> None:
    b = Bracket.new(RR, players(4))
    first = b.match("r1m1")
    b.start(first.key)
    p = first.players[0]
    later = next(m for m in b.matches() if m.round > 1 and p in m.players)
    with pytest.raises(TournamentError, match="still playing"):
        b.start(later.key)


def test_round_names() -> None:
    assert round_name(3, 3) == "Final"
    assert round_name(2, 3) == "Semi-finals"
    assert round_name(1, 3) == "Quarter-finals"
    assert [round_name(r, 6) for r in range(1, 7)] == [
        "Round 1",
        "Round 2",
        "Round 3",
        "Quarter-finals",
        "Semi-finals",
        "Final",
    ]
    assert round_name(1, 1) == "Final"
    with pytest.raises(ValueError):
        round_name(0, 3)


# --- saving --------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    fmt=st.sampled_from(list(TournamentFormat)),
    n=st.integers(2, 12),
    steps=st.integers(0, 80),
    rng=st.randoms(use_true_random=False),
)
def test_round_trip_mid_tournament(
    fmt: TournamentFormat, n: int, steps: int, rng: random.Random
) -> None:
    entrants = seed(
        [
            Entrant(1000 + i, f"Pl{i} ✨", rng.choice([None, float(rng.randrange(3000))]), i)
            for i in range(n)
        ]
    )
    b = Bracket.new(fmt, entrants)
    for _ in range(steps):
        if b.is_over:
            break
        ready = b.ready()
        if ready and (not b.live or rng.random() < 0.5):
            b.start(rng.choice(ready).key)
        elif b.live:
            m = b.match(rng.choice(sorted(b.live)))
            winner = m.players[rng.randrange(2)]
            assert winner is not None
            b.record(m.key, winner, (rng.randrange(400), rng.randrange(400)))
    data = json.loads(json.dumps(b.to_dict()))
    back = Bracket.from_dict(data)
    assert back == b
    assert back.to_dict() == b.to_dict()
    assert back.matches() == b.matches()
    assert back.live == b.live
    assert back.entrants == b.entrants
    assert back.standings() == b.standings()
    assert [m.key for m in back.ready()] == [m.key for m in b.ready()]
    view = tournament_view(b, "Cup", "Round 1")
    assert pickle.loads(pickle.dumps(view)) == view


def test_from_dict_refuses_damaged_data() -> None:
    b = Bracket.new(SE, players(4))
    play(b, b.match("r1m1"), 0)
    good = b.to_dict()
    bad = json.loads(json.dumps(good))
    bad["matches"][2]["players"] = [4, None]  # the final says 4 advanced; 1 did
    with pytest.raises(TournamentError):
        Bracket.from_dict(bad)
    bad = json.loads(json.dumps(good))
    bad["matches"][0]["winner"] = 3  # not a player of r1m1
    with pytest.raises(TournamentError):
        Bracket.from_dict(bad)
    bad = json.loads(json.dumps(good))
    del bad["entrants"]
    with pytest.raises(TournamentError):
        Bracket.from_dict(bad)
    bad = json.loads(json.dumps(good))
    bad["started"] = ["r3m1"]
    with pytest.raises(TournamentError):
        Bracket.from_dict(bad)


def test_view_is_a_snapshot() -> None:
    b = Bracket.new(SE, players(4))
    b.start("r1m1")
    view = tournament_view(b, "Cup", "Round 1")
    assert view.live == frozenset({"r1m1"})
    b.record("r1m1", 1, (250, 100))
    assert view.rounds[0][0].winner is None
    assert view.champion is None
    assert tournament_view(b, "Cup", "Round 2").rounds[1][0].players == (1, None)
