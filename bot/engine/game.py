"""The game: hands as a state machine, scoring, and the match to the target.

One object holds a whole game (a match of hands).  Every action is checked
completely before anything changes, so an illegal action raises a typed
:mod:`~bot.engine.errors` error and leaves the game exactly as it was.  Every
legal action returns an :class:`~bot.engine.records.Outcome` that says what
happened; after a hand ends the next one is dealt at once.
"""

from __future__ import annotations

import random
from functools import lru_cache

from . import errors
from .cards import CARDS, RANK_VALUES, Card, cards_of, shuffled_deck
from .hollywood import (
    HollywoodRules,
    HollywoodSheet,
    combined_tallies,
    forfeit_open_columns,
    hollywood_sheet,
)
from .match import FinishedGame, MatchFormat, MatchStanding, standing
from .melds import (
    Arrangement,
    best_arrangement,
    best_layoff,
    knocker_arrangement,
    min_deadwood_mask,
    no_layoff,
)
from .partnership import TableInfo
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
from .rules import NextDealer, Ruleset, Scoring, Variant
from .tally import combine, tallies
from .views import PublicView, SeatView

STOCK_FLOOR = 2  # the hand is dead when a stock draw leaves this many cards


#: The event that tells how a game ended early.
FORFEIT_EVENTS: dict[GameEnd, EventKind] = {
    GameEnd.RESIGN: EventKind.FORFEIT,
    GameEnd.TIMEOUT: EventKind.TIMED_OUT,
    GameEnd.ENDED: EventKind.ENDED,
}


