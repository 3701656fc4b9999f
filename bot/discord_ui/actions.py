"""What a button's custom_id can ask for: one closed set per kind of button.

A custom_id is text a client sends back, so its action word is parsed into
one of these enums where the click comes in (:mod:`.items`); the controllers
behind the buttons then take an enum, not a string they would each have to
check again.  The values are the words written into custom_ids: changing one
would break every button already posted, so they never change.
"""

from __future__ import annotations

import re
from enum import StrEnum


class TurnAction(StrEnum):
    """A game button (``gin:a:…``); ``hand`` just shows the player's hand."""

    HAND = "hand"
    STOCK = "stock"
    TAKE = "take"
    PASS = "pass"
    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "biggin"


class ChallengeAction(StrEnum):
    """A challenge's buttons (``gin:c:…``)."""

    ACCEPT = "accept"
    DECLINE = "decline"
    CANCEL = "cancel"


class LobbyAction(StrEnum):
    """A partnership lobby's buttons (``gin:l:…``): join team 1 or 2, leave."""

    JOIN_TEAM_1 = "join0"
    JOIN_TEAM_2 = "join1"
    LEAVE = "leave"


class TournamentAction(StrEnum):
    """A tournament message's buttons (``gin:t:…``)."""

    JOIN = "join"
    LEAVE = "leave"
    START = "start"
    CANCEL = "cancel"


class HelpAction(StrEnum):
    """/gin help's page buttons (``gin:help:…``): turn to the page before or after."""

    PREVIOUS = "prev"
    NEXT = "next"


def alternatives(kind: type[StrEnum]) -> str:
    """A regex alternation of ``kind``'s values, for a custom_id template."""
    return "|".join(re.escape(member.value) for member in kind)
