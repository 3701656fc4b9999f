"""Typed errors for illegal actions, each naming its words by key.

Every error the engine raises on purpose derives from :class:`EngineError`,
so the layers above can treat "the rules (or a saved state) said no" as one
kind — the Discord layer answers any of them privately, in the player's own
language — and still react to the exact reason where it matters (e.g. treat
``NotYourTurnError`` after a double click as a duplicate).  Errors that live
next to the data they check (:class:`~.cards.CardError`,
:class:`~.rules.RulesetError`, :class:`~.match.MatchError`,
:class:`~.tournament.TournamentError`) derive from the same root.

Why a key and not a sentence: the engine is the standard library only, so it
cannot read the catalogues; an error carries the key of its text in
``bot/locales/<language>/err.po`` (``err.rules.not_your_turn``) and the
values of its placeholders, and the Discord layer words it in the reader's
language.  ``str(err)`` is the English, for logs and tests, from
:data:`ENGLISH`: a copy of the engine's entries of ``en/err.po``, which is the
source (``tests/engine/test_errors.py`` checks the two agree).

A plain ``ValueError`` from the engine (e.g. an impossible bracket size) is
a caller's bug, not a refusal: it is deliberately *not* an ``EngineError``,
so it is logged with its traceback instead of being shown to a player.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final


@dataclass(frozen=True, slots=True)
class Phrase:
    """A placeholder's value that is itself words (a setting's name, the
    reason a saved game can't be read): a key and its own values, worded in
    the same language as the sentence it fills."""

    key: str
    params: Mapping[str, Param] = field(default_factory=dict)


#: What fills a placeholder: a number, a name or card as it is written in
#: every language (``Q♥``, a player's name), or words of their own.
Param = str | int | Phrase


def english(key: str, params: Mapping[str, Param]) -> str:
    """The English of an engine text (:data:`ENGLISH`), placeholders filled;
    a text with plural forms picks its form by ``params["n"]``.  A key the
    engine doesn't know stays as it is (never expected: tests check every
    key the engine raises)."""
    found = ENGLISH.get(key)
    if found is None:
        return key
    values = {
        k: english(v.key, v.params) if isinstance(v, Phrase) else v for k, v in params.items()
    }
    if isinstance(found, tuple):
        found = found[0 if values.get("n") == 1 else 1]
    return found.format(**values) if values else found


class EngineError(ValueError):
    """The root of every engine refusal: the key of its words and their values.

    Still a ``ValueError``, as every engine error was before it existed:
    callers catch them as such (the service's settings and game loading,
    the oracle CLI in ``__main__``)."""

    def __init__(self, key: str, /, **params: Param) -> None:
        super().__init__(key)
        #: The text's key in the ``err`` catalogue.
        self.key = key
        #: The values of its placeholders.
        self.params: dict[str, Param] = params

    def __str__(self) -> str:
        return english(self.key, self.params)


class GameError(EngineError):
    """An action the rules do not allow, raised by :meth:`.game.Game.apply`
    and :meth:`.game.Game.forfeit` (and a saved game that cannot be read:
    :class:`StateError`)."""


class GameOverError(GameError):
    """Raised by ``Game.apply`` / ``Game.forfeit`` when the game has already ended."""


class NotYourTurnError(GameError):
    """Raised by ``Game.apply`` when the seat is not in the game or it is the
    other player's turn."""


class WrongPhaseError(GameError):
    """Right player, wrong kind of action for this moment (e.g. discard before
    drawing, draw twice, pass after the first upcard); raised by ``Game.apply``."""


class CardNotHeldError(GameError):
    """Raised by ``Game.apply`` when a discard or knock names a card the player
    does not hold."""


class CannotThrowBackError(GameError):
    """Raised by ``Game.apply`` when the player discards the card they just
    took from the discard pile."""


class KnockTooHighError(GameError):
    """Raised by ``Game.apply`` when a knock would leave more deadwood than this
    hand's knock limit (the message names the card and the limit, not the
    deadwood: below full assistance that would rate the discard)."""


class NotBigGinError(GameError):
    """Raised by ``Game.apply`` when big gin is claimed without all 11 cards in melds."""


class StateError(GameError):
    """A saved game that cannot be restored (corrupt or from a newer schema),
    raised by :func:`.serialize.game_from_dict` and the team game's
    ``from_dict``; also a team game asked to go on after it ended
    (:meth:`.team_game.TeamGame.seating` / ``forfeit``)."""


