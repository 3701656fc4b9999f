"""Self-test of the fake Discord: a tiny real discord.py bot driven end to end.

The bot below is deliberately ordinary discord.py code (an ``app_commands``
group, a ``View`` with a button and a select, a ``DynamicItem``, an
autocomplete) so that these tests prove the fake speaks the protocol the way
the real bot needs it, including surviving a bot restart.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from PIL import Image

from tests.fakediscord import FakeDiscord, FakeUser

CARDS = ["Ace of Spades", "King of Hearts", "Queen of Hearts", "Two of Clubs"]


def make_png() -> bytes:
    """An 8x4 red PNG: small, but PIL must decode it after the round trip."""
    buf = io.BytesIO()
    Image.new("RGB", (8, 4), (200, 0, 0)).save(buf, format="PNG")
    return buf.getvalue()


class CounterButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"demo:count:(?P<n>\d+)"
):
    """Stateless button: its count lives in the custom_id, so it survives restarts."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", custom_id=f"demo:count:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CounterButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(self.n + 1))
        await interaction.response.edit_message(content=f"count={self.n + 1}", view=view)


class BoardView(discord.ui.View):
    """A classic in-memory view (dies with the process)."""

    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.select(
        custom_id="demo:pick",
        options=[discord.SelectOption(label=c, value=c.lower()) for c in ("Red", "Blue")],
    )
    async def pick(
        self, interaction: discord.Interaction, select: discord.ui.Select[BoardView]
    ) -> None:
        await interaction.response.send_message(f"picked {select.values[0]}", ephemeral=True)

    @discord.ui.button(label="Hello", custom_id="demo:hello")
    async def hello(
        self, interaction: discord.Interaction, button: discord.ui.Button[BoardView]
    ) -> None:
        await interaction.response.edit_message(content="hello clicked", view=None)


class FeedbackModal(discord.ui.Modal, title="Feedback"):
    """A one-field modal, answered ephemerally."""

    text: discord.ui.TextInput[FeedbackModal] = discord.ui.TextInput(
        label="Your thoughts", custom_id="demo:fb:text"
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"thanks: {self.text.value}", ephemeral=True)


