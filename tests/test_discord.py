"""The bot in Discord: the real discord.py client against the fake Discord.

Whole games are driven through slash commands, buttons and selects; the tests
assert on what the bot sent (ephemeral flags, PNG attachments, components,
mentions) and that no public payload ever names a card still hidden in a hand.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import random
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.discord_ui import GinBot
from bot.discord_ui.pacing import ChannelPacer
from bot.engine import ActionKind
from bot.render.pool import RenderPool
from bot.service import GinService, snapshots
from bot.service.snapshots import GameSnapshot
from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.models import InteractionResult, SentMessage

#: Discord's per-channel write limit (5 per 5 s), a hundred times faster: the
#: fake refuses (429) any bot that writes faster than its pacer allows.
FAST_LIMIT = (5, 0.05)


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(channel_write_limit=FAST_LIMIT) as f:
        yield f


async def make_bot(db: Path, *, clock: Callable[[], float] | None = None, **options: Any) -> GinBot:
    """A bot over a freshly opened service on ``db`` (the bot closes it)."""
    service = await (GinService.open(db) if clock is None else GinService.open(db, clock=clock))
    settings: dict[str, Any] = {
        "ai_delay": 0,
        "board_coalesce": 0,
        "timer_tick": 3600,
        "renderer": RenderPool(0),  # threads: a process pool per test bot is slow to start
        "pacer": ChannelPacer(*FAST_LIMIT),
    }
    settings.update(options)
    return GinBot(service, **settings)


def png_of(msg: SentMessage) -> Image.Image:
    att = msg.attachment()
    img = Image.open(io.BytesIO(att.data))
    img.load()
    assert img.format == "PNG"
    return img


def ids_with(msg: SentMessage, prefix: str) -> list[str]:
    return [c for c in msg.custom_ids() if c.startswith(prefix)]


async def idle(bot: GinBot, fake: FakeDiscord) -> None:
    await bot.publisher.idle()
    await fake.settle()
    await bot.publisher.idle()


async def until_computer_moved(
    bot: GinBot, fake: FakeDiscord, game_id: int, human: int, limit: float = 20.0
) -> GameSnapshot:
    """The game once it is the human's turn again (or over): the computer's
    move may start after a quiet spell when the machine is busy, so this
    waits for the move itself rather than for the fake to go quiet."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    while True:
        await idle(bot, fake)
        snap = await snapshots.get_game(bot.service, game_id)
        if snap.status.value != "active" or snap.game.turn == snap.seat_of(human):
            return snap
        assert loop.time() < deadline, "the computer did not move"
        await asyncio.sleep(0.02)


async def start_game(
    fake: FakeDiscord, bot: GinBot, a: FakeUser, b: FakeUser, target: int = 10
) -> GameSnapshot:
    res = await fake.slash(
        a, "gin", subcommand="challenge", options={"opponent": b, "target": target}
    )
    assert res.message is not None and not res.ephemeral
    assert b.id in res.message.pinged_user_ids()
    accept = ids_with(res.message, "gin:c:accept:")[0]
    await fake.click(b, res.message, accept)
    await idle(bot, fake)
    snap = await snapshots.active_game_for(bot.service, fake.guild_id, a.id)
    assert snap is not None
    return snap


def board_message(fake: FakeDiscord, game_id: int) -> SentMessage:
    boards = [
        m
        for m in fake.channel_messages(fake.channel_id, include_ephemeral=False, with_threads=True)
        if any(c.startswith(f"gin:a:hand:{game_id}:") for c in m.custom_ids())
    ]
    assert boards, "no board message"
    return boards[-1]


def hidden_labels(snap: GameSnapshot) -> set[str]:
    game = snap.game
    known = set(game.public_view().known[0]) | set(game.public_view().known[1])
    cards = (set(game.hand(0)) | set(game.hand(1)) | set(game.stock)) - known
    return {c.label for c in cards}


