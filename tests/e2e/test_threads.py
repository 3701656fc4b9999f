"""A table of its own: every game in its own thread, one summary line per game
in the channel, boards that never show a past state — through the fake
Discord, with the real discord.py client."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
import re
from pathlib import Path

import discord
import pytest

from bot.discord_ui.boards import deal_number
from bot.discord_ui.pacing import ChannelPacer
from bot.discord_ui.permissions import check_can_host, missing
from bot.discord_ui.threads import AUTO_ARCHIVE
from bot.engine import ActionKind
from bot.service import GameStatus, snapshots
from bot.service.snapshots import GameSnapshot
from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.models import SentMessage
from tests.helpers.discord import (
    FAST_LIMIT,
    board_message,
    idle,
    ids_with,
    make_bot,
    move,
    play_turn,
    start_game,
)

CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
ADMIN = True
TURN_BUTTONS = re.compile(r"^gin:a:(stock|take|pass|hand):")
#: The hand a board's score line names ("… · hand 3 · stock 21 · …").
HAND_NAMED = re.compile(r"· hand (\d+) ·")


def live_turn_buttons(msg: SentMessage) -> list[str]:
    return [c for c in msg.custom_ids() if TURN_BUTTONS.match(c)]


def boards_of(fake: FakeDiscord, channel_id: int) -> list[SentMessage]:
    """Every message in ``channel_id`` that was ever a board (it carried a board
    image), oldest first."""
    return [
        m
        for m in fake.channel_messages(channel_id, include_ephemeral=False)
        if any("board.png" in h.filenames for h in m.history)
    ]


async def test_a_game_plays_in_its_own_thread_from_challenge_to_tally(
    fake: FakeDiscord,
    tmp_path: Path,
) -> None:
    ana, bo, eve = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Eve")
    users = {ana.id: ana, bo.id: bo}
    rng = random.Random(5)
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        snap = await start_game(fake, bot, ana, bo, target=10)
        # The thread: started from the challenge message, which it shares its id with.
        thread = fake.channels[snap.channel_id]
        assert thread.is_thread and thread.parent_id == fake.channel_id
        summary = fake.messages[thread.id]
        assert summary.channel_id == fake.channel_id
        assert ana.id in thread.member_ids and bo.id in thread.member_ids
        assert f"<#{thread.id}>" in summary.content and "Game #" in summary.content
        assert summary.custom_ids() == []  # the challenge's buttons are gone
        # The board lives in the thread, not in the channel.
        board = board_message(fake, snap.id)
        assert board.channel_id == thread.id
        # Anyone in the server can follow: /gin games links into the thread.
        games = await fake.slash(eve, "gin", subcommand="games")
        assert f"<#{thread.id}>" in games.content
        # Play it out.
        summary_edits = summary.edit_count
        hands_seen = snap.game.hand_number
        for _ in range(400):
            snap = await snapshots.get_game(bot.service, snap.id)
            if snap.status is not GameStatus.ACTIVE:
                break
            await play_turn(fake, bot, users, snap, rng)
            await idle(bot, fake)
            hands_seen = max(
                hands_seen, (await snapshots.get_game(bot.service, snap.id)).game.hand_number
            )
        snap = await snapshots.get_game(bot.service, snap.id)
        assert snap.status is GameStatus.FINISHED
        await idle(bot, fake)
        # The channel kept one message for the game: the summary, with the result.
        parent = fake.channel_messages(fake.channel_id, include_ephemeral=False)
        assert [m.id for m in parent] == [summary.id]
        assert summary.content.startswith("🏁") and "wins the game" in summary.content
        if hands_seen > 1:
            assert summary.edit_count > summary_edits  # edited at hand ends
        # Everything else is in the thread: boards, reveals, the tally.
        in_thread = fake.channel_messages(thread.id, include_ephemeral=False)
        assert any(a.filename == "tally.png" for m in in_thread for a in m.attachments)
        assert any(a.filename == "reveal.png" for m in in_thread for a in m.attachments)
        # No board keeps a turn button, and the thread is archived.
        for msg in boards_of(fake, thread.id):
            assert live_turn_buttons(msg) == [], msg
        assert thread.archived
        # The tally's Rematch opens a new challenge in the channel (a new thread on accept).
        tally = next(m for m in in_thread if any(a.filename == "tally.png" for a in m.attachments))
        res = await fake.click(ana, tally, ids_with(tally, "gin:r:")[0])
        assert res.ephemeral and f"<#{fake.channel_id}>" in res.content
        await idle(bot, fake)
        challenge = fake.channel_messages(fake.channel_id, include_ephemeral=False)[-1]
        assert challenge.id != summary.id and "rematch" in challenge.content
        accept = ids_with(challenge, "gin:c:accept:")[0]
        await fake.click(bo, challenge, accept)
        await idle(bot, fake)
        again = await snapshots.active_game_for(bot.service, fake.guild_id, ana.id)
        assert again is not None and again.channel_id == challenge.id != thread.id
        assert fake.channels[again.channel_id].is_thread
    fake.assert_clean()


async def test_a_thread_started_twice_is_asked_of_discord_once(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """A game's first move can be followed up before its opening is, and both
    find the game in a thread with no board yet: the second start is skipped,
    not sent to Discord to be refused ("already created")."""
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        snap = await start_game(fake, bot, ana, bo)
        starts = [r for r in fake.requests if r.path.endswith("/threads")]
        assert len(starts) == 1
        again = await bot.publisher.threads.open(
            fake.channel_id, snap.channel_id, "again", guild_id=fake.guild_id, members=[ana.id]
        )
        assert again
        assert [r for r in fake.requests if r.path.endswith("/threads")] == starts
    fake.assert_clean()


@pytest.mark.parametrize("match", [None, 3], ids=["game", "match"])
async def test_a_fast_game_never_shows_a_past_state_and_ends_with_no_live_buttons(
    tmp_path: Path, match: int | None
) -> None:
    """Moves far faster than the thread's write limit: every board write shows
    the state when its slot came, so a board's versions only go up and stay in
    its own hand — also when the game (or a match game) ends while its last
    hand's board still waits for a slot — no board is sent the same content
    twice, and at the end no board keeps turn buttons."""
    limit = (2, 0.3)  # writes queue for their slots while moves keep coming
    async with FakeDiscord(channel_write_limit=limit) as fake:
        ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
        users = {ana.id: ana, bo.id: bo}
        bot = await make_bot(tmp_path / "gin.db", pacer=ChannelPacer(*limit))
        async with fake.run_bot(bot):
            if match is None:
                snap = await start_game(fake, bot, ana, bo, target=80)
            else:
                snap = await start_game(fake, bot, ana, bo, target=25, match=match)
            versions: dict[int, int] = {}  # version -> the hand it belongs to
            while (
                snap := await snapshots.get_game(bot.service, snap.id)
            ).status is GameStatus.ACTIVE:
                versions[snap.version] = deal_number(snap.game.public_view())
                await quick_move(fake, snap, users)
                await fake.wait_for(
                    lambda: (
                        fake.last_interaction is not None
                        and fake.last_interaction.response_type is not None
                    ),
                    what="the move's answer",
                )
                await asyncio.sleep(0)
            await idle(bot, fake)
            final = await snapshots.get_game(bot.service, snap.id)
            thread_id = final.channel_id
            boards = boards_of(fake, thread_id)
            assert len(boards) >= 2  # several hands: a board each
            for msg in boards:
                shown = []
                for record in msg.history:
                    ids = [c["custom_id"] for c in _components(record.payload)]
                    got = {int(c.rsplit(":", 1)[1]) for c in ids if TURN_BUTTONS.match(c)}
                    shown.extend(sorted(got))
                assert shown == sorted(shown), f"a board went back in time: {shown}"
                hands = {versions[v] for v in shown if v in versions}
                assert len(hands) <= 1, f"one board showed several hands: {hands}"
                assert live_turn_buttons(msg) == []
                # Every write of a board names one hand (the retired line names none).
                named = {
                    m
                    for r in msg.history
                    for m in HAND_NAMED.findall(r.payload.get("content") or "")
                }
                assert len(named) <= 1, f"one board showed several hands: {named}"
                writes = [
                    (r.payload.get("content"), [c["custom_id"] for c in _components(r.payload)])
                    for r in msg.history
                ]
                for before, after in itertools.pairwise(writes):
                    assert before != after, f"a board was sent the same content twice: {after}"
            # The last board shows the end.
            last = boards[-1]
            assert "board.png" in last.history[-1].filenames
        fake.assert_clean()


async def quick_move(
    fake: FakeDiscord,
    snap: GameSnapshot,
    users: dict[int, FakeUser],
) -> None:
    """The player to move knocks when they can, else plays on; not waiting
    for the bot's public follow-up (a burst of clicks)."""
    game = snap.game
    seat = game.turn
    assert seat is not None
    if ActionKind.KNOCK in game.legal(seat):
        card = game.best_discard(seat).code
        user = users[snap.players[seat]]
        await fake.slash(user, "gin", subcommand="knock", options={"card": card}, settle=False)
    else:
        await move(fake, None, snap.id, users, snap=snap)


