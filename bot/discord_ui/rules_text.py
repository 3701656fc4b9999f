"""The rules in a player's language: variants, tournament formats and rounds
by name, the rules of ``/gin rules`` in sentences, and the lines of the
server's assistance, pings and tables.

The engine and the service keep their English words (``bot.engine.words``,
the service's ``*_line`` functions) for the images and the logs; the Discord
layer words the same facts from the catalogues (``ui.rules.*``,
``ui.variant.*`` …) so that every message speaks the language it is for.
"""

from __future__ import annotations

from bot.engine import Assist, Ruleset, Variant
from bot.engine.match import MULTI_MATCH_TARGET, MatchForm
from bot.engine.rules import Scoring
from bot.engine.tournament import TournamentFormat
from bot.i18n import Lang, plural
from bot.i18n import text as tr
from bot.service import PingMode, TableMode

#: The assistance of a game when the server sets none: the service's
#: defaults (``bot/service/assist.py``; the tests check they agree).
PEOPLE_DEFAULT = Assist.COUNTS
COMPUTER_DEFAULT = Assist.FULL


def variant_label(lang: Lang, variant: Variant) -> str:
    """ "Standard", "Oklahoma", "Straight gin"."""
    return tr(lang, f"ui.variant.{variant.value}")


def variant_rule(lang: Lang, variant: Variant) -> str:
    """What the variant changes, in a few words ("knock at 10 or less")."""
    return tr(lang, f"ui.variant_rule.{variant.value}")


def variant_words(lang: Lang, rules: Ruleset) -> str:
    """The variant as a player reads it: "Oklahoma (…; spades double)"."""
    label, rule = variant_label(lang, rules.variant), variant_rule(lang, rules.variant)
    if rules.variant is not Variant.OKLAHOMA:
        return tr(lang, "ui.variant_words", variant=label, rule=rule)
    spades = tr(lang, "ui.spades_double" if rules.oklahoma_spade_double else "ui.spades_single")
    return tr(lang, "ui.variant_words.oklahoma", variant=label, rule=rule, spades=spades)


def format_label(lang: Lang, fmt: TournamentFormat) -> str:
    """ "Single elimination", "Round robin"."""
    return tr(lang, f"ui.format.{fmt.value}")


def round_name(lang: Lang, round: int, total_rounds: int) -> str:
    """ "Final", "Semi-finals", "Quarter-finals", else "Round N"."""
    if not 1 <= round <= total_rounds:
        raise ValueError(f"round {round} is not in 1..{total_rounds}")
    left = total_rounds - round
    if left < 3:
        return tr(lang, ("ui.round.final", "ui.round.semi_finals", "ui.round.quarter_finals")[left])
    return tr(lang, "ui.round.number", n=round)


def level_name(lang: Lang, level: str) -> str:
    """A computer level ("easy", "adaptive") in the reader's words."""
    return tr(lang, f"ui.level.{level}")


def assist_name(lang: Lang, assist: Assist) -> str:
    return tr(lang, f"ui.assist.{assist.value}")


def assist_summary(lang: Lang, assist: Assist) -> str:
    """What the level shows ("melds and the deadwood total, no discard hints")."""
    return tr(lang, f"ui.assist.summary.{assist.value}")


def _games_line(lang: Lang, rules: Ruleset) -> str:
    target = rules.effective_target
    if rules.match is MatchForm.BEST_OF:
        return plural(lang, "ui.rules.best_of", rules.match_games, target=target)
    if rules.match is MatchForm.MULTI:
        return tr(lang, "ui.rules.multi", game_target=MULTI_MATCH_TARGET, target=rules.match_target)
    if rules.scoring is Scoring.HOLLYWOOD:
        return tr(lang, "ui.rules.hollywood", target=target)
    return tr(lang, "ui.rules.single", target=target)


def _variant_line(lang: Lang, rules: Ruleset) -> str:
    line = tr(lang, f"ui.rules.{rules.variant.value}")
    if rules.variant is Variant.OKLAHOMA and rules.oklahoma_spade_double:
        line = f"{line} {tr(lang, 'ui.rules.spade_double')}"
    return line


def rules_summary(lang: Lang, rules: Ruleset) -> list[str]:
    """The rules in sentences, for ``/gin rules``: the target, the variant
    and its knock limit, the bonuses, the deal."""
    bonus = "ui.rules.game_bonus_shutout" if rules.shutout else "ui.rules.game_bonus"
    lines = [
        _games_line(lang, rules),
        _variant_line(lang, rules),
        tr(
            lang,
            "ui.rules.bonuses",
            gin=rules.gin_bonus,
            big_gin=rules.big_gin_bonus,
            undercut=rules.undercut_bonus,
        ),
        tr(lang, bonus, game=rules.game_bonus, line=rules.line_bonus),
        tr(lang, f"ui.rules.dealer.{rules.next_dealer.value}"),
    ]
    if rules.fiftieth_card_rule:
        lines.append(tr(lang, "ui.rules.fiftieth"))
    return lines


def assist_line(lang: Lang, setting: Assist | None) -> str:
    """The server's assistance, for ``/gin rules``."""
    if setting is None:
        return tr(
            lang,
            "ui.rules.assist_default",
            people=assist_name(lang, PEOPLE_DEFAULT),
            people_summary=assist_summary(lang, PEOPLE_DEFAULT),
            computer=assist_name(lang, COMPUTER_DEFAULT),
            computer_summary=assist_summary(lang, COMPUTER_DEFAULT),
        )
    return tr(
        lang,
        "ui.rules.assist",
        assist=assist_name(lang, setting),
        summary=assist_summary(lang, setting),
    )


def ping_line(lang: Lang, mode: PingMode, minutes: int) -> str:
    """The server's turn pings, for ``/gin rules``."""
    if mode is PingMode.EVERY:
        return tr(lang, "ui.rules.ping_every")
    if mode is PingMode.OFF:
        return tr(lang, "ui.rules.ping_off")
    return plural(lang, "ui.rules.ping_idle", minutes)


def tables_line(lang: Lang, mode: TableMode) -> str:
    """Where the server's games are played, for ``/gin rules``."""
    return tr(lang, f"ui.rules.tables_{mode.value}")
