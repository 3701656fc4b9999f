"""Hostile input through the fake Discord (issue #32): ids no real client
sends, options outside their declared ranges, menu values never offered, and
controls pressed on a hand message sent to someone else.  Each is refused
privately, in words, changes nothing and logs nothing above INFO.

The fake's ``forge`` clicks play a modified client: the interaction's copy of
the message carries the forged component, so discord.py dispatches it and the
bot itself has to refuse it.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from discord import AppCommandOptionType, app_commands
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.discord_ui.edge import (
    MAX_ID,
    MAX_INTEGER_OPTION,
    MAX_STRING_OPTION,
    _value_problem,
    parse_id,
)
from bot.discord_ui.text import apology, foreign_message, forged_control, not_offered
from bot.i18n import Lang
from bot.service import snapshots
from cogs.admin import GinAdmin
from cogs.gin import Gin
from cogs.group import partners
from tests.fakediscord import FLAG_EPHEMERAL, FakeDiscord, FakeUser, SentMessage
from tests.fakediscord.models import InteractionResult
from tests.helpers.discord import FAST_LIMIT, idle, make_bot

#: The refusals, in the English of the fake's default locale.
APOLOGY = apology(Lang.EN)
FOREIGN_MESSAGE = foreign_message(Lang.EN)
FORGED_CONTROL = forged_control(Lang.EN)
NOT_OFFERED = not_offered(Lang.EN)

BIG = "1" + "0" * 39  # the 40-digit id
PAST_64_BITS = str(2**63)  # one past the database's largest integer


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(channel_write_limit=FAST_LIMIT) as f:
        yield f


class LoudRecords(logging.Handler):
    """Every log record above INFO, except the fake's own."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith("fakediscord") or "voice will NOT" in record.getMessage():
            return  # the fake's own lines; discord.py's start-up note (the bot filters it)
        self.records.append(record)


@pytest.fixture
def loud() -> Iterator[LoudRecords]:
    handler = LoudRecords()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)


def refused(res: InteractionResult, words: str | None = None) -> str:
    """The interaction got a new ephemeral message (callback type 4, flags
    64) in plain words — never an edit of the message clicked on."""
    assert res.response_type == 4, res
    assert res.data.get("flags", 0) & FLAG_EPHEMERAL, res.data
    assert res.message is not None and res.message.ephemeral
    assert res.message.id != res.source_message_id
    text = res.content
    assert APOLOGY not in text and text.strip(), text
    if words is not None:
        assert words in text, text
    return text


def with_prefix(fake: FakeDiscord, prefix: str) -> tuple[SentMessage, str]:
    """The newest message (any channel) carrying a custom_id with ``prefix``."""
    for msg in reversed(list(fake.messages.values())):
        for cid in msg.custom_ids():
            if cid.startswith(prefix) and not msg.deleted:
                return msg, cid
    raise AssertionError(f"no message with a {prefix!r} control")


async def started(fake: FakeDiscord, bot: Any, a: FakeUser, b: FakeUser) -> Any:
    res = await fake.slash(a, "gin", subcommand="challenge", options={"opponent": b})
    assert res.message is not None
    accept = next(c for c in res.message.custom_ids() if c.startswith("gin:c:accept:"))
    await fake.click(b, res.message, accept)
    await idle(bot, fake)
    snap = await snapshots.active_game_for(bot.service, fake.guild_id, a.id)
    assert snap is not None
    return snap


def test_parse_id_takes_only_ids_we_write() -> None:
    assert parse_id("1") == 1 and parse_id(str(2**63 - 1)) == 2**63 - 1
    for bad in ("", "0", "007", "-1", "+1", " 1", "1.0", PAST_64_BITS, BIG, "١٢", "²", "9" * 5000):
        assert parse_id(bad) is None, bad


@settings(deadline=None)  # a loaded CI machine must not fail a pure parser test on time
@given(st.one_of(st.text(), st.from_regex(r"[-+0٠-٩]?[0-9]{0,25}", fullmatch=True)))
def test_parse_id_gives_an_id_only_for_its_own_decimal_form(text: str) -> None:
    value = parse_id(text)
    assert value is None or (str(value) == text and 1 <= value <= MAX_ID)