def _components(payload: dict[str, object]) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    rows = payload.get("components") or []
    assert isinstance(rows, list)
    for row in rows:
        for comp in row.get("components", []):
            if "custom_id" in comp:
                out.append(comp)
    return out


def test_thread_permissions_are_named() -> None:
    perms = discord.Permissions(
        view_channel=True, send_messages=True, attach_files=True, read_message_history=True
    )
    assert missing(perms) == []
    assert missing(perms, threads=True) == ["Create Public Threads", "Send Messages in Threads"]
    check_can_host(perms)  # fine for tables: channel
    assert AUTO_ARCHIVE in (60, 1440, 4320, 10080)


async def test_missing_thread_permissions_refused_then_tables_channel_works(
    fake: FakeDiscord,
    tmp_path: Path,
) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    admin = fake.add_user("Admin", admin=ADMIN)
    fake.channels[fake.channel_id].bot_denied = CREATE_PUBLIC_THREADS
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        res = await fake.slash(ana, "gin", subcommand="challenge", options={"opponent": bo})
        assert res.ephemeral and "**Create Public Threads**" in res.content
        assert "tables value:channel" in res.content
        assert await snapshots.active_game_for(bot.service, fake.guild_id, ana.id) is None
        assert fake.channel_messages(fake.channel_id, include_ephemeral=False) == []
        # The server chooses to play in the channel: no thread needed.
        res = await fake.slash(
            admin,
            "ginadmin",
            subcommand="settings",
            options={"setting": "tables", "value": "channel"},
        )
        assert res.ephemeral and "tables: channel (games in the channel itself)" in res.content
        snap = await start_game(fake, bot, ana, bo)
        assert snap.channel_id == fake.channel_id
        assert board_message(fake, snap.id).channel_id == fake.channel_id
        assert not fake.threads_of(fake.channel_id)
        challenge = fake.channel_messages(fake.channel_id, include_ephemeral=False)[0]
        assert "accepted" in challenge.content  # today's behaviour
        # And back to threads: bad values are refused and change nothing.
        res = await fake.slash(
            admin,
            "ginadmin",
            subcommand="settings",
            options={"setting": "tables", "value": "forum"},
        )
        assert res.ephemeral and "tables must be thread" in res.content
        assert (await bot.service.settings.get_settings(fake.guild_id)).tables.value == "channel"
    fake.assert_clean()


