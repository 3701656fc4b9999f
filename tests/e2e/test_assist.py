"""Assistance levels through the real discord.py client and the fake Discord:
each level changes exactly what it says, in the image's alt text, the discard
menu, autocomplete and the knock command."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.engine import best_arrangement
from bot.engine.cards import mask_of
from bot.service import snapshots
from tests.fakediscord import FakeDiscord, SentMessage
from tests.helpers.discord import FAST_LIMIT, ids_with, make_bot, start_game


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(channel_write_limit=FAST_LIMIT) as f:
        yield f


def _select(msg: SentMessage) -> dict[str, Any]:
    selects = [c for c in msg.walk_components() if c.get("type") == 3]
    assert len(selects) == 1
    return selects[0]


async def test_counts_between_people_hides_per_card_advice(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    users = {ana.id: ana, bo.id: bo}
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        snap = await start_game(fake, bot, ana, bo)
        assert snap.assist.value == "counts"
        seat = snap.game.turn
        assert seat is not None
        mover = users[snap.players[seat]]
        res = await fake.slash(mover, "gin", subcommand="draw", options={"source": "discard"})
        assert res.message is not None and res.ephemeral
        alt = res.message.attachment().description or ""
        assert "deadwood" in alt and "best discard" not in alt and "leaving" not in alt
        snap = await snapshots.get_game(bot.service, snap.id)
        held = snap.game.hand(seat)
        options = _select(res.message)["options"]
        assert all("description" not in o for o in options)
        discards = [o for o in options if o["label"].startswith("Discard ")]
        knocks = [o for o in options if o["value"].startswith("k:")]
        allowed = [c for c in held if c != snap.game.drawn]
        assert [o["value"] for o in discards] == [c.code for c in allowed]  # hand order
        # A knock only with a card the image's deadwood total allows: the total
        # of the cards held, less that card, within the knock limit.
        shown = best_arrangement(mask_of(held))
        limit = snap.game.knock_limit
        expected = [
            c for c in allowed if c in shown.deadwood and shown.deadwood_value - c.value <= limit
        ]
        assert [o["value"] for o in knocks] == [f"k:{c.code}" for c in expected]
        after = snap.game.deadwood_after(seat)
        assert all(after[c] <= limit for c in expected)  # never a knock the engine refuses
        choices = await fake.autocomplete(
            mover, "gin", subcommand="discard", focused="card", options={"card": ""}
        )
        assert {c["value"] for c in choices} == {c.code for c in held}
        assert not any("deadwood" in c["name"] for c in choices)
        # /gin knock suggests the same cards the menu offers a knock with.
        choices = await fake.autocomplete(
            mover, "gin", subcommand="knock", focused="card", options={"card": ""}
        )
        assert [c["value"] for c in choices] == [c.code for c in expected]
        # The bot doesn't pick the knock card; a knock too high is refused.
        res = await fake.slash(mover, "gin", subcommand="knock")
        assert res.ephemeral and "Name the card you knock with" in res.content
        after = snap.game.deadwood_after(seat)
        too_high = [c for c, left in after.items() if left > snap.game.knock_limit]
        if too_high:  # by command: refused privately, never saying by how much
            card = too_high[0]
            res = await fake.slash(mover, "gin", subcommand="knock", options={"card": card.code})
            assert res.ephemeral and "deadwood would be too high" in res.content
        assert (await snapshots.get_game(bot.service, snap.id)).version == snap.version
    fake.assert_clean()


async def test_off_shows_cards_only_and_the_computer_defaults_to_full(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    ana, bo, cy = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Cy")
    admin = fake.add_user("Mod", admin=True)
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        assert bot.user is not None
        me = fake.users[bot.user.id]
        res = await fake.slash(cy, "gin", subcommand="challenge", options={"opponent": me})
        ai_game = await snapshots.active_game_for(bot.service, fake.guild_id, cy.id)
        assert ai_game is not None and ai_game.assist.value == "full"
        res = await fake.slash(ana, "gin", subcommand="rules")
        assert "Assistance: counts between people" in res.content
        assert "full against the computer" in res.content
        res = await fake.slash(
            admin, "ginadmin", subcommand="settings", options={"setting": "assist", "value": "lots"}
        )
        assert res.ephemeral and "assist must be full" in res.content
        res = await fake.slash(
            admin, "ginadmin", subcommand="settings", options={"setting": "assist", "value": "off"}
        )
        assert res.ephemeral and "assist: off (cards sorted only)" in res.content
        res = await fake.slash(ana, "gin", subcommand="rules")
        assert "Assistance: off in every game (cards sorted only)" in res.content
        # A game started now has no analysis at all; the running one keeps its level.
        snap = await start_game(fake, bot, ana, bo)
        assert snap.assist.value == "off"
        assert (await snapshots.get_game(bot.service, ai_game.id)).assist.value == "full"
        res = await fake.slash(ana, "gin", subcommand="hand")
        alt = res.message.attachment().description or ""  # type: ignore[union-attr]
        assert "in suit order" in alt and "deadwood" not in alt and "run " not in alt
    fake.assert_clean()


async def test_off_has_one_knock_entry_that_opens_the_knock_menu(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """At ``off`` nothing is computed, so no card is singled out: "Knock…"
    swaps the menu, in the same private message, for a knock with each card
    (and Back); a knock too high is refused privately and changes nothing."""
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    admin = fake.add_user("Mod", admin=True)
    users = {ana.id: ana, bo.id: bo}
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        setting = {"setting": "assist", "value": "off"}
        await fake.slash(admin, "ginadmin", subcommand="settings", options=setting)
        snap = await start_game(fake, bot, ana, bo)
        seat = snap.game.turn
        assert seat is not None and snap.assist.value == "off"
        mover = users[snap.players[seat]]
        res = await fake.slash(mover, "gin", subcommand="draw", options={"source": "discard"})
        msg = res.message
        assert msg is not None and res.ephemeral
        select = ids_with(msg, "gin:d:")[0]
        options = _select(msg)["options"]
        assert [o["label"] for o in options if o["value"].startswith("k:")] == ["Knock…"]
        await fake.select(mover, msg, select, ["k:"])
        menu = _select(fake.message(msg))["options"]  # the same message, edited
        snap = await snapshots.get_game(bot.service, snap.id)
        allowed = [c for c in snap.game.hand(seat) if c != snap.game.drawn]
        assert [o["value"] for o in menu[:-1]] == [f"k:{c.code}" for c in allowed]
        assert menu[-1]["value"] == "back"
        await fake.select(mover, msg, select, ["back"])
        assert _select(fake.message(msg))["options"] == options
        after = snap.game.deadwood_after(seat)
        too_high = [c for c in allowed if after[c] > snap.game.knock_limit]
        if too_high:
            await fake.select(mover, msg, select, ["k:"])
            res = await fake.select(mover, msg, select, [f"k:{too_high[0].code}"])
            assert res.ephemeral and "deadwood would be too high" in res.content
        assert (await snapshots.get_game(bot.service, snap.id)).version == snap.version
    fake.assert_clean()
