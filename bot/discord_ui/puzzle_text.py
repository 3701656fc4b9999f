"""Words for the daily puzzle: ``/gin puzzle``'s question, the answer with
its reasoning, the controls' labels, and the day's solvers posted in the
announce channel.  One keyed place (the ``puzzle.*`` entries of
``puzzle.po``), like :mod:`.season_text`; the Discord modules only place
these.

Pure functions over the service's views (no discord import).  The question
and the answer are private (the asker's language); the solvers' post is
public (the server's).  The reasoning is built from what the evaluation
stored with each choice: the engine's exact deadwood and melds after it,
the unseen cards that would lower that deadwood, whether the card is live
for the opponent, the share of undercuts of a knock, and every choice's
estimated points a hand.
"""

from __future__ import annotations

from datetime import date
from typing import Final

from babel.numbers import format_decimal, format_percent

from bot.ai.puzzles import KNOCK, PLAY_ON, Choice, Puzzle, PuzzleKind
from bot.engine.cards import CARDS, format_cards
from bot.i18n import Lang, day_words, plural
from bot.i18n import text as tr
from bot.service import PuzzleAnswer, PuzzleDay, PuzzleView, Streak

#: Discord's limit on a message's content.
MAX_CONTENT: Final = 2000
#: Solvers named in the day's post; more are only counted.
NAMED: Final = 10
#: Choices listed with their points (a discard puzzle has up to eleven).
LISTED: Final = 11

#: The command's description as Discord lists it (at most 100 characters).
DESCRIPTIONS: Final = {
    "puzzle": "Today's puzzle: the same position for everyone, one answer each (only you see it)",
}
OPTIONS: Final[dict[str, dict[str, str]]] = {"puzzle": {}}


def _day(lang: Lang, iso: str) -> str:
    return day_words(lang, date.fromisoformat(iso))


def points(lang: Lang, value: float) -> str:
    """Points a hand, signed, to one decimal in the language's way ("+3.2", "+3,2")."""
    return format_decimal(value, format="+#,##0.0;-#,##0.0", locale=lang.babel)


def share(lang: Lang, value: float) -> str:
    return format_percent(value, locale=lang.babel)


def choice_name(lang: Lang, puzzle: Puzzle, key: str) -> str:
    """An answer in words: "the 9♠", "knock now", "play on"."""
    if key == KNOCK:
        return tr(lang, "puzzle.choice.knock")
    if key == PLAY_ON:
        return tr(lang, "puzzle.choice.play_on")
    choice = puzzle.choice(key)
    label = key if choice is None else CARDS[choice.card].label
    return tr(lang, "puzzle.choice.card", card=label)


# --- the question -----------------------------------------------------------------------


def question_text(lang: Lang, view: PuzzleView) -> str:
    """The puzzle in words (the image shows the same), and the question."""
    p = view.puzzle
    lines = [tr(lang, "puzzle.title", date=_day(lang, p.day))]
    drew = "puzzle.drew.pile" if p.drawn_from_pile else "puzzle.drew.stock"
    lines.append(tr(lang, drew, card=CARDS[p.drawn].label))
    if p.opp_discarded is not None:
        discarded = CARDS[p.opp_discarded].label
        if p.opp_took is not None:
            lines.append(
                tr(
                    lang,
                    "puzzle.opponent.pile",
                    drew=CARDS[p.opp_took].label,
                    discarded=discarded,
                )
            )
        else:
            lines.append(tr(lang, "puzzle.opponent.stock", discarded=discarded))
    if p.opp_known:
        lines.append(tr(lang, "puzzle.opponent.known", cards=format_cards(p.opp_known)))
    lines.append(plural(lang, "puzzle.stock", p.stock))
    if p.kind is PuzzleKind.DISCARD:
        lines.append(tr(lang, "puzzle.ask.discard"))
    else:
        least = min(c.deadwood for c in p.choices)
        lines.append(tr(lang, "puzzle.ask.knock", deadwood=least))
    lines.append(tr(lang, "puzzle.once"))
    if view.streak.current:
        lines.append(streak_line(lang, view.streak))
    return "\n".join(lines)[:MAX_CONTENT]


def select_placeholder(lang: Lang) -> str:
    return tr(lang, "puzzle.placeholder")


def button_label(lang: Lang, key: str) -> str:
    """The knock puzzle's two buttons: "Knock now", "Play on"."""
    return tr(lang, "puzzle.button.knock" if key == KNOCK else "puzzle.button.play_on")


# --- the answer ---------------------------------------------------------------------------