class Game:
    """A two-player game of gin rummy to the ruleset's target."""

    def __init__(
        self,
        ruleset: Ruleset,
        names: tuple[str, str],
        seed: int,
        dealer: int,
    ) -> None:
        self.ruleset = ruleset
        self.names = names
        #: Each hand's deck comes from its own RNG seeded by (seed, hand number):
        #: exact to restore and cheap to store (no 625-word Mersenne state).
        self.seed = seed
        self.first_dealer = dealer
        self.dealer = dealer
        self.hand_number = 0
        self.phase = Phase.UPCARD
        self.turn: int | None = None
        self.hands = [0, 0]
        self.stock: list[Card] = []
        self.pile: list[Card] = []
        self.known = [0, 0]
        self.knock_limit = 10
        self.spade_double = False
        self.passes = 0
        self.stock_only = False
        self.drawn: Card | None = None
        self.drawn_from_pile = False
        self.fiftieth_take = False
        self.scores = [0, 0]
        self.hands_won = [0, 0]
        self.history: list[HandResult] = []
        #: Match play: the games of this match already finished, in order.
        self.match_results: list[GameResult] = []
        self.last_events: tuple[Event, ...] = ()
        #: This hand's public pile history (see PublicView.pile_history).
        self.pile_history: list[Event] = []
        self.result: GameResult | None = None
        #: A partnership table (see :class:`TableInfo`): the game is its one hand.
        self.table: TableInfo | None = None

    # --- construction -----------------------------------------------------

    @classmethod
    def new(
        cls,
        names: tuple[str, str],
        ruleset: Ruleset | None = None,
        seed: int | None = None,
        first_dealer: int | None = None,
        table: TableInfo | None = None,
    ) -> Game:
        """Start a game; the first dealer is drawn from the game's RNG unless given.

        With ``table`` the game is one partnership table: it ends after its
        one hand (dead hands included), without a game result of its own —
        the team game combines it with the other table."""
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 62)
        dealer = random.Random(f"gin-dealer:{seed}").randrange(2)
        if first_dealer is not None:
            dealer = first_dealer
        game = cls(ruleset or Ruleset(), names, seed, dealer)
        game.table = table
        game.last_events = game._deal()
        return game

    def _deal(self) -> tuple[Event, ...]:
        """Deal a new hand: 10 each starting with the non-dealer, then the upcard."""
        deck = shuffled_deck(random.Random(f"gin-deal:{self.seed}:{self.hand_number + 1}"))
        hands = [0, 0]
        first = 1 - self.dealer
        for i in range(20):
            seat = first if i % 2 == 0 else self.dealer
            hands[seat] |= 1 << deck.pop()
        upcard = deck.pop()
        self.hands = hands
        self.pile = [upcard]
        self.stock = deck
        self.known = [0, 0]
        self.hand_number += 1
        self.knock_limit = self.ruleset.knock_limit(upcard.rank)
        self.spade_double = (
            self.ruleset.variant is Variant.OKLAHOMA
            and self.ruleset.oklahoma_spade_double
            and upcard.suit == 0
        )
        self.phase = Phase.UPCARD
        self.turn = first
        self.passes = 0
        self.stock_only = False
        self.drawn = None
        self.drawn_from_pile = False
        self.fiftieth_take = False
        self.pile_history = [Event(EventKind.DEAL, self.dealer, upcard)]
        return (Event(EventKind.DEAL, self.dealer, upcard),)

    # --- queries ------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def target(self) -> int:
        return self.ruleset.effective_target

    def hand(self, seat: int) -> list[Card]:
        return cards_of(self.hands[seat])

    def legal(self, seat: int) -> frozenset[str]:
        """The ActionKind values ``seat`` may take now."""
        if self.turn != seat:
            return frozenset()
        if self.phase in (Phase.UPCARD, Phase.FIFTIETH):
            return frozenset({ActionKind.TAKE_DISCARD, ActionKind.PASS})
        if self.phase is Phase.DRAW:
            if self.stock_only:
                return frozenset({ActionKind.DRAW_STOCK})
            return frozenset({ActionKind.DRAW_STOCK, ActionKind.TAKE_DISCARD})
        if self.phase is Phase.DISCARD:
            out = {ActionKind.DISCARD}
            if self.knock_discards(seat):
                out.add(ActionKind.KNOCK)
            if min_deadwood_mask(self.hands[seat]) == 0:
                out.add(ActionKind.BIG_GIN)
            return frozenset(out)
        return frozenset()

    def deadwood_after(self, seat: int) -> dict[Card, int]:
        """For each card ``seat`` may discard now: the deadwood left after it."""
        kept = self.drawn if self.drawn_from_pile else None
        return dict(_deadwood_after(self.hands[seat], kept))

    def knock_discards(self, seat: int) -> list[Card]:
        """Discards with which ``seat`` could knock now (within the limit)."""
        if self.phase is not Phase.DISCARD or self.turn != seat:
            return []
        return [c for c, v in self.deadwood_after(seat).items() if v <= self.knock_limit]

    def best_discard(self, seat: int) -> Card:
        """The discard leaving the least deadwood; ties: the highest card."""
        after = self.deadwood_after(seat)
        return min(after, key=lambda c: (after[c], -RANK_VALUES[c % 13], -c))

    # --- actions --------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> Outcome:
        """Check and apply one action by ``seat``; raise a GameError if illegal."""
        self._check_turn(seat)
        kind = action.kind
        if self.phase is Phase.UPCARD:
            outcome = self._upcard(seat, kind)
        elif self.phase is Phase.DRAW:
            outcome = self._draw(seat, kind)
        elif self.phase is Phase.FIFTIETH:
            outcome = self._fiftieth(seat, kind)
        else:
            outcome = self._after_draw(seat, action)
        public = tuple(Event(e.kind, e.seat, e.card) for e in outcome.events + outcome.deal_events)
        # Keep a whole turn together ("took the 7♦ and threw the K♣") so the
        # board can say it in one line, even after a restart.
        completes_turn = kind in (ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.BIG_GIN)
        if completes_turn and self.last_events and self.last_events[-1].seat == seat:
            self.last_events = self.last_events + public
        else:
            self.last_events = public
        return outcome

    def forfeit(self, seat: int, reason: GameEnd) -> Outcome:
        """``seat`` loses the game now (resign, timeout, ended by a moderator).

        ``GameEnd(reason)`` keeps a replay of a stored move log working: the
        log holds the reason's value (``"resign"``), which is equal to it."""
        if self.is_over:
            raise errors.GameOverError("err.rules.game_over")
        reason = GameEnd(reason)
        result = self._finish(1 - seat, reason)
        event = Event(FORFEIT_EVENTS[reason], seat)
        self.last_events = (event,)
        return Outcome((event,), game=result)

    def _check_turn(self, seat: int) -> None:
        if self.is_over:
            raise errors.GameOverError("err.rules.game_over")
        if seat not in (0, 1):
            raise errors.NotYourTurnError("err.rules.not_playing")
        if self.turn != seat:
            assert self.turn is not None
            raise errors.NotYourTurnError("err.rules.not_your_turn", name=self.names[self.turn])

    def _upcard(self, seat: int, kind: ActionKind) -> Outcome:
        if kind is ActionKind.TAKE_DISCARD:
            return Outcome((self._take_pile(seat),))
        if kind is ActionKind.PASS:
            self.pile_history.append(Event(EventKind.PASS, seat, self.pile[-1]))
            if self.passes == 0:
                self.passes = 1
                self.turn = 1 - seat
            else:
                self.passes = 2
                self.phase = Phase.DRAW
                self.stock_only = True
                self.turn = 1 - seat
            return Outcome((Event(EventKind.PASS, seat),))
        if kind is ActionKind.DRAW_STOCK:
            raise errors.WrongPhaseError("err.rules.upcard_before_stock", card=str(self.pile[-1]))
        raise errors.WrongPhaseError("err.rules.upcard_first")

    def _draw(self, seat: int, kind: ActionKind) -> Outcome:
        if kind is ActionKind.DRAW_STOCK:
            if self.pile:
                self.pile_history.append(Event(EventKind.PASS, seat, self.pile[-1]))
            card = self.stock.pop()
            self.hands[seat] |= 1 << card
            self.drawn = card
            self.drawn_from_pile = False
            self.phase = Phase.DISCARD
            return Outcome((Event(EventKind.DRAW_STOCK, seat, private_card=card),))
        if kind is ActionKind.TAKE_DISCARD:
            if self.stock_only:
                raise errors.WrongPhaseError("err.rules.stock_only")
            return Outcome((self._take_pile(seat),))
        if kind is ActionKind.PASS:
            raise errors.WrongPhaseError("err.rules.pass_only_on_upcard")
        raise errors.WrongPhaseError("err.rules.draw_first")

    def _take_pile(self, seat: int) -> Event:
        card = self.pile.pop()
        self.hands[seat] |= 1 << card
        self.known[seat] |= 1 << card
        self.drawn = card
        self.drawn_from_pile = True
        self.phase = Phase.DISCARD
        event = Event(EventKind.TAKE_DISCARD, seat, card)
        self.pile_history.append(event)
        return event

    def _fiftieth(self, seat: int, kind: ActionKind) -> Outcome:
        if kind is ActionKind.TAKE_DISCARD:
            event = self._take_pile(seat)
            self.fiftieth_take = True
            return Outcome((event,))
        if kind is ActionKind.PASS:
            return self._end_dead((Event(EventKind.PASS, seat),))
        raise errors.WrongPhaseError("err.rules.fiftieth_card")

    def _after_draw(self, seat: int, action: Action) -> Outcome:
        kind = action.kind
        if kind in (ActionKind.DRAW_STOCK, ActionKind.TAKE_DISCARD, ActionKind.PASS):
            raise errors.WrongPhaseError("err.rules.already_drew")
        if kind is ActionKind.BIG_GIN:
            if min_deadwood_mask(self.hands[seat]) != 0:
                raise errors.NotBigGinError("err.rules.not_big_gin")
            return self._end_knock(seat, None, best_arrangement(self.hands[seat]))
        card = action.card
        if card is None:
            raise errors.WrongPhaseError("err.rules.name_discard")
        card = CARDS[card]
        if not (self.hands[seat] >> card) & 1:
            raise errors.CardNotHeldError("err.rules.card_not_held", card=str(card))
        if self.drawn_from_pile and card == self.drawn:
            raise errors.CannotThrowBackError("err.rules.discard_drawn_card", card=str(card))
        if kind is ActionKind.KNOCK:
            rest = self.hands[seat] & ~(1 << card)
            deadwood = min_deadwood_mask(rest)
            if deadwood > self.knock_limit:
                # Never how much over: below full assistance that would rate the discard.
                if self.knock_limit == 0:
                    raise errors.KnockTooHighError("err.rules.knock_gin_only", card=str(card))
                raise errors.KnockTooHighError(
                    "err.rules.knock_over_limit", card=str(card), limit=self.knock_limit
                )
            self.hands[seat] = rest
            arrangement = knocker_arrangement(rest, self.hands[1 - seat])
            return self._end_knock(seat, card, arrangement)
        # A plain discard.
        self.hands[seat] &= ~(1 << card)
        self.known[seat] &= ~(1 << card)
        self.pile.append(card)
        self.drawn = None
        self.drawn_from_pile = False
        event = Event(EventKind.DISCARD, seat, card)
        self.pile_history.append(event)
        if self.fiftieth_take or len(self.stock) <= STOCK_FLOOR:
            if self.ruleset.fiftieth_card_rule and not self.fiftieth_take:
                self.phase = Phase.FIFTIETH
                self.turn = 1 - seat
                return Outcome((event,))
            return self._end_dead((event,))
        self.phase = Phase.DRAW
        self.stock_only = False
        self.turn = 1 - seat
        return Outcome((event,))

    # --- ending a hand ----------------------------------------------------------

    def _end_knock(self, seat: int, discard: Card | None, arr: Arrangement) -> Outcome:
        defender = 1 - seat
        k = arr.deadwood_value
        rules = self.ruleset
        if discard is None:
            end, kind = HandEnd.BIG_GIN, EventKind.BIG_GIN
            layoff = no_layoff(self.hands[defender])
            points, winner = rules.big_gin_bonus + layoff.deadwood_value, seat
        elif k == 0:
            end, kind = HandEnd.GIN, EventKind.GIN
            layoff = no_layoff(self.hands[defender])
            points, winner = rules.gin_bonus + layoff.deadwood_value, seat
        else:
            kind = EventKind.KNOCK
            layoff = best_layoff(self.hands[defender], arr.melds)
            d = layoff.deadwood_value
            if d > k:
                end, points, winner = HandEnd.KNOCK, d - k, seat
            else:
                end, points, winner = HandEnd.UNDERCUT, rules.undercut_bonus + (k - d), defender
        if self.spade_double:
            points *= 2
        self.scores[winner] += points
        self.hands_won[winner] += 1
        result = HandResult(
            number=self.hand_number,
            end=end,
            knocker=seat,
            winner=winner,
            points=points,
            doubled=self.spade_double,
            knock_limit=self.knock_limit,
            knocker_melds=arr.melds,
            knocker_deadwood=arr.deadwood,
            knocker_discard=discard,
            defender_melds=layoff.melds,
            defender_deadwood=layoff.deadwood,
            layoffs=layoff.laid_off,
            knocker_value=k,
            defender_value=layoff.deadwood_value,
            totals=(self.scores[0], self.scores[1]),
        )
        event = Event(kind, seat)
        return self._after_hand(result, (event,))

    def _end_dead(self, events: tuple[Event, ...]) -> Outcome:
        result = HandResult(
            number=self.hand_number,
            end=HandEnd.DEAD,
            knocker=None,
            winner=None,
            points=0,
            doubled=self.spade_double,
            knock_limit=self.knock_limit,
            totals=(self.scores[0], self.scores[1]),
        )
        return self._after_hand(result, (*events, Event(EventKind.DEAD_HAND, self.dealer)))

    def _after_hand(self, result: HandResult, events: tuple[Event, ...]) -> Outcome:
        self.history.append(result)
        winner = result.winner
        if self.table is not None:
            self.phase = Phase.GAME_OVER
            self.turn = None
            self.drawn = None
            return Outcome(events, hand=result)
        sheet = self.hollywood()
        if sheet is not None:
            if sheet.finished:
                leader = sheet.leader
                assert leader is not None  # three closed columns never tie
                return Outcome(events, hand=result, game=self._finish(leader, GameEnd.TARGET))
        elif winner is not None and self.scores[winner] >= self.target:
            fmt = self.ruleset.match_format()
            if fmt is None:
                return Outcome(events, hand=result, game=self._finish(winner, GameEnd.TARGET))
            return self._match_game_won(fmt, winner, result, events)
        nd = self.ruleset.next_dealer
        if nd is NextDealer.ALTERNATE:
            self.dealer = 1 - self.dealer
        elif winner is not None:
            self.dealer = (1 - winner) if nd is NextDealer.LOSER else winner
        deal = self._deal()
        return Outcome(events, hand=result, deal_events=deal)

    def _game_tallies(self, winner: int) -> tuple[SeatTally, SeatTally]:
        r = self.ruleset
        return tallies(self.scores, self.hands_won, winner, r.game_bonus, r.line_bonus, r.shutout)

    def _match_game_won(
        self, fmt: MatchFormat, winner: int, result: HandResult, events: tuple[Event, ...]
    ) -> Outcome:
        """A game of a match is over: the match is decided, or the next game
        is dealt (scores start again at zero; the deal alternates)."""
        game = GameResult(winner, GameEnd.TARGET, self._game_tallies(winner))
        self.match_results.append(game)
        st = self.match_standing()
        if st is not None and st.winner is not None:
            final = self._finish(st.winner, GameEnd.TARGET)
            return Outcome(events, hand=result, game=final, match_game=game)
        self.scores = [0, 0]
        self.hands_won = [0, 0]
        self.dealer = 1 - self.dealer
        deal = self._deal()
        return Outcome(events, hand=result, deal_events=deal, match_game=game)

    def match_standing(self) -> MatchStanding | None:
        """The match so far (games finished, games won), or None outside match play."""
        fmt = self.ruleset.match_format()
        if fmt is None:
            return None
        return standing(fmt, [FinishedGame(g.winner, g.totals) for g in self.match_results])

    def _finish(self, winner: int, reason: GameEnd) -> GameResult:
        rules = self.ruleset
        hollywood = self.hollywood()
        if hollywood is not None:
            sheet = combined_tallies(forfeit_open_columns(hollywood, winner, self._hollywood_rules))
        elif rules.match_format() is not None:
            # The match's final tally sums its games; a match ended early
            # (resign, timeout) counts the game in play as won by ``winner``.
            games = [g.tallies for g in self.match_results]
            if reason is not GameEnd.TARGET:
                games.append(self._game_tallies(winner))
            sheet = combine(games)
        else:
            sheet = self._game_tallies(winner)
        self.result = GameResult(winner, reason, sheet)
        self.phase = Phase.GAME_OVER
        self.turn = None
        self.drawn = None
        return self.result

    @property
    def _hollywood_rules(self) -> HollywoodRules:
        r = self.ruleset
        return HollywoodRules(self.target, r.game_bonus, r.line_bonus, r.shutout)

    def hollywood(self) -> HollywoodSheet | None:
        """The three-column sheet under Hollywood scoring (rebuilt from the
        hand history, so it can never drift from it), else None.

        Once the game is over, the winner holds every column still open (the
        rule of a resignation or timeout, as in :meth:`_finish`): the sheet
        shown afterwards must add up to the final tally, not to the columns
        as they stood when the game stopped."""
        if self.ruleset.scoring is not Scoring.HOLLYWOOD:
            return None
        rules = self._hollywood_rules
        sheet = hollywood_sheet(((h.winner, h.points) for h in self.history), rules)
        if self.result is not None:
            sheet = forfeit_open_columns(sheet, self.result.winner, rules)
        return sheet

    # --- views ------------------------------------------------------------------

    def public_view(self) -> PublicView:
        return PublicView(
            names=self.names,
            ruleset=self.ruleset,
            phase=self.phase,
            turn=self.turn,
            dealer=self.dealer,
            hand_number=self.hand_number,
            knock_limit=self.knock_limit,
            spade_double=self.spade_double,
            discard_pile=tuple(self.pile),
            stock_count=len(self.stock),
            card_counts=(self.hands[0].bit_count(), self.hands[1].bit_count()),
            scores=(self.scores[0], self.scores[1]),
            hands_won=(self.hands_won[0], self.hands_won[1]),
            known=(tuple(cards_of(self.known[0])), tuple(cards_of(self.known[1]))),
            last_events=self.last_events,
            last_hand=self.history[-1] if self.history else None,
            hollywood=self.hollywood(),
            match=self.match_standing(),
            pile_history=tuple(self.pile_history),
            table=self.table,
            hand_in_game=self._hand_in_game(),
        )

    def _hand_in_game(self) -> int | None:
        """Match play: the hand's number within its game, counted from the
        hand after the one that ended the previous game (the one whose
        winner reached the target; scores start again from zero after it)."""
        if self.ruleset.match_format() is None:
            return None
        past = self.history
        if self.result is not None and past and past[-1].number == self.hand_number:
            past = past[:-1]  # the match's last hand: it ended this game, not an earlier one
        for hand in reversed(past):
            if hand.winner is not None and hand.totals[hand.winner] >= self.target:
                return self.hand_number - hand.number
        return self.hand_number

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: the public view plus its own hand."""
        mine = self.turn == seat and self.phase is Phase.DISCARD
        return SeatView(
            seat=seat,
            hand=tuple(cards_of(self.hands[seat])),
            drawn=self.drawn if mine else None,
            drawn_from_pile=self.drawn_from_pile if mine else False,
            public=self.public_view(),
            legal=self.legal(seat),
        )


@lru_cache(maxsize=1024)
def _deadwood_after(hand: int, kept: Card | None) -> tuple[tuple[Card, int], ...]:
    """Each card of ``hand`` but ``kept`` (the card just taken from the pile,
    which may not go straight back), with the deadwood left after throwing
    it.  A pure function of its arguments, asked several times a turn (the
    legal actions, the knock discards, the best discard, every seat view):
    remembered for the hands in play."""
    return tuple((c, min_deadwood_mask(hand & ~(1 << c))) for c in cards_of(hand) if c != kept)
