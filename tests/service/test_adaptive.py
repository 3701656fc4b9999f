"""The adaptive computer in the service (``bot.service.adaptive``): each
player's strength is saved per server when an adaptive game ends — up after a
win, down after a loss, untouched by a game a moderator ended or a partnership
table — survives a restart, is what the runner plays with, and picks the
default level of a player's first games against the computer."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.ai import ADAPTIVE
from bot.ai import decide as ai_decide
from bot.ai.adaptive_state import DEFAULT_LEVEL, AdaptiveState
from bot.engine import Action, ActionKind, SeatView
from bot.service import AiLevel, AiRunner, GinService, MoveReport, snapshots
from bot.service.adaptive import FIRST_GAMES
from bot.storage import AdaptiveRow
from tests.helpers.service import CHANNEL, GUILD, FakeClock, random_action

USER = 7


def _hopeless(view: SeatView) -> Action:
    """A computer that never melds or knocks: draws blind, throws its lowest card."""
    if ActionKind.DRAW_STOCK in view.legal:
        return Action(ActionKind.DRAW_STOCK)
    if ActionKind.DISCARD not in view.legal:
        return Action(ActionKind.PASS)
    allowed = [c for c in view.hand if not (view.drawn_from_pile and c == view.drawn)]
    return Action(ActionKind.DISCARD, min(allowed, key=lambda c: (c.rank, c.suit)))


async def _play_out(
    svc: GinService, game_id: int, computer: Callable[[SeatView], Action], seed: int
) -> bool:
    """Play the game to its end (the person at random, knocking when they
    can); whether the person won."""
    rng = random.Random(seed)
    for _ in range(3000):
        snap = await snapshots.get_game(svc, game_id)
        if snap.game.is_over:
            assert snap.game.result is not None
            return snap.game.result.winner == 0
        if snap.is_ai_turn:
            await snapshots.play_ai_turn(svc, game_id, computer)
        else:
            action = random_action(snap.game, 0, rng, p_best=0.9)
            await snapshots.act(svc, game_id, USER, action, expected_version=snap.version)
    raise AssertionError("the game did not end")


async def test_a_win_raises_the_strength_and_a_loss_lowers_it(svc: GinService) -> None:
    assert await svc.adaptive.level(GUILD, USER) is None  # never played it
    snap = await snapshots.start_ai_game(
        svc, GUILD, CHANNEL, USER, "Ana", AiLevel.ADAPTIVE, target=10
    )
    assert snap.ai_level is AiLevel.ADAPTIVE
    assert await _play_out(svc, snap.id, _hopeless, seed=1)
    won = AdaptiveState().after_game(player_won=True)
    assert await svc.adaptive.level(GUILD, USER) == won.shown_level > DEFAULT_LEVEL
    assert await svc.adaptive.state(GUILD, USER) == won

    snap = await snapshots.start_ai_game(svc, GUILD, CHANNEL, USER, "Ana", AiLevel.ADAPTIVE)
    await snapshots.resign(svc, snap.id, USER)
    lost = won.after_game(player_won=False)
    assert await svc.adaptive.state(GUILD, USER) == lost
    assert lost.level < won.level
    # Counted like any computer level, and never rated.
    assert await svc.standings.ai_stats(GUILD, USER) == {
        "adaptive": {"games": 2, "wins": 1, "losses": 1}
    }
    assert await svc.standings.player_stats(GUILD, USER) is None
    # Another server keeps its own strength for the same person.
    assert await svc.adaptive.level(GUILD + 1, USER) is None


async def test_the_strength_survives_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "gin.db"
    svc = await GinService.open(path, clock=FakeClock(), seed=2)
    try:
        for _ in range(3):
            snap = await snapshots.start_ai_game(svc, GUILD, CHANNEL, USER, "Ana", AiLevel.ADAPTIVE)
            await snapshots.resign(svc, snap.id, USER)
        saved = await svc.adaptive.state(GUILD, USER)
    finally:
        await svc.close()
    expected = AdaptiveState()
    for _ in range(3):
        expected = expected.after_game(player_won=False)
    assert saved == expected and saved.games == 3

    svc = await GinService.open(path, clock=FakeClock(), seed=3)
    try:
        assert await svc.adaptive.state(GUILD, USER) == saved
        assert await svc.adaptive.level(GUILD, USER) == saved.shown_level
    finally:
        await svc.close()


async def test_a_game_ended_by_a_moderator_moves_nothing(svc: GinService) -> None:
    snap = await snapshots.start_ai_game(svc, GUILD, CHANNEL, USER, "Ana", AiLevel.ADAPTIVE)
    await snapshots.end_game(svc, snap.id)
    assert await svc.adaptive.level(GUILD, USER) is None
    # A fixed level's game leaves the adaptive strength alone too.
    snap = await snapshots.start_ai_game(svc, GUILD, CHANNEL, USER, "Ana", AiLevel.HARD)
    await snapshots.resign(svc, snap.id, USER)
    assert await svc.adaptive.level(GUILD, USER) is None


async def test_a_partnership_table_plays_at_the_saved_strength_and_keeps_it(
    svc: GinService,
) -> None:
    a1, b1, b2, bot = 11, 21, 22, 999
    lobby = await svc.partnerships.open_partnership(
        GUILD,
        CHANNEL,
        (a1, "Ann"),
        opponents=[(b1, "Cy"), (b2, "Di")],
        level=AiLevel.ADAPTIVE,
        ai_user_id=bot,
        target=10,
    )
    lobby = await svc.partnerships.join_partnership(lobby.id, b1, "Cy")
    lobby = await svc.partnerships.join_partnership(lobby.id, b2, "Di")
    (table,) = [t for t in lobby.tables if t.ai_level is not None]
    assert table.ai_level is AiLevel.ADAPTIVE and table.players[1] == bot
    await snapshots.resign(svc, table.id, table.players[0])
    assert await svc.adaptive.level(GUILD, table.players[0]) is None


async def test_the_runner_decides_at_the_players_saved_strength(svc: GinService) -> None:
    await svc.repository.write(
        lambda tx: tx.put_adaptive_state(
            AdaptiveRow(GUILD, USER, AdaptiveState(2.5, 40).to_json(), 1.0)
        )
    )
    asked: list[dict[str, Any]] = []

    def decide(view: SeatView, **kwargs: Any) -> Action:
        asked.append(kwargs)
        return ai_decide(view, **kwargs)

    reports: list[MoveReport] = []

    async def on_move(report: MoveReport) -> None:
        reports.append(report)

    snap = await snapshots.start_ai_game(svc, GUILD, CHANNEL, USER, "Ana", AiLevel.ADAPTIVE)
    rng = random.Random(4)
    while snap.game.turn != 1:
        snap = (await snapshots.act(svc, snap.id, USER, random_action(snap.game, 0, rng))).snapshot

    # A runner given no adaptive desk cannot play it (and changes nothing).
    blind = AiRunner(svc.moves, decide, on_move, delay=0)
    blind.schedule(snap.id)
    await asyncio.gather(*blind.pending())
    assert reports == [] and asked == []
    assert (await snapshots.get_game(svc, snap.id)).version == snap.version

    runner = AiRunner(svc.moves, decide, on_move, delay=0, adaptive=svc.adaptive)
    runner.schedule(snap.id)
    await asyncio.gather(*runner.pending())
    assert reports and all(r.table.id == snap.id for r in reports)
    assert asked and all(a == {"level": ADAPTIVE, "strength": 2.5} for a in asked)
    assert (await snapshots.get_game(svc, snap.id)).version > snap.version


async def test_first_games_default_to_the_adaptive_level(svc: GinService) -> None:
    async def played(level: str, games: int) -> None:
        for i in range(games):
            await svc.repository.write(
                lambda tx, i=i: tx.bump_ai_stats(GUILD, USER, level, won=i % 2 == 0)
            )

    assert await svc.adaptive.default_level(GUILD, USER) is AiLevel.ADAPTIVE
    await played("hard", FIRST_GAMES - 1)
    assert await svc.adaptive.default_level(GUILD, USER) is AiLevel.ADAPTIVE
    await played("hard", 1)
    assert await svc.adaptive.default_level(GUILD, USER) is AiLevel.HARD
    await played("adaptive", FIRST_GAMES)
    assert await svc.adaptive.default_level(GUILD, USER) is AiLevel.ADAPTIVE  # a tie
    await played("easy", FIRST_GAMES + 1)
    assert await svc.adaptive.default_level(GUILD, USER) is AiLevel.EASY
