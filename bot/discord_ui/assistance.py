"""The discard menu, and where a knock is offered, at each assistance level.

A knock is offered only with a card the player may knock with — and only as
far as the game's assistance level lets the bot tell which cards those are,
so that offering it reveals no more than the hand image already shows:

* ``full`` — the image marks the best discard and the menu says what each
  discard leaves: "Knock, discarding 7♥" is offered for exactly the cards
  that leave deadwood within the knock limit ("Gin, discarding 7♥" for
  none), and the Knock / Gin button names the best of them;
* ``counts`` — the image shows the melds and the deadwood total of the cards
  held, nothing per card.  A knock is offered with a card shown as deadwood
  when the total minus that card's value is within the limit: the sum the
  player can do from the image, never the meld search of the cards that
  would be left (a knock with a card from a meld stays possible by
  ``/gin knock``);
* ``off`` — nothing is computed, so nothing can be filtered: one "Knock…"
  entry opens a menu of every card ("Knock, discarding 7♥"), and a knock too
  high is refused privately, without saying by how much.

Every knock is checked again by the engine when it is played.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import discord

from bot.engine import Assist, Card
from bot.i18n import Lang
from bot.render.advice import advise_view
from bot.service import TurnView

from . import text

#: Discord's limit of options in one select menu.
MAX_SELECT_OPTIONS = 25
#: Select values for a knock carry this prefix (a discard is the bare card code).
KNOCK_PREFIX = "k:"
#: The value of the one "Knock…" entry at assist ``off`` (a knock without a card yet).
PICK_KNOCK = KNOCK_PREFIX
#: The value of "Back" in the knock menu: the discard menu again.
BACK = "back"


class MenuPick(StrEnum):
    """What a value of the discard menu asks for."""

    DISCARD = "discard"
    KNOCK = "knock"
    #: Open the knock menu (assist ``off``).
    PICK_KNOCK = "pick_knock"
    #: Back from the knock menu to the discard menu.
    BACK = "back"


@dataclass(frozen=True, slots=True)
class KnockOffer:
    """A card a knock is offered with."""

    card: Card
    #: Discarding it leaves no deadwood: the offer is to go gin.
    gin: bool
    #: The deadwood it leaves (at assist ``full`` only).
    left: int | None = None


def knock_offers(turn: TurnView) -> tuple[KnockOffer, ...] | None:
    """The knocks offered to the seat to move, in the menu's order; ``None``
    at assist ``off``, where no card can be singled out (see the module doc)."""
    advice = turn.advice
    if not advice.discards:
        return ()
    limit = turn.view.public.knock_limit
    assist = turn.table.assist
    if assist is Assist.OFF:
        return None
    if assist is Assist.FULL:
        return tuple(
            KnockOffer(card, left == 0, left)
            for card, left in advice.deadwood_after
            if left <= limit
        )
    shown = advise_view(turn.view, Assist.COUNTS)  # exactly what the hand image shows
    total = shown.deadwood_value
    return tuple(
        KnockOffer(card, total == card.value)
        for card in advice.discards
        if card in shown.deadwood and total - card.value <= limit
    )


def discard_options(lang: Lang, turn: TurnView) -> list[discord.SelectOption]:
    """The options of the private discard menu: every discard, then the
    knocks offered at the game's assistance level (in the player's language)."""
    advice = turn.advice
    if advice.deadwood_after:  # full assistance: best first, each with what it leaves
        options = [
            discord.SelectOption(
                label=text.discard_label(lang, card.label),
                value=card.code,
                description=text.leaves_label(lang, left),
            )
            for card, left in advice.deadwood_after
        ]
    else:
        options = [
            discord.SelectOption(label=text.discard_label(lang, card.label), value=card.code)
            for card in advice.discards
        ]
    offers = knock_offers(turn)
    if offers is None:
        gin_only = turn.view.public.knock_limit <= 0
        options.append(
            discord.SelectOption(
                label=text.pick_knock_label(lang, gin_only=gin_only),
                value=PICK_KNOCK,
                description=text.pick_knock_hint(lang),
            )
        )
    else:
        options += [
            discord.SelectOption(
                label=text.knock_label(lang, offer.card.label, gin=offer.gin),
                value=KNOCK_PREFIX + offer.card.code,
                description=None if offer.left is None else text.leaves_label(lang, offer.left),
            )
            for offer in offers
        ]
    return options[:MAX_SELECT_OPTIONS]


def knock_options(lang: Lang, turn: TurnView) -> list[discord.SelectOption]:
    """The knock menu opened by "Knock…" (assist ``off``): every card, then Back."""
    gin_only = turn.view.public.knock_limit <= 0
    options = [
        discord.SelectOption(
            label=text.knock_label(lang, card.label, gin=gin_only), value=KNOCK_PREFIX + card.code
        )
        for card in turn.advice.discards
    ]
    options.append(discord.SelectOption(label=text.back_to_discard(lang), value=BACK))
    return options[:MAX_SELECT_OPTIONS]


def split_value(value: str) -> tuple[MenuPick, str]:
    """A menu value → what it asks for, and the card code (empty for the
    entries that name no card)."""
    if value == BACK:
        return MenuPick.BACK, ""
    if value == PICK_KNOCK:
        return MenuPick.PICK_KNOCK, ""
    if value.startswith(KNOCK_PREFIX):
        return MenuPick.KNOCK, value[len(KNOCK_PREFIX) :]
    return MenuPick.DISCARD, value
