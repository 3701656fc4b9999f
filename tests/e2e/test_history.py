"""Looking back through the fake Discord: ``/gin history`` lists a finished
game, ``/gin replay`` steps through every move of a finished hand (for
anybody in the server, privately) and refuses a live game's hand revealing
nothing, its buttons work after a restart, and ``/gin profile`` sends an
image whose alt text states figures that agree with the stored results."""

from __future__ import annotations

import random
import re
from pathlib import Path

from bot.discord_ui.history_actions import ReplayAction
from bot.discord_ui.history_text import replay_label
from bot.discord_ui.text import foreign_message
from bot.i18n import Lang
from bot.service import GinService, snapshots
from bot.service.snapshots import GameSnapshot
from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.models import SentMessage
from tests.helpers.discord import idle, make_bot, png_of
from tests.helpers.history import recompute
from tests.helpers.service import play_out, random_action

CARD = re.compile(r"(10|[2-9AJQK])[♠♥♦♣]")
#: Deals and play that finish a game in one short hand.
SEED = 48


async def begin(
    svc: GinService, fake: FakeDiscord, a: FakeUser, b: FakeUser, target: int
) -> GameSnapshot:
    """``a`` challenges ``b`` in the fake's channel and ``b`` accepts (through
    the service: the game is played there before the bot starts)."""
    challenge = await svc.challenges.create_challenge(
        fake.guild_id, fake.channel_id, a.id, a.name, b.id, b.name, target=target
    )
    return await snapshots.accept_challenge(svc, challenge.id, b.id)


def step_of(msg: SentMessage) -> tuple[int, int]:
    """(step shown, steps in the hand) from a replay message's words."""
    found = re.search(r"step (\d+) of (\d+)", msg.content)
    assert found, msg.content
    return int(found[1]), int(found[2])


def button(msg: SentMessage, action: str) -> str:
    return next(c for c in msg.custom_ids() if c.startswith(f"gin:p:{action}:"))


def disabled(msg: SentMessage) -> set[str]:
    return {str(c["custom_id"]) for c in msg.walk_components() if c.get("disabled")}


async def test_history_replay_and_profile(fake: FakeDiscord, tmp_path: Path) -> None:
    ana, bo, cy = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Cy")
    db = tmp_path / "gin.db"
    # The games are played through the service first (seeded: short hands),
    # one to its end and one into its second hand.
    svc = await GinService.open(db, seed=SEED)
    try:
        snap = await begin(svc, fake, ana, bo, target=10)
        finished = (await play_out(svc, snap.id, random.Random(SEED)))[-1].snapshot
        assert finished.game.is_over
        live = await begin(svc, fake, bo, cy, target=500)
        rng = random.Random(SEED + 1)
        while not live.game.history:
            seat = live.game.turn
            assert seat is not None
            act = random_action(live.game, seat, rng)
            live = (await snapshots.act(svc, live.id, live.players[seat], act)).snapshot
        # The shortest finished hand, to step through it move by move.
        steps = {}
        for hand in finished.game.history:
            view = await svc.replays.frame(fake.guild_id, snap.id, hand_number=hand.number)
            steps[hand.number] = view.frame.steps
        number = min(steps, key=steps.__getitem__)
    finally:
        await svc.close()

    bot = await make_bot(db)
    async with fake.run_bot(bot):
        # A live game: even its finished hand is refused, saying nothing of it.
        res = await fake.slash(ana, "gin replay", options={"game": live.id, "hand": 1})
        assert res.ephemeral and "isn't over yet" in res.content
        assert res.message is not None and not res.message.attachments
        assert CARD.search(res.content) is None

        # The history lists the finished game, with a link to where it was played.
        res = await fake.slash(cy, "gin history")
        assert res.ephemeral and res.message is not None
        assert f"`#{snap.id}`" in res.content and f"<#{fake.channel_id}>" in res.content
        assert "**Ana**" in res.content or "**Bo**" in res.content
        assert "<t:" in res.content and f"#{live.id}`" not in res.content
        res = await fake.slash(cy, "gin history", options={"member": bo})
        assert f"`#{snap.id}`" in res.content and "rating " in res.content

        # Cy, who did not play, replays the hand privately, step by step to its end.
        res = await fake.slash(cy, "gin replay", options={"game": snap.id, "hand": number})
        assert res.ephemeral and res.message is not None
        msg = res.message
        assert step_of(msg) == (1, steps[number])
        assert button(msg, "back") in disabled(msg)
        png_of(msg)
        seen = [msg.attachments[0].description]
        for shown in range(2, steps[number] + 1):
            res = await fake.click(cy, msg, button(msg, "next"), settle=False)
            assert res.message is not None and res.message.id == msg.id  # edited in place
            msg = res.message
            assert step_of(msg) == (shown, steps[number])
            assert png_of(msg).size[0] > 0
            seen.append(msg.attachments[0].description)
        assert button(msg, "next") in disabled(msg) and button(msg, "end") in disabled(msg)
        assert len(set(seen)) == len(seen)  # every step told differently
        assert all(d and d.startswith(f"Replay of game {snap.id}, hand {number}") for d in seen)
        # Only Cy can use Cy's private message.
        res = await fake.click(bo, msg, button(msg, "first"), strict=False)
        assert res.ephemeral and foreign_message(Lang.EN) in res.content
        assert step_of(msg) == (steps[number], steps[number])
        await idle(bot, fake)
    last = msg

    # A new bot over the same file: the old message's buttons still work.
    bot2 = await make_bot(db)
    async with fake.run_bot(bot2):
        res = await fake.click(cy, last, button(last, "back"))
        assert res.message is not None and step_of(res.message) == (
            steps[number] - 1,
            steps[number],
        )
        res = await fake.click(cy, res.message, button(res.message, "first"))
        assert res.message is not None and step_of(res.message)[0] == 1
        labels = {str(c.get("label")) for c in res.message.walk_components()}
        assert {replay_label(Lang.EN, a) for a in ReplayAction} <= labels

        # The profile: an image whose alt text states its figures.
        res = await fake.slash(bo, "gin profile", options={"member": ana})
        assert res.ephemeral and res.message is not None
        image = png_of(res.message)
        assert image.size == (900, 946)
        alt = res.message.attachments[0].description or ""
        again = await recompute(bot2.service.repository, fake.guild_id, ana.id, bo.id)
        assert again.games == 1
        assert f"rating {again.ratings[-1]:.0f}" in alt
        assert f"won {again.wins} of {again.games}" in alt
        assert f"best streak {again.best_streak} win" in alt
        assert again.h2h is not None
        assert f"head to head with you: Ana won {again.h2h[0]}, you won {again.h2h[1]}" in alt
        if again.hands_won:
            assert f"({again.gins} of {again.hands_won})" in alt
        if again.knocks:
            assert f"({again.undercut} of {again.knocks}, gin aside)" in alt
        assert "achievements: First win" in alt  # Ana won her first game
        await idle(bot2, fake)
    fake.assert_clean()
