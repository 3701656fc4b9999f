"""Achievements earned (``bot.service.achievements``) on SQLite and
PostgreSQL: awarded in the move that earns them and stored once — never
twice in later games, nor after a restart; the person earns them against
the computer, the computer never; the profile lists them; a gin with the
50th card is recognised from the move log; a comeback is counted within
the last game of a match."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace
from typing import cast

from bot.engine import Action, ActionKind, Game, HandEnd, Phase, Ruleset, min_deadwood
from bot.engine.match import MatchForm
from bot.service import AiLevel, Award, GinService, snapshots
from bot.service.achievements import worst_deficit
from bot.service.snapshots import MoveResult
from tests.helpers.service import CHANNEL, GUILD, FakeClock, play_out, start_game

#: With this service seed the first game's deal lets the policy below reach
#: the 50th card and go gin with it (found by searching seeds).
FIFTIETH_SEED = 28


def awards_of(results: list[MoveResult]) -> list[Award]:
    return [a for r in results for a in r.awards]


async def test_achievements_are_awarded_once(db_target: str | Path, clock: FakeClock) -> None:
    svc = await GinService.open(db_target, clock=clock, seed=4)
    try:
        snap = await start_game(svc, 1, 2, target=10)
        results = await play_out(svc, snap.id, random.Random(11))
        clock.advance(60)
        # Against the computer only the person is counted: the computer wins, earns nothing.
        ai = await snapshots.start_ai_game(svc, GUILD, CHANNEL, 2, "P2", AiLevel.EASY)
        results.append(await snapshots.resign(svc, ai.id, 2))
        awards = awards_of(results)
        earned = [(a.user_id, a.achievement) for a in awards]
        assert len(earned) == len(set(earned)), earned  # each once
        final = results[-2]
        assert final.game_result is not None
        winner = final.snapshot.players[final.game_result.winner]
        assert (winner, "first_win") in {(a.user_id, a.achievement) for a in final.awards}
        for user in (1, 2):
            held = await svc.achievements.earned(GUILD, user)
            assert {a.achievement for a in held} == {i for u, i in earned if u == user}
            profile = await svc.profiles.profile(GUILD, user)
            assert profile.achievements == tuple(a.name_key for a in held)
        assert await svc.achievements.earned(GUILD, 0) == ()  # the computer won: nothing
        # After a restart the winner wins again: nothing held is awarded again.
        await svc.close()
        svc = await GinService.open(db_target, clock=clock, seed=5)
        loser = 3 - winner
        again = await start_game(svc, winner, loser)
        last = await snapshots.resign(svc, again.id, loser)
        assert not {(a.user_id, a.achievement) for a in last.awards} & set(earned)
        assert [a.achievement for a in await svc.achievements.earned(GUILD, winner)].count(
            "first_win"
        ) == 1
    finally:
        await svc.close()


def fiftieth_policy(game: Game, seat: int) -> Action:
    """Never knock before the 50th card; take it if it makes gin, and go gin."""
    if game.phase is Phase.UPCARD:
        return Action(ActionKind.PASS)
    if game.phase is Phase.DRAW:
        return Action(ActionKind.DRAW_STOCK)
    if game.phase is Phase.FIFTIETH:
        top = game.pile[-1]
        cards = [*game.hand(seat), top]
        gin = min(min_deadwood([c for c in cards if c != d]) for d in cards if d != top) == 0
        return Action(ActionKind.TAKE_DISCARD if gin else ActionKind.PASS)
    after = game.deadwood_after(seat)
    if game.fiftieth_take:
        card = min(after, key=after.__getitem__)
        return Action(ActionKind.KNOCK if after[card] == 0 else ActionKind.DISCARD, card)
    return Action(ActionKind.DISCARD, game.best_discard(seat))


async def test_a_gin_with_the_fiftieth_card(tmp_path: Path, clock: FakeClock) -> None:
    svc = await GinService.open(tmp_path / "gin.db", clock=clock, seed=FIFTIETH_SEED)
    try:
        await svc.settings.update_setting(GUILD, "fiftieth_card_rule", "on")
        snap = await start_game(svc, 1, 2, target=10)
        while not snap.game.history:
            seat = snap.game.turn
            assert seat is not None
            action = fiftieth_policy(snap.game, seat)
            result = await snapshots.act(svc, snap.id, snap.players[seat], action)
            snap = result.snapshot
        hand = snap.game.history[0]
        assert hand.end is HandEnd.GIN and hand.knocker is not None
        knocker = snap.players[hand.knocker]
        assert {(a.user_id, a.achievement) for a in result.awards} >= {
            (knocker, "fiftieth_card"),
            (knocker, "first_gin"),
        }
    finally:
        await svc.close()


def test_a_comeback_is_counted_within_the_last_game_of_a_match() -> None:
    def game(totals: list[tuple[int, int]], match: bool) -> Game:
        history = [SimpleNamespace(winner=0 if t[0] >= t[1] else 1, totals=t) for t in totals]
        rules = Ruleset(match=MatchForm.BEST_OF if match else MatchForm.OFF, target=100)
        return cast(Game, SimpleNamespace(history=history, ruleset=rules, target=100))

    single = [(0, 40), (0, 95), (60, 95), (110, 95)]
    assert worst_deficit(game(single, match=False), 0) == 95
    assert worst_deficit(game(single, match=False), 1) == 15
    # A match: the first game ended at (100, 5); the second starts from zero.
    two = [(50, 5), (100, 5), (0, 30), (40, 30), (120, 30)]
    assert worst_deficit(game(two, match=True), 1) == 90  # 120 - 30, in game two only
    assert worst_deficit(game(two, match=True), 0) == 30