#: Every parameter of every slash command.
PARAMETERS = [
    p
    for command in (*Gin.__cog_app_commands__, *GinAdmin.__cog_app_commands__, partners)
    if isinstance(command, app_commands.Command)
    for p in command.parameters
]
ANY_VALUE = st.one_of(
    st.integers(),
    st.floats(),
    st.booleans(),
    st.none(),
    st.text(),
    st.text(min_size=MAX_STRING_OPTION - 2, max_size=MAX_STRING_OPTION + 2, alphabet="x"),
    st.lists(st.integers(), max_size=2),
    st.sampled_from([1, 3, 5, 7, 10, 1000, "standard", "stock", "full", "rating"]),
)


@settings(deadline=None)
@given(st.sampled_from(PARAMETERS), ANY_VALUE)
def test_the_edge_lets_through_only_what_a_command_declares(param: Any, value: Any) -> None:
    """Whatever a client sends for an option, the edge check answers without
    failing, in one short line — and what it lets through is of the declared
    type, within the declared range or choices (Discord's bounds if none)."""
    problem = _value_problem(Lang.EN, param, value, {"users": {"12345": {}}})
    if problem is not None:
        assert "\n" not in problem and len(problem) < 200, problem
        return
    kind = param.type
    if param.choices:
        assert value in [c.value for c in param.choices] and not isinstance(value, bool)
    elif kind in (AppCommandOptionType.integer, AppCommandOptionType.number):
        assert not isinstance(value, bool) and isinstance(value, int | float)
        assert kind is AppCommandOptionType.number or isinstance(value, int)
        low = -MAX_INTEGER_OPTION if param.min_value is None else param.min_value
        high = MAX_INTEGER_OPTION if param.max_value is None else param.max_value
        assert low <= value <= high
    elif kind is AppCommandOptionType.string:
        high = MAX_STRING_OPTION if param.max_value is None else param.max_value
        assert isinstance(value, str) and (param.min_value or 0) <= len(value) <= high
    elif kind is AppCommandOptionType.boolean:
        assert isinstance(value, bool)
    else:
        assert value == "12345"  # an id Discord resolved


async def test_ids_no_client_sends_are_refused_privately(
    fake: FakeDiscord, tmp_path: Path, loud: LoudRecords
) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        # The three custom_ids, each forged onto a real message.
        challenge = await fake.slash(ana, "gin", subcommand="challenge", options={"opponent": bo})
        assert challenge.message is not None
        res = await fake.click(bo, challenge.message, f"gin:c:decline:{BIG}", forge=True)
        refused(res, FORGED_CONTROL)
        await fake.click(ana, challenge.message, challenge.message.custom_ids()[-1])  # cancel
        snap = await started(fake, bot, ana, bo)
        seat = snap.game.turn
        mover = ana if snap.players[seat] == ana.id else bo
        hand = await fake.slash(mover, "gin", subcommand="hand")
        assert hand.message is not None
        card = snap.game.hand(seat)[0].code
        res = await fake.select(
            mover, hand.message, "gin:d:99999999999999999999999:14", [card], forge=True
        )
        refused(res, FORGED_CONTROL)
        board, _ = with_prefix(fake, f"gin:a:hand:{snap.id}:")
        res = await fake.click(mover, board, "gin:a:hand:99999999999999999999999:27", forge=True)
        refused(res, FORGED_CONTROL)
        # Every id field of every kind of control: past 64 bits, zero, a leading
        # zero, another script's digits, 5,000 digits, a minus sign.
        game, version = snap.id, snap.version
        for bad in (PAST_64_BITS, "0", f"0{game}", "١٢", "9" * 5000, f"-{game}"):
            for cid in (
                f"gin:a:pass:{bad}:{version}",
                f"gin:a:pass:{game}:{bad}",
                f"gin:v:{game}:{bad}",
                f"gin:r:{bad}",
                f"gin:c:accept:{bad}",
                f"gin:l:join0:{bad}",
                f"gin:t:join:{bad}",
            ):
                refused(await fake.click(mover, board, cid, forge=True), FORGED_CONTROL)
        # Unknown actions and prefixes, and a button the message does not carry.
        for cid in (f"gin:a:frobnicate:{game}:{version}", "gin:zz:1", "x" * 100, ""):
            refused(await fake.click(mover, board, cid, forge=True), FORGED_CONTROL)
        knock = f"gin:a:knock:{game}:{version}"  # never on a board
        refused(await fake.click(mover, board, knock, strict=False), FORGED_CONTROL)
        # Our ids on the wrong kind of component: a menu's on a button, a button's on a menu.
        menu = f"gin:d:{game}:{version}"
        refused(await fake.click(mover, board, menu, forge=True), FORGED_CONTROL)
        refused(await fake.select(mover, board, knock, ["x"], forge=True), FORGED_CONTROL)
        assert (await snapshots.get_game(bot.service, game)).version == version
        await idle(bot, fake)
    assert not loud.records, [r.getMessage() for r in loud.records]
    fake.assert_clean()


