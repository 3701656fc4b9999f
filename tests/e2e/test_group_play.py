"""Group play through Discord (real discord.py against the fake): a whole
partnership game by four users, and a tournament's sign-up, bracket and
matches — with a stranger pressing every new button and every public
payload checked for cards a player holds."""

from __future__ import annotations

import random
import time
from pathlib import Path

from bot.discord_ui import GinBot
from bot.service import snapshots
from bot.service.models import GameStatus
from bot.service.snapshots import GameSnapshot
from tests.fakediscord import FakeDiscord, FakeUser
from tests.helpers.discord import (
    board_message,
    hidden_labels,
    idle,
    ids_with,
    make_bot,
    play_turn,
    png_of,
    public_text,
)


def assert_tables_private(
    fake: FakeDiscord,
    mark: int,
    since: float,
    snaps: list[GameSnapshot],
) -> None:
    """No public message written since ``mark`` names a card hidden at a
    table: a board is checked against its own table (each table has its own
    deck, so another table's pile is no secret here), everything else against
    every table."""
    hidden = {
        s.board_message_id: hidden_labels(s) if s.status is GameStatus.ACTIVE else set()
        for s in snaps
    }
    every: set[str] = set().union(*hidden.values())
    for msg in fake.channel_messages(fake.channel_id, include_ephemeral=False, with_threads=True):
        if msg.id <= mark and not any(h.at >= since for h in msg.history):
            continue
        labels = hidden.get(msg.id, every)
        text = public_text(msg)
        leaked = [label for label in labels if label in text]
        assert not leaked, f"public message leaks {leaked}: {text!r}"


async def poke_everything(
    fake: FakeDiscord,
    bot: GinBot,
    stranger: FakeUser,
    game_id: int,
) -> None:
    """A stranger presses every button of a new board: told privately, nothing changes."""
    before = (await snapshots.get_game(bot.service, game_id)).version
    board = board_message(fake, game_id)
    for custom_id in board.custom_ids():
        res = await fake.click(stranger, board, custom_id)
        assert res.ephemeral, res
    assert (await snapshots.get_game(bot.service, game_id)).version == before


