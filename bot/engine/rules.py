"""The ruleset: every default and setting of RULES.md, validated in one place."""

from __future__ import annotations

import functools
from dataclasses import dataclass, fields, replace
from enum import Enum, StrEnum
from typing import Any

from .errors import EngineError, Phrase
from .match import MATCH_GAME_TARGET, MULTI_MATCH_TARGET, MatchForm, MatchFormat
from .partnership import TEAM_TARGET, TeamRules, TeamScoring
from .pickling import by_position


class Variant(StrEnum):
    STANDARD = "standard"
    OKLAHOMA = "oklahoma"
    GIN_ONLY = "gin_only"


class Scoring(StrEnum):
    """How hand points are kept: one game, or Hollywood's three columns."""

    STANDARD = "standard"
    HOLLYWOOD = "hollywood"


class NextDealer(StrEnum):
    ALTERNATE = "alternate"
    LOSER = "loser"
    WINNER = "winner"


class RulesetError(EngineError):
    """A setting out of range or unknown, raised by :class:`Ruleset` itself,
    :meth:`Ruleset.with_setting` and :meth:`Ruleset.from_dict`; its words
    say what is allowed."""


#: (low, high) bounds for the numeric settings: wide enough for every house
#: rule we know, narrow enough that nobody starts a game that never ends.
LIMITS: dict[str, tuple[int, int]] = {
    "target": (10, 1000),
    "gin_bonus": (0, 100),
    "big_gin_bonus": (0, 100),
    "undercut_bonus": (0, 100),
    "game_bonus": (0, 500),
    "line_bonus": (0, 100),
    "match_games": (1, 9),
    "match_target": (100, 5000),
}


@by_position
@dataclass(frozen=True, slots=True)
class Ruleset:
    """All settings a server (or a challenge) may choose.

    ``target`` of ``None`` means the variant's default (150 for Oklahoma,
    100 otherwise).
    """

    variant: Variant = Variant.STANDARD
    target: int | None = None
    gin_bonus: int = 25
    big_gin_bonus: int = 31
    undercut_bonus: int = 25
    game_bonus: int = 100
    line_bonus: int = 25
    shutout: bool = True
    next_dealer: NextDealer = NextDealer.ALTERNATE
    fiftieth_card_rule: bool = False
    oklahoma_spade_double: bool = True
    scoring: Scoring = Scoring.STANDARD
    match: MatchForm = MatchForm.OFF
    match_games: int = 5  # best_of: odd
    match_target: int = 500  # multi: the contest's game target
    #: Partnership (2 v 2): how the two tables make one team result.
    team_scoring: TeamScoring = TeamScoring.BONUSES

    def __post_init__(self) -> None:
        for name, (low, high) in LIMITS.items():
            value = getattr(self, name)
            if value is None and name == "target":
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesetError(
                    "err.ruleset.not_whole_number", setting=_said(name), low=low, high=high
                )
            if not low <= value <= high:
                raise RulesetError(
                    "err.ruleset.out_of_range", setting=_said(name), low=low, high=high, value=value
                )
        choices: tuple[tuple[str, type[StrEnum]], ...] = (
            ("variant", Variant),
            ("next_dealer", NextDealer),
            ("scoring", Scoring),
            ("match", MatchForm),
            ("team_scoring", TeamScoring),
        )
        for name, kind in choices:
            try:
                object.__setattr__(self, name, kind(getattr(self, name)))
            except ValueError as exc:
                allowed = ", ".join(v.value for v in kind)
                raise RulesetError(
                    "err.ruleset.one_of", setting=_said(name), allowed=allowed
                ) from exc
        if self.match_games % 2 == 0:
            raise RulesetError("err.ruleset.match_games_odd")
        if self.match is not MatchForm.OFF and self.scoring is Scoring.HOLLYWOOD:
            raise RulesetError("err.ruleset.hollywood_match")
        for name in ("shutout", "fiftieth_card_rule", "oklahoma_spade_double"):
            if not isinstance(getattr(self, name), bool):
                raise RulesetError("err.ruleset.on_or_off", setting=_said(name))

    @property
    def effective_target(self) -> int:
        if self.match is MatchForm.MULTI:
            return MULTI_MATCH_TARGET
        if self.target is not None:
            return self.target
        if self.match is MatchForm.BEST_OF:
            return MATCH_GAME_TARGET
        return 150 if self.variant is Variant.OKLAHOMA else 100

    @property
    def team_target(self) -> int:
        """A partnership game's target: the set target, else 125."""
        return TEAM_TARGET if self.target is None else self.target

    def team_rules(self) -> TeamRules:
        return TeamRules(self.team_scoring)

    def for_table(self) -> Ruleset:
        """The rules of one partnership table: a single hand, so no match and
        no Hollywood columns (the team game keeps the score)."""
        return replace(self, match=MatchForm.OFF, scoring=Scoring.STANDARD)

    def match_format(self) -> MatchFormat | None:
        """The match these rules play, or None for a single game."""
        if self.match is MatchForm.OFF:
            return None
        return MatchFormat(self.match, self.match_games, self.match_target)

    def knock_limit(self, upcard_rank: int) -> int:
        """Knock limit for a hand whose first upcard has ``upcard_rank`` (0 = ace)."""
        if self.variant is Variant.GIN_ONLY:
            return 0
        if self.variant is Variant.OKLAHOMA:
            if upcard_rank == 0:
                return 0
            return min(upcard_rank + 1, 10)
        return 10

    def with_setting(self, name: str, value: Any) -> Ruleset:
        """A copy with one setting changed from text or a value; validates."""
        names = {f.name for f in fields(self)}
        if name not in names:
            raise RulesetError(
                "err.ruleset.unknown_setting", name=name, settings=", ".join(sorted(names))
            )
        current = getattr(self, name)
        if isinstance(value, str):
            value = _coerce(name, value, current)
        return replace(self, **{name: value})

    def to_dict(self) -> dict[str, Any]:
        """Plain values (enums as their strings), in field order.  Every saved
        move stores its game's rules, so the mapping is built once per
        ruleset (:func:`_ruleset_items`) and only copied here."""
        return dict(_ruleset_items(self))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise RulesetError("err.ruleset.unknown_settings", names=", ".join(sorted(unknown)))
        return cls(**data)


def _said(name: str) -> Phrase:
    """A setting as a refusal names it: its words (in the reader's language),
    not its identifier."""
    return Phrase(f"err.setting.{name}")


_TRUE = {"on", "true", "yes", "1", "y"}
_FALSE = {"off", "false", "no", "0", "n"}


def _coerce(name: str, text: str, current: Any) -> Any:
    t = text.strip().lower()
    if isinstance(current, bool):
        if t in _TRUE:
            return True
        if t in _FALSE:
            return False
        raise RulesetError("err.ruleset.on_or_off", setting=_said(name))
    if name == "target" and t in {"default", "none", ""}:
        return None
    if name in LIMITS:
        try:
            return int(t)
        except ValueError as exc:
            low, high = LIMITS[name]
            raise RulesetError(
                "err.ruleset.not_whole_number", setting=_said(name), low=low, high=high
            ) from exc
    return t


@functools.lru_cache(maxsize=256)
def _ruleset_items(ruleset: Ruleset) -> tuple[tuple[str, Any], ...]:
    """:meth:`Ruleset.to_dict`'s items: a server has one ruleset and its games
    a few, so a small cache keeps ``dataclasses.asdict`` off every move."""
    return tuple(
        (f.name, v.value if isinstance(v := getattr(ruleset, f.name), Enum) else v)
        for f in fields(ruleset)
    )