def build_group() -> app_commands.Group:
    """A fresh ``/demo`` group per bot instance (groups bind to one tree)."""
    group = app_commands.Group(name="demo", description="Demo commands")

    @group.command(name="ping", description="Ephemeral pong with a PNG")
    async def ping(interaction: discord.Interaction) -> None:
        file = discord.File(io.BytesIO(make_png()), filename="ping.png")
        await interaction.response.send_message("pong", file=file, ephemeral=True)

    @group.command(name="post", description="Post a board to the channel")
    async def post(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send("board", view=BoardView())
        await interaction.followup.send("posted", ephemeral=True)

    @group.command(name="counter", description="A restart-proof counter")
    async def counter(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(0))
        await interaction.response.send_message("count=0", view=view)

    @group.command(name="card", description="Pick a card")
    @app_commands.describe(card="The card", times="How many")
    async def card(interaction: discord.Interaction, card: str, times: int = 1) -> None:
        await interaction.response.send_message(f"{card} x{times}")

    @card.autocomplete("card")
    async def card_autocomplete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=c, value=c) for c in CARDS if current.lower() in c.lower()]

    @group.command(name="greet", description="Greet a member")
    async def greet(interaction: discord.Interaction, who: discord.Member) -> None:
        await interaction.response.send_message(
            f"hi {who.mention} ({who.display_name})",
            allowed_mentions=discord.AllowedMentions(users=[who]),
        )

    @group.command(name="slow", description="Answers too late")
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.3)
        await interaction.response.send_message("finally")

    @group.command(name="long", description="Breaks the 2000 character limit")
    async def long(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("x" * 2001)

    @group.command(name="feedback", description="Opens a modal")
    async def feedback(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(FeedbackModal())

    @group.command(name="dm", description="DMs the caller")
    async def dm(interaction: discord.Interaction) -> None:
        await interaction.user.send("psst")
        await interaction.response.send_message("sent", ephemeral=True)

    @group.command(name="whoami", description="Reports permissions")
    async def whoami(interaction: discord.Interaction) -> None:
        assert isinstance(interaction.user, discord.Member)
        await interaction.response.send_message(
            f"admin={interaction.user.guild_permissions.administrator} "
            f"here={interaction.permissions.administrator}",
            ephemeral=True,
        )

    return group


class DemoBot(discord.Client):
    """A plain ``discord.Client`` with a command tree, like most slash bots."""

    def __init__(self, *, sync: bool = True) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.sync = sync

    async def setup_hook(self) -> None:
        self.tree.add_command(build_group())
        self.add_dynamic_items(CounterButton)
        if self.sync:
            await self.tree.sync()


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake


@pytest.fixture
def alice(fake: FakeDiscord) -> FakeUser:
    return fake.add_user("alice")


async def test_json_content_type_and_unknown_routes(fake: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as http:
        async with http.get(fake.api_base + "/users/@me") as resp:
            assert resp.headers["Content-Type"] == "application/json"
            assert (await resp.json())["id"] == str(fake.bot_user_id)
        async with http.post(fake.api_base + "/no/such/route", json={"a": 1}) as resp:
            assert resp.status == 404
            assert resp.headers["Content-Type"] == "application/json"
    assert [r.path for r in fake.unknown_requests] == ["/no/such/route"]
    assert fake.unknown_requests[0].json == {"a": 1}
    with pytest.raises(AssertionError, match="unknown route"):
        fake.assert_clean()


async def test_connect_sync_and_plain_text_gateway(fake: FakeDiscord) -> None:
    async with fake.run_bot(DemoBot()) as bot:
        assert bot.user is not None and bot.user.id == fake.bot_user_id
        assert bot.application_id == fake.application_id
        guild = bot.get_guild(fake.guild_id)
        assert guild is not None and guild.me is not None
        assert guild.get_channel(fake.channel_id) is not None
        # discord.py asked for zlib-stream; the fake answered in plain text frames
        connect = fake.gateway_connects[0]
        assert connect["compress"] == "zlib-stream" and connect["encoding"] == "json"
        assert [c["name"] for c in fake.commands[None]] == ["demo"]
    fake.assert_clean()


async def test_ephemeral_slash_with_png(fake: FakeDiscord, alice: FakeUser) -> None:
    async with fake.run_bot(DemoBot()):
        res = await fake.slash(alice, "demo ping")
    assert res.response_type == 4
    assert res.ephemeral and res.content == "pong"
    image = Image.open(io.BytesIO(res.message.attachment("ping.png").data))  # type: ignore[union-attr]
    assert image.size == (8, 4)
    assert 0 < res.latency < 1.0
    fake.assert_clean()


async def test_defer_channel_post_select_and_button(fake: FakeDiscord, alice: FakeUser) -> None:
    bob = fake.add_user("bob")
    async with fake.run_bot(DemoBot()):
        mark = fake.mark()
        res = await fake.slash(alice, "demo", subcommand="post")
        assert res.response_type == 5
        # the first followup after a "thinking" defer fills the placeholder
        assert res.message is not None and res.message.ephemeral
        assert res.content == "posted" and not res.message.loading
        board = await fake.wait_for_message(lambda m: m.source == "channel", since=mark)
        assert board.content == "board"
        assert board.custom_ids() == ["demo:pick", "demo:hello"]

        picked = await fake.select(bob, board, "demo:pick", ["blue"])
        assert picked.response_type == 4 and picked.ephemeral
        assert picked.content == "picked blue"
        with pytest.raises(AssertionError, match="no option"):
            await fake.select(bob, board, "demo:pick", ["green"])
        with pytest.raises(AssertionError, match="cannot see ephemeral"):
            await fake.click(alice, picked, "anything")

        clicked = await fake.click(alice, board, "demo:hello")
        assert clicked.response_type == 7 and clicked.message is board
        assert board.content == "hello clicked" and board.components == []
        assert board.edit_count == 1 and len(board.history) == 2
        with pytest.raises(AssertionError, match="no component"):
            await fake.click(alice, board, "demo:hello")
    fake.assert_clean()


async def test_autocomplete_options_and_user_option(fake: FakeDiscord, alice: FakeUser) -> None:
    bob = fake.add_user("bob", global_name="Bobby")
    async with fake.run_bot(DemoBot()):
        choices = await fake.autocomplete(
            alice, "demo card", focused="card", options={"card": "hear"}
        )
        assert [c["name"] for c in choices] == ["King of Hearts", "Queen of Hearts"]
        assert fake.last_interaction is not None and fake.last_interaction.response_type == 8

        res = await fake.slash(alice, "demo card", options={"card": "King of Hearts", "times": 2})
        assert res.content == "King of Hearts x2" and not res.ephemeral
        with pytest.raises(AssertionError, match="unknown option"):
            await fake.slash(alice, "demo card", options={"card": "x", "nope": 1})
        with pytest.raises(AssertionError, match="missing required"):
            await fake.slash(alice, "demo card", options={"times": 1})

        greet = await fake.slash(alice, "demo greet", options={"who": bob})
        assert greet.content == f"hi {bob.mention} (Bobby)"
        assert greet.message is not None and greet.message.pinged_user_ids() == {bob.id}
    fake.assert_clean()


async def test_restart_keeps_dynamic_buttons_working(fake: FakeDiscord, alice: FakeUser) -> None:
    async with fake.run_bot(DemoBot()):
        res = await fake.slash(alice, "demo counter")
        msg = res.message
        assert msg is not None and msg.custom_ids() == ["demo:count:0"]
        await fake.click(alice, msg, "demo:count:0")
        assert msg.content == "count=1" and msg.custom_ids() == ["demo:count:1"]

    # a brand-new client instance (no sync: the fake remembers the commands)
    async with fake.run_bot(DemoBot(sync=False)):
        again = await fake.click(alice, msg.id, "demo:count:1")
        assert again.response_type == 7
        assert msg.content == "count=2" and msg.custom_ids() == ["demo:count:2"]
        res2 = await fake.slash(alice, "demo counter")
        assert res2.content == "count=0"
    assert fake.identify_count == 2
    fake.assert_clean()


async def test_reconnect_and_resume(fake: FakeDiscord, alice: FakeUser) -> None:
    async with fake.run_bot(DemoBot()):
        await fake.reconnect_gateway(mode="op7")
        await fake.reconnect_gateway(mode="drop")
        assert fake.resume_count == 2 and fake.identify_count == 1
        res = await fake.slash(alice, "demo card", options={"card": "Two of Clubs"})
        assert res.content == "Two of Clubs x1"
    fake.assert_clean()


async def test_rejections_are_reported() -> None:
    async with FakeDiscord(interaction_deadline=0.15) as fake:
        carol = fake.add_user("carol")
        async with fake.run_bot(DemoBot()):
            with pytest.raises(AssertionError, match=r"after 0\.\d+s"):
                await fake.slash(carol, "demo slow")
            with pytest.raises(AssertionError, match="50035"):
                await fake.slash(carol, "demo long")
        assert any("2001 > 2000" in r for r in fake.rejections)
        with pytest.raises(AssertionError, match="rejected"):
            fake.assert_clean()


async def test_modal_dm_and_permissions(fake: FakeDiscord, alice: FakeUser) -> None:
    boss = fake.add_user("boss", admin=True)
    async with fake.run_bot(DemoBot()):
        opened = await fake.slash(alice, "demo feedback")
        assert opened.response_type == 9 and opened.modal["title"] == "Feedback"
        submitted = await fake.submit_modal(alice, opened, {"demo:fb:text": "great"})
        assert submitted.content == "thanks: great" and submitted.ephemeral

        await fake.slash(alice, "demo dm")
        assert [m.content for m in fake.dm_messages(alice)] == ["psst"]

        assert (await fake.slash(alice, "demo whoami")).content == "admin=False here=False"
        assert (await fake.slash(boss, "demo whoami")).content == "admin=True here=True"
    fake.assert_clean()


async def test_unsynced_bot_commands_are_learned(fake: FakeDiscord, alice: FakeUser) -> None:
    async with fake.run_bot(DemoBot(sync=False)):
        assert [c["name"] for c in fake.commands[None]] == ["demo"]
        res = await fake.slash(alice, "demo card", options={"card": "Ace of Spades", "times": 3})
        assert res.content == "Ace of Spades x3"
        assert res.done_at >= res.responded_at >= res.sent_at  # type: ignore[operator]
    assert not [r for r in fake.requests if r.method == "PUT"]
    fake.assert_clean()


async def test_alt_text_over_discords_limit_is_refused(fake: FakeDiscord) -> None:
    async with fake.run_bot(DemoBot()) as bot:
        channel = bot.get_channel(fake.channel_id)
        assert isinstance(channel, discord.TextChannel)
        ok = discord.File(io.BytesIO(b"x"), filename="a.png", description="d" * 1024)
        await channel.send("fits", file=ok)
        long = discord.File(io.BytesIO(b"x"), filename="b.png", description="d" * 1025)
        with pytest.raises(discord.HTTPException, match="1024"):
            await channel.send("too long", file=long)
    sent = fake.channel_messages(fake.channel_id)
    assert [m.content for m in sent] == ["fits"]
    assert sent[0].attachments[0].description == "d" * 1024
