"""A board write that meets a database outage is tried again until the
database is back, so the board ends up showing the last committed move —
logged as one WARNING line and one line when it recovers, never a traceback.

The database is a real PostgreSQL one (the session's server, a database of
this test's own).  The outage is real too: the database stops accepting
connections and the bot's sessions are terminated, so every statement and
every reconnect fails as in a server restart, until connections are allowed
again.  To have the outage start after the move is committed but before
its board is written, the test holds the game thread's write slots (as a
busy channel would) while the move is made, starts the outage, then lets
the board write go.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import asyncpg
import pytest

from bot.discord_ui import GinBot
from bot.discord_ui.outage import Backoff
from bot.discord_ui.pacing import ChannelPacer
from bot.engine import ActionKind
from bot.render.pool import RenderPool
from bot.service import GinService, snapshots
from tests.fakediscord import FakeDiscord
from tests.helpers.discord import FAST_LIMIT, board_message, idle, start_game


def database_name(url: str) -> str:
    return url.split("?", 1)[0].rsplit("/", 1)[1]


async def outage(admin_url: str, name: str, *, down: bool) -> None:
    """Stop (or resume) ``name`` accepting connections; stopping also ends
    every session it has, as a server restart would."""
    conn = await asyncpg.connect(admin_url)
    try:
        allow = "false" if down else "true"
        await conn.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS {allow}')
        if down:
            await conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = $1 AND pid <> pg_backend_pid()",
                name,
            )
    finally:
        await conn.close()


async def wait_for(condition: object, what: str, limit: float = 30.0) -> None:
    """Poll ``condition()`` until true (bounded: the test fails, never hangs)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    while not condition():  # type: ignore[operator]
        assert loop.time() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.02)


def shown_version(fake: FakeDiscord, game_id: int) -> int:
    """The game version the board's buttons carry (``gin:a:hand:<game>:<version>``)."""
    board = board_message(fake, game_id)
    prefix = f"gin:a:hand:{game_id}:"
    return max(int(c[len(prefix) :]) for c in board.custom_ids() if c.startswith(prefix))


async def test_board_written_during_an_outage_catches_up_once_it_is_back(
    fake: FakeDiscord,
    pg_server: str,
    pg_url: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    service = await GinService.open(pg_url)
    pacer = ChannelPacer(*FAST_LIMIT)
    bot = GinBot(
        service,
        ai_delay=0,
        board_coalesce=0,
        timer_tick=3600,
        renderer=RenderPool(0),
        pacer=pacer,
    )
    bot.boards.outages.backoff = Backoff(first=0.05, most=0.2)
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    users = {ana.id: ana, bo.id: bo}
    name = database_name(pg_url)
    async with fake.run_bot(bot):
        snap = await start_game(fake, bot, ana, bo, target=100)
        thread = snap.channel_id
        assert fake.channels[thread].is_thread
        assert shown_version(fake, snap.id) == snap.version
        seat = snap.game.turn
        assert seat is not None
        # A draw: the same player moves next, so the board is all this move posts.
        source = "stock" if ActionKind.DRAW_STOCK in snap.game.legal(seat) else "discard"

        caplog.clear()
        caplog.set_level(logging.INFO)
        async with contextlib.AsyncExitStack() as busy:
            # The thread is busy: every write slot taken, so the board waits.
            for _ in range(pacer.burst):
                await busy.enter_async_context(pacer.write(thread))
            res = await fake.slash(
                users[snap.players[seat]],
                "gin",
                subcommand="draw",
                options={"source": source},
                channel_id=thread,
            )
            assert res.ephemeral and res.message is not None  # committed, and answered
            moved = await snapshots.get_game(service, snap.id)
            assert moved.version == snap.version + 1
            await outage(pg_server, name, down=True)
        # The board's slot comes during the outage: its write fails, and waits.
        try:
            await wait_for(
                lambda: any("not written" in r.getMessage() for r in caplog.records),
                "the board write to fail",
            )
            # Tried again and failed again (0.05, 0.1, 0.2 s apart), logging nothing more.
            await wait_for(lambda: bot.boards.outages.wait(snap.id) == 0.2, "more tries")
            assert shown_version(fake, snap.id) == snap.version  # not shown yet
        finally:
            await outage(pg_server, name, down=False)
        await idle(bot, fake)  # the board's write task ends once it has written
        assert shown_version(fake, snap.id) == moved.version

        # The game goes on from the board.
        assert (await snapshots.get_game(service, snap.id)).version == moved.version

    # The Discord layer's lines (the storage logs the outage in its own words).
    ours = [r for r in caplog.records if r.name.startswith("bot.discord_ui")]
    failed = [r for r in ours if "not written" in r.getMessage()]
    back = [r for r in ours if "database is back" in r.getMessage()]
    assert len(failed) == 1 and failed[0].levelno == logging.WARNING, failed
    assert f"board of game {snap.id}" in failed[0].getMessage()
    assert len(back) == 1 and back[0].levelno == logging.INFO, back
    assert f"board of game {snap.id}" in back[0].getMessage()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    for record in caplog.records:
        assert record.exc_info is None and "Traceback" not in caplog.text, record
    fake.assert_clean()
