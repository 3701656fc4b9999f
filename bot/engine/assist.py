"""How much analysis a player is shown: a server setting, fixed per game.

The rules never depend on it; it decides what a seat's private hand image,
menus and autocomplete reveal beyond the cards themselves, so that a server
can keep games between people a test of skill.
"""

from __future__ import annotations

from enum import StrEnum


class Assist(StrEnum):
    #: Melds grouped, deadwood total, the best discard marked, the deadwood
    #: each discard would leave in the menus, one-click Knock / Gin.
    FULL = "full"
    #: Melds grouped and the deadwood total of the cards held; no best
    #: discard and no per-card deadwood anywhere.
    COUNTS = "counts"
    #: The cards, sorted; nothing computed.
    OFF = "off"

    @property
    def summary(self) -> str:
        return ASSIST_SUMMARIES[self]


ASSIST_SUMMARIES = {
    Assist.FULL: "melds, deadwood, the best discard and what each discard leaves",
    Assist.COUNTS: "melds and the deadwood total, no discard hints",
    Assist.OFF: "cards sorted only",
}