async def test_the_computer_plays_in_a_thread_and_a_restart_keeps_its_buttons(
    fake: FakeDiscord,
    tmp_path: Path,
) -> None:
    ana = fake.add_user("Ana")
    db = tmp_path / "gin.db"
    bot = await make_bot(db)
    async with fake.run_bot(bot):
        bot_user = fake.users[fake.bot_user_id]
        res = await fake.slash(ana, "gin", subcommand="challenge", options={"opponent": bot_user})
        assert res.message is not None
        await idle(bot, fake)
        snap = await snapshots.active_game_for(bot.service, fake.guild_id, ana.id)
        assert snap is not None
        thread = fake.channels[snap.channel_id]
        assert thread.is_thread and thread.id == res.message.id
        assert ana.id in thread.member_ids
        assert board_message(fake, snap.id).channel_id == thread.id
    # A new client over the same file, as after a restart: the thread and its
    # board's buttons still work.
    bot2 = await make_bot(db)
    async with fake.run_bot(bot2):
        snap = await snapshots.get_game(bot2.service, snap.id)
        board = board_message(fake, snap.id)
        assert board.channel_id == thread.id
        hand = next(c for c in board.custom_ids() if c.startswith("gin:a:hand:"))
        res = await fake.click(ana, board, hand)
        assert res.ephemeral and res.message is not None and res.message.attachments
    fake.assert_clean()


