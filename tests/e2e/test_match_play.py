"""Match play through Discord: a best-of-three match chosen on /gin challenge,
played game after game by two users with the real discord.py client against
the fake, with a stranger pressing the new buttons and every public payload
checked for hidden cards."""

from __future__ import annotations

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
)


async def test_a_best_of_three_match_is_played_game_after_game(
    fake: FakeDiscord,
    tmp_path: Path,
) -> None:
    ana, bo, eve = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Eve")
    users = {ana.id: ana, bo.id: bo}
    rng = random.Random(5)
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        res = await fake.slash(
            ana,
            "gin",
            subcommand="challenge",
            options={"opponent": bo, "target": 10, "match": 3},
        )
        assert res.message is not None and "best of 3" in res.message.content
        await fake.click(bo, res.message, ids_with(res.message, "gin:c:accept:")[0])
        await idle(bot, fake)
        snap = await snapshots.active_game_for(bot.service, fake.guild_id, ana.id)
        assert snap is not None
        assert "Match (best of 3): Ana 0 – 0 Bo" in board_message(fake, snap.id).content

        games_seen = 0
        turns = 0
        while snap.status.value == "active" and turns < 2000:
            mark, since = fake.mark(), time.perf_counter()
            await play_turn(fake, bot, users, snap, rng)
            await idle(bot, fake)
            before = len(snap.game.match_results)
            snap = await snapshots.get_game(bot.service, snap.id)
            if len(snap.game.match_results) > before:
                games_seen += 1
                if snap.status.value == "active":
                    # The next game is dealt at once, from zero, and the board says so.
                    assert snap.game.scores == [0, 0]
                    board = board_message(fake, snap.id)
                    wins = snap.game.match_standing()
                    assert wins is not None
                    assert f"Ana {wins.wins[0]} – {wins.wins[1]} Bo" in board.content
                    # Its hand is counted within the new game.
                    assert f"game {len(wins.games) + 1} · hand 1 ·" in board.content
                    # A stranger pressing the new board's buttons changes nothing.
                    version = snap.version
                    for custom_id in board.custom_ids():
                        poke = await fake.click(eve, board, custom_id)
                        assert poke.ephemeral
                    assert (await snapshots.get_game(bot.service, snap.id)).version == version
            if snap.status.value == "active":
                assert_private(fake, mark, since, snap)
            turns += 1
        assert snap.status.value == "finished", "the match did not finish"
        st = snap.game.match_standing()
        assert st is not None and st.winner is not None
        assert games_seen == len(st.games) and max(st.wins) == 2 and len(st.games) in (2, 3)

        public = fake.channel_messages(fake.channel_id, include_ephemeral=False, with_threads=True)
        won_games = [m for m in public if "🏅" in m.content]
        assert len(won_games) == len(st.games)
        for i, m in enumerate(won_games, 1):
            assert f"** wins game {i}" in m.content, m.content
        final = [m for m in public if ids_with(m, "gin:r:")][-1]
        png_of(final)
        winner = snap.game.names[st.winner]
        assert f"**{winner}** wins the match" in final.content
        for i, g in enumerate(st.games, 1):
            assert f"Game {i}: Ana {g.totals[0]} – {g.totals[1]} Bo" in final.content
        sheet = await fake.slash(ana, "gin", subcommand="score")
        assert sheet.ephemeral and "Match (best of 3)" in sheet.content
    fake.assert_clean()
