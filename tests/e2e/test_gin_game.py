"""The bot in Discord: the real discord.py client against the fake Discord.

Whole games are driven through slash commands, buttons and selects; the tests
assert on what the bot sent (ephemeral flags, PNG attachments, components,
mentions) and that no public payload ever names a card still hidden in a hand.
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

from bot.service import snapshots
from tests.fakediscord import FakeDiscord
from tests.helpers.discord import (
    assert_private,
    board_message,
    idle,
    ids_with,
    make_bot,
    play_turn,
    png_of,
    start_game,
    until_computer_moved,
)


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
        assert res.ephemeral and "from the discard pile" in res.content
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
            ana, "ginadmin", subcommand="settings", options={"setting": "target", "value": "5"}
        )
        assert res.ephemeral and "Manage Server" in res.content
        admin = fake.add_user("Mod", admin=True)
        res = await fake.slash(
            admin, "ginadmin", subcommand="settings", options={"setting": "target", "value": "5"}
        )
        assert res.ephemeral and "10" in res.content and "1000" in res.content
        res = await fake.slash(
            admin,
            "ginadmin",
            subcommand="settings",
            options={"setting": "variant", "value": "oklahoma"},
        )
        assert res.ephemeral and "variant: Oklahoma" in res.content
        # Nothing changed in the game through all that.
        assert (await snapshots.get_game(bot.service, snap.id)).version == before
        # A moderator ends the stuck game.
        res = await fake.slash(admin, "ginadmin", subcommand="end", options={"player": ana})
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
        # The game's thread and the board of the computer's turn are posted: a
        # bot stopped before that would start the thread again after the restart.
        await fake.wait_for(
            lambda: any(
                f"gin:a:hand:{snap.id}:{version}" in m.custom_ids()
                for m in fake.channel_messages(
                    fake.channel_id, include_ephemeral=False, with_threads=True
                )
            ),
            what="the board of the computer's turn",
        )
        await fake.settle()
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