async def test_menu_values_never_offered_are_refused(
    fake: FakeDiscord, tmp_path: Path, loud: LoudRecords
) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        snap = await started(fake, bot, ana, bo)
        users = {ana.id: ana, bo.id: bo}
        # Play to a discard, so the hand message has its menu.
        while "discard" not in snap.game.legal(snap.game.turn):
            seat = snap.game.turn
            kind = "pass" if "pass" in snap.game.legal(seat) else "draw"
            options = {} if kind == "pass" else {"source": "stock"}
            await fake.slash(users[snap.players[seat]], "gin", subcommand=kind, options=options)
            snap = await snapshots.get_game(bot.service, snap.id)
        seat = snap.game.turn
        mover = users[snap.players[seat]]
        hand = await fake.slash(mover, "gin", subcommand="hand")
        assert hand.message is not None
        menu = next(c for c in hand.message.custom_ids() if c.startswith("gin:d:"))
        held = [c.code for c in snap.game.hand(seat)]
        offered = [o["value"] for o in hand.message.component(menu)["options"]]  # type: ignore[index]
        not_held = next(c for c in ("AS", "2H", "KC", "9D", "TD", "5C") if c not in held)
        for values in (
            [not_held],
            ["k:" + not_held],
            ["<@everyone>"],
            [],
            offered[:2],
            ["x" * 500],
        ):
            res = await fake.select(mover, hand.message, menu, values, strict=False)
            refused(res, NOT_OFFERED)
        assert (await snapshots.get_game(bot.service, snap.id)).version == snap.version
        await idle(bot, fake)
    assert not loud.records, [r.getMessage() for r in loud.records]
    fake.assert_clean()


async def test_options_outside_their_declared_range_are_refused(
    fake: FakeDiscord, tmp_path: Path, loud: LoudRecords
) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    admin = fake.add_user("Mod", admin=True)
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        snap = await started(fake, bot, ana, bo)
        settings = await bot.service.settings.get_settings(fake.guild_id)
        cases: list[tuple[FakeUser, str, dict[str, Any], str]] = [
            (admin, "ginadmin end", {"game": 10**30}, "between"),
            (admin, "ginadmin end", {"game": -(2**63)}, "between"),
            (ana, "gin leaderboard", {"page": 10**30}, "between 1 and 1000"),
            (ana, "gin leaderboard", {"page": "abc"}, "number"),
            (ana, "gin leaderboard", {"page": True}, "number"),
            (ana, "gin leaderboard", {"min_games": -1}, "between 0 and 10000"),
            (ana, "gin review", {"hand": 0}, "between 1 and 1000"),
            (ana, "gin review", {"hand": 1.5}, "whole number"),
            (ana, "gin challenge", {"opponent": BIG}, "picked from the list"),
            (ana, "gin challenge", {"opponent": "-5"}, "picked from the list"),
            (ana, "gin challenge", {"opponent": str(10**18)}, "picked from the list"),
            (ana, "gin challenge", {"opponent": bo, "target": 10**40}, "between 10 and 1000"),
            (ana, "gin challenge", {"opponent": bo, "match": 9}, "isn't a choice"),
            (ana, "gin challenge", {"opponent": bo, "variant": "x" * 6000}, "isn't a choice"),
            (ana, "gin challenge", {}, "needs `opponent`"),
            (ana, "gin discard", {"card": "7h" * 4000}, "at most 6000"),
            (ana, "gin discard", {"card": "7h", "bogus": 1}, "no option"),
            (admin, "ginadmin settings", {"setting": "everything", "value": "1"}, "isn't a choice"),
            (admin, "ginadmin settings", {"setting": "variant", "value": "x" * 3000}, "1 to 100"),
            (admin, "ginadmin settings", {"setting": "target", "value": "1" * 3000}, "1 to 100"),
            # A client still offering the old /gin settings with options.
            (admin, "gin settings", {"setting": "target", "value": "150"}, "no option"),
            (ana, "gin hand", {"four_color": "yes"}, "true or false"),
        ]
        for user, command, options, words in cases:
            res = await fake.slash(user, command, options=options, strict=False)
            text = refused(res, words)
            assert len(text) < 300, text
        # Suggestions asked for an option that has none: an empty list, no error.
        for path, focused in (("gin challenge", "target"), ("gin review", "hand")):
            res = await fake.autocomplete_interaction(
                ana, path, focused=focused, options={focused: "1"}
            )
            assert res.choices == []
        res = await fake.slash(
            admin,
            "ginadmin tournament",
            options={"title": "<@everyone> " * 1000},
            strict=False,
        )
        refused(res, "1 to 80 characters")
        assert (await snapshots.get_game(bot.service, snap.id)).version == snap.version
        assert await bot.service.settings.get_settings(fake.guild_id) == settings
        await idle(bot, fake)
    assert not loud.records, [r.getMessage() for r in loud.records]
    fake.assert_clean()