async def test_a_whole_partnership_game_with_four_users(
    fake: FakeDiscord,
    tmp_path: Path,
) -> None:
    ana, bo, cy, di = (fake.add_user(n) for n in ("Ana", "Bo", "Cy", "Di"))
    eve = fake.add_user("Eve")
    users = {u.id: u for u in (ana, bo, cy, di)}
    rng = random.Random(11)
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        res = await fake.slash(
            ana,
            "gin partners",
            options={"partner": bo, "opponent1": cy, "opponent2": di, "target": 10},
        )
        lobby = res.message
        assert lobby is not None and not lobby.ephemeral
        assert lobby.pinged_user_ids() == {bo.id, cy.id, di.id}
        assert "Partnership gin" in lobby.content and "invited" in lobby.content
        # Eve is not invited and every seat is named: she is told so, privately.
        for custom_id in lobby.custom_ids():
            if "join" in custom_id:
                poke = await fake.click(eve, lobby, custom_id)
                assert poke.ephemeral and "full" in poke.content
        join = ids_with(lobby, "gin:l:join0:")[0]
        for user in (bo, cy):
            done = await fake.click(user, lobby, join)  # a reserved seat, whichever button
            assert not done.ephemeral
        again = await fake.click(bo, lobby, join)
        assert again.ephemeral and "already at this table" in again.content
        await fake.click(di, lobby, join)
        await idle(bot, fake)
        assert "All four are in" in fake.message(lobby).content

        tables = [
            await snapshots.active_game_for(bot.service, fake.guild_id, u.id) for u in (ana, bo)
        ]
        snaps = [s for s in tables if s is not None]
        assert len(snaps) == 2 and snaps[0].id != snaps[1].id
        # One thread for the team game, started from the lobby: both tables' boards.
        thread = fake.channels[snaps[0].channel_id]
        assert thread.is_thread and thread.id == lobby.id == snaps[1].channel_id
        assert {ana.id, bo.id, cy.id, di.id} <= set(thread.member_ids)
        for snap in snaps:
            board = board_message(fake, snap.id)
            png_of(board)
            assert "Hand 1, table" in board.content and "Ana & Bo" in board.content
            await poke_everything(fake, bot, eve, snap.id)

        hands_seen = 0
        for _ in range(4000):
            live = [s for s in snaps if s.status is GameStatus.ACTIVE]
            if not live:
                break
            snap = rng.choice(live)
            mark, since = fake.mark(), time.perf_counter()
            await play_turn(fake, bot, users, snap, rng)
            await idle(bot, fake)
            snap = await snapshots.get_game(bot.service, snap.id)
            snaps = [
                snap if s.id == snap.id else await snapshots.get_game(bot.service, s.id)
                for s in snaps
            ]
            assert_tables_private(fake, mark, since, snaps)
            if snap.status is GameStatus.ACTIVE:
                continue
            other = next(s for s in snaps if s.id != snap.id)
            if other.status is GameStatus.ACTIVE:
                # This table is done, the other still plays: its players wait.
                waiting = users[snap.players[0]]
                told = await fake.slash(
                    waiting, "gin", subcommand="draw", options={"source": "stock"}
                )
                assert told.ephemeral and "other table" in told.content
                continue
            # Both tables done: the team hand is posted and the next tables dealt.
            hands_seen += 1
            new = [
                await snapshots.active_game_for(bot.service, fake.guild_id, u.id) for u in (ana, bo)
            ]
            if new[0] is None:
                break  # the game is over
            old, snaps = snaps, [s for s in new if s is not None]
            assert_tables_private(fake, mark, since, old + snaps)
            for s in snaps:
                assert f"Hand {hands_seen + 1}, table" in board_message(fake, s.id).content
                await poke_everything(fake, bot, eve, s.id)
        public = fake.channel_messages(fake.channel_id, include_ephemeral=False, with_threads=True)
        team_hands = [m for m in public if "both tables are done" in m.content]
        assert len(team_hands) == hands_seen >= 1
        assert all("Table 1 (" in m.content and "Table 2 (" in m.content for m in team_hands)
        final = [m for m in public if "win the partnership game" in m.content]
        assert len(final) == 1
        assert final[0].content.count("rating") == 4
        assert final[0].channel_id == thread.id
        await idle(bot, fake)
        assert thread.archived
        # Every hand's tables played in that thread; no board keeps a turn button.
        assert not [m for m in public if m.channel_id not in (thread.id, fake.channel_id)]
        for m in public:
            assert not [c for c in m.custom_ids() if c.startswith(("gin:a:stock", "gin:a:take"))]
        for u in users.values():
            assert await snapshots.active_game_for(bot.service, fake.guild_id, u.id) is None
        sheet = await fake.slash(cy, "gin score")
        assert sheet.ephemeral and "partnership gin to 10" in sheet.content
        assert sheet.content.count("**Hand ") == hands_seen and "won" in sheet.content
    fake.assert_clean()


async def test_a_computer_fills_an_empty_seat(
    fake: FakeDiscord,
    tmp_path: Path,
) -> None:
    ana, cy, di = (fake.add_user(n) for n in ("Ana", "Cy", "Di"))
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        res = await fake.slash(
            ana,
            "gin partners",
            options={"opponent1": cy, "opponent2": di, "computer": "easy"},
        )
        assert res.message is not None and "🤖 Computer (easy)" in res.message.content
        bad = await fake.slash(ana, "gin partners", options={"computer": "easy"})
        assert bad.ephemeral and "one team only" in bad.content
        for user in (cy, di):
            await fake.click(user, res.message, ids_with(res.message, "gin:l:join1:")[0])
        await idle(bot, fake)
        ai_tables = [
            s
            for s in [
                await snapshots.active_game_for(bot.service, fake.guild_id, u.id) for u in (cy, di)
            ]
            if s is not None and s.ai_level is not None
        ]
        assert len(ai_tables) == 1 and ai_tables[0].players[1] == bot.user.id  # type: ignore[union-attr]
    fake.assert_clean()


