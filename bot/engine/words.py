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
from .rules import NextDealer, Ruleset, Scoring, Variant
from .tournament import TournamentFormat

#: How a variant is named to players (the board caption, the rules summary).
VARIANT_LABELS = {
    Variant.STANDARD: "Standard",
    Variant.OKLAHOMA: "Oklahoma",
    Variant.GIN_ONLY: "Straight gin",
}

#: What each variant changes, in a few words (command choices, settings).
VARIANT_RULES = {
    Variant.STANDARD: "knock at 10 or less",
    Variant.OKLAHOMA: "the upcard sets the knock limit",
    Variant.GIN_ONLY: "no knocking: gin only",
}


#: How a format is named to players (the image's and the message's header).
FORMAT_LABELS = {
    TournamentFormat.SINGLE_ELIMINATION: "Single elimination",
    TournamentFormat.ROUND_ROBIN: "Round robin",
}


def variant_words(rules: Ruleset) -> str:
    """The variant as a player reads it: "Oklahoma (spades double)"."""
    label = VARIANT_LABELS[rules.variant]
    if rules.variant is not Variant.OKLAHOMA:
        return f"{label} ({VARIANT_RULES[rules.variant]})"
    spades = "spades double" if rules.oklahoma_spade_double else "spades don't double"
    return f"{label} ({VARIANT_RULES[rules.variant]}; {spades})"


#: Who deals the next hand, as a sentence of the rules.
DEALER_RULES = {
    NextDealer.ALTERNATE: "The deal alternates.",
    NextDealer.LOSER: "The loser of a hand deals the next one.",
    NextDealer.WINNER: "The winner of a hand deals the next one.",
}


def _games_line(rules: Ruleset) -> str:
    target = rules.effective_target
    if rules.match is MatchForm.BEST_OF:
        return f"A match is best of {rules.match_games} games, each game to **{target}** points."
    if rules.match is MatchForm.MULTI:
        return (
            f"Multi-match: each match is a game to {MULTI_MATCH_TARGET} points; the tallies "
            f"add up to a game score, and the first to **{rules.match_target}** wins."
        )
    if rules.scoring is Scoring.HOLLYWOOD:
        return (
            f"Hollywood scoring: three games at once, each to **{target}** points. Your "
            "first hand won counts in game I, your second in games I and II, every later one "
            "in all three."
        )
    return f"A game is played to **{target}** points."


def _variant_line(rules: Ruleset) -> str:
    if rules.variant is Variant.STANDARD:
        return "Standard gin: you may knock when your deadwood is 10 or less."
    if rules.variant is Variant.GIN_ONLY:
        return "Straight gin: no knocking — a hand ends only with gin or big gin."
    spades = (
        " A spade upcard doubles the hand's points, bonuses included."
        if rules.oklahoma_spade_double
        else ""
    )
    return (
        "Oklahoma: the upcard sets the knock limit — its value, face cards 10; "
        f"an ace means gin only.{spades}"
    )


def rules_summary(rules: Ruleset) -> list[str]:
    """The rules in sentences, for ``/gin rules``: the target, the variant
    and its knock limit, the bonuses, the deal."""
    shutout = (
        "; a shutout (the loser won no hand) doubles the winner's hand points"
        if rules.shutout
        else ""
    )
    lines = [
        _games_line(rules),
        _variant_line(rules),
        f"Gin scores a bonus of {rules.gin_bonus}, big gin {rules.big_gin_bonus}; "
        f"an undercut scores a bonus of {rules.undercut_bonus}.",
        f"The winner of a game scores a game bonus of {rules.game_bonus}, and each "
        f"player a line bonus of {rules.line_bonus} for each hand they won{shutout}.",
        DEALER_RULES[rules.next_dealer],
    ]
    if rules.fiftieth_card_rule:
        lines.append(
            "50th-card rule: when the stock is down to 2 cards and a player discards without "
            "knocking, the other player may draw that card to knock or go gin with it; "
            "otherwise the hand is dead."
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
