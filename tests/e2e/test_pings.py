"""Turn pings without ghost notifications: the ``ping`` setting (every turn,
after N idle minutes — the default — or off), and a ping is edited to say the
turn passed, never deleted.  Real discord.py client against the fake Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.service import snapshots
from tests.fakediscord import FakeDiscord, SentMessage
from tests.helpers.discord import FAST_LIMIT, idle, make_bot, start_game


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(channel_write_limit=FAST_LIMIT) as f:
        yield f


def _pings(fake: FakeDiscord) -> list[SentMessage]:
    return [
        m
        for m in fake.channel_messages(
            fake.channel_id, include_ephemeral=False, include_deleted=True, with_threads=True
        )
        if "your move in gin" in m.content or "the turn passed" in m.content
    ]


async def _move(fake: FakeDiscord, bot: Any, users: dict[int, Any], game_id: int) -> None:
    snap = await snapshots.get_game(bot.service, game_id)
    seat = snap.game.turn
    user = users[snap.players[seat]]
    if "pass" in snap.game.legal(seat):
        await fake.slash(user, "gin", subcommand="pass")
    elif "draw_stock" in snap.game.legal(seat):
        await fake.slash(user, "gin", subcommand="draw", options={"source": "stock"})
    else:
        card = snap.game.deadwood_after(seat)
        await fake.slash(user, "gin", subcommand="discard", options={"card": next(iter(card)).code})
    await idle(bot, fake)


async def test_idle_ping_only_after_the_player_idles_and_is_never_deleted(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    users = {ana.id: ana, bo.id: bo}
    now = [5_000_000.0]
    bot = await make_bot(tmp_path / "gin.db", clock=lambda: now[0])
    async with fake.run_bot(bot):
        res = await fake.slash(ana, "gin", subcommand="rules")
        assert "only when the player to move is idle for 5 minutes" in res.content
        snap = await start_game(fake, bot, ana, bo)
        assert not _pings(fake), "a lively game pings nobody"
        # A quick move: the pending ping goes with the turn.
        await _move(fake, bot, users, snap.id)
        now[0] += 4 * 60
        await bot.publisher.pings.tick()
        assert not _pings(fake)
        now[0] += 61  # the second player has now idled 5 minutes
        await bot.publisher.pings.tick()
        await idle(bot, fake)
        pings = _pings(fake)
        snap = await snapshots.get_game(bot.service, snap.id)
        waiting = snap.players[snap.game.turn or 0]
        assert len(pings) == 1 and pings[0].pinged_user_ids() == {waiting}
        assert "waiting for you for 5 min" in pings[0].content
        await bot.publisher.pings.tick()  # once only
        assert len(_pings(fake)) == 1
        # They move: the ping is edited to say so, never deleted.
        await _move(fake, bot, users, snap.id)
        (ping,) = _pings(fake)
        assert not ping.deleted and "the turn passed" in ping.content
        assert ping.history[-1].payload.get("allowed_mentions", {}).get("parse") == []
    fake.assert_clean()


async def test_every_turn_and_off(fake: FakeDiscord, tmp_path: Path) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    admin = fake.add_user("Mod", admin=True)
    users = {ana.id: ana, bo.id: bo}
    now = [6_000_000.0]
    bot = await make_bot(tmp_path / "gin.db", clock=lambda: now[0])
    async with fake.run_bot(bot):
        res = await fake.slash(
            admin,
            "ginadmin",
            subcommand="settings",
            options={"setting": "ping", "value": "sometimes"},
        )
        assert res.ephemeral and "every turn" in res.content and "off" in res.content
        res = await fake.slash(
            admin,
            "ginadmin",
            subcommand="settings",
            options={"setting": "ping", "value": "every turn"},
        )
        assert "ping: every turn" in res.content
        snap = await start_game(fake, bot, ana, bo)
        first = snap.players[snap.game.turn or 0]
        assert [p.pinged_user_ids() for p in _pings(fake)] == [{first}]
        await _move(fake, bot, users, snap.id)
        pings = _pings(fake)
        assert len(pings) == 2 and not any(p.deleted for p in pings)
        assert "the turn passed" in pings[0].content and "your move" in pings[1].content
        # Off: nobody is pinged, however long they wait.
        res = await fake.slash(
            admin, "ginadmin", subcommand="settings", options={"setting": "ping", "value": "off"}
        )
        await _move(fake, bot, users, snap.id)
        now[0] += 3600
        await bot.publisher.pings.tick()
        await idle(bot, fake)
        pings = _pings(fake)
        assert len(pings) == 2 and all("the turn passed" in p.content for p in pings)
        res = await fake.slash(
            admin,
            "ginadmin",
            subcommand="settings",
            options={"setting": "ping", "value": "after 10"},
        )
        res = await fake.slash(ana, "gin", subcommand="rules")
        assert "idle for 10 minutes" in res.content
    fake.assert_clean()


async def test_idle_pings_are_rearmed_after_a_restart(fake: FakeDiscord, tmp_path: Path) -> None:
    ana, bo, cy, di = (fake.add_user(n) for n in ("Ana", "Bo", "Cy", "Di"))
    users = {u.id: u for u in (ana, bo, cy, di)}
    now = [7_000_000.0]
    db = tmp_path / "gin.db"
    bot = await make_bot(db, clock=lambda: now[0])
    async with fake.run_bot(bot):
        stale = await start_game(fake, bot, ana, bo)  # its turn began at 7,000,000
        now[0] += 4 * 60
        fresh = await start_game(fake, bot, cy, di)  # its turn began 4 minutes later
    # Down for 2 minutes: the first game's ping fell due meanwhile (not sent
    # late), the second one's is still 3 minutes ahead.
    now[0] += 2 * 60
    bot2 = await make_bot(db, clock=lambda: now[0])
    async with fake.run_bot(bot2):
        await idle(bot2, fake)
        await bot2.publisher.pings.tick()
        assert not _pings(fake)
        now[0] += 2 * 60
        await bot2.publisher.pings.tick()
        assert not _pings(fake)
        now[0] += 60 + 1
        await bot2.publisher.pings.tick()
        await idle(bot2, fake)
        (ping,) = _pings(fake)
        snap = await snapshots.get_game(bot2.service, fresh.id)
        assert ping.pinged_user_ids() == {snap.players[snap.game.turn or 0]}
        assert f"game #{fresh.id}" in ping.content and f"game #{stale.id}" not in ping.content
        # The turn passes: the ping is settled as usual.
        await _move(fake, bot2, users, fresh.id)
        (ping,) = _pings(fake)
        assert "the turn passed" in ping.content
    fake.assert_clean()
