"""The buttons of ``/gin history`` and ``/gin replay`` (``bot.discord_ui.history_items``):
custom ids pinned byte for byte and parsed back (they must survive a
restart), forged ones refused, and the views they make."""

from __future__ import annotations

import random
import re
from typing import Any, cast

import discord
import pytest

from bot.discord_ui.history_actions import PageAction, ReplayAction
from bot.discord_ui.history_items import (
    HISTORY_ITEMS,
    MemberPageButton,
    ReplayButton,
    ServerPageButton,
    history_controls,
    replay_controls,
)
from bot.discord_ui.items import DYNAMIC_ITEMS, ParsedItem
from bot.engine import Game
from bot.engine.replay import HandReplay, replay_hand
from bot.i18n import Lang
from bot.service import HistoryPage, ReplayView
from tests.helpers.play import random_action

EN = Lang.EN

NO_INTERACTION = cast(discord.Interaction, None)  # from_custom_id never reads it


def pinned() -> list[tuple[ParsedItem[Any], str]]:
    return [
        (ReplayButton(ReplayAction.NEXT, 12, 3, 7), "gin:p:next:12:3:7"),
        (ReplayButton(ReplayAction.FIRST, 12, 1, 1), "gin:p:first:12:1:1"),
        (ReplayButton(ReplayAction.KNOCK, 12, 1, 1), "gin:p:knock:12:1:1"),
        (ServerPageButton(PageAction.NEXT, 2), "gin:h:next:2"),
        (MemberPageButton(PageAction.BACK, 555, 3), "gin:hm:back:555:3"),
    ]


async def parse(custom_id: str, component: discord.ui.Item[Any]) -> ParsedItem[Any]:
    for kind in HISTORY_ITEMS:
        match = kind.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match:
            return await kind.from_custom_id(NO_INTERACTION, component, match)
    raise AssertionError(f"no item claims {custom_id!r}")


async def test_custom_ids_keep_their_format_and_parse_back() -> None:
    for item, custom_id in pinned():
        assert item.custom_id == custom_id
        again = await parse(custom_id, item.item)
        assert type(again) is type(item) and not again.forged
        assert again.custom_id == custom_id and again.action is item.action  # type: ignore[attr-defined]
    member = await parse("gin:hm:back:555:3", discord.ui.Button(custom_id="x"))
    assert isinstance(member, MemberPageButton) and (member.member_id, member.page) == (555, 3)
    server = await parse("gin:h:next:2", discord.ui.Button(custom_id="x"))
    assert isinstance(server, ServerPageButton) and (server.member_id, server.page) == (None, 2)


@pytest.mark.parametrize(
    "custom_id",
    [
        "gin:p:next:12:3:0",  # steps count from 1
        "gin:p:next:012:3:1",  # not an id of ours
        "gin:h:next:99999999999999999999999",
        "gin:hm:back:0:3",
    ],
)
async def test_a_custom_id_that_does_not_parse_is_forged(custom_id: str) -> None:
    assert (await parse(custom_id, discord.ui.Button(custom_id="x"))).forged
    assert (await parse(custom_id.replace(":0", ":1"), discord.ui.Select(custom_id="x"))).forged


def test_no_template_claims_another_items_ids() -> None:
    ours = [item.__discord_ui_compiled_template__ for item in HISTORY_ITEMS]
    theirs = [item.__discord_ui_compiled_template__ for item in DYNAMIC_ITEMS]
    for custom_id in ("gin:p:next:1:1:1", "gin:h:next:1", "gin:hm:next:1:1"):
        assert sum(bool(t.fullmatch(custom_id)) for t in ours) == 1
        assert not any(t.fullmatch(custom_id) for t in theirs)
    for custom_id in ("gin:a:pass:1:2", "gin:v:1:1", "gin:p:frob:1:1:1"):
        assert not any(t.fullmatch(custom_id) for t in ours)


def a_hand() -> HandReplay:
    game = Game.new(("A", "B"), seed=4)
    rng = random.Random(4)
    actions = []
    while not game.history:
        seat, action = random_action(game, rng)
        game.apply(seat, action)
        actions.append((seat, action))
    return replay_hand(("A", "B"), game.ruleset, game.seed, game.first_dealer, actions, 1)


def states(view: discord.ui.View) -> dict[str, bool]:
    """Each button's custom id without its ids, and whether it is off."""
    return {
        re.sub(r":\d.*", "", str(i.custom_id)): i.item.disabled  # type: ignore[attr-defined]
        for i in view.children
    }


def test_replay_controls_are_off_where_they_would_not_move() -> None:
    replay = a_hand()
    first = ReplayView(9, replay.frame(0), 1)
    assert states(replay_controls(EN, first)) == {
        "gin:p:first": True,
        "gin:p:back": True,
        "gin:p:next": False,
        "gin:p:knock": replay.knock_step is None,
        "gin:p:end": False,
    }
    last = ReplayView(9, replay.frame(replay.last), 1)
    assert states(replay_controls(EN, last)) == {
        "gin:p:first": False,
        "gin:p:back": False,
        "gin:p:next": True,
        "gin:p:knock": replay.knock_step is None,
        "gin:p:end": True,
    }
    ids = [str(i.custom_id) for i in replay_controls(EN, last).children]  # type: ignore[attr-defined]
    assert len(ids) == len(set(ids)) == 5
    assert all(i.endswith(f":9:1:{replay.last + 1}") for i in ids)
    if replay.knock_step is not None:
        at_knock = ReplayView(9, replay.frame(replay.knock_step), 1)
        assert states(replay_controls(EN, at_knock))["gin:p:knock"] is True


def test_history_pages() -> None:
    one = HistoryPage(1, None, 1, 1, 3, ())
    assert history_controls(EN, one).children == []
    middle = HistoryPage(1, 77, 2, 3, 30, ())
    ids = {str(i.custom_id): i.item.disabled for i in history_controls(EN, middle).children}  # type: ignore[attr-defined]
    assert ids == {"gin:hm:back:77:2": False, "gin:hm:next:77:2": False}
    last = HistoryPage(1, None, 3, 3, 30, ())
    ids = {str(i.custom_id): i.item.disabled for i in history_controls(EN, last).children}  # type: ignore[attr-defined]
    assert ids == {"gin:h:back:3": False, "gin:h:next:3": True}