def public_text(msg: SentMessage) -> str:
    parts = [msg.content or ""]
    # Alt text is public too — except the reveal's, whose cards are public by then.
    parts += [a.description or "" for a in msg.attachments if a.filename != "reveal.png"]
    for comp in msg.walk_components():
        parts.append(str(comp.get("label", "")))
        parts.append(str(comp.get("placeholder", "")))
    for embed in msg.embeds:
        parts.append(str(embed))
    # The board's alt text is public during the hand; a reveal's names the cards
    # of a hand that is over (public by then, and reshuffled since).
    parts += [a.description or "" for a in msg.attachments if a.filename == "board.png"]
    return " ".join(parts)


def assert_private(fake: FakeDiscord, mark: int, since: float, snap: GameSnapshot) -> None:
    """No public message written (created or edited) since ``mark`` / ``since``
    names a hidden card.  Older messages are history: a past hand's board named
    its pile, whose cards may since have been dealt again."""
    hidden = hidden_labels(snap)
    for msg in fake.channel_messages(fake.channel_id, include_ephemeral=False, with_threads=True):
        if msg.id <= mark and not any(h.at >= since for h in msg.history):
            continue
        text = public_text(msg)
        leaked = [label for label in hidden if label in text]
        assert not leaked, f"public message leaks {leaked}: {text!r}"


async def play_turn(
    fake: FakeDiscord,
    bot: GinBot,
    users: dict[int, FakeUser],
    snap: GameSnapshot,
    rng: random.Random,
) -> InteractionResult:
    """One action by whoever is to move, through a mix of commands and buttons."""
    game = snap.game
    seat = game.turn
    assert seat is not None
    user = users[snap.players[seat]]
    legal = game.legal(seat)
    style = rng.random()
    if ActionKind.DISCARD in legal:
        if ActionKind.KNOCK in legal and snap.assist.value == "full":
            res = await fake.slash(user, "gin", subcommand="knock")
        elif ActionKind.KNOCK in legal:  # the player names the card below full assistance
            card = game.best_discard(seat)
            res = await fake.slash(user, "gin", subcommand="knock", options={"card": card.code})
        elif style < 0.5:
            card = (
                game.best_discard(seat)
                if rng.random() < 0.7
                else rng.choice([c for c in game.deadwood_after(seat)])
            )
            res = await fake.slash(user, "gin", subcommand="discard", options={"card": card.code})
        else:
            hand = await fake.slash(user, "gin", subcommand="hand")
            assert hand.message is not None
            select = ids_with(hand.message, "gin:d:")[0]
            card = game.best_discard(seat)
            res = await fake.select(user, hand.message, select, [card.code])
    elif ActionKind.DRAW_STOCK in legal and style < 0.5:
        res = await fake.slash(user, "gin", subcommand="draw", options={"source": "stock"})
    elif ActionKind.DRAW_STOCK in legal:
        board = board_message(fake, snap.id)
        res = await fake.click(user, board, f"gin:a:stock:{snap.id}:{snap.version}")
    elif ActionKind.PASS in legal and rng.random() < 0.7:
        res = await fake.slash(user, "gin", subcommand="pass")
    else:
        board = board_message(fake, snap.id)
        res = await fake.click(user, board, f"gin:a:take:{snap.id}:{snap.version}")
    assert res.message is not None and res.ephemeral, res
    png_of(res.message)
    return res


