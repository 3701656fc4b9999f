"""Several processes on one database, each owning a range of shards: every
guild's background work (turn timers, challenge expiry, the computer's turns,
pings after a restart) is done by exactly one of them, on both backends."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Config, ConfigError
from bot.service import AiLevel, GinService, snapshots
from bot.shards import SHARD_SHIFT, ShardRange, shard_of
from tests.helpers.service import FakeClock, start_game

COUNT = 4


def guild_on(shard: int, n: int = 1) -> int:
    """A guild id (a real-looking snowflake) that Discord puts on ``shard``."""
    return ((1_100_000_000_000 + n * COUNT + shard) << SHARD_SHIFT) | 12345


def test_shard_of_matches_discords_formula() -> None:
    assert shard_of(guild_on(3), COUNT) == 3 and shard_of(guild_on(0, 7), COUNT) == 0
    low, high = ShardRange.parse("0-1", COUNT), ShardRange.parse("2-3", COUNT)
    for g in (guild_on(s, n) for s in range(COUNT) for n in range(5)):
        assert low.owns(g) != high.owns(g)  # exactly one owner
    assert ShardRange.parse("2", COUNT) == ShardRange(2, 2, COUNT)
    assert ShardRange.parse(" 0-3 ", COUNT).everything and str(low) == "0-1/4"
    for bad in ("3-1", "4", "x", "0-9"):
        with pytest.raises(ValueError):
            ShardRange.parse(bad, COUNT)


def test_configuration() -> None:
    config = Config.from_env({"GIN_SHARDS": "0-3", "GIN_SHARD_COUNT": "8"})
    assert config.shards == ShardRange(0, 3, 8)
    assert Config.from_env({}).shards is None
    for env in (
        {"GIN_SHARDS": "0-3"},
        {"GIN_SHARD_COUNT": "8"},
        {"GIN_SHARDS": "0-8", "GIN_SHARD_COUNT": "8"},
        {"GIN_SHARDS": "0", "GIN_SHARD_COUNT": "zero"},
    ):
        with pytest.raises(ConfigError, match="GIN_SHARD"):
            Config.from_env(env)


async def test_each_guild_has_exactly_one_owner(db_target: str | Path) -> None:
    clock = FakeClock()
    low = await GinService.open(db_target, clock=clock, seed=1, shards=ShardRange(0, 1, COUNT))
    high = await GinService.open(db_target, clock=clock, seed=2, shards=ShardRange(2, 3, COUNT))
    try:
        mine, theirs = guild_on(1), guild_on(2)
        for svc, guild in ((low, mine), (high, theirs)):
            await svc.settings.update_setting(guild, "turn_timeout", "10")
        a = await start_game(low, 1, 2, guild=mine)
        b = await start_game(low, 3, 4, guild=theirs)  # made by either process
        ai_a = await snapshots.start_ai_game(low, mine, 1, 5, "P5", AiLevel.EASY, ai_user_id=99)
        ai_b = await snapshots.start_ai_game(low, theirs, 1, 6, "P6", AiLevel.EASY, ai_user_id=99)
        computer_to_move = {g.id for g in (ai_a, ai_b) if g.game.turn == 1}
        person_to_move = {ai_a.id, ai_b.id} - computer_to_move
        open_a = await low.challenges.create_challenge(mine, 1, 7, "P7", 8, "P8")
        open_b = await high.challenges.create_challenge(theirs, 1, 9, "P9", 10, "P10")
        # Restarts resume only their own guilds' turns.
        assert {t.game_id for t in await low.moves.waiting_turns()} >= {a.id}
        assert b.id not in {t.game_id for t in await low.moves.waiting_turns()}
        assert {t.game_id for t in await high.moves.waiting_turns()} >= {b.id}
        assert set(await low.moves.pending_ai_turns()) == {ai_a.id} & computer_to_move
        assert set(await high.moves.pending_ai_turns()) == {ai_b.id} & computer_to_move
        # Timers: each process forfeits only its own guilds' idle players ...
        clock.advance(61 * 60)
        due_low = {e.game_id for e in await low.clocks.due_timers() if e.kind.value == "forfeit"}
        due_high = {e.game_id for e in await high.clocks.due_timers() if e.kind.value == "forfeit"}
        assert due_low == {a.id} | ({ai_a.id} & person_to_move)
        assert due_high == {b.id} | ({ai_b.id} & person_to_move)
        assert await low.clocks.due_timers() == [] and await high.clocks.due_timers() == []
        # ... and expires only its own guilds' challenges.
        assert [c.id for c in await low.challenges.expire_challenges()] == [open_a.id]
        assert [c.id for c in await high.challenges.expire_challenges()] == [open_b.id]
    finally:
        await low.close()
        await high.close()
