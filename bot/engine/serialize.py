"""Game ⇄ plain dict (JSON-ready), with a schema version.

Restores a game exactly, stock order and RNG seed included, so a game
reloaded from the database plays on as if it had never left memory.  Cards are
stored as two-letter codes (``TD``) so a stored game is readable by people.

The arrow points one way: this module knows :class:`Game`, the game knows
nothing of how it is stored (callers use :func:`game_to_dict` and
:func:`game_from_dict`, not methods on the game).
"""

from __future__ import annotations

from typing import Any, cast

from . import errors
from .cards import CARDS, Card, cards_of, mask_of
from .game import Game
from .melds import Meld
from .partnership import TableInfo
from .records import Event, EventKind, GameEnd, GameResult, HandEnd, HandResult, Phase, SeatTally
from .rules import Ruleset

SCHEMA_VERSION = 1
_CODE_TO_CARD = {c.code: c for c in CARDS}
#: Each card's code by its int: looked up, not built, on every save.
_CODE_OF = tuple(c.code for c in CARDS)


def _code(card: Card | None) -> str | None:
    return None if card is None else _CODE_OF[card]


def _card(code: Any) -> Card:
    try:
        return _CODE_TO_CARD[code]
    except (KeyError, TypeError) as exc:
        raise errors.StateError("err.state.unknown_card", code=repr(code)) from exc


def _opt_card(code: Any) -> Card | None:
    return None if code is None else _card(code)


def _codes(cards: Any) -> list[str]:
    return [_CODE_OF[c] for c in cards]


def _cards(codes: Any) -> tuple[Card, ...]:
    return tuple(_card(c) for c in codes)


def _melds(data: Any) -> tuple[Meld, ...]:
    return tuple(Meld(_cards(m)) for m in data)


def event_to_dict(e: Event) -> dict[str, Any]:
    return {
        "kind": e.kind.value,
        "seat": e.seat,
        "card": _code(e.card),
        "private_card": _code(e.private_card),
    }


def event_from_dict(d: dict[str, Any]) -> Event:
    return Event(
        EventKind(d["kind"]), int(d["seat"]), _opt_card(d["card"]), _opt_card(d["private_card"])
    )


def hand_result_to_dict(r: HandResult) -> dict[str, Any]:
    return {
        "number": r.number,
        "end": r.end.value,
        "knocker": r.knocker,
        "winner": r.winner,
        "points": r.points,
        "doubled": r.doubled,
        "knock_limit": r.knock_limit,
        "knocker_melds": [m.codes for m in r.knocker_melds],
        "knocker_deadwood": _codes(r.knocker_deadwood),
        "knocker_discard": _code(r.knocker_discard),
        "defender_melds": [m.codes for m in r.defender_melds],
        "defender_deadwood": _codes(r.defender_deadwood),
        "layoffs": [[c.code, i] for c, i in r.layoffs],
        "knocker_value": r.knocker_value,
        "defender_value": r.defender_value,
        "totals": list(r.totals),
    }


def hand_result_from_dict(d: dict[str, Any]) -> HandResult:
    totals = d["totals"]
    return HandResult(
        number=int(d["number"]),
        end=HandEnd(d["end"]),
        knocker=d["knocker"],
        winner=d["winner"],
        points=int(d["points"]),
        doubled=bool(d["doubled"]),
        knock_limit=int(d["knock_limit"]),
        knocker_melds=_melds(d["knocker_melds"]),
        knocker_deadwood=_cards(d["knocker_deadwood"]),
        knocker_discard=_opt_card(d["knocker_discard"]),
        defender_melds=_melds(d["defender_melds"]),
        defender_deadwood=_cards(d["defender_deadwood"]),
        layoffs=tuple((_card(c), int(i)) for c, i in d["layoffs"]),
        knocker_value=int(d["knocker_value"]),
        defender_value=int(d["defender_value"]),
        totals=(int(totals[0]), int(totals[1])),
    )


def game_result_to_dict(r: GameResult) -> dict[str, Any]:
    return {
        "winner": r.winner,
        "reason": r.reason,
        "tallies": [
            {
                "hand_points": t.hand_points,
                "shutout": t.shutout,
                "hands_won": t.hands_won,
                "line_bonus": t.line_bonus,
                "game_bonus": t.game_bonus,
            }
            for t in r.tallies
        ],
    }


def game_result_from_dict(d: dict[str, Any]) -> GameResult:
    t = [SeatTally(**x) for x in d["tallies"]]
    return GameResult(int(d["winner"]), GameEnd(str(d["reason"])), (t[0], t[1]))


