"""What the buttons of ``/gin history`` and ``/gin replay`` can ask for: one
closed set each, as :mod:`.actions` holds for the game's buttons.  The values
are written into posted custom ids, so they never change."""

from __future__ import annotations

from enum import StrEnum


class PageAction(StrEnum):
    """A history page's buttons (``gin:h:…``, ``gin:hm:…``)."""

    BACK = "back"
    NEXT = "next"


class ReplayAction(StrEnum):
    """A replay's buttons (``gin:p:…``): the deal, a step back or on, the
    knock, the end of the hand."""

    FIRST = "first"
    BACK = "back"
    NEXT = "next"
    KNOCK = "knock"
    END = "end"
