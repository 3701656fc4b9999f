"""Buttons and selects whose custom_id carries everything they need.

Each is a :class:`discord.ui.DynamicItem`: the custom_id names the game and
the version of the game it was drawn for, so a button keeps working after a
restart (no in-memory view needed) and a button from an earlier turn is
recognised as such and changes nothing.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar, cast

import discord

from bot.engine import ActionKind, Phase, SeatView

if TYPE_CHECKING:
    from bot.play import Play

# Button actions -> what they do; "hand" just shows the hand.
ACTIONS = ("hand", "stock", "take", "pass", "knock", "gin", "biggin")


def _play(interaction: discord.Interaction) -> Play:
    return cast("Any", interaction.client).play  # type: ignore[no-any-return]


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gin:a:(?P<action>[a-z]+):(?P<game>\d+):(?P<version>\d+)",
):
    """A game action (board or private hand controls)."""

    def __init__(
        self,
        action: str,
        game_id: int,
        version: int,
        *,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style,
                emoji=emoji,
                custom_id=f"gin:a:{action}:{game_id}:{version}",
            ),
            row=row,
        )
        self.action = action
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ActionButton:
        button = cast(discord.ui.Button[Any], item)
        return cls(
            match["action"],
            int(match["game"]),
            int(match["version"]),
            label=button.label or match["action"],
            style=button.style,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await _play(interaction).on_button(interaction, self.action, self.game_id, self.version)


class DiscardSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"gin:d:(?P<game>\d+):(?P<version>\d+)",
):
    """Pick a card to discard (private hand controls)."""

    def __init__(
        self,
        game_id: int,
        version: int,
        options: list[discord.SelectOption] | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"gin:d:{game_id}:{version}",
                placeholder="Discard a card…",
                options=options or [discord.SelectOption(label="-", value="-")],
                min_values=1,
                max_values=1,
            ),
            row=0,
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> DiscardSelect:
        select = cast(discord.ui.Select[Any], item)
        return cls(int(match["game"]), int(match["version"]), list(select.options))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        card = values[0] if values else ""
        await _play(interaction).on_discard(interaction, self.game_id, self.version, card)


class ChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gin:c:(?P<action>accept|decline|cancel):(?P<challenge>\d+)",
):
    """Accept / Decline (opponent only) and Cancel (challenger only)."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "accept": discord.ButtonStyle.success,
        "decline": discord.ButtonStyle.danger,
        "cancel": discord.ButtonStyle.secondary,
    }

    def __init__(self, action: str, challenge_id: int, *, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=action.capitalize(),
                style=self.STYLES[action],
                custom_id=f"gin:c:{action}:{challenge_id}",
                disabled=disabled,
            )
        )
        self.action = action
        self.challenge_id = challenge_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ChallengeButton:
        return cls(match["action"], int(match["challenge"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _play(interaction).on_challenge(interaction, self.action, self.challenge_id)


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gin:r:(?P<game>\d+)",
):
    """After a game: challenge the same opponent again with the same rules."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Rematch", style=discord.ButtonStyle.primary, custom_id=f"gin:r:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> RematchButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _play(interaction).on_rematch(interaction, self.game_id)


DYNAMIC_ITEMS = (ActionButton, DiscardSelect, ChallengeButton, RematchButton)


# --- views ---------------------------------------------------------------------------


def board_view(game_id: int, version: int, phase: Phase) -> discord.ui.View:
    """Public board buttons: My hand, Draw from stock, Take discard, Pass."""
    view = discord.ui.View(timeout=None)
    if phase is Phase.GAME_OVER:
        return view
    view.add_item(
        ActionButton("hand", game_id, version, label="My hand", style=discord.ButtonStyle.primary)
    )
    if phase in (Phase.DRAW,):
        view.add_item(ActionButton("stock", game_id, version, label="Draw from stock"))
    if phase in (Phase.DRAW, Phase.UPCARD, Phase.FIFTIETH):
        view.add_item(ActionButton("take", game_id, version, label="Take discard"))
    if phase in (Phase.UPCARD, Phase.FIFTIETH):
        view.add_item(ActionButton("pass", game_id, version, label="Pass"))
    return view


def hand_controls(
    game_id: int,
    version: int,
    view: SeatView,
    after_discard: dict[int, int],
    knock_card: str | None,
    gin_card: str | None,
) -> discord.ui.View:
    """Private controls for the hand's owner, only what is legal right now."""
    ui = discord.ui.View(timeout=None)
    legal = view.legal
    top = view.public.top_discard
    if ActionKind.DRAW_STOCK in legal:
        ui.add_item(
            ActionButton(
                "stock",
                game_id,
                version,
                label="Draw from stock",
                style=discord.ButtonStyle.primary,
            )
        )
    if ActionKind.TAKE_DISCARD in legal and top is not None:
        ui.add_item(ActionButton("take", game_id, version, label=f"Take the {top}"))
    if ActionKind.PASS in legal:
        ui.add_item(ActionButton("pass", game_id, version, label="Pass"))
    if ActionKind.DISCARD in legal and after_discard:
        options = [
            discord.SelectOption(
                label=f"Discard {card_label}",
                value=code,
                description=f"leaves {left} deadwood",
            )
            for code, card_label, left in _discard_rows(view, after_discard)
        ]
        ui.add_item(DiscardSelect(game_id, version, options))
    if gin_card is not None:
        ui.add_item(
            ActionButton(
                "gin",
                game_id,
                version,
                label=f"Gin (throw {gin_card})",
                style=discord.ButtonStyle.success,
                row=1,
            )
        )
    elif knock_card is not None:
        ui.add_item(
            ActionButton(
                "knock",
                game_id,
                version,
                label=f"Knock (throw {knock_card})",
                style=discord.ButtonStyle.success,
                row=1,
            )
        )
    if ActionKind.BIG_GIN in legal:
        ui.add_item(
            ActionButton(
                "biggin",
                game_id,
                version,
                label="Big gin!",
                style=discord.ButtonStyle.success,
                row=1,
            )
        )
    if not legal:
        ui.add_item(ActionButton("hand", game_id, version, label="Refresh"))
    return ui


def _discard_rows(view: SeatView, after: dict[int, int]) -> list[tuple[str, str, int]]:
    rows = []
    for card in view.hand:
        if card in after:
            rows.append((card.code, card.label, after[card]))
    rows.sort(key=lambda r: (r[2], r[0]))
    return rows


def challenge_view(challenge_id: int, *, disabled: bool = False) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if disabled:
        return view
    for action in ("accept", "decline", "cancel"):
        view.add_item(ChallengeButton(action, challenge_id))
    return view


def rematch_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id))
    return view