def game_to_dict(g: Game) -> dict[str, object]:
    data = game_state_to_dict(g)
    data["ruleset"] = g.ruleset.to_dict()
    data["history"] = [hand_result_to_dict(h) for h in g.history]
    data["pile_history"] = [event_to_dict(e) for e in g.pile_history]
    return data


def game_state_to_dict(g: Game) -> dict[str, object]:
    """:func:`game_to_dict` without the parts a move never changes: the
    ``ruleset``, and the records that only grow as the game is played
    (``history``: its finished hands; ``pile_history``: the hand's events).
    Those are frozen values, shared by every later version of the game, so a
    caller saving every move can encode each of them once."""
    return {
        "schema": SCHEMA_VERSION,
        "names": list(g.names),
        "seed": g.seed,
        "first_dealer": g.first_dealer,
        "dealer": g.dealer,
        "hand_number": g.hand_number,
        "phase": g.phase.value,
        "turn": g.turn,
        "hands": [_codes(cards_of(h)) for h in g.hands],
        "stock": _codes(g.stock),
        "pile": _codes(g.pile),
        "known": [_codes(cards_of(k)) for k in g.known],
        "knock_limit": g.knock_limit,
        "spade_double": g.spade_double,
        "passes": g.passes,
        "stock_only": g.stock_only,
        "drawn": _code(g.drawn),
        "drawn_from_pile": g.drawn_from_pile,
        "fiftieth_take": g.fiftieth_take,
        "scores": list(g.scores),
        "hands_won": list(g.hands_won),
        "match_results": [game_result_to_dict(r) for r in g.match_results],
        "last_events": [event_to_dict(e) for e in g.last_events],
        "result": None if g.result is None else game_result_to_dict(g.result),
        "table": None if g.table is None else g.table.to_dict(),
    }


def game_from_dict(data: dict[str, object]) -> Game:
    d = cast(dict[str, Any], data)
    schema = d.get("schema")
    if schema != SCHEMA_VERSION:
        raise errors.StateError("err.state.schema", schema=repr(schema), version=SCHEMA_VERSION)
    try:
        names = d["names"]
        g = Game(Ruleset.from_dict(d["ruleset"]), (str(names[0]), str(names[1])), int(d["seed"]), 0)
        g.first_dealer = int(d["first_dealer"])
        g.dealer = int(d["dealer"])
        g.hand_number = int(d["hand_number"])
        g.phase = Phase(d["phase"])
        g.turn = d["turn"]
        g.hands = [mask_of(_cards(h)) for h in d["hands"]]
        g.stock = list(_cards(d["stock"]))
        g.pile = list(_cards(d["pile"]))
        g.known = [mask_of(_cards(k)) for k in d["known"]]
        g.knock_limit = int(d["knock_limit"])
        g.spade_double = bool(d["spade_double"])
        g.passes = int(d["passes"])
        g.stock_only = bool(d["stock_only"])
        g.drawn = _opt_card(d["drawn"])
        g.drawn_from_pile = bool(d["drawn_from_pile"])
        g.fiftieth_take = bool(d["fiftieth_take"])
        g.scores = [int(x) for x in d["scores"]]
        g.hands_won = [int(x) for x in d["hands_won"]]
        g.history = [hand_result_from_dict(h) for h in d["history"]]
        g.match_results = [game_result_from_dict(r) for r in d.get("match_results", [])]
        g.last_events = tuple(event_from_dict(e) for e in d["last_events"])
        # Games stored before the pile history existed load with none.
        g.pile_history = [event_from_dict(e) for e in d.get("pile_history", [])]
        g.result = None if d["result"] is None else game_result_from_dict(d["result"])
        table = d.get("table")
        g.table = None if table is None else TableInfo.from_dict(table)
    except errors.StateError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise errors.StateError("err.state.damaged", detail=str(exc)) from exc
    all_cards = g.hands[0] | g.hands[1] | mask_of(g.stock) | mask_of(g.pile)
    count = g.hands[0].bit_count() + g.hands[1].bit_count() + len(g.stock) + len(g.pile)
    if g.phase is not Phase.GAME_OVER and (count != 52 or all_cards != (1 << 52) - 1):
        raise errors.StateError("err.state.not_52_cards")
    return g


__all__ = [
    "SCHEMA_VERSION",
    "event_from_dict",
    "event_to_dict",
    "game_from_dict",
    "game_result_from_dict",
    "game_result_to_dict",
    "game_state_to_dict",
    "game_to_dict",
    "hand_result_from_dict",
    "hand_result_to_dict",
]
