"""Server settings through the service (``bot.service.settings``): defaults,
updates and their errors, the rules new challenges take, and the advice each
assist level lets out.  Parsing the assist and ping settings is tested in
test_assist.py and test_pinging.py, migration 2 in tests/storage/."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.engine import Action, ActionKind, Assist, Variant
from bot.service import GinService, MoveRejectedError, PingMode, SettingsError, snapshots
from tests.helpers.service import CHANNEL, GUILD


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
        ("gin_bonus", "lots", "gin bonus must be a whole number"),
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
