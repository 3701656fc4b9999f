"""The daily puzzle: a position's question, and its answer.

A puzzle is one moment of a hand between two hard players, at the point
where one of them has drawn and must act.  Two kinds:

* **discard** — "which card do you discard?": every card you may discard is
  a choice;
* **knock** — "knock now or play on?": you could knock, and the question is
  whether you should.

**How the answer is found.**  From the seat's own view — what a player in
that seat could know, never the other hand — the hard level's opponent model
(:func:`~bot.ai.inference.sample_worlds`) guesses the hidden cards, and every
choice is played out (:func:`~bot.ai.lookahead.playout`) over the *same*
worlds and stock orders, so the choices are compared on equal luck.  A
choice's score is the mean of its hand points from your side.  A knock is
scored exactly in each world by the engine (its layoffs and undercut), less
hard's own allowance for the model's optimism about knocking
(:func:`~bot.ai.hard.knock_margin`: its sampled hands are a little weaker than
real ones).

**Which positions become puzzles.**  Only those whose best choice is
*clearly* better than the second (:func:`clear`): by at least
:data:`MIN_MARGIN` points a hand, and by :data:`Z_MARGIN` standard errors of
the paired difference over the play-outs.  A discard puzzle must also not be
obvious (:func:`position_kind`): at least two choices leave within
:data:`CLOSE_DEADWOOD` of the least deadwood.  The day picks the kind
(alternate days, :func:`kind_of_day`) and the seeds of its games
(:func:`puzzle_seed`: a hash of the day, never a live game's seed).

Like the levels, this module sees a seat's view only, never the game: the
seeded self-play that finds the day's position, and the replay of a stored
puzzle's position, are the service's (:mod:`bot.service.puzzle_maker`).

Pure and synchronous (seconds of CPU): the service runs it in a worker
process, ahead of time.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from typing import Any, Final

from bot.engine.cards import CARDS, Card
from bot.engine.melds import best_arrangement, knock_value_mask, min_deadwood_mask
from bot.engine.records import Action, ActionKind, EventKind
from bot.engine.views import SeatView

from . import hard
from .heuristics import allowed_discards, bits, danger, neighbours, value
from .inference import sample_worlds
from .knowledge import Knowledge, knowledge_of
from .lookahead import Scoring, World, knock_points, playout
from .memory import memory_of

#: A clear answer beats the second best by at least this many points a hand...
MIN_MARGIN: Final = 1.5
#: ... and by this many standard errors of the paired difference.
Z_MARGIN: Final = 3.0
#: Worlds sampled per position, and stock orders played per world; the
#: sampling is done :data:`REPLICATES` times over, independently, so that
#: the answer is seen to hold against other guesses of the hidden cards, not
#: only against other stock orders (a single sample of worlds varies more
#: than its play-outs show).
WORLDS: Final = 32
STOCKS: Final = 4
REPLICATES: Final = 4
#: A discard puzzle needs two choices within this much of the least deadwood.
CLOSE_DEADWOOD: Final = 3
#: The choices of a knock puzzle.
KNOCK: Final = "knock"
PLAY_ON: Final = "play_on"
#: A danger (:func:`~bot.ai.heuristics.danger`) from which a card is live
#: for the opponent: one partner known in their hand, or a likely run.
LIVE_DANGER: Final = 2.0


class PuzzleKind(StrEnum):
    """The question a puzzle asks (stored: the values never change)."""

    DISCARD = "discard"
    KNOCK = "knock"


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer and what the evaluation found for it.

    ``key`` is a card's code (``9S``) in a discard puzzle, :data:`KNOCK` or
    :data:`PLAY_ON` in a knock puzzle; ``card`` the card discarded (a knock's
    discard, or the best discard to play on with)."""

    key: str
    card: int
    #: Mean hand points from your side over the play-outs (negative: you lose).
    points: float
    #: The engine's exact deadwood of the ten cards kept, and their melds.
    deadwood: int
    melds: tuple[tuple[int, ...], ...]
    #: Unseen cards that would lower that deadwood if drawn.
    outs: int
    #: Cards the opponent drew from the discard pile that sit beside ``card``.
    feeds: tuple[int, ...]
    #: ``card`` is likely to help the opponent (:data:`LIVE_DANGER`).
    live: bool
    #: A knock: the share of the play-outs in which you are undercut.
    undercut: float = 0.0


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A day's puzzle: the position, the choices (best first), the answer."""

    day: str  # ISO date, UTC
    kind: PuzzleKind
    #: The self-play game (which of the day's, its seed) and the actions
    #: from its deal to here.
    game: int
    seed: int
    moves: tuple[str, ...]
    seat: int
    hand: tuple[int, ...]  # the eleven cards, in display order
    drawn: int
    drawn_from_pile: bool
    pile: tuple[int, ...]  # the discard pile, bottom first
    stock: int
    knock_limit: int
    #: The opponent's last turn: the card they drew from the discard pile
    #: (``None``: from the stock, passing on ``opp_passed``), and their discard.
    opp_took: int | None
    opp_passed: int | None
    opp_discarded: int | None
    #: Cards the opponent drew from the discard pile and still holds.
    opp_known: tuple[int, ...]
    choices: tuple[Choice, ...]
    answer: str
    margin: float
    playouts: int

    @property
    def best(self) -> Choice:
        return self.choices[0]

    @property
    def runner_up(self) -> Choice:
        return self.choices[1]

    @property
    def top(self) -> int | None:
        """The discard pile's top card."""
        return self.pile[-1] if self.pile else None

    def choice(self, key: str) -> Choice | None:
        return next((c for c in self.choices if c.key == key), None)


