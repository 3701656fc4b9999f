"""The coach's review of a finished hand: exact notes for hands built card by
card, and properties over random games — above all that a review only names
cards the player held or saw, or the reveal showed."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Action, ActionKind, Game, HandEnd, Ruleset
from bot.engine.cards import CARDS, Card, mask_of, parse_card
from bot.engine.review import MAX_NOTES, HandReview, NoteKind, ReviewNote, review_hand
from bot.service.codec import clone_game
from tests.helpers.play import random_action


def cards(text: str) -> list[Card]:
    return [parse_card(c) for c in text.split()]


def dealt(first: str, second: str, upcard: str, stock_top: str) -> Game:
    """A fresh hand with the given cards; ``stock_top`` lists the next stock
    cards in draw order.  Seat ``game.turn`` holds ``first``."""
    game = Game.new(("Ana", "Bo"), Ruleset(), seed=1)
    f = game.turn
    assert f is not None
    hands = [0, 0]
    hands[f], hands[1 - f] = mask_of(cards(first)), mask_of(cards(second))
    used = hands[0] | hands[1] | mask_of(cards(upcard)) | mask_of(cards(stock_top))
    rest = [c for c in CARDS if not (used >> c) & 1]
    game.hands = hands
    game.pile = cards(upcard)
    game.stock = rest + list(reversed(cards(stock_top)))
    game.knock_limit = 10
    return game


def act(kind: ActionKind, card: str | None = None) -> Action:
    return Action(kind, None if card is None else parse_card(card))


def play(game: Game, moves: list[tuple[str, Action]]) -> tuple[Game, list[tuple[int, Action]]]:
    """``moves`` by "f" (first to play) or "d" (dealer) → seats."""
    f = game.turn
    assert f is not None
    start = clone_game(game)
    return start, [(f if who == "f" else 1 - f, action) for who, action in moves]


def test_a_broken_run_a_missed_upcard_and_a_fed_meld() -> None:
    game = dealt(
        "7H 8H 9H 2C 2D KS QD JC 5S 4D",
        "AC AD AH 4S 5S 6S 7S 7D 9C TC",
        upcard="2S",
        stock_top="3H",
    )
    start, actions = play(
        game,
        [
            ("f", act(ActionKind.PASS)),  # 2S would have made a set of twos
            ("d", act(ActionKind.PASS)),
            ("f", act(ActionKind.DRAW_STOCK)),  # the 3H
            ("f", act(ActionKind.DISCARD, "7H")),  # breaks the run; KS was the card
            ("d", act(ActionKind.TAKE_DISCARD)),  # 7S 7D 7H
            ("d", act(ActionKind.KNOCK, "TC")),  # knocks with 9
        ],
    )
    f = start.turn
    assert f is not None
    review = review_hand(clone_game(start), actions, f)
    assert review.turns == 2 and review.hand.knocker == 1 - f
    assert review.notes == (
        ReviewNote(NoteKind.MISSED_PILE, 1, parse_card("2S"), value=43, better_value=29),
        ReviewNote(NoteKind.DISCARD, 2, parse_card("7H"), parse_card("KS"), 63, 36),
        ReviewNote(NoteKind.FED, 2, parse_card("7H"), meld=tuple(cards("7S 7H 7D"))),
    )
    # The knocker played it clean: nothing to say.
    other = review_hand(clone_game(start), actions, 1 - f)
    assert other.notes == () and other.turns == 2


def test_an_empty_take_and_a_knock_passed_up() -> None:
    game = dealt(
        "AH 2H 3H 4C 4D 4S 5C 6C 7C KD",
        "8S 9S TS JH QH KH 8D 9D TD 5H",
        upcard="QS",
        stock_top="6H",
    )
    start, actions = play(
        game,
        [
            ("f", act(ActionKind.TAKE_DISCARD)),  # QS melds with nothing
            ("f", act(ActionKind.DISCARD, "KD")),  # 10 left: a knock, not taken
            ("d", act(ActionKind.DRAW_STOCK)),  # the 6H
            ("d", act(ActionKind.KNOCK, "6H")),  # knocks with 5
        ],
    )
    f = start.turn
    assert f is not None
    review = review_hand(clone_game(start), actions, f)
    assert review.hand.winner == 1 - f
    assert review.notes == (
        ReviewNote(NoteKind.EMPTY_TAKE, 1, parse_card("QS"), value=10, better_value=10),
        ReviewNote(NoteKind.MISSED_KNOCK, 1, parse_card("KD"), parse_card("KD"), 10, 10),
    )


def test_waiting_for_gin_is_not_a_missed_knock() -> None:
    game = dealt(
        "AH 2H 3H 4C 4D 4S 5C 6C 7C KD",
        "8S 9S TS JH QH KH 8D 9D TD 5H",
        upcard="QS",
        stock_top="2S 8H 4H",
    )
    start, actions = play(
        game,
        [
            ("f", act(ActionKind.PASS)),
            ("d", act(ActionKind.PASS)),
            ("f", act(ActionKind.DRAW_STOCK)),  # 2S: a knock with 2 …
            ("f", act(ActionKind.DISCARD, "KD")),  # … passed up, waiting for gin
            ("d", act(ActionKind.DRAW_STOCK)),
            ("d", act(ActionKind.DISCARD, "5H")),
            ("f", act(ActionKind.DRAW_STOCK)),  # 4H: AH 2H 3H 4H
            ("f", act(ActionKind.KNOCK, "2S")),  # gin
        ],
    )
    f = start.turn
    assert f is not None
    review = review_hand(clone_game(start), actions, f)
    assert review.hand.end is HandEnd.GIN and review.hand.winner == f
    assert review.notes == () and review.turns == 3


def _random_hand(seed: int) -> tuple[Game, list[tuple[int, Action]]]:
    rng = random.Random(seed)
    game = Game.new(("Ana", "Bo"), Ruleset(), seed=seed)
    start = clone_game(game)
    actions: list[tuple[int, Action]] = []
    number = game.hand_number
    while game.hand_number == number and not game.is_over:
        seat, action = random_action(game, rng)
        actions.append((seat, action))
        game.apply(seat, action)
    return start, actions


def _seen_by(start: Game, actions: list[tuple[int, Action]], seat: int) -> set[Card]:
    """Every card ``seat`` held or saw face up during the hand."""
    game = clone_game(start)
    seen: set[Card] = set(game.hand(seat)) | set(game.pile)
    for who, action in actions:
        game.apply(who, action)
        if game.hand_number != start.hand_number or game.is_over:
            break
        seen |= set(game.hand(seat)) | set(game.pile)
    return seen


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), seat=st.integers(0, 1))
def test_a_review_names_only_cards_the_player_could_know(seed: int, seat: int) -> None:
    start, actions = _random_hand(seed)
    review: HandReview = review_hand(clone_game(start), actions, seat)
    seen = _seen_by(start, actions, seat)
    hand = review.hand
    revealed = {c for m in (*hand.knocker_melds, *hand.defender_melds) for c in m.cards}
    assert len(review.notes) <= MAX_NOTES
    assert [n.turn for n in review.notes] == sorted(n.turn for n in review.notes)
    for note in review.notes:
        for card in (note.card, note.better):
            assert card is None or card in seen, (note, seen)
        assert set(note.meld) <= revealed
        if note.kind is NoteKind.FED:
            assert note.card in note.meld and hand.end.value != "dead"
        if note.kind is NoteKind.DISCARD:
            assert note.value - note.better_value >= 3
    # Deterministic: the same hand always gets the same review.
    assert review_hand(clone_game(start), actions, seat) == review