def result_text(
    lang: Lang, puzzle: Puzzle, answer: PuzzleAnswer, streak: Streak, *, again: bool
) -> str:
    """Right or not, the best answer and why, every choice's points, the streak."""
    lines = []
    if again:
        lines.append(tr(lang, "puzzle.again", choice=choice_name(lang, puzzle, answer.choice)))
    verdict = "puzzle.right" if answer.correct else "puzzle.wrong"
    lines.append(tr(lang, verdict, choice=choice_name(lang, puzzle, answer.choice)))
    lines.append(best_line(lang, puzzle))
    lines += reasons(lang, puzzle)
    lines.append(points_line(lang, puzzle))
    lines.append(streak_line(lang, streak))
    return "\n".join(lines)[:MAX_CONTENT]


def best_line(lang: Lang, puzzle: Puzzle) -> str:
    best, second = puzzle.best, puzzle.runner_up
    values = {
        "card": CARDS[best.card].label,
        "points": points(lang, best.points),
        "other": points(lang, second.points),
        "n": puzzle.playouts,
    }
    if puzzle.kind is PuzzleKind.DISCARD:
        key = "puzzle.best.discard"
        values["second"] = CARDS[second.card].label
        values["margin"] = format_decimal(puzzle.margin, format="#,##0.0", locale=lang.babel)
    else:
        key = "puzzle.best.knock" if best.key == KNOCK else "puzzle.best.play_on"
    return plural(lang, key, puzzle.playouts, **{k: v for k, v in values.items() if k != "n"})


def _melds(lang: Lang, choice: Choice) -> str:
    if not choice.melds:
        return tr(lang, "puzzle.no_melds")
    return tr(lang, "puzzle.melds", melds=", ".join(format_cards(m) for m in choice.melds))


def reasons(lang: Lang, puzzle: Puzzle) -> list[str]:
    """Why the best beats the second, in the engine's facts."""
    best, second = puzzle.best, puzzle.runner_up
    if puzzle.kind is PuzzleKind.KNOCK:
        knock = puzzle.choice(KNOCK)
        on = puzzle.choice(PLAY_ON)
        assert knock is not None and on is not None
        return [
            tr(
                lang,
                "puzzle.why.knock",
                deadwood=knock.deadwood,
                share=share(lang, knock.undercut),
            ),
            plural(
                lang,
                "puzzle.why.play_on",
                on.outs,
                card=CARDS[on.card].label,
                deadwood=on.deadwood,
            ),
        ]
    out = [
        plural(
            lang,
            "puzzle.why.keeps",
            best.outs,
            card=CARDS[best.card].label,
            deadwood=best.deadwood,
            melds=_melds(lang, best),
        ),
        plural(
            lang,
            "puzzle.why.instead",
            second.outs,
            card=CARDS[second.card].label,
            deadwood=second.deadwood,
            melds=_melds(lang, second),
        ),
    ]
    if second.feeds and not best.feeds:
        out.append(
            tr(
                lang,
                "puzzle.why.feeds",
                card=CARDS[second.card].label,
                cards=format_cards(second.feeds),
            )
        )
    elif second.live and not best.live:
        out.append(tr(lang, "puzzle.why.live", card=CARDS[second.card].label))
    return out


def points_line(lang: Lang, puzzle: Puzzle) -> str:
    listed = " · ".join(
        f"{_short(lang, c)} {points(lang, c.points)}" for c in puzzle.choices[:LISTED]
    )
    return tr(lang, "puzzle.points", choices=listed)


def _short(lang: Lang, choice: Choice) -> str:
    if choice.key == KNOCK:
        return tr(lang, "puzzle.choice.knock")
    if choice.key == PLAY_ON:
        return tr(lang, "puzzle.choice.play_on")
    return CARDS[choice.card].label


def streak_line(lang: Lang, streak: Streak) -> str:
    return plural(lang, "puzzle.streak", streak.current, best=streak.best)


# --- the day's solvers --------------------------------------------------------------------


def day_text(lang: Lang, day: PuzzleDay) -> str:
    """The day's solvers, in the server's language: how many of how many,
    and their names (mentions, never pinged) when few enough."""
    title = tr(lang, "puzzle.day.title", date=_day(lang, day.day))
    if not day.solvers:
        body = plural(lang, "puzzle.day.nobody", day.answered)
    else:
        body = plural(lang, "puzzle.day.solved", day.answered, solved=len(day.solvers))
        if len(day.solvers) <= NAMED:
            body += "\n" + " ".join(f"<@{user}>" for user in day.solvers)
    return f"{title}\n{body}\n{tr(lang, 'puzzle.day.next')}"[:MAX_CONTENT]
