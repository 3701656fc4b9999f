"""The coach through Discord: the review button on the reveal answers privately,
only for the hand's players."""

from __future__ import annotations

import random
from pathlib import Path

from bot.i18n import Lang, text
from bot.service import snapshots
from tests.fakediscord import FakeDiscord
from tests.helpers.discord import idle, make_bot, play_turn, start_game


async def test_review_button_on_the_reveal_is_private(fake: FakeDiscord, tmp_path: Path) -> None:
    ana, bo, cy = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Cy")
    users = {ana.id: ana, bo.id: bo}
    bot = await make_bot(tmp_path / "gin.db")
    rng = random.Random(3)
    async with fake.run_bot(bot):
        snap = await start_game(fake, bot, ana, bo)
        res = await fake.slash(ana, "gin", subcommand="review")
        assert res.ephemeral and text(Lang.EN, "err.coach.no_finished_hand") in res.content
        while not snap.game.history:
            await play_turn(fake, bot, users, snap, rng)
            await idle(bot, fake)
            snap = await snapshots.get_game(bot.service, snap.id)
        public = fake.channel_messages(fake.channel_id, include_ephemeral=False, with_threads=True)
        reveal = next(
            m for m in public if m.attachments and m.attachments[0].filename == "reveal.png"
        )
        button = f"gin:v:{snap.id}:1"
        assert button in reveal.custom_ids()
        count = len(public)
        res = await fake.click(ana, reveal, button)
        assert res.ephemeral and res.content.startswith("**Coach — your hand 1**")
        assert "Hand 1:" in res.content and len(res.content) <= 2000
        res = await fake.click(cy, reveal, button)
        assert res.ephemeral and "not your game" in res.content
        res = await fake.slash(bo, "gin", subcommand="review", options={"hand": 1})
        assert res.ephemeral and res.content.startswith("**Coach — your hand 1**")
        # Nothing of it went to the channel.
        await idle(bot, fake)
        assert (
            len(fake.channel_messages(fake.channel_id, include_ephemeral=False, with_threads=True))
            == count
        )
    fake.assert_clean()