async def test_whole_game_by_commands_and_buttons_stays_private(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    users = {ana.id: ana, bo.id: bo}
    rng = random.Random(3)
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        snap = await start_game(fake, bot, ana, bo, target=10)
        board = board_message(fake, snap.id)
        png_of(board)
        assert snap.game.names == ("Ana", "Bo")
        turns = 0
        while snap.status.value == "active" and turns < 400:
            mark, since = fake.mark(), time.perf_counter()
            await play_turn(fake, bot, users, snap, rng)
            await idle(bot, fake)
            snap = await snapshots.get_game(bot.service, snap.id)
            if snap.status.value == "active":
                assert_private(fake, mark, since, snap)
            turns += 1
        assert snap.status.value == "finished", "the game did not finish"
        public = fake.channel_messages(fake.channel_id, include_ephemeral=False, with_threads=True)
        tallies = [m for m in public if ids_with(m, "gin:r:")]
        assert tallies, "no final tally with a Rematch button"
        png_of(tallies[-1])
        assert any("wins the game" in m.content for m in tallies)
        reveals = [m for m in public if m.attachments and m.attachments[0].filename == "reveal.png"]
        assert reveals
        # Every image, public or private, carries alt text for screen readers.
        every = fake.channel_messages(fake.channel_id, include_ephemeral=True, with_threads=True)
        images = [a for m in every for a in m.attachments]
        assert {a.filename for a in images} >= {"board.png", "hand.png", "reveal.png", "tally.png"}
        for a in images:
            assert a.description and len(a.description) <= 1024, a
        assert any(a.description.startswith("Your hand: ") for a in images if a.description)
        sheet = await fake.slash(ana, "gin", subcommand="score")
        assert sheet.ephemeral and "Score sheet" in sheet.content
    fake.assert_clean()


async def test_restart_keeps_buttons_working_and_old_ones_refused(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    db = tmp_path / "gin.db"
    bot = await make_bot(db)
    async with fake.run_bot(bot):
        snap = await start_game(fake, bot, ana, bo)
        first = snap.players[snap.game.turn or 0]
        mover = ana if first == ana.id else bo
        # The mover looks at their hand (controls drawn for this version)...
        hand = await fake.slash(mover, "gin", subcommand="hand")
        assert hand.message is not None
        old_pass = ids_with(hand.message, "gin:a:pass:")[0]
        # ...then passes by command, so those controls are now from an earlier turn.
        await fake.slash(mover, "gin", subcommand="pass")
        await idle(bot, fake)
    # A brand-new client over the same database file, as after kill -9.
    bot2 = await make_bot(db)
    async with fake.run_bot(bot2):
        snap2 = await snapshots.get_game(bot2.service, snap.id)
        assert snap2.version == snap.version + 1
        # The current board's button works after the restart.
        board = board_message(fake, snap.id)
        seat = snap2.game.turn
        assert seat is not None
        user = ana if snap2.players[seat] == ana.id else bo
        res = await fake.click(user, board, f"gin:a:take:{snap.id}:{snap2.version}")
        assert res.ephemeral and "took the" in res.content
        await idle(bot2, fake)
        after = await snapshots.get_game(bot2.service, snap.id)
        assert after.version == snap2.version + 1
        # A button drawn for an earlier version answers so and changes nothing.
        res = await fake.click(mover, hand.message, old_pass)
        assert res.ephemeral and "earlier turn" in res.content
        assert (await snapshots.get_game(bot2.service, snap.id)).version == after.version
    fake.assert_clean()


async def test_racing_double_click_applies_once(fake: FakeDiscord, tmp_path: Path) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    # Boards wait a second before their edit, so all three clicks are made on the
    # board as the player saw it (Discord refuses a click on a button that an
    # edit has since removed, and so does discord.py).
    bot = await make_bot(tmp_path / "gin.db", board_coalesce=1.0)
    async with fake.run_bot(bot):
        snap = await start_game(fake, bot, ana, bo)
        seat = snap.game.turn
        assert seat is not None
        user = ana if snap.players[seat] == ana.id else bo
        board = board_message(fake, snap.id)
        cid = f"gin:a:pass:{snap.id}:{snap.version}"
        results = await asyncio.gather(
            fake.click(user, board, cid), fake.click(user, board, cid), fake.click(user, board, cid)
        )
        await idle(bot, fake)
        contents = [r.content for r in results]
        assert all(r.ephemeral for r in results)
        assert sum("earlier turn" in c for c in contents) == 2, contents
        assert (await snapshots.get_game(bot.service, snap.id)).version == snap.version + 1
    fake.assert_clean()


async def test_strangers_and_bad_input_get_clear_private_errors(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    ana, bo, cy = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Cy")
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        # No game yet.
        res = await fake.slash(cy, "gin", subcommand="hand")
        assert res.ephemeral and "no game in progress" in res.content
        # Can't challenge yourself.
        res = await fake.slash(ana, "gin", subcommand="challenge", options={"opponent": ana})
        assert res.ephemeral and "yourself" in res.content.lower()
        snap = await start_game(fake, bot, ana, bo)
        before = snap.version
        board = board_message(fake, snap.id)
        # A stranger pressing the board's buttons.
        for cid in board.custom_ids():
            res = await fake.click(cy, board, cid)
            assert res.ephemeral and "not your game" in res.content.lower()
        seat = snap.game.turn
        assert seat is not None
        mover = ana if snap.players[seat] == ana.id else bo
        waiter = bo if mover is ana else ana
        # Wrong turn, by command and by button.
        res = await fake.slash(waiter, "gin", subcommand="pass")
        assert res.ephemeral and "turn" in res.content
        res = await fake.click(waiter, board, f"gin:a:pass:{snap.id}:{snap.version}")
        assert res.ephemeral and "turn" in res.content
        # Unknown card text and a card you don't hold.
        res = await fake.slash(mover, "gin", subcommand="discard", options={"card": "11Z"})
        assert res.ephemeral and "e.g. 7h" in res.content
        # Already in a game.
        res = await fake.slash(ana, "gin", subcommand="challenge", options={"opponent": cy})
        assert res.ephemeral and f"#{snap.id}" in res.content
        # Absurd settings, and settings without permission.
        res = await fake.slash(
            ana, "gin", subcommand="settings", options={"setting": "target", "value": "5"}
        )
        assert res.ephemeral and "Manage Server" in res.content
        admin = fake.add_user("Mod", admin=True)
        res = await fake.slash(
            admin, "gin", subcommand="settings", options={"setting": "target", "value": "5"}
        )
        assert res.ephemeral and "10" in res.content and "1000" in res.content
        res = await fake.slash(
            admin, "gin", subcommand="settings", options={"setting": "variant", "value": "oklahoma"}
        )
        assert res.ephemeral and "oklahoma" in res.content
        # Nothing changed in the game through all that.
        assert (await snapshots.get_game(bot.service, snap.id)).version == before
        # A moderator ends the stuck game.
        res = await fake.slash(admin, "gin", subcommand="end", options={"player": ana})
        assert not res.ephemeral and "ended by a moderator" in res.content
        await idle(bot, fake)
        assert (await snapshots.get_game(bot.service, snap.id)).status.value == "finished"
    fake.assert_clean()


async def test_hand_is_private_with_controls_and_autocomplete_from_own_hand(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        await bot.service.settings.update_setting(fake.guild_id, "assist", "full")
        snap = await start_game(fake, bot, ana, bo)
        seat = snap.game.turn
        assert seat is not None
        mover = ana if snap.players[seat] == ana.id else bo
        res = await fake.click(
            mover, board_message(fake, snap.id), f"gin:a:hand:{snap.id}:{snap.version}"
        )
        assert res.ephemeral
        img = png_of(res.message)  # type: ignore[arg-type]
        assert img.width >= 600
        assert res.message is not None and ids_with(res.message, "gin:a:pass:")
        # Take the upcard from the private controls: the message updates in place.
        take = ids_with(res.message, "gin:a:take:")[0]
        res2 = await fake.click(mover, res.message, take)
        assert res2.response_name == "UPDATE_MESSAGE"
        assert ids_with(res2.message, "gin:d:")  # type: ignore[arg-type]
        await idle(bot, fake)
        snap = await snapshots.get_game(bot.service, snap.id)
        choices = await fake.autocomplete(
            mover, "gin", subcommand="discard", focused="card", options={"card": ""}
        )
        held = {c.code for c in snap.game.hand(seat)}
        assert {c["value"] for c in choices} == held
        # Every card but the one just taken (it can't be thrown back) says what it leaves.
        assert sum("deadwood" in c["name"] for c in choices) == len(held) - 1
    fake.assert_clean()


async def test_playing_the_computer(fake: FakeDiscord, tmp_path: Path) -> None:
    ana = fake.add_user("Ana")
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        bot_user = bot.user
        assert bot_user is not None
        me = (
            fake.users[bot_user.id]
            if hasattr(fake, "users") and bot_user.id in fake.users
            else None
        )
        opponent = me or bot_user
        res = await fake.slash(
            ana, "gin", subcommand="challenge", options={"opponent": opponent, "difficulty": "hard"}
        )
        assert res.message is not None and "computer" in res.content
        await idle(bot, fake)
        snap = await snapshots.active_game_for(bot.service, fake.guild_id, ana.id)
        assert snap is not None and snap.ai_level is not None
        rng = random.Random(5)
        for _ in range(60):
            snap = await until_computer_moved(bot, fake, snap.id, ana.id)
            if snap.status.value != "active":
                break
            await play_turn(fake, bot, {ana.id: ana}, snap, rng)
            await idle(bot, fake)
            snap = await snapshots.get_game(bot.service, snap.id)
        assert snap.game.hand_number >= 1
    fake.assert_clean()


def test_missing_token_prints_one_line_and_exits_2(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["DISCORD_TOKEN"] = ""
    proc = subprocess.run(
        [sys.executable, "-m", "bot"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and "DISCORD_TOKEN" in proc.stderr


async def test_slow_answers_are_deferred_then_delivered(fake: FakeDiscord, tmp_path: Path) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        snap = await start_game(fake, bot, ana, bo)
        bot.hands.defer_after = 0  # as if rendering were slow: acknowledge first
        seat = snap.game.turn
        assert seat is not None
        mover = ana if snap.players[seat] == ana.id else bo
        res = await fake.slash(mover, "gin", subcommand="hand")
        assert res.response_name == "DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE"
        await fake.settle()
        msg = res.messages[-1]
        assert msg.ephemeral and ids_with(msg, "gin:a:pass:")
        png_of(msg)
        take = ids_with(msg, "gin:a:take:")[0]
        res2 = await fake.click(mover, msg, take)
        assert res2.response_name == "DEFERRED_UPDATE_MESSAGE"
        # The edit follows a (slow) render in silence: wait for it, not for quiet.
        await fake.wait_for(
            lambda: ids_with(msg, "gin:d:"), what="the hand message updated after the defer"
        )
        await fake.settle()
    fake.assert_clean()


async def test_idle_player_is_reminded_then_forfeits(fake: FakeDiscord, tmp_path: Path) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    now = [1_000_000.0]
    bot = await make_bot(tmp_path / "gin.db", clock=lambda: now[0])
    async with fake.run_bot(bot):
        snap = await start_game(fake, bot, ana, bo)
        seat = snap.game.turn
        assert seat is not None
        idler = snap.players[seat]
        mark = fake.mark()
        now[0] += 31 * 60
        await bot.timers.tick()
        await idle(bot, fake)
        reminders = [m for m in fake.messages_since(mark) if "still your move" in m.content]
        assert len(reminders) == 1 and idler in reminders[0].pinged_user_ids()
        await bot.timers.tick()  # reported once only
        assert len([m for m in fake.messages_since(mark) if "still your move" in m.content]) == 1
        now[0] += 30 * 60
        await bot.timers.tick()
        await idle(bot, fake)
        new = fake.messages_since(mark)
        assert any("ran out of time" in m.content for m in new)
        assert any(ids_with(m, "gin:r:") and "wins the game" in m.content for m in new)
        final = await snapshots.get_game(bot.service, snap.id)
        assert final.status.value == "finished"
        assert final.game.result is not None and final.game.result.winner == 1 - seat
    fake.assert_clean()


def test_rejected_token_prints_one_line_and_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m bot``'s main() against a fake Discord that refuses the token."""
    import threading

    from bot.__main__ import main

    ready = threading.Event()
    stop: list[asyncio.AbstractEventLoop] = []

    def serve() -> None:
        async def run() -> None:
            async with FakeDiscord(token="the-right-token"):
                stop.append(asyncio.get_running_loop())
                ready.set()
                await asyncio.Event().wait()

        with contextlib.suppress(asyncio.CancelledError, RuntimeError):
            asyncio.run(run())

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert ready.wait(10)
    monkeypatch.setenv("DISCORD_TOKEN", "a-wrong-token")
    monkeypatch.setenv("GIN_DB_PATH", str(tmp_path / "gin.db"))
    monkeypatch.chdir(tmp_path)
    try:
        with pytest.raises(SystemExit) as exit_info:
            main()
    finally:
        loop = stop[0]
        for task in asyncio.all_tasks(loop):
            loop.call_soon_threadsafe(task.cancel)
        thread.join(10)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "rejected the token" in err and len(err.strip().splitlines()) == 1


async def test_challenge_expires_and_decline_and_cancel(fake: FakeDiscord, tmp_path: Path) -> None:
    ana, bo, cy = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Cy")
    now = [2_000_000.0]
    bot = await make_bot(tmp_path / "gin.db", clock=lambda: now[0])
    async with fake.run_bot(bot):
        res = await fake.slash(ana, "gin", subcommand="challenge", options={"opponent": bo})
        msg = res.message
        assert msg is not None
        accept = ids_with(msg, "gin:c:accept:")[0]
        cancel = ids_with(msg, "gin:c:cancel:")[0]
        # Only the opponent may accept; only the challenger may cancel.
        r = await fake.click(cy, msg, accept)
        assert r.ephemeral and "challenge" in r.content.lower()
        r = await fake.click(bo, msg, cancel)
        assert r.ephemeral
        now[0] += 11 * 60
        await bot.timers.tick()
        await fake.settle()
        assert "expired" in msg.content and not msg.custom_ids()
        # Decline and cancel edit the message and remove the buttons.
        res = await fake.slash(ana, "gin", subcommand="challenge", options={"opponent": bo})
        assert res.message is not None
        await fake.click(bo, res.message, ids_with(res.message, "gin:c:decline:")[0])
        assert "declined" in res.message.content and not res.message.custom_ids()
        res = await fake.slash(ana, "gin", subcommand="challenge", options={"opponent": cy})
        assert res.message is not None
        await fake.click(ana, res.message, ids_with(res.message, "gin:c:cancel:")[0])
        assert "withdrew" in res.message.content and not res.message.custom_ids()
    fake.assert_clean()


async def test_computer_resumes_its_turn_after_a_restart(fake: FakeDiscord, tmp_path: Path) -> None:
    ana = fake.add_user("Ana")
    db = tmp_path / "gin.db"
    bot = await make_bot(db, ai_delay=3600)
    async with fake.run_bot(bot):
        assert bot.user is not None
        res = await fake.slash(
            ana, "gin", subcommand="challenge", options={"opponent": fake.users[bot.user.id]}
        )
        assert res.message is not None
        snap = await snapshots.active_game_for(bot.service, fake.guild_id, ana.id)
        assert snap is not None
        if not snap.is_ai_turn:
            await fake.slash(ana, "gin", subcommand="pass")
            snap = await snapshots.get_game(bot.service, snap.id)
        assert snap.is_ai_turn
        version = snap.version
    # Killed while the computer was "thinking": the new process makes its move.
    bot2 = await make_bot(db)
    async with fake.run_bot(bot2):
        # Nobody acts: only the resumed computer turn can move the game on.
        # (With no delay it may have moved before we look, so wait on the game.)
        async with asyncio.timeout(10):
            while (after := await snapshots.get_game(bot2.service, snap.id)).version == version:
                await asyncio.sleep(0.02)
        await idle(bot2, fake)
        after = await snapshots.get_game(bot2.service, snap.id)
        assert after.version > version and not after.is_ai_turn
    fake.assert_clean()


async def test_information_commands(fake: FakeDiscord, tmp_path: Path) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        snap = await start_game(fake, bot, ana, bo)
        res = await fake.slash(ana, "gin", subcommand="games")
        assert res.ephemeral and f"#{snap.id}" in res.content
        res = await fake.slash(bo, "gin", subcommand="resign")
        assert res.ephemeral and "resigned" in res.content
        await idle(bot, fake)
        res = await fake.slash(ana, "gin", subcommand="leaderboard")
        assert "Ana" in res.content and "Bo" in res.content
        assert res.content.index("Ana") < res.content.index("Bo")  # the winner ranks first
        res = await fake.slash(ana, "gin", subcommand="leaderboard", options={"sort": "losses"})
        assert res.content.index("Bo") < res.content.index("Ana")
        res = await fake.slash(ana, "gin", subcommand="stats", options={"member": bo})
        assert "Games 1" in res.content and "losses 1" in res.content
        res = await fake.slash(ana, "gin", subcommand="rules")
        assert res.ephemeral and "Standard" in res.content and "60 minutes" in res.content
        res = await fake.slash(ana, "gin", subcommand="score")
        assert res.ephemeral and "resign" in res.content
        res = await fake.slash(ana, "gin", subcommand="games")
        assert "No games in progress" in res.content
    fake.assert_clean()


async def test_gin_score_after_a_resigned_hollywood_game_shows_the_columns_won(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """Resigning gives the winner every open column: the sheet ``/gin score``
    shows must say so, and add up to the final tally (it showed "0 – 0")."""
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        await bot.service.settings.update_setting(fake.guild_id, "scoring", "hollywood")
        await start_game(fake, bot, ana, bo)
        res = await fake.slash(bo, "gin", subcommand="resign")
        assert res.ephemeral and "resigned" in res.content
        await idle(bot, fake)
        sheet = await fake.slash(ana, "gin", subcommand="score")
        assert sheet.ephemeral
        for label in ("I", "II", "III"):
            assert f"Game {label}: Ana 0 – 0 Bo — won by Ana (with bonuses 100 – 0)" in (
                sheet.content
            )
        assert "Total: Ana 300 – 0 Bo" in sheet.content
        assert f"{'final tally':<33}{300:>10}{0:>10}" in sheet.content
    fake.assert_clean()


async def test_board_edits_are_coalesced_and_old_boards_reposted(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    now = [3_000_000.0]
    bot = await make_bot(tmp_path / "gin.db", clock=lambda: now[0], board_coalesce=1.5)
    users = {ana.id: ana, bo.id: bo}
    async with fake.run_bot(bot):
        snap = await start_game(fake, bot, ana, bo)
        board = board_message(fake, snap.id)
        edits_before = board.edit_count
        # Four quick moves by command: the board is edited once, to the latest state.
        for _ in range(4):
            snap = await snapshots.get_game(bot.service, snap.id)
            seat = snap.game.turn
            assert seat is not None
            user = users[snap.players[seat]]
            legal = snap.game.legal(seat)
            if "pass" in legal:
                await fake.slash(user, "gin", subcommand="pass")
            elif "draw_stock" in legal:
                await fake.slash(user, "gin", subcommand="draw", options={"source": "stock"})
            else:
                card = snap.game.best_discard(seat).code
                await fake.slash(user, "gin", subcommand="discard", options={"card": card})
        await idle(bot, fake)
        assert board.edit_count - edits_before == 1
        latest = await snapshots.get_game(bot.service, snap.id)
        assert f"gin:a:hand:{snap.id}:{latest.version}" in board.custom_ids()
        # An hour later the board is posted anew at the bottom instead of edited.
        now[0] += 3601
        seat = latest.game.turn
        assert seat is not None
        user = users[latest.players[seat]]
        legal = latest.game.legal(seat)
        if "draw_stock" in legal:
            await fake.slash(user, "gin", subcommand="draw", options={"source": "stock"})
        else:
            await fake.slash(user, "gin", subcommand="pass")
        await idle(bot, fake)
        fresh = board_message(fake, snap.id)
        assert fresh.id != board.id and board.deleted
    fake.assert_clean()