@dataclass(frozen=True, slots=True)
class Check:
    """A fresh evaluation of a stored puzzle
    (:func:`~bot.service.puzzle_maker.check_puzzle`)."""

    answer: str
    margin: float
    agrees: bool


# --- the day ---------------------------------------------------------------------------


def puzzle_seed(day: date, game: int) -> int:
    """The seed of the day's ``game``-th self-play game: a hash of the day,
    in the range of the bot's own game seeds but drawn from no RNG a live
    game uses."""
    digest = hashlib.sha256(f"gin-puzzle:{day.isoformat()}:{game}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def kind_of_day(day: date) -> PuzzleKind:
    """Discard puzzles and knock puzzles on alternate days."""
    return PuzzleKind.KNOCK if day.toordinal() % 2 else PuzzleKind.DISCARD


def wanted_answer(day: date) -> str | None:
    """Every other knock puzzle looks for a position where knocking is
    right: the play-outs favour playing on more often, and a puzzle whose
    answer is always the same teaches nothing."""
    if kind_of_day(day) is PuzzleKind.KNOCK and (day.toordinal() // 2) % 2 == 0:
        return KNOCK
    return None


@dataclass(frozen=True, slots=True)
class Size:
    """How many play-outs an evaluation runs (see :func:`evaluate`)."""

    worlds: int = WORLDS
    stocks: int = STOCKS
    replicates: int = REPLICATES


def position_kind(view: SeatView) -> PuzzleKind | None:
    """The question this position can ask, if any: a knock that is not gin
    makes a knock puzzle; without a knock, a discard with two or more close
    candidates makes a discard puzzle."""
    legal = view.legal
    if ActionKind.BIG_GIN in legal or view.public.stock_count <= 2:
        return None
    hand = _mask(view.hand)
    cards = allowed_discards(view)
    after = {c: min_deadwood_mask(hand & ~(1 << c)) for c in cards}
    least = min(after.values())
    if ActionKind.KNOCK in legal:
        return PuzzleKind.KNOCK if least > 0 else None
    close = sum(1 for d in after.values() if d <= least + CLOSE_DEADWOOD)
    return PuzzleKind.DISCARD if close >= 2 else None


# --- evaluating a position -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Every choice's score (best first) with its play-out samples, in
    :attr:`replicates` equal runs, each over worlds sampled on their own."""

    choices: tuple[Choice, ...]
    samples: tuple[tuple[float, ...], ...]
    replicates: int

    @property
    def margin(self) -> float:
        return self.choices[0].points - self.choices[1].points

    def replicate_means(self, index: int) -> list[float]:
        """The mean of choice ``index`` in each replicate."""
        samples = self.samples[index]
        size = len(samples) // self.replicates
        return [_mean(samples[r * size : (r + 1) * size]) for r in range(self.replicates)]

    @property
    def best_everywhere(self) -> bool:
        """The best choice is the best in every replicate on its own."""
        means = [self.replicate_means(i) for i in range(len(self.choices))]
        return all(means[0][r] > max(m[r] for m in means[1:]) for r in range(self.replicates))

    @property
    def standard_error(self) -> float:
        """Of the margin, from how much it varies between replicates."""
        best, second = self.replicate_means(0), self.replicate_means(1)
        margins = [a - b for a, b in zip(best, second, strict=True)]
        n = len(margins)
        if n < 2:
            return math.inf
        mean = sum(margins) / n
        var = sum((m - mean) ** 2 for m in margins) / (n - 1)
        return math.sqrt(var / n)


def clear(found: Evaluation) -> bool:
    """The margin rule (module doc): the best beats the second by
    :data:`MIN_MARGIN` points and :data:`Z_MARGIN` standard errors, and is
    the best in every replicate."""
    return (
        found.margin >= max(MIN_MARGIN, Z_MARGIN * found.standard_error) and found.best_everywhere
    )


def evaluate(
    view: SeatView,
    kind: PuzzleKind,
    rng: random.Random,
    *,
    worlds: int = WORLDS,
    stocks: int = STOCKS,
    replicates: int = REPLICATES,
) -> Evaluation | None:
    """Score every choice of ``view`` over the same sampled worlds (see the
    module doc); ``None`` if it offers fewer than two."""
    k = knowledge_of(view)
    rules = view.public.ruleset
    scoring = Scoring(rules.gin_bonus, rules.undercut_bonus, k.knock_limit)
    memory = memory_of(view)
    plays: list[World] = []
    for _ in range(replicates):
        plays += _with_stocks(sample_worlds(k, memory, rng, worlds), stocks, rng)
    cards = allowed_discards(view)
    waits = {c: _wait_samples(k.hand & ~(1 << c), c, plays, scoring) for c in cards}
    scored: list[tuple[Choice, tuple[float, ...]]] = []
    if kind is PuzzleKind.DISCARD:
        for c in cards:
            scored.append((_choice(CARDS[c].code, c, waits[c], k), waits[c]))
    else:
        after = {c: min_deadwood_mask(k.hand & ~(1 << c)) for c in cards}
        least = min(after.values())
        knockers = sorted((c for c in cards if after[c] == least), key=lambda c: (-value(c), c))
        optimism = hard.knock_margin(k.stock)
        knock_best: tuple[float, int, tuple[float, ...], float] | None = None
        for c in knockers[: hard.KNOCK_CARDS]:
            points = [knock_points(k.hand & ~(1 << c), least, w.opp, scoring) for w in plays]
            shifted = tuple(p - optimism for p in points)
            mean = _mean(shifted)
            undercut = sum(1 for p in points if p < 0) / len(points)
            if knock_best is None or mean > knock_best[0]:
                knock_best = (mean, c, shifted, undercut)
        assert knock_best is not None
        _, knock_card, knock_samples, undercut = knock_best
        on_card = max(cards, key=lambda c: (_mean(waits[c]), -after[c], value(c)))
        knock = _choice(KNOCK, knock_card, knock_samples, k)
        scored.append((_with_undercut(knock, undercut), knock_samples))
        scored.append((_choice(PLAY_ON, on_card, waits[on_card], k), waits[on_card]))
    if len(scored) < 2:
        return None
    scored.sort(key=lambda pair: (-pair[0].points, pair[0].deadwood, -value(pair[0].card)))
    return Evaluation(tuple(c for c, _ in scored), tuple(s for _, s in scored), replicates)


def _with_stocks(sampled: list[World], stocks: int, rng: random.Random) -> list[World]:
    """Each world with ``stocks`` orders of its stock (the stock order moves
    a play-out far more than the opponent's hand)."""
    out = []
    for w in sampled:
        out.append(w)
        for _ in range(stocks - 1):
            stock = list(w.stock)
            rng.shuffle(stock)
            out.append(World(w.opp, tuple(stock), w.weight))
    return out


def _wait_samples(
    hand10: int, thrown: int, plays: Sequence[World], scoring: Scoring
) -> tuple[float, ...]:
    return tuple(playout(hand10, w.opp, thrown, list(w.stock), scoring) for w in plays)


def _mean(samples: Sequence[float]) -> float:
    return sum(samples) / len(samples)


def _choice(key: str, card: int, samples: Sequence[float], k: Knowledge) -> Choice:
    """A choice with the engine's exact facts about the ten cards it keeps."""
    kept = k.hand & ~(1 << card)
    arrangement = best_arrangement(kept)
    deadwood = arrangement.deadwood_value
    outs = sum(1 for u in bits(k.unseen) if knock_value_mask(kept | (1 << u)) < deadwood)
    feeds = tuple(bits(k.opp_known & neighbours(card)))
    return Choice(
        key=key,
        card=card,
        points=round(_mean(samples), 2),
        deadwood=deadwood,
        melds=tuple(tuple(int(c) for c in m.cards) for m in arrangement.melds),
        outs=outs,
        feeds=feeds,
        live=danger(card, k) >= LIVE_DANGER,
    )


def _with_undercut(choice: Choice, undercut: float) -> Choice:
    return Choice(**{**_fields(choice), "undercut": round(undercut, 3)})


def puzzle_at(
    day: date,
    game: int,
    kind: PuzzleKind,
    seed: int,
    moves: tuple[str, ...],
    view: SeatView,
    found: Evaluation,
) -> Puzzle:
    """The puzzle of ``view`` (the ``game``-th of ``day``'s self-play games,
    dealt from ``seed``, reached by ``moves``) whose choices ``found`` scored."""
    took, passed, discarded = _opponents_turn(view)
    assert view.drawn is not None
    return Puzzle(
        day=day.isoformat(),
        kind=kind,
        game=game,
        seed=seed,
        moves=moves,
        seat=view.seat,
        hand=tuple(int(c) for c in view.hand),
        drawn=int(view.drawn),
        drawn_from_pile=view.drawn_from_pile,
        pile=tuple(int(c) for c in view.public.discard_pile),
        stock=view.public.stock_count,
        knock_limit=view.public.knock_limit,
        opp_took=took,
        opp_passed=passed,
        opp_discarded=discarded,
        opp_known=tuple(int(c) for c in view.opponent_known),
        choices=found.choices,
        answer=found.choices[0].key,
        margin=round(found.margin, 2),
        playouts=len(found.samples[0]),
    )


def _opponents_turn(view: SeatView) -> tuple[int | None, int | None, int | None]:
    """(drew from the discard pile, passed on, discarded) on the opponent's last turn."""
    opp = view.opponent
    events = [e for e in view.public.pile_history if e.seat == opp and e.card is not None]
    for i in range(len(events) - 1, -1, -1):
        if events[i].kind is EventKind.DISCARD:
            before = events[i - 1] if i > 0 else None
            discarded = int(events[i].card or 0)
            if before is not None and before.kind is EventKind.TAKE_DISCARD:
                return int(before.card or 0), None, discarded
            if before is not None and before.kind is EventKind.PASS:
                return None, int(before.card or 0), discarded
            return None, None, discarded
    return None, None, None


# --- the moves of a stored puzzle -------------------------------------------------------------


def encode(action: Action) -> str:
    """An action as a short word: ``s``, ``t``, ``p``, ``b``, ``d:12``, ``k:12``."""
    short = {
        ActionKind.DRAW_STOCK: "s",
        ActionKind.TAKE_DISCARD: "t",
        ActionKind.PASS: "p",
        ActionKind.BIG_GIN: "b",
        ActionKind.DISCARD: "d",
        ActionKind.KNOCK: "k",
    }[action.kind]
    return short if action.card is None else f"{short}:{int(action.card)}"


def decode(word: str) -> Action:
    short, _, card = word.partition(":")
    kind = {
        "s": ActionKind.DRAW_STOCK,
        "t": ActionKind.TAKE_DISCARD,
        "p": ActionKind.PASS,
        "b": ActionKind.BIG_GIN,
        "d": ActionKind.DISCARD,
        "k": ActionKind.KNOCK,
    }[short]
    return Action(kind, CARDS[int(card)] if card else None)


# --- storing ------------------------------------------------------------------------------


def _fields(obj: Any) -> dict[str, Any]:
    return {name: getattr(obj, name) for name in obj.__dataclass_fields__}


def to_dict(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle as JSON-ready values (cards as ints)."""
    out = _fields(puzzle)
    out["kind"] = puzzle.kind.value
    out["moves"] = list(puzzle.moves)
    out["choices"] = [
        {**_fields(c), "melds": [list(m) for m in c.melds], "feeds": list(c.feeds)}
        for c in puzzle.choices
    ]
    for name in ("hand", "pile", "opp_known"):
        out[name] = list(out[name])
    return out


def from_dict(data: dict[str, Any]) -> Puzzle:
    """:func:`to_dict` read back."""
    choices = tuple(
        Choice(
            key=str(c["key"]),
            card=int(c["card"]),
            points=float(c["points"]),
            deadwood=int(c["deadwood"]),
            melds=tuple(tuple(int(x) for x in m) for m in c["melds"]),
            outs=int(c["outs"]),
            feeds=tuple(int(x) for x in c["feeds"]),
            live=bool(c["live"]),
            undercut=float(c.get("undercut", 0.0)),
        )
        for c in data["choices"]
    )

    def card_or_none(name: str) -> int | None:
        v = data.get(name)
        return None if v is None else int(v)

    return Puzzle(
        day=str(data["day"]),
        kind=PuzzleKind(data["kind"]),
        game=int(data["game"]),
        seed=int(data["seed"]),
        moves=tuple(str(m) for m in data["moves"]),
        seat=int(data["seat"]),
        hand=tuple(int(c) for c in data["hand"]),
        drawn=int(data["drawn"]),
        drawn_from_pile=bool(data["drawn_from_pile"]),
        pile=tuple(int(c) for c in data["pile"]),
        stock=int(data["stock"]),
        knock_limit=int(data["knock_limit"]),
        opp_took=card_or_none("opp_took"),
        opp_passed=card_or_none("opp_passed"),
        opp_discarded=card_or_none("opp_discarded"),
        opp_known=tuple(int(c) for c in data["opp_known"]),
        choices=choices,
        answer=str(data["answer"]),
        margin=float(data["margin"]),
        playouts=int(data["playouts"]),
    )


def card_of(key: str) -> Card | None:
    """The card a discard puzzle's choice names, or ``None``."""
    return next((c for c in CARDS if c.code == key), None)


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m
