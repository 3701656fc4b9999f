"""Standings (``bot.service.standings``): score sheets during and after a game
(Hollywood columns included) and leaderboards that match the games played."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from bot.discord_ui.text import score_sheet_text
from bot.engine import (
    HandEnd,
    HandResult,
    Scoring,
)
from bot.i18n import Lang
from bot.service import (
    AiLevel,
    GameStatus,
    GinService,
    UnknownSortError,
    snapshots,
)
from bot.service.snapshots import MoveResult
from tests.helpers.service import CHANNEL, GUILD, play_out, random_action, start_game


async def test_score_sheet_during_and_after_the_game(svc: GinService) -> None:
    snap = await start_game(svc, 1, 2, target=60)
    rng = random.Random(3)
    hands: list[HandResult] = []
    while len(hands) < 2 and not snap.game.is_over:
        seat = snap.game.turn
        assert seat is not None
        res = await snapshots.act(
            svc, snap.id, snap.players[seat], random_action(snap.game, seat, rng)
        )
        snap = res.snapshot
        if res.outcome.hand is not None:
            hands.append(res.outcome.hand)
            sheet = await svc.standings.score_sheet(snap.id)
            assert len(sheet.rows) == len(hands)
            row, hand = sheet.rows[-1], hands[-1]
            assert (row.hand_number, row.end, row.winner_seat, row.points, row.totals) == (
                hand.number,
                hand.end.value,
                hand.winner,
                hand.points,
                hand.totals,
            )
            if hand.knocker is not None:
                dw = [0, 0]
                dw[hand.knocker] = hand.knocker_value
                dw[1 - hand.knocker] = hand.defender_value
                assert row.deadwood == tuple(dw)
            else:
                assert min(row.deadwood) >= 0
    if not snap.game.is_over:
        await snapshots.resign(svc, snap.id, 1)
        sheet = await svc.standings.score_sheet(snap.id)
        assert sheet.rows[-1].end == "resign" and sheet.rows[-1].points == 0
        assert sheet.rows[-1].totals == tuple(snap.game.scores)
        assert sheet.result is not None and sheet.status is GameStatus.FINISHED


async def test_a_resigned_hollywood_games_sheet_adds_up_to_its_final_tally(
    svc: GinService,
) -> None:
    """The winner by resignation takes the columns still open: ``/gin score``
    shows them closed, and its total is the final tally's (it showed the
    columns as they stood, "Total 0 – 0", beside a final tally of 300 – 0)."""
    await svc.settings.update_setting(GUILD, "scoring", "hollywood")
    snap = await start_game(svc, 1, 2, target=100)
    rng = random.Random(4)
    while not snap.game.history:  # one hand scored, so a column holds points
        seat = snap.game.turn
        assert seat is not None
        snap = (
            await snapshots.act(
                svc, snap.id, snap.players[seat], random_action(snap.game, seat, rng)
            )
        ).snapshot
    assert not snap.game.is_over
    await snapshots.resign(svc, snap.id, 1)
    sheet = await svc.standings.score_sheet(snap.id)
    assert sheet.result is not None and sheet.result.winner == 1
    assert sheet.public is not None and sheet.public.hollywood is not None
    hollywood = sheet.public.hollywood
    assert hollywood.finished and hollywood.totals == sheet.result.totals
    assert sheet.result.totals[1] >= 300  # three game bonuses at least
    a, b = sheet.names
    total = f"Total: {a} {sheet.result.totals[0]} – {sheet.result.totals[1]} {b}"
    assert total in score_sheet_text(Lang.EN, sheet)


async def test_a_hollywood_game_is_set_by_the_server_and_plays_to_three_columns(
    svc: GinService,
) -> None:
    await svc.settings.update_setting(GUILD, "scoring", "hollywood")
    snap = await start_game(svc, 1, 2, target=20)
    assert snap.game.ruleset.scoring is Scoring.HOLLYWOOD
    await play_out(svc, snap.id, random.Random(8))
    done = await snapshots.get_game(svc, snap.id)
    sheet = await svc.standings.score_sheet(snap.id)
    assert sheet.public is not None
    hollywood = sheet.public.hollywood
    assert hollywood is not None and hollywood.finished
    assert hollywood == done.game.hollywood()
    assert sheet.result is not None and sheet.result.totals == hollywood.totals
    # The leaderboard records the three columns' total, as for a normal game's tally.
    stats = await svc.standings.player_stats(GUILD, done.players[sheet.result.winner])
    assert stats is not None and stats.wins == 1
    assert stats.total_points == sheet.result.totals[sheet.result.winner]


@dataclass
class _Expected:
    name: str
    rating: float = 1200.0
    games: int = 0
    wins: int = 0
    losses: int = 0
    hands_won: int = 0
    gins: int = 0
    big_gins: int = 0
    undercuts_scored: int = 0
    undercuts_suffered: int = 0
    total_points: int = 0
    best_game: int = 0
    current_streak: int = 0
    best_streak: int = 0


def _tally(
    expected: dict[int, _Expected], players: tuple[int, int], results: list[MoveResult]
) -> None:
    """Independent bookkeeping of one finished game from its move results."""
    final = results[-1].game_result
    assert final is not None
    for seat, uid in enumerate(players):
        e = expected[uid]
        hands = [r.outcome.hand for r in results if r.outcome.hand is not None]
        e.games += 1
        won = final.winner == seat
        e.wins += won
        e.losses += not won
        e.hands_won += sum(h.winner == seat for h in hands)
        e.gins += sum(h.end is HandEnd.GIN and h.winner == seat for h in hands)
        e.big_gins += sum(h.end is HandEnd.BIG_GIN and h.winner == seat for h in hands)
        e.undercuts_scored += sum(h.end is HandEnd.UNDERCUT and h.winner == seat for h in hands)
        e.undercuts_suffered += sum(h.end is HandEnd.UNDERCUT and h.knocker == seat for h in hands)
        points = final.totals[seat]
        e.best_game = points if e.games == 1 else max(e.best_game, points)
        e.total_points += points
        e.current_streak = e.current_streak + 1 if won else 0
        e.best_streak = max(e.best_streak, e.current_streak)
    w, l_ = players[final.winner], players[1 - final.winner]
    ew = 1 / (1 + 10 ** ((expected[l_].rating - expected[w].rating) / 400))
    delta = round(32 * (1 - ew), 2)
    expected[w].rating = round(expected[w].rating + delta, 2)
    expected[l_].rating = round(expected[l_].rating - delta, 2)


async def test_leaderboard_matches_games_played_out(svc: GinService) -> None:
    rng = random.Random(11)
    expected = {uid: _Expected(f"P{uid}") for uid in (1, 2, 3, 4)}
    pairs = [(1, 2), (3, 4), (1, 3), (2, 4), (1, 4), (2, 3), (2, 1)]
    for a, b in pairs:
        snap = await start_game(svc, a, b, target=10)
        results = await play_out(svc, snap.id, rng)
        _tally(expected, (a, b), results)
    # A resignation counts; a moderator's end and a game with the computer don't.
    snap = await start_game(svc, 3, 1)
    _tally(expected, (3, 1), [await snapshots.resign(svc, snap.id, 3)])
    snap = await start_game(svc, 2, 4)
    await snapshots.end_game(svc, snap.id)
    ai = await snapshots.start_ai_game(svc, GUILD, CHANNEL, 4, "P4", AiLevel.HARD)
    await snapshots.resign(svc, ai.id, 4)

    board = await svc.standings.leaderboard(GUILD, page_size=10)
    assert board.pages == 1 and board.sort == "rating"
    got = {r.user_id: r for r in board.rows}
    assert set(got) == set(expected)
    for uid, e in expected.items():
        r = got[uid]
        assert r.rating == pytest.approx(e.rating, abs=1e-9)
        for name in vars(e):
            if name != "rating":
                assert getattr(r, name) == getattr(e, name), (uid, name)
        assert r.win_rate == pytest.approx(e.wins / e.games)
    ratings = [r.rating for r in board.rows]
    assert ratings == sorted(ratings, reverse=True)
    assert [r.rank for r in board.rows] == [1, 2, 3, 4]
    assert sum(ratings) == pytest.approx(4 * 1200.0)

    for sort in (
        "games",
        "wins",
        "losses",
        "win_rate",
        "hands_won",
        "gins",
        "big_gins",
        "undercuts_scored",
        "undercuts_suffered",
        "total_points",
        "best_game",
        "current_streak",
        "best_streak",
    ):
        page = await svc.standings.leaderboard(GUILD, sort=sort)
        keys = [getattr(r, sort) for r in page.rows]
        assert keys == sorted(keys, reverse=True), sort
    assert (await svc.standings.leaderboard(GUILD, sort="Win Rate")).sort == "win_rate"

    most = max(e.games for e in expected.values())
    only = await svc.standings.leaderboard(GUILD, min_games=most)
    assert {r.user_id for r in only.rows} == {u for u, e in expected.items() if e.games == most}
    assert only.min_games == most

    p1 = await svc.standings.leaderboard(GUILD, page=1, page_size=3)
    p2 = await svc.standings.leaderboard(GUILD, page=2, page_size=3)
    assert (p1.pages, len(p1.rows), len(p2.rows)) == (2, 3, 1)
    assert [r.user_id for r in p1.rows + p2.rows] == [r.user_id for r in board.rows]
    assert p2.rows[0].rank == 4
    assert (await svc.standings.leaderboard(GUILD, page=99, page_size=3)).page == 2
    with pytest.raises(UnknownSortError, match="rating, games, wins"):
        await svc.standings.leaderboard(GUILD, sort="luck")
    empty = await svc.standings.leaderboard(GUILD + 5)
    assert (empty.rows, empty.pages) == ((), 1)

    for uid, e in expected.items():
        stats = await svc.standings.player_stats(GUILD, uid)
        assert stats is not None and stats.games == e.games
        assert stats.rank == 1 + sum(x.rating > e.rating for x in expected.values())
    assert await svc.standings.player_stats(GUILD, 99) is None
    assert await svc.standings.ai_stats(GUILD, 4) == {"hard": {"games": 1, "wins": 0, "losses": 1}}