async def test_a_computer_game_whose_hand_reply_fails_still_gets_its_board(
    fake: FakeDiscord,
    tmp_path: Path,
) -> None:
    """The game is committed before the player hears of it: if sending the
    player their hand fails, the board still opens and the computer still
    plays — not only after the next restart."""
    ana = fake.add_user("Ana")
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        bot_user = fake.users[fake.bot_user_id]
        # The hand goes out as a follow-up after the channel line: refuse it
        # (and the error handler's own follow-up).
        fake.fail_next("POST", r"^/webhooks/\d+/[^/]+$", status=404, code=10015, times=2)
        await fake.slash(ana, "gin", subcommand="challenge", options={"opponent": bot_user})
        await idle(bot, fake)
        snap = await snapshots.active_game_for(bot.service, fake.guild_id, ana.id)
        assert snap is not None
        board = board_message(fake, snap.id)
        assert board.channel_id == snap.channel_id
        # It is Ana's turn: the computer has played if it was to start.
        assert snap.game.turn == snap.players.index(ana.id)


async def test_thread_fake_refuses_what_discord_refuses(
    fake: FakeDiscord,
    tmp_path: Path,
) -> None:
    """Archived threads refuse posts; every thread has its own write limit."""
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        snap = await start_game(fake, bot, ana, bo)
        thread = fake.channels[snap.channel_id]
        channel = bot.get_partial_messageable(thread.id)
        burst = FAST_LIMIT[0]
        # Unpaced writes into the thread hit its own limit (the channel's is untouched).
        for _ in range(burst + 1):
            with contextlib.suppress(discord.HTTPException):
                await channel.send("x")
        assert any(f"/channels/{thread.id}/messages -> 429" in r for r in fake.rejections)
        fake.rejections.clear()
        await asyncio.sleep(FAST_LIMIT[1] * 2)
        thread.archived = True
        try:
            await channel.send("after the game")
        except discord.HTTPException as exc:
            assert exc.code == 50083
        else:
            raise AssertionError("an archived thread took a post")
        fake.rejections.clear()
        thread.archived = False
    fake.assert_clean()


async def test_a_challenge_accepted_before_its_message_was_stored_still_gets_a_thread(
    tmp_path: Path,
) -> None:
    """The opponent can press Accept before the bot has stored the challenge's
    message id: the pressed message tells the service where the thread starts."""
    from bot.service import GinService

    svc = await GinService.open(tmp_path / "gin.db")
    try:
        ch = await svc.challenges.create_challenge(1, 10, 100, "Ana", 200, "Bo")
        table = await svc.challenges.accept(ch.id, 200, message_id=555)
        assert table.in_thread and table.channel_id == 555
        assert (table.summary_channel_id, table.summary_message_id) == (10, 555)
        # With tables: channel the same press plays in the channel.
        await svc.settings.update_setting(1, "tables", "channel")
        ch = await svc.challenges.create_challenge(1, 10, 101, "Cy", 201, "Di")
        table = await svc.challenges.accept(ch.id, 201, message_id=556)
        assert not table.in_thread and table.channel_id == 10
    finally:
        await svc.close()


async def test_no_lobby_or_tournament_inside_a_thread(
    fake: FakeDiscord,
    tmp_path: Path,
) -> None:
    """A game's thread is archived when its game ends, and Discord then refuses
    every edit of a message in it: a partnership lobby or a tournament opened
    there would be stuck. Both are refused inside a thread, changing nothing,
    and still open in the channel."""
    mod = fake.add_user("Mod", admin=True)
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        snap = await start_game(fake, bot, ana, bo)
        thread = fake.channels[snap.channel_id]
        assert thread.is_thread
        for command in ("gin partners", "ginadmin tournament"):
            res = await fake.slash(mod, command, channel_id=thread.id)
            assert res.ephemeral and "not in a thread" in res.content, command
        assert await bot.service.tournaments.current_tournament(fake.guild_id) is None
        assert [
            m
            for m in fake.channel_messages(thread.id)
            if not m.ephemeral and ("Partnership" in m.content or "🏆" in m.content)
        ] == []
        opened = await fake.slash(mod, "ginadmin tournament", options={"signup_minutes": 30})
        assert not opened.ephemeral and opened.message is not None
        assert opened.message.channel_id == fake.channel_id
    fake.assert_clean()
