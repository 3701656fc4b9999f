"""The coach in Discord: ``/gin review`` and the "Review my hand" button on
each reveal.  Always an ephemeral reply to the player who asked, about their
own seat: the review names their cards, so nobody else may see it."""

from __future__ import annotations

import discord

from bot.engine.review import NoteKind, ReviewNote
from bot.service import CoachDesk, CoachReport

from . import text


def note_line(note: ReviewNote, opponent: str) -> str:
    """One note in the player's words."""
    card = note.card.label if note.card is not None else ""
    better = note.better.label if note.better is not None else ""
    turn = f"Turn {note.turn}"
    kind = note.kind
    if kind is NoteKind.DISCARD:
        return (
            f"{turn}: throwing the {card} left {note.value} deadwood; "
            f"the {better} would have left {note.better_value}."
        )
    if kind is NoteKind.MELD_CHANCE:
        return (
            f"{turn}: the {better} instead of the {card} kept as little deadwood and "
            f"{note.better_value} unseen cards that would meld, not {note.value}."
        )
    if kind is NoteKind.MISSED_PILE:
        return (
            f"{turn}: the {card} on the pile made a meld — taking it would have left "
            f"{note.better_value} deadwood; you ended the turn with {note.value}."
        )
    if kind is NoteKind.EMPTY_TAKE:
        return (
            f"{turn}: taking the {card} from the pile melded nothing (deadwood "
            f"{note.value}, was {note.better_value}) and showed {opponent} what you collect."
        )
    if kind is NoteKind.MISSED_KNOCK:
        return (
            f"{turn}: you could have knocked with {note.better_value} "
            f"(throwing the {better}) and played on."
        )
    meld = " ".join(c.label for c in note.meld)
    return f"{turn}: your {card} was picked up and went into {opponent}'s meld {meld}."


def review_text(report: CoachReport) -> str:
    """The whole review, within Discord's 2,000 characters."""
    review = report.review
    names = report.names
    opponent = names[1 - report.seat]
    lines = [
        f"**Coach — your hand {review.hand.number}** (game #{report.game_id}, "
        f"{review.turns} turns)",
        text.hand_result_line(review.hand, names),
    ]
    if review.notes:
        lines += [f"• {note_line(n, opponent)}" for n in review.notes]
    else:
        lines.append(
            "A clean hand: no discard left more deadwood than another, no knock passed up, "
            f"nothing you threw went into {opponent}'s melds."
        )
    out = "\n".join(lines)
    return out if len(out) <= text.MAX_CONTENT else out[: text.MAX_CONTENT - 1] + "…"


class Coach:
    """Answers review requests (command and button)."""

    def __init__(self, coach: CoachDesk) -> None:
        self.coach = coach

    async def show(
        self,
        interaction: discord.Interaction,
        *,
        game_id: int | None = None,
        hand_number: int | None = None,
    ) -> None:
        report = await self.coach.review(
            interaction.guild_id or 0,
            interaction.user.id,
            game_id=game_id,
            hand_number=hand_number,
        )
        await interaction.response.send_message(review_text(report), ephemeral=True)