#: The English of every text an engine error names: a copy of the engine's
#: entries of ``bot/locales/en/err.po`` (the source; a test checks they are
#: equal).  A tuple is a text with plural forms (one, other), chosen by ``n``.
ENGLISH: Final[Mapping[str, str | tuple[str, str]]] = {
    # The hand state machine (bot/engine/game.py).
    "err.rules.game_over": "This game is over.",
    "err.rules.not_playing": "You're not playing in this game.",
    "err.rules.not_your_turn": "It's {name}'s turn.",
    "err.rules.upcard_before_stock": (
        "First draw the upcard ({card}) or pass; the stock opens after that."
    ),
    "err.rules.upcard_first": "First draw the upcard or pass.",
    "err.rules.stock_only": (
        "You both passed on the upcard, so this draw must come from the stock."
    ),
    "err.rules.pass_only_on_upcard": "You can only pass on the upcard. Draw a card.",
    "err.rules.draw_first": "Draw a card first.",
    "err.rules.fiftieth_card": (
        "The stock is down to 2 cards: draw the top card of the discard pile (then knock "
        "or go gin) or pass."
    ),
    "err.rules.already_drew": "You already drew this turn: discard a card, or knock.",
    "err.rules.not_big_gin": "Big gin needs all 11 of your cards in melds.",
    "err.rules.name_discard": "Name the card to discard.",
    "err.rules.card_not_held": "You don't hold the {card}.",
    "err.rules.discard_drawn_card": (
        "You can't discard the {card} you just drew from the discard pile."
    ),
    "err.rules.knock_over_limit": (
        "You can't knock discarding the {card}: your deadwood would be too high "
        "(this hand's knock limit is {limit})."
    ),
    "err.rules.knock_gin_only": (
        "You can't knock discarding the {card}: your deadwood would be too high "
        "(this hand can only end with gin)."
    ),
    # What a player typed as a card (bot/engine/cards.py).
    "err.card.not_a_card": (
        "“{text}” is not a card. Write a rank (A, 2-10 or T, J, Q, K) followed by a suit "
        "(S H D C or ♠ ♥ ♦ ♣), e.g. 7h, 10S, TD, Q♦."
    ),
    "err.card.nothing": "(nothing)",
    # The ruleset (bot/engine/rules.py), and each setting as a refusal names it.
    "err.ruleset.not_whole_number": "{setting} must be a whole number from {low} to {high}.",
    "err.ruleset.out_of_range": "{setting} must be from {low} to {high} (got {value}).",
    "err.ruleset.one_of": "{setting} must be one of: {allowed}.",
    "err.ruleset.match_games_odd": "match games must be odd: best of 1, 3, 5, 7 or 9.",
    "err.ruleset.hollywood_match": (
        "Hollywood scoring already keeps three games at once: it cannot be a match too."
    ),
    "err.ruleset.on_or_off": "{setting} must be on or off.",
    "err.ruleset.unknown_setting": "Unknown setting “{name}”. Settings: {settings}.",
    "err.ruleset.unknown_settings": "Unknown settings: {names}.",
    "err.setting.variant": "variant",
    "err.setting.target": "target",
    "err.setting.gin_bonus": "gin bonus",
    "err.setting.big_gin_bonus": "big gin bonus",
    "err.setting.undercut_bonus": "undercut bonus",
    "err.setting.game_bonus": "game bonus",
    "err.setting.line_bonus": "line bonus",
    "err.setting.shutout": "shutout",
    "err.setting.next_dealer": "next dealer",
    "err.setting.fiftieth_card_rule": "fiftieth card rule",
    "err.setting.oklahoma_spade_double": "oklahoma spade double",
    "err.setting.scoring": "scoring",
    "err.setting.match": "match",
    "err.setting.match_games": "match games",
    "err.setting.match_target": "match target",
    "err.setting.team_scoring": "team scoring",
    # Matches (bot/engine/match.py).
    "err.match.form": "A match is best_of or multi.",
    "err.match.best_of": "A match is best of 1, 3, 5, 7 or 9 games.",
    "err.match.multi_target": "A multi-match game target must be from 100 to 5000.",
    "err.match.after_decided": "A game was played after the match was decided.",
    # Tournaments (bot/engine/tournament.py).
    "err.tournament.too_few": (
        "A tournament needs at least {n} player.",
        "A tournament needs at least {n} players.",
    ),
    "err.tournament.too_many": (
        "A tournament takes at most {n} player.",
        "A tournament takes at most {n} players.",
    ),
    "err.tournament.entered_twice": "A player can only enter a tournament once.",
    "err.tournament.not_entered": "That player is not in this tournament.",
    "err.tournament.bye_not_a_match": "A bye is not a match.",
    "err.tournament.already_played": "That match has already been played.",
    "err.tournament.players_unknown": "That match's players are not known yet.",
    "err.tournament.under_way": "That match is already under way.",
    "err.tournament.player_busy": "A player of that match is still playing another match.",
    "err.tournament.bye_no_result": "A bye is not a match: it has no result to record.",
    "err.tournament.already_recorded": "That match's result is already recorded.",
    "err.tournament.winner_not_a_player": "The winner must be one of the match's two players.",
    "err.tournament.points": "A match's points are two whole numbers, 0 or more.",
    "err.tournament.saved_schema": "Saved tournament has schema {schema}.",
    "err.tournament.saved_unreadable": "Saved tournament is unreadable: {detail}",
    "err.tournament.saved_mismatch": "Saved tournament does not match its own results.",
    "err.tournament.no_such_match": "There is no match {key} in this tournament.",
    # Saved games and team games (bot/engine/serialize.py, bot/engine/team_game.py).
    "err.state.missing": "no state",
    "err.state.unknown_card": "Saved game holds an unknown card {code}.",
    "err.state.schema": "Saved game has schema {schema}; this engine reads {version}.",
    "err.state.damaged": "Saved game is damaged: {detail}",
    "err.state.not_52_cards": "Saved game does not hold exactly the 52 cards.",
    "err.state.team_game_over": "The team game is over.",
    "err.state.team_damaged": "Saved team game is damaged: {detail}",
    # Replaying a stored hand (bot/engine/replay.py).
    "err.replay.hand_unfinished": "hand {number} does not finish in these moves",
}
