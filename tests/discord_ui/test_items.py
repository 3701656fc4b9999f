"""Our buttons' custom_ids: the words of buttons already posted in Discord.

A button keeps working after a restart only if the custom_id it was posted
with still parses to the same item, so the formats are pinned here byte for
byte, and a click is parsed back into the enum the controllers take.
"""

from __future__ import annotations

import re
from typing import Any, cast

import discord
import pytest

from bot.discord_ui.actions import (
    ChallengeAction,
    HelpAction,
    LobbyAction,
    TournamentAction,
    TurnAction,
)
from bot.discord_ui.items import (
    DYNAMIC_ITEMS,
    ActionButton,
    ChallengeButton,
    DiscardSelect,
    HelpButton,
    LobbyButton,
    ParsedItem,
    RematchButton,
    ReviewButton,
    TournamentButton,
)

NO_INTERACTION = cast(discord.Interaction, None)  # from_custom_id never reads it


def pinned() -> list[tuple[ParsedItem[Any], str]]:
    return [
        (ActionButton(TurnAction.BIG_GIN, 12, 3, label="Big gin!"), "gin:a:biggin:12:3"),
        (ActionButton(TurnAction.HAND, 12, 3, label="My hand"), "gin:a:hand:12:3"),
        (DiscardSelect(12, 3), "gin:d:12:3"),
        (ChallengeButton(ChallengeAction.ACCEPT, 7), "gin:c:accept:7"),
        (RematchButton(12), "gin:r:12"),
        (ReviewButton(12, 4), "gin:v:12:4"),
        (LobbyButton(LobbyAction.JOIN_TEAM_2, 9), "gin:l:join1:9"),
        (TournamentButton(TournamentAction.START, 5), "gin:t:start:5"),
        (HelpButton(HelpAction.NEXT, 2), "gin:help:next:2"),
    ]


async def parse(custom_id: str, component: discord.ui.Item[Any]) -> ParsedItem[Any]:
    for kind in DYNAMIC_ITEMS:
        match = kind.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match:
            return await kind.from_custom_id(NO_INTERACTION, component, match)
    raise AssertionError(f"no item claims {custom_id!r}")


async def test_custom_ids_keep_their_format_and_parse_back() -> None:
    for item, custom_id in pinned():
        assert item.custom_id == custom_id
        again = await parse(custom_id, item.item)
        assert type(again) is type(item) and not again.forged
        assert again.custom_id == custom_id
        action = getattr(item, "action", None)
        assert getattr(again, "action", None) is action  # the same enum member


@pytest.mark.parametrize(
    ("custom_id", "component"),
    [
        ("gin:a:frobnicate:12:3", discord.ui.Button(custom_id="x")),  # no such action
        ("gin:a:pass:012:3", discord.ui.Button(custom_id="x")),  # not an id of ours
        ("gin:a:pass:12:3", discord.ui.Select(custom_id="x")),  # a button's id on a menu
        ("gin:d:12:3", discord.ui.Button(custom_id="x")),  # a menu's id on a button
        ("gin:c:accept:0", discord.ui.Button(custom_id="x")),
        ("gin:t:join:99999999999999999999999", discord.ui.Button(custom_id="x")),
        ("gin:help:next:0", discord.ui.Button(custom_id="x")),  # no page 0
    ],
)
async def test_a_custom_id_that_does_not_parse_is_forged(
    custom_id: str, component: discord.ui.Item[Any]
) -> None:
    assert (await parse(custom_id, component)).forged


def test_only_the_game_buttons_template_takes_any_word() -> None:
    """The other templates list their actions, from the enums."""
    assert not re.fullmatch(ChallengeButton.__discord_ui_compiled_template__, "gin:c:nope:1")
    assert ChallengeButton.__discord_ui_compiled_template__.pattern == (
        r"gin:c:(?P<action>accept|decline|cancel):(?P<challenge>\d+)"
    )
