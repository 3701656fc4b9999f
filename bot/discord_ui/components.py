"""View builders: the buttons and menus each message carries, from views only."""

from __future__ import annotations

import discord

from bot.engine import ActionKind, Assist, Phase
from bot.i18n import Lang
from bot.service import TurnView

from . import text
from .actions import ChallengeAction, LobbyAction, TournamentAction, TurnAction
from .assistance import discard_options, knock_options
from .items import (
    ActionButton,
    ChallengeButton,
    DiscardSelect,
    LobbyButton,
    RematchButton,
    ReviewButton,
    TournamentButton,
)


def layout(view: discord.ui.View) -> discord.ui.View:
    """Mark ``view`` as a layout only, so discord.py does not keep it.

    Every item of ours is a :class:`~discord.ui.DynamicItem`, dispatched by its
    custom_id from the classes registered at start-up, so a sent view never
    needs to stay in memory.  Left unstopped, discord.py would keep each one
    (an ephemeral hand reply for 15 minutes): at a few moves a second that is
    tens of thousands of live views, and the garbage collector's full passes
    grew into the hundreds of milliseconds, stalling every interaction.
    """
    view.stop()
    return view


def board_view(lang: Lang, game_id: int, version: int, phase: Phase) -> discord.ui.View:
    """Public board buttons: My hand, Draw from stock, Draw from discard pile, Pass
    (labelled in the server's language ``lang``)."""
    view = discord.ui.View(timeout=None)
    if phase is Phase.GAME_OVER:
        return layout(view)
    view.add_item(
        ActionButton(
            TurnAction.HAND,
            game_id,
            version,
            label=text.label(lang, "hand"),
            style=discord.ButtonStyle.primary,
        )
    )
    if phase is Phase.DRAW:
        stock = text.label(lang, "stock")
        view.add_item(ActionButton(TurnAction.STOCK, game_id, version, label=stock))
    if phase in (Phase.DRAW, Phase.UPCARD, Phase.FIFTIETH):
        take = text.label(lang, "take_discard")
        view.add_item(ActionButton(TurnAction.TAKE, game_id, version, label=take))
    if phase in (Phase.UPCARD, Phase.FIFTIETH):
        passing = text.label(lang, "pass")
        view.add_item(ActionButton(TurnAction.PASS, game_id, version, label=passing))
    return layout(view)


def hand_controls(lang: Lang, turn: TurnView) -> discord.ui.View:
    """Private controls for the hand's owner, only what is legal right now
    (in their language ``lang``)."""
    game_id, version = turn.table.id, turn.table.version
    view, advice = turn.view, turn.advice
    ui = discord.ui.View(timeout=None)
    legal = view.legal
    top = view.public.top_discard
    if ActionKind.DRAW_STOCK in legal:
        ui.add_item(
            ActionButton(
                TurnAction.STOCK,
                game_id,
                version,
                label=text.label(lang, "stock"),
                style=discord.ButtonStyle.primary,
            )
        )
    if ActionKind.TAKE_DISCARD in legal and top is not None:
        take = text.take_label(lang, top)
        ui.add_item(ActionButton(TurnAction.TAKE, game_id, version, label=take))
    if ActionKind.PASS in legal:
        passing = text.label(lang, "pass")
        ui.add_item(ActionButton(TurnAction.PASS, game_id, version, label=passing))
    if ActionKind.DISCARD in legal and advice.discards:
        placeholder = text.discard_placeholder(lang)
        ui.add_item(
            DiscardSelect(game_id, version, discard_options(lang, turn), placeholder=placeholder)
        )
    success = discord.ButtonStyle.success
    if advice.gin_card is not None:
        label = text.knock_label(lang, advice.gin_card.label, gin=True)
        ui.add_item(
            ActionButton(TurnAction.GIN, game_id, version, label=label, style=success, row=1)
        )
    elif advice.knock_card is not None:
        label = text.knock_label(lang, advice.knock_card.label, gin=False)
        ui.add_item(
            ActionButton(TurnAction.KNOCK, game_id, version, label=label, style=success, row=1)
        )
    if ActionKind.BIG_GIN in legal and turn.table.assist is not Assist.OFF:
        ui.add_item(
            ActionButton(
                TurnAction.BIG_GIN,
                game_id,
                version,
                label=text.label(lang, "big_gin"),
                style=success,
                row=1,
            )
        )
    if not legal:
        refresh = text.label(lang, "refresh")
        ui.add_item(ActionButton(TurnAction.HAND, game_id, version, label=refresh))
    return layout(ui)


def knock_menu(lang: Lang, turn: TurnView) -> discord.ui.View:
    """The private controls once "Knock…" is picked (assist ``off``): a menu
    of every card to knock with, and Back to the discard menu."""
    ui = discord.ui.View(timeout=None)
    placeholder = text.knock_placeholder(lang, gin_only=turn.view.public.knock_limit <= 0)
    ui.add_item(
        DiscardSelect(
            turn.table.id, turn.table.version, knock_options(lang, turn), placeholder=placeholder
        )
    )
    return layout(ui)


def challenge_view(lang: Lang, challenge_id: int, *, disabled: bool = False) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if disabled:
        return layout(view)
    for action in ChallengeAction:
        view.add_item(ChallengeButton(action, challenge_id, lang))
    return layout(view)


def review_view(lang: Lang, game_id: int, hand_number: int) -> discord.ui.View:
    """Under a reveal: each player may ask the coach about their side of it."""
    view = discord.ui.View(timeout=None)
    view.add_item(ReviewButton(game_id, hand_number, lang))
    return layout(view)


def rematch_view(lang: Lang, game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id, lang))
    return layout(view)


def lobby_view(lang: Lang, lobby_id: int, *, open_: bool = True) -> discord.ui.View:
    """Under a partnership lobby while seats are free: Join team 1 / 2, Leave."""
    view = discord.ui.View(timeout=None)
    if open_:
        for action in LobbyAction:
            view.add_item(LobbyButton(action, lobby_id, lang))
    return layout(view)


def tournament_buttons(lang: Lang, tournament_id: int, *, signup: bool) -> discord.ui.View:
    """Under a tournament message: sign-up buttons, or Cancel once it runs."""
    view = discord.ui.View(timeout=None)
    actions = list(TournamentAction) if signup else [TournamentAction.CANCEL]
    for action in actions:
        view.add_item(TournamentButton(action, tournament_id, lang))
    return layout(view)
