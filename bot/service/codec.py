"""Engine objects ⇄ the text stored in the database, and cheap game copies."""

from __future__ import annotations

import copy
import json
from typing import Any

from bot.engine import Game, Ruleset, game_from_dict, game_to_dict

_COMPACT = (",", ":")


def dump_state(game: Game) -> str:
    return json.dumps(game_to_dict(game), separators=_COMPACT)


def load_state(text: str) -> Game:
    """Raises the engine's ``StateError`` for a damaged state."""
    return game_from_dict(json.loads(text))


def dump_ruleset(ruleset: Ruleset) -> str:
    return json.dumps(ruleset.to_dict(), separators=_COMPACT)


def load_ruleset(text: str) -> Ruleset:
    data: dict[str, Any] = json.loads(text)
    return Ruleset.from_dict(data)


def clone_game(game: Game) -> Game:
    """A copy that can take a move without touching ``game``.

    A committed :class:`Game` is shared (cached, and handed out in
    snapshots that the Discord layer renders), so it is never mutated: each
    move is applied to a clone, which becomes the committed object only once
    the transaction commits.  The engine keeps its mutable state in plain
    containers of immutable values (ints, cards, frozen records), so copying
    each container one level deep is a full copy at a fraction of the cost
    of ``deepcopy`` or a JSON round trip.
    """
    new = copy.copy(game)
    attrs = new.__dict__
    for name, value in attrs.items():
        if isinstance(value, list | dict | set):
            attrs[name] = value.copy()
    return new
