"""The oracle: JSON lines in, one integer per line out.

``{"op":"min_deadwood","cards":[...]}`` → least deadwood (11 cards: after the
best discard); ``{"op":"layoff_deadwood","knocker_melds":[[...]],"cards":[...]}``
→ the defender's least deadwood after melding and laying off.  Lets anyone
cross-check this engine against another solver.  A bad line prints
``error: <reason>`` on that line's place and the exit status becomes 1.
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from .cards import CardError, parse_cards
from .melds import Meld, layoff_deadwood, min_deadwood


def answer(request: dict[str, Any]) -> int:
    op = request.get("op")
    cards = parse_cards(request["cards"])
    if len(set(cards)) != len(cards):
        raise ValueError("a card appears twice")
    if op == "min_deadwood":
        if not 0 < len(cards) <= 11:
            raise ValueError("min_deadwood takes 1 to 11 cards")
        return min_deadwood(cards)
    if op == "layoff_deadwood":
        melds = [Meld(tuple(sorted(parse_cards(m)))) for m in request["knocker_melds"]]
        return layoff_deadwood(cards, melds)
    raise ValueError(f"unknown op {op!r} (use min_deadwood or layoff_deadwood)")


def run(stdin: TextIO, stdout: TextIO) -> int:
    status = 0
    for line in stdin:
        if not line.strip():
            continue
        try:
            stdout.write(f"{answer(json.loads(line))}\n")
        except (CardError, ValueError, KeyError, TypeError) as exc:
            stdout.write(f"error: {exc}\n")
            status = 1
    stdout.flush()
    return status


def main() -> None:
    sys.exit(run(sys.stdin, sys.stdout))


if __name__ == "__main__":
    main()