async def play_match_out(
    fake: FakeDiscord,
    bot: GinBot,
    users: dict[int, FakeUser],
    game_id: int,
    rng: random.Random,
) -> GameSnapshot:
    """Play a tournament match to its end by commands and buttons, checking
    every public payload on the way."""
    snap = await snapshots.get_game(bot.service, game_id)
    for _ in range(3000):
        if snap.status is not GameStatus.ACTIVE:
            return snap
        mark, since = fake.mark(), time.perf_counter()
        await play_turn(fake, bot, users, snap, rng)
        await idle(bot, fake)
        snap = await snapshots.get_game(bot.service, game_id)
        if snap.status is GameStatus.ACTIVE:
            assert_tables_private(fake, mark, since, [snap])
    raise AssertionError("the match did not end")


async def test_a_tournament_from_sign_up_to_its_champion(
    fake: FakeDiscord,
    tmp_path: Path,
) -> None:
    mod = fake.add_user("Mod", admin=True)
    players = [fake.add_user(n) for n in ("Ana", "Bo", "Cy", "Di")]
    eve = fake.add_user("Eve")
    users = {u.id: u for u in players}
    rng = random.Random(4)
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        denied = await fake.slash(eve, "ginadmin tournament")
        assert denied.ephemeral and "Manage Server" in denied.content
        none = await fake.slash(eve, "gin tournament show")
        assert none.ephemeral and "No tournament" in none.content
        res = await fake.slash(
            mod,
            "ginadmin tournament",
            options={"title": "Friday gin", "match": 1, "target": 10, "signup_minutes": 30},
        )
        msg = res.message
        assert msg is not None and not res.ephemeral and "Friday gin" in msg.content
        join = ids_with(msg, "gin:t:join:")[0]
        for user in players:
            done = await fake.click(user, msg, join)
            assert not done.ephemeral and user.mention in fake.message(msg).content
        twice = await fake.click(players[0], msg, join)
        assert twice.ephemeral and "already signed up" in twice.content
        # A stranger may not start or cancel it.
        for action in ("start", "cancel"):
            poke = await fake.click(eve, msg, ids_with(msg, f"gin:t:{action}:")[0])
            assert poke.ephemeral and "Manage Server" in poke.content
        await fake.click(mod, msg, ids_with(msg, "gin:t:start:")[0])
        await idle(bot, fake)
        bracket = fake.message(msg)
        png_of(bracket)
        assert "Round 1" in bracket.content or "Semi" in bracket.content
        public = fake.channel_messages(fake.channel_id, include_ephemeral=False, with_threads=True)
        starts = [m for m in public if "starts now" in m.content]
        assert len(starts) == 2 and all(len(m.pinged_user_ids()) == 2 for m in starts)

        summary = await bot.service.tournaments.current_tournament(fake.guild_id)
        assert summary is not None and summary.status == "running"
        played: set[int] = set()
        for _ in range(3):
            summary = await bot.service.tournaments.current_tournament(fake.guild_id)
            assert summary is not None and summary.bracket is not None
            live = [gid for key, gid in summary.games if key in summary.bracket.live]
            if not live:
                break
            for game_id in live:
                await poke_everything(fake, bot, eve, game_id)
                await play_match_out(fake, bot, users, game_id, rng)
                played.add(game_id)
        summary = await bot.service.tournaments.current_tournament(fake.guild_id)
        assert summary is not None and summary.status == "finished" and len(played) == 3
        assert summary.bracket is not None and summary.bracket.champion in users
        champion = users[summary.bracket.champion]
        public = fake.channel_messages(fake.channel_id, include_ephemeral=False, with_threads=True)
        assert any(f"{champion.mention} is the champion" in m.content for m in public)
        shown = await fake.slash(eve, "gin tournament show")
        assert shown.ephemeral and shown.message is not None
        png_of(shown.message)
        assert "Finished" in shown.content
    fake.assert_clean()
