"""The engine's words for players: the names of variants, formats and
rounds, the rules in short, and the score lines of a match and of Hollywood.

Kept apart from the rules so that every label a player reads is in one file
of this layer (the Discord text and the images format around these).  The
engine's *error* messages stay where they are raised: each is the rule's own
explanation, next to the check that refuses the move, and moving it away
would separate the two.
"""

from __future__ import annotations

from collections.abc import Sequence

from .hollywood import HollywoodSheet
from .match import MULTI_MATCH_TARGET, MatchForm, MatchFormat, MatchStanding
from .rules import Ruleset, Scoring, Variant
from .tournament import TournamentFormat

#: How a variant is named to players (the board caption, the rules summary).
VARIANT_LABELS = {
    Variant.STANDARD: "Standard",
    Variant.OKLAHOMA: "Oklahoma",
    Variant.GIN_ONLY: "Straight gin",
}


#: How a format is named to players (the image's and the message's header).
FORMAT_LABELS = {
    TournamentFormat.SINGLE_ELIMINATION: "Single elimination",
    TournamentFormat.ROUND_ROBIN: "Round robin",
}


def rules_summary(rules: Ruleset) -> list[str]:
    """The rules in short, for ``/gin rules`` and the settings panel."""
    limit = {
        Variant.STANDARD: "knock at 10 or less",
        Variant.OKLAHOMA: "knock limit = first upcard (A: gin only; faces: 10)",
        Variant.GIN_ONLY: "no knocking: gin or big gin only",
    }[rules.variant]
    lines = [
        f"Variant: {VARIANT_LABELS[rules.variant]} ({limit}); game to {rules.effective_target}.",
        f"Gin +{rules.gin_bonus}, big gin +{rules.big_gin_bonus}, "
        f"undercut +{rules.undercut_bonus}.",
        f"Game bonus +{rules.game_bonus}, line bonus +{rules.line_bonus} per hand won, "
        f"shutout doubles: {'on' if rules.shutout else 'off'}.",
        f"Next dealer: {rules.next_dealer.value}; "
        f"50th-card rule: {'on' if rules.fiftieth_card_rule else 'off'}.",
    ]
    if rules.scoring is Scoring.HOLLYWOOD:
        lines.append(
            f"Hollywood scoring: three games at once, each to {rules.effective_target}; "
            "a player's 1st win counts in game I, the 2nd in I and II, later wins in all three."
        )
    if rules.match is MatchForm.BEST_OF:
        lines.append(f"Match: best of {rules.match_games} games.")
    elif rules.match is MatchForm.MULTI:
        lines.append(
            f"Multi-match: matches to {MULTI_MATCH_TARGET} credited to a game "
            f"score to {rules.match_target}."
        )
    if rules.variant is Variant.OKLAHOMA:
        lines.append(
            f"Spade upcard doubles the hand: {'on' if rules.oklahoma_spade_double else 'off'}."
        )
    return lines


def round_name(round: int, total_rounds: int) -> str:
    """ "Final", "Semi-finals", "Quarter-finals", else "Round N"."""
    if not 1 <= round <= total_rounds:
        raise ValueError(f"round {round} is not in 1..{total_rounds}")
    left = total_rounds - round
    if left == 0:
        return "Final"
    if left == 1:
        return "Semi-finals"
    if left == 2:
        return "Quarter-finals"
    return f"Round {round}"


def standing_line(fmt: MatchFormat, st: MatchStanding, names: Sequence[str]) -> str:
    """One line for the board and ``/gin score``."""
    if fmt.form is MatchForm.BEST_OF:
        head = f"Match (best of {fmt.games}): {names[0]} {st.wins[0]} – {st.wins[1]} {names[1]}"
    else:
        head = (
            f"Multi-match to {fmt.game_target}: {names[0]} {st.scores[0]} – "
            f"{st.scores[1]} {names[1]}"
        )
    if st.winner is not None:
        return f"{head} — {names[st.winner]} wins the match"
    return f"{head} — game {st.next_game} under way"


def seat_columns(sheet: HollywoodSheet, seat: int) -> str:
    """A seat's three column scores, a closed column's winner marked with *:
    "105* · 75 · 35"."""
    return " · ".join(f"{c.points[seat]}{'*' if c.winner == seat else ''}" for c in sheet.columns)


def sheet_lines(sheet: HollywoodSheet, names: Sequence[str]) -> list[str]:
    """The sheet as text (board, ``/gin score``, the tally's alt text)."""
    lines = []
    for i, col in enumerate(sheet.columns):
        label = ("I", "II", "III")[i]
        score = f"{names[0]} {col.points[0]} – {col.points[1]} {names[1]}"
        if col.tallies is not None and col.winner is not None:
            a, b = (x.total for x in col.tallies)
            lines.append(
                f"Game {label}: {score} — won by {names[col.winner]} (with bonuses {a} – {b})"
            )
        else:
            lines.append(f"Game {label}: {score}")
    t = sheet.totals
    lines.append(f"Total: {names[0]} {t[0]} – {t[1]} {names[1]}")
    return lines
