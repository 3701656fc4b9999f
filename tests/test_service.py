"""The game service: settings, challenges, moves and their errors, resign,
moderator end, the computer opponent, score sheets and leaderboards."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.discord_ui.text import score_sheet_text
from bot.engine import (
    Action,
    ActionKind,
    Game,
    HandEnd,
    HandResult,
    Ruleset,
    Scoring,
    SeatView,
    Variant,
    game_to_dict,
)
from bot.service import (
    AiLevel,
    AlreadyInGameError,
    ChallengeError,
    ChallengeStatus,
    GameStatus,
    GinService,
    MoveRejectedError,
    NoSuchGameError,
    NotYourGameError,
    ServiceError,
    SettingsError,
    StaleActionError,
    UnknownSortError,
    snapshots,
)
from bot.service.codec import clone_game
from bot.service.games import STALE_MESSAGE
from bot.service.ratings import elo_update, expected_score
from bot.service.snapshots import MoveResult
from bot.service.timers import parse_timeout_minutes

from .service_helpers import CHANNEL, GUILD, FakeClock, play_out, random_action, start_game


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def svc(db_target: str | Path, clock: FakeClock) -> AsyncIterator[GinService]:
    service = await GinService.open(db_target, clock=clock, seed=1)
    yield service
    await service.close()


async def _moves(svc: GinService, game_id: int) -> int:
    return len(await svc.repository.read(lambda tx: tx.moves(game_id)))


# --- settings ---------------------------------------------------------------------------


async def test_settings_default_update_and_errors(svc: GinService) -> None:
    s = await svc.settings.get_settings(GUILD)
    assert s.turn_timeout_minutes == 60 and s.ruleset.effective_target == 100
    s = await svc.settings.update_setting(GUILD, "target", "250")
    assert s.ruleset.target == 250
    s = await svc.settings.update_setting(GUILD, "Turn timeout", "15")
    assert s.turn_timeout_minutes == 15 and s.ruleset.target == 250
    s = await svc.settings.update_setting(GUILD, "turn_timeout", "10080")
    assert s.turn_timeout_minutes == 10080
    for name, value, words in [
        ("turn_timeout", "0", "1 to 10080"),
        ("turn_timeout", "10081", "1 to 10080"),
        ("turn_timeout", "soon", "whole number"),
        ("gin_bonus", "lots", "gin_bonus"),
        ("target", "5", "target"),
        ("variant", "canasta", "variant"),
        ("colour", "red", "Unknown setting"),
    ]:
        with pytest.raises(SettingsError, match=words):
            await svc.settings.update_setting(GUILD, name, value)
    assert await svc.settings.get_settings(GUILD) == s  # the errors changed nothing
    assert (await svc.settings.get_settings(GUILD + 1)).ruleset.target is None  # per server


async def test_challenge_uses_server_rules_with_overrides(svc: GinService) -> None:
    await svc.settings.update_setting(GUILD, "gin_bonus", "20")
    c = await svc.challenges.create_challenge(
        GUILD, CHANNEL, 1, "Ana", 2, "Bo", variant=Variant.OKLAHOMA
    )
    assert c.ruleset.gin_bonus == 20 and c.ruleset.effective_target == 150
    with pytest.raises(SettingsError):
        await svc.challenges.create_challenge(GUILD, CHANNEL, 3, "Cy", 4, "Di", target=5)
    snap = await snapshots.accept_challenge(svc, c.id, 2)
    assert snap.game.ruleset == c.ruleset


# --- challenges -------------------------------------------------------------------------


async def test_challenge_lifecycle(svc: GinService, clock: FakeClock) -> None:
    with pytest.raises(ChallengeError, match="yourself"):
        await svc.challenges.create_challenge(GUILD, CHANNEL, 1, "Ana", 1, "Ana")
    c = await svc.challenges.create_challenge(GUILD, CHANNEL, 1, "Ana", 2, "Bo")
    assert c.status is ChallengeStatus.OPEN and c.expires_at == clock.now + 600
    with pytest.raises(ChallengeError, match="already challenged Bo"):
        await svc.challenges.create_challenge(GUILD, CHANNEL, 1, "Ana", 2, "Bo")
    await svc.challenges.set_challenge_message(c.id, 777)
    assert (await svc.challenges.get_challenge(c.id)).message_id == 777
    with pytest.raises(ChallengeError, match="Only Bo"):
        await snapshots.accept_challenge(svc, c.id, 3)
    with pytest.raises(ChallengeError, match="own challenge"):
        await snapshots.accept_challenge(svc, c.id, 1)
    with pytest.raises(ChallengeError, match="Only Ana"):
        await svc.challenges.cancel_challenge(c.id, 2)
    snap = await snapshots.accept_challenge(svc, c.id, 2)
    assert snap.players == (1, 2) and snap.version == 1 and snap.status is GameStatus.ACTIVE
    assert snap.game.names == ("Ana", "Bo")
    done = await svc.challenges.get_challenge(c.id)
    assert done.status is ChallengeStatus.ACCEPTED and done.game_id == snap.id
    with pytest.raises(ChallengeError, match=f"already accepted \\(game #{snap.id}\\)"):
        await snapshots.accept_challenge(svc, c.id, 2)  # a double click on Accept

    d = await svc.challenges.create_challenge(GUILD, CHANNEL, 3, "Cy", 4, "Di")
    assert (await svc.challenges.decline_challenge(d.id, 4)).status is ChallengeStatus.DECLINED
    e = await svc.challenges.create_challenge(GUILD, CHANNEL, 3, "Cy", 4, "Di")
    assert (await svc.challenges.cancel_challenge(e.id, 3)).status is ChallengeStatus.CANCELLED
    with pytest.raises(ChallengeError, match="cancelled"):
        await snapshots.accept_challenge(svc, e.id, 4)
    with pytest.raises(ChallengeError, match="no such challenge"):
        await svc.challenges.get_challenge(999)


async def test_challenges_expire_after_ten_minutes(svc: GinService, clock: FakeClock) -> None:
    c = await svc.challenges.create_challenge(GUILD, CHANNEL, 1, "Ana", 2, "Bo")
    assert await svc.challenges.next_challenge_expiry() == c.expires_at
    clock.advance(599)
    assert await svc.challenges.expire_challenges() == []
    clock.advance(1)
    with pytest.raises(ChallengeError, match="expired"):
        await snapshots.accept_challenge(svc, c.id, 2)
    expired = await svc.challenges.expire_challenges()
    assert [(x.id, x.status) for x in expired] == [(c.id, ChallengeStatus.EXPIRED)]
    assert await svc.challenges.expire_challenges() == []  # reported once
    assert await svc.challenges.next_challenge_expiry() is None


async def test_one_active_game_per_player_per_server(svc: GinService) -> None:
    game = await start_game(svc, 1, 2)
    with pytest.raises(
        AlreadyInGameError, match=f"You're already in game #{game.id} against P2"
    ) as e:
        await svc.challenges.create_challenge(GUILD, CHANNEL, 1, "P1", 3, "P3")
    assert e.value.game_id == game.id and e.value.user_id == 1
    with pytest.raises(AlreadyInGameError, match=f"P2 is already in game #{game.id} against P1"):
        await svc.challenges.create_challenge(GUILD, CHANNEL, 3, "P3", 2, "P2")
    with pytest.raises(AlreadyInGameError):
        await snapshots.start_ai_game(svc, GUILD, CHANNEL, 2, "P2", AiLevel.EASY)
    # Another server is fine.
    other = await start_game(svc, 1, 2, guild=GUILD + 1)
    assert other.id != game.id
    # Accepting re-checks: 3 challenged both 4 and 5; 4 accepts, then 5 can't.
    c4 = await svc.challenges.create_challenge(GUILD, CHANNEL, 3, "P3", 4, "P4")
    c5 = await svc.challenges.create_challenge(GUILD, CHANNEL, 3, "P3", 5, "P5")
    g34 = await snapshots.accept_challenge(svc, c4.id, 4)
    with pytest.raises(AlreadyInGameError, match=f"P3 is already in game #{g34.id}"):
        await snapshots.accept_challenge(svc, c5.id, 5)
    assert (await svc.challenges.get_challenge(c5.id)).status is ChallengeStatus.OPEN
    # Once the game is over, a new one may start.
    await snapshots.resign(svc, game.id, 1)
    assert await snapshots.active_game_for(svc, GUILD, 1) is None
    again = await start_game(svc, 1, 2)
    assert (await snapshots.active_game_for(svc, GUILD, 2)) is not None
    assert (await snapshots.last_game_for(svc, GUILD, 1)).id == again.id  # type: ignore[union-attr]


# --- moves and errors ------------------------------------------------------------------


@dataclass
class _Frozen:
    version: int
    state: dict[str, Any]
    moves: int


async def _freeze(svc: GinService, game_id: int) -> _Frozen:
    snap = await snapshots.get_game(svc, game_id)
    return _Frozen(snap.version, game_to_dict(snap.game), await _moves(svc, game_id))


async def test_every_bad_input_is_a_typed_error_and_changes_nothing(svc: GinService) -> None:
    snap = await start_game(svc, 1, 2)
    gid = snap.id
    seat = snap.game.turn
    assert seat is not None
    me, other = snap.players[seat], snap.players[1 - seat]
    name_to_move = snap.game.names[seat]

    async def rejected(
        call: Callable[[], Awaitable[Any]], kind: type[ServiceError], words: str
    ) -> None:
        before = await _freeze(svc, gid)
        with pytest.raises(kind, match=words):
            await call()
        assert await _freeze(svc, gid) == before

    draw = Action(ActionKind.DRAW_STOCK)
    await rejected(lambda: snapshots.act(svc, 9999, me, draw), NoSuchGameError, "no game #9999")
    await rejected(lambda: snapshots.act(svc, gid, 99, draw), NotYourGameError, "not playing")
    await rejected(
        lambda: snapshots.act(svc, gid, other, Action(ActionKind.PASS)),
        MoveRejectedError,
        f"It's {name_to_move}'s turn",
    )
    await rejected(lambda: snapshots.act(svc, gid, me, draw), MoveRejectedError, "upcard")
    await rejected(
        lambda: snapshots.act(svc, gid, me, Action(ActionKind.PASS), expected_version=0),
        StaleActionError,
        STALE_MESSAGE,
    )
    await rejected(lambda: snapshots.resign(svc, gid, 99), NotYourGameError, "not playing")
    await rejected(lambda: snapshots.resign(svc, 9999, me), NoSuchGameError, "no game")

    # Take the upcard, then try illegal discards and knocks.
    res = await snapshots.act(svc, gid, me, Action(ActionKind.TAKE_DISCARD), expected_version=1)
    assert res.snapshot.version == 2 and res.actor_id == me
    game = res.snapshot.game
    taken = game.view(seat).drawn
    assert taken is not None
    held = set(game.view(seat).hand)
    missing = next(c for c in game.view(1 - seat).hand if c not in held)
    await rejected(
        lambda: snapshots.act(svc, gid, me, Action(ActionKind.DISCARD, missing)),
        MoveRejectedError,
        "don't hold",
    )
    await rejected(
        lambda: snapshots.act(svc, gid, me, Action(ActionKind.DISCARD, taken)),
        MoveRejectedError,
        "throw back",
    )
    await rejected(
        lambda: snapshots.act(svc, gid, me, Action(ActionKind.DISCARD)), MoveRejectedError, "Name"
    )
    after = game.deadwood_after(seat)
    high = [c for c, v in after.items() if v > game.knock_limit]
    if high:
        await rejected(
            lambda: snapshots.act(svc, gid, me, Action(ActionKind.KNOCK, high[0])),
            MoveRejectedError,
            "deadwood would be",
        )
    if ActionKind.BIG_GIN not in game.legal(seat):
        await rejected(
            lambda: snapshots.act(svc, gid, me, Action(ActionKind.BIG_GIN)),
            MoveRejectedError,
            "Big gin",
        )

    # The snapshot handed out earlier never changes under the caller's feet.
    frozen = game_to_dict(snap.game)
    await snapshots.act(svc, gid, me, random_action(game, seat, random.Random(1)))
    assert game_to_dict(snap.game) == frozen

    await snapshots.resign(svc, gid, other)
    await rejected(lambda: snapshots.resign(svc, gid, me), MoveRejectedError, "game is over")
    await rejected(lambda: snapshots.act(svc, gid, me, draw), MoveRejectedError, "over")
    await rejected(lambda: snapshots.end_game(svc, gid), MoveRejectedError, "game is over")


async def test_a_move_resets_the_deadline_of_whoever_moves_next(
    svc: GinService, clock: FakeClock
) -> None:
    snap = await start_game(svc, 1, 2)
    assert snap.turn_deadline == clock.now + 3600
    clock.advance(100)
    seat = snap.game.turn
    assert seat is not None
    res = await snapshots.act(svc, snap.id, snap.players[seat], Action(ActionKind.PASS))
    assert res.snapshot.turn_deadline == clock.now + 3600
    assert res.snapshot.turn_user == snap.players[1 - seat]
    assert (await snapshots.get_game(svc, snap.id)).turn_deadline == clock.now + 3600
    summary = (await svc.moves.list_active(GUILD))[0]
    assert summary.id == snap.id and summary.turn_user == snap.players[1 - seat]
    assert summary.turn_deadline == clock.now + 3600 and summary.names == ("P1", "P2")


async def test_board_message_is_not_a_move(svc: GinService) -> None:
    snap = await start_game(svc, 1, 2)
    assert await svc.moves.boards_behind() == [], "no board posted yet: nothing to bring up to date"
    await svc.moves.set_board_message(snap.id, 4242, 555, 123.0, snap.version)
    after = await snapshots.get_game(svc, snap.id)
    assert (after.channel_id, after.board_message_id, after.board_posted_at) == (4242, 555, 123.0)
    assert after.version == snap.version
    assert await svc.moves.boards_behind() == []
    with pytest.raises(NoSuchGameError):
        await svc.moves.set_board_message(999, 1, 2, 3.0, 1)


async def test_boards_left_behind_by_a_crash_are_listed(svc: GinService) -> None:
    snap = await start_game(svc, 1, 2)
    await svc.moves.set_board_message(snap.id, 4242, 555, 123.0, snap.version)
    seat = snap.game.turn
    assert seat is not None
    moved = await snapshots.act(svc, snap.id, snap.players[seat], Action(ActionKind.PASS))
    # The move committed; the process died before the board edit.
    assert await svc.moves.boards_behind() == [(snap.id, 4242)]
    await svc.moves.board_shown(snap.id, moved.snapshot.version)
    assert await svc.moves.boards_behind() == []
    await svc.moves.board_shown(snap.id, snap.version)  # a slow, older edit lands last
    assert await svc.moves.boards_behind() == []


# --- resign and moderator end -------------------------------------------------------------


async def test_resign_is_rated_and_recorded(svc: GinService) -> None:
    snap = await start_game(svc, 1, 2)
    res = await snapshots.resign(svc, snap.id, 2)
    assert res.game_result is not None and res.game_result.reason == "resign"
    assert res.game_result.winner == 0 and res.snapshot.status is GameStatus.FINISHED
    assert res.snapshot.turn_deadline is None
    assert [(c.user_id, c.before, c.after) for c in res.rating_changes] == [
        (1, 1200.0, 1216.0),
        (2, 1200.0, 1184.0),
    ]
    sheet = await svc.standings.score_sheet(snap.id)
    assert [(r.end, r.winner_seat, r.points) for r in sheet.rows] == [("resign", 0, 0)]
    assert sheet.status is GameStatus.FINISHED and sheet.result == res.game_result
    stats = await svc.standings.player_stats(GUILD, 2)
    assert stats is not None and (stats.games, stats.losses, stats.rank) == (1, 1, 2)


async def test_moderator_end_changes_no_rating_or_stats(svc: GinService) -> None:
    snap = await start_game(svc, 1, 2)
    res = await snapshots.end_game(svc, snap.id, moderator_id=99)
    assert res.game_result is not None and res.game_result.reason == "ended"
    assert res.rating_changes == () and res.actor_id == 99
    assert await svc.standings.player_stats(GUILD, 1) is None
    assert (await svc.standings.leaderboard(GUILD)).rows == ()
    sheet = await svc.standings.score_sheet(snap.id)
    assert [(r.end, r.winner_seat) for r in sheet.rows] == [("ended", None)]
    assert await snapshots.active_game_for(svc, GUILD, 1) is None
    with pytest.raises(NoSuchGameError):
        await snapshots.end_game(svc, 12345)


# --- the computer opponent -----------------------------------------------------------------


def _ai(rng: random.Random) -> Callable[[SeatView], Action]:
    def decide(view: SeatView) -> Action:
        legal = view.legal
        if ActionKind.BIG_GIN in legal:
            return Action(ActionKind.BIG_GIN)
        if ActionKind.DISCARD in legal:
            allowed = [c for c in view.hand if not (view.drawn_from_pile and c == view.drawn)]
            return Action(ActionKind.DISCARD, rng.choice(allowed))
        return Action(ActionKind(rng.choice(sorted(legal))))

    return decide


async def test_a_game_against_the_computer(svc: GinService) -> None:
    rng = random.Random(5)
    snap = await snapshots.start_ai_game(svc, GUILD, CHANNEL, 1, "Ana", AiLevel.NORMAL, target=10)
    assert snap.players == (1, 0) and snap.ai_level is AiLevel.NORMAL
    assert snap.game.names == ("Ana", "Computer")
    assert (await snapshots.active_game_for(svc, GUILD, 1)) is not None
    decide = _ai(rng)
    res: MoveResult | None = None
    for _ in range(5000):
        if snap.game.is_over:
            break
        if snap.is_ai_turn:
            assert snap.turn_deadline is None
            assert await svc.moves.pending_ai_turns() == [snap.id]
            with pytest.raises(MoveRejectedError, match="Computer's turn"):
                await snapshots.act(svc, snap.id, 1, Action(ActionKind.DRAW_STOCK))
            played = await snapshots.play_ai_turn(svc, snap.id, decide)
            assert played is not None and played.actor_id == 0
            res = played
        else:
            assert snap.turn_deadline is not None
            assert await snapshots.play_ai_turn(svc, snap.id, decide) is None
            seat = snap.game.turn
            assert seat == 0
            res = await snapshots.act(
                svc, snap.id, 1, random_action(snap.game, 0, rng), expected_version=snap.version
            )
        snap = res.snapshot
    assert snap.game.is_over and res is not None and res.game_result is not None
    won = res.game_result.winner == 0
    assert await svc.standings.ai_stats(GUILD, 1) == {
        "normal": {"games": 1, "wins": int(won), "losses": int(not won)}
    }
    assert res.rating_changes == ()
    assert await svc.standings.player_stats(GUILD, 1) is None  # kept apart from the rated tables
    assert (await svc.standings.leaderboard(GUILD)).rows == ()
    assert await snapshots.play_ai_turn(svc, snap.id, decide) is None


async def test_ai_resign_counts_for_ai_stats_only(svc: GinService) -> None:
    snap = await snapshots.start_ai_game(svc, GUILD, CHANNEL, 1, "Ana", AiLevel.EASY)
    await snapshots.resign(svc, snap.id, 1)
    assert await svc.standings.ai_stats(GUILD, 1) == {"easy": {"games": 1, "wins": 0, "losses": 1}}
    snap = await snapshots.start_ai_game(svc, GUILD, CHANNEL, 1, "Ana", AiLevel.EASY)
    await snapshots.end_game(svc, snap.id)
    assert await svc.standings.ai_stats(GUILD, 1) == {"easy": {"games": 1, "wins": 0, "losses": 1}}
    with pytest.raises(ChallengeError):
        await snapshots.start_ai_game(svc, GUILD, CHANNEL, 0, "Bot", AiLevel.EASY)


# --- score sheet and leaderboard --------------------------------------------------------------


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
    assert total in score_sheet_text(sheet)


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


# --- pure pieces ---------------------------------------------------------------------------


def test_elo_from_1200_with_k_32() -> None:
    assert elo_update(1200.0, 1200.0) == (1216.0, 1184.0)
    win, lose = elo_update(1400.0, 1000.0)
    assert (win, lose) == (1402.91, 997.09)  # the favourite gains little
    win, lose = elo_update(1000.0, 1400.0)
    assert (win, lose) == (1029.09, 1370.91)  # an upset moves a lot
    assert expected_score(1200, 1200) == 0.5


def test_a_clone_takes_moves_without_touching_the_original() -> None:
    rng = random.Random(9)
    game = Game.new(("A", "B"), Ruleset(target=30), seed=99)
    while not game.is_over:
        seat = game.turn
        assert seat is not None
        action = random_action(game, seat, rng)
        before = game_to_dict(game)
        copy = clone_game(game)
        copy.apply(seat, action)
        assert game_to_dict(game) == before
        game = copy


def test_turn_timeout_parsing() -> None:
    assert parse_timeout_minutes("90") == 90
    assert parse_timeout_minutes("15 min") == 15
    assert parse_timeout_minutes(60) == 60
    for bad in ("0", "10081", "an hour", True):
        with pytest.raises(ValueError, match="1 to 10080"):
            parse_timeout_minutes(bad)
