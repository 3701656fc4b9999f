"""The assist and ping settings: parsing, storage (migration 2) and the
advice each level lets out of the service."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from bot.engine import Action, ActionKind, Assist
from bot.service import GinService, MoveRejectedError, PingMode, SettingsError
from bot.service.assist import game_assist, parse_assist
from bot.service.pinging import parse_ping
from bot.storage import MIGRATIONS
from bot.storage import migrations as migrations_module
from bot.storage.sqlite import SqliteDb


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("every turn", (PingMode.EVERY, None)),
        ("Every", (PingMode.EVERY, None)),
        ("off", (PingMode.OFF, None)),
        ("after 10 minutes", (PingMode.IDLE, 10)),
        ("15", (PingMode.IDLE, 15)),
        ("idle", (PingMode.IDLE, None)),
        ("default", (PingMode.IDLE, 5)),
    ],
)
def test_parse_ping(text: str, expected: tuple[PingMode, int | None]) -> None:
    assert parse_ping(text) == expected


@pytest.mark.parametrize("text", ["", "sometimes", "after 0 minutes", "after 2000", "5 10"])
def test_parse_ping_refuses_with_the_choices(text: str) -> None:
    with pytest.raises(ValueError, match="every turn"):
        parse_ping(text)


def test_assist_defaults_by_kind_of_game() -> None:
    assert game_assist(None, against_computer=False) is Assist.COUNTS
    assert game_assist(None, against_computer=True) is Assist.FULL
    assert game_assist("off", against_computer=True) is Assist.OFF
    assert parse_assist(" Counts ") is Assist.COUNTS and parse_assist("default") is None
    with pytest.raises(ValueError, match="full"):
        parse_assist("lots")


async def test_migration_2_keeps_old_games_at_full(tmp_path: Path) -> None:
    async with aiosqlite.connect(tmp_path / "gin.db", isolation_level=None) as conn:
        db = SqliteDb(conn)
        await migrations_module.migrate(db, MIGRATIONS[:1])
        await db.execute(
            "INSERT INTO games (guild_id, channel_id, player0, player1, name0, name1, ruleset, "
            "state, version, status, hand_number, created_at, updated_at) "
            "VALUES (1, 2, 3, 4, 'a', 'b', '{}', '{}', 1, 'active', 1, 0, 0)"
        )
        await db.execute(
            "INSERT INTO server_settings (guild_id, ruleset, updated_at) VALUES (1, '{}', 0)"
        )
        await migrations_module.migrate(db)
        assert await db.fetchone("SELECT assist FROM games") == ("full",)
        row = await db.fetchone("SELECT assist, ping_mode, ping_idle_minutes FROM server_settings")
        assert row == (None, "idle", 5)


async def test_settings_round_trip_and_advice_per_level(db_target: str | Path) -> None:
    svc = await GinService.open(db_target, seed=3)
    try:
        s = await svc.settings.get_settings(1)
        assert s.assist is None and s.ping_mode is PingMode.IDLE and s.ping_idle_minutes == 5
        s = await svc.settings.update_setting(1, "ping", "after 12 minutes")
        assert (s.ping_mode, s.ping_idle_minutes) == (PingMode.IDLE, 12)
        s = await svc.settings.update_setting(1, "ping", "every")
        assert (s.ping_mode, s.ping_idle_minutes) == (PingMode.EVERY, 12)
        with pytest.raises(SettingsError, match="assist must be"):
            await svc.settings.update_setting(1, "assist", "maybe")
        for level in Assist:
            await svc.settings.update_setting(1, "assist", level.value)
            ch = await svc.challenges.create_challenge(1, 5, 10, "A", 11, "B")
            table = await svc.challenges.accept(ch.id, 11)
            assert table.assist is level
            # Play to the first discard decision.
            while True:
                seat = table.turn
                assert seat is not None
                turn = await svc.moves.turn_view(1, table.players[seat])
                if ActionKind.DISCARD in turn.view.legal:
                    break
                kind = next(
                    k for k in (ActionKind.DRAW_STOCK, ActionKind.PASS) if k in turn.view.legal
                )
                table = (await svc.moves.play(1, table.players[seat], Action(kind))).table
            advice = turn.advice
            assert set(advice.discards) <= set(turn.view.hand) and advice.discards
            if level is Assist.FULL:
                assert advice.deadwood_after and advice.best_discard is not None
            else:
                assert not advice.deadwood_after and advice.best_discard is None
                assert advice.knock_card is None and advice.gin_card is None
                with pytest.raises(MoveRejectedError, match="Name the card"):
                    await svc.moves.play(1, table.players[seat], Action(ActionKind.KNOCK))
            await svc.moves.resign_current(1, 10)
    finally:
        await svc.close()
