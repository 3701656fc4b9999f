"""Pure gin rummy rules: cards, melds, the hand state machine, scoring, views.

Standard library only and no I/O, so every other layer (storage, service,
renderer, computer opponent, bot) can trust it and test against it cheaply.
"""

from .assist import Assist
from .cards import CARDS, Card, CardError, format_cards, parse_card, parse_cards
from .errors import (
    CannotThrowBackError,
    CardNotHeldError,
    EngineError,
    GameError,
    GameOverError,
    KnockTooHighError,
    NotBigGinError,
    NotYourTurnError,
    StateError,
    WrongPhaseError,
)
from .game import Game
from .match import MatchError, MatchForm
from .melds import (
    Arrangement,
    Layoff,
    Meld,
    arrangements,
    best_arrangement,
    best_discards,
    best_layoff,
    knock_value_mask,
    layoff_deadwood,
    min_deadwood,
    min_deadwood_mask,
)
from .records import (
    Action,
    ActionKind,
    Event,
    EventKind,
    GameEnd,
    GameResult,
    HandEnd,
    HandResult,
    Outcome,
    Phase,
    SeatTally,
)
from .replay import HandNotFinishedError
from .rules import NextDealer, Ruleset, RulesetError, Scoring, Variant
from .serialize import (
    event_to_dict,
    game_from_dict,
    game_state_to_dict,
    game_to_dict,
    hand_result_to_dict,
)
from .tournament import Bracket, Entrant, TournamentError, TournamentFormat, TournamentView
from .views import PublicView, SeatView

__all__ = [
    "CARDS",
    "Action",
    "ActionKind",
    "Arrangement",
    "Assist",
    "Bracket",
    "CannotThrowBackError",
    "Card",
    "CardError",
    "CardNotHeldError",
    "EngineError",
    "Entrant",
    "Event",
    "EventKind",
    "Game",
    "GameEnd",
    "GameError",
    "GameOverError",
    "GameResult",
    "HandEnd",
    "HandNotFinishedError",
    "HandResult",
    "KnockTooHighError",
    "Layoff",
    "MatchError",
    "MatchForm",
    "Meld",
    "NextDealer",
    "NotBigGinError",
    "NotYourTurnError",
    "Outcome",
    "Phase",
    "PublicView",
    "Ruleset",
    "RulesetError",
    "Scoring",
    "SeatTally",
    "SeatView",
    "StateError",
    "TournamentError",
    "TournamentFormat",
    "TournamentView",
    "Variant",
    "WrongPhaseError",
    "arrangements",
    "best_arrangement",
    "best_discards",
    "best_layoff",
    "event_to_dict",
    "format_cards",
    "game_from_dict",
    "game_state_to_dict",
    "game_to_dict",
    "hand_result_to_dict",
    "knock_value_mask",
    "layoff_deadwood",
    "min_deadwood",
    "min_deadwood_mask",
    "parse_card",
    "parse_cards",
]
