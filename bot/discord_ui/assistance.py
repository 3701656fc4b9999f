"""The discard menu at each assistance level (the service has already
filtered the advice: at ``counts`` and ``off`` a turn carries no per-card
deadwood, best discard or knock card).

* ``full`` — "Discard 7♥ · leaves 6 deadwood", best first; Knock / Gin
  buttons name the card;
* ``counts`` / ``off`` — the cards in hand order, then "Knock, throwing 7♥"
  for each: the player picks the card, the engine says if the knock is too
  high (11 + 11 options fit Discord's 25).
"""

from __future__ import annotations

import discord

from bot.service import TurnView

from . import text

#: Discord's limit of options in one select menu.
MAX_SELECT_OPTIONS = 25
#: Select values for a knock carry this prefix (a discard is the bare card code).
KNOCK_PREFIX = "k:"


def discard_options(turn: TurnView) -> list[discord.SelectOption]:
    """The options of the private discard menu."""
    advice = turn.advice
    if advice.deadwood_after:  # full assistance
        return [
            discord.SelectOption(
                label=text.discard_label(card.label),
                value=card.code,
                description=text.leaves_label(left),
            )
            for card, left in advice.deadwood_after[:MAX_SELECT_OPTIONS]
        ]
    options = [
        discord.SelectOption(label=text.discard_label(card.label), value=card.code)
        for card in advice.discards
    ]
    gin_only = turn.view.public.knock_limit <= 0
    options += [
        discord.SelectOption(
            label=text.knock_label(card.label, gin_only=gin_only), value=KNOCK_PREFIX + card.code
        )
        for card in advice.discards
    ]
    return options[:MAX_SELECT_OPTIONS]


def split_value(value: str) -> tuple[bool, str]:
    """A menu value → (is a knock, card code)."""
    if value.startswith(KNOCK_PREFIX):
        return True, value[len(KNOCK_PREFIX) :]
    return False, value