async def test_a_control_on_a_hand_sent_to_someone_else_gets_a_new_private_reply(
    fake: FakeDiscord, tmp_path: Path, loud: LoudRecords
) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        snap = await started(fake, bot, ana, bo)
        seat = snap.game.turn
        mover = ana if snap.players[seat] == ana.id else bo
        other = bo if mover is ana else ana
        hand = await fake.slash(mover, "gin", subcommand="hand")
        msg = hand.message
        assert msg is not None and msg.ephemeral
        # The fake tells the bot whom the message was sent to, as Discord does.
        edits, content = msg.edit_count, msg.content
        for cid in msg.custom_ids():
            res = await fake.click(other, msg, cid, strict=False)
            meta = res.payload["message"]["interaction_metadata"]
            assert meta["user"]["id"] == str(mover.id)
            refused(res, FOREIGN_MESSAGE)
            assert res.response_name != "UPDATE_MESSAGE"
        # Even the player whose turn the control is for cannot use it on a
        # message sent to the other: the mover's own hand message is theirs.
        other_hand = await fake.slash(other, "gin", subcommand="hand")
        assert other_hand.message is not None
        for cid in other_hand.message.custom_ids():
            res = await fake.click(mover, other_hand.message, cid, strict=False)
            refused(res, FOREIGN_MESSAGE)
        forged = f"gin:a:pass:{snap.id}:{snap.version}"
        res = await fake.click(mover, other_hand.message, forged, forge=True)
        refused(res, FOREIGN_MESSAGE)
        assert msg.edit_count == edits and msg.content == content
        assert (await snapshots.get_game(bot.service, snap.id)).version == snap.version
        # On their own message the same control still updates it in place.
        own = next(c for c in msg.custom_ids() if c.startswith(("gin:a:pass:", "gin:a:take:")))
        res = await fake.click(mover, msg, own)
        assert res.response_name == "UPDATE_MESSAGE" and res.message is msg
        assert (await snapshots.get_game(bot.service, snap.id)).version == snap.version + 1
        await idle(bot, fake)
    assert not loud.records, [r.getMessage() for r in loud.records]
    fake.assert_clean()


async def test_a_tournament_title_pings_nobody(
    fake: FakeDiscord, tmp_path: Path, loud: LoudRecords
) -> None:
    """A title is typed text: the match notices that quote it ping the two
    players of the match, never a user (or @everyone) the title names."""
    mod = fake.add_user("Mod", admin=True)
    ana, bo, eve = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Eve")
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        title = f"<@{eve.id}> @everyone <@&{fake.guild_id}>"
        res = await fake.slash(
            mod,
            "ginadmin tournament",
            options={"title": title, "match": 1, "target": 10, "signup_minutes": 30},
        )
        assert res.message is not None and not res.message.pinged_user_ids()
        msg = res.message
        join = next(c for c in msg.custom_ids() if c.startswith("gin:t:join:"))
        for user in (ana, bo):
            await fake.click(user, msg, join)
        start = next(c for c in msg.custom_ids() if c.startswith("gin:t:start:"))
        await fake.click(mod, msg, start)
        await idle(bot, fake)
        notices = [m for m in fake.bot_messages() if "starts now" in m.content]
        assert len(notices) == 1 and title in notices[0].content
        assert notices[0].pinged_user_ids() == {ana.id, bo.id}
        sent = notices[0].history[0].payload["allowed_mentions"]
        assert sent["parse"] == [] and not sent.get("roles")
    assert not loud.records, [r.getMessage() for r in loud.records]
    fake.assert_clean()
