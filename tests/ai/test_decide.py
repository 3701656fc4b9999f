"""The computer opponent (``bot.ai.decide``, every level, and the adaptive
level's ``decide_at``): always legal, blind to hidden cards, deterministic;
hard beats easy.

Why these tests: the opponent must be unable to cheat *by construction*.  It
only receives a SeatView, its modules never import the game or serializer,
and swapping the hidden cards (the human's hand, the stock order) never
changes what it does.
"""

from __future__ import annotations

import ast
import copy
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bot.ai import LEVELS, decide
from bot.ai.adaptive import decide_at
from bot.engine import (
    Action,
    ActionKind,
    Game,
    Phase,
    Ruleset,
    Variant,
    game_from_dict,
    game_to_dict,
)
from bot.engine.cards import mask_of
from bot.engine.melds import knock_value_mask, min_deadwood_mask

ROOT = Path(__file__).resolve().parents[2]
AI_DIR = ROOT / "bot" / "ai"
FORBIDDEN = {"bot.engine.game", "bot.engine.serialize"}

#: Whole games of a hand or a few (hard's own games are what these cost).
RULESETS = [
    Ruleset(target=15),
    Ruleset(target=15, fiftieth_card_rule=True),
    Ruleset(variant=Variant.OKLAHOMA, target=15),
    Ruleset(variant=Variant.GIN_ONLY, target=15),
]


def _check_action(game: Game, seat: int, action: Action) -> None:
    view = game.view(seat)
    assert action.kind in view.legal
    if action.kind in (ActionKind.DISCARD, ActionKind.KNOCK):
        assert action.card is not None and action.card in view.hand
        if view.drawn_from_pile:
            assert action.card != view.drawn, "threw back the card just taken"


def _play(levels: tuple[str, str], ruleset: Ruleset, seed: int, check_gin: bool = True) -> Game:
    game = Game.new(("a", "b"), ruleset, seed=seed, first_dealer=seed % 2)
    rngs = [random.Random(seed * 2 + s) for s in (0, 1)]
    steps = 0
    while not game.is_over:
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        action = decide(view, levels[seat], rngs[seat])
        _check_action(game, seat, action)
        if check_gin and view.public.phase is Phase.DISCARD:
            hand = mask_of(view.hand)
            if knock_value_mask(hand) == 0:
                # Every level takes gin when it has it.
                assert action.kind in (ActionKind.KNOCK, ActionKind.BIG_GIN)
                if action.kind is ActionKind.KNOCK:
                    assert action.card is not None
                    assert min_deadwood_mask(hand & ~(1 << action.card)) == 0
        game.apply(seat, action)
        steps += 1
        assert steps < 5000
    return game


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("ruleset_index", range(len(RULESETS)))
def test_every_action_is_legal(level: str, ruleset_index: int) -> None:
    game = _play((level, level), RULESETS[ruleset_index], seed=11 + ruleset_index)
    assert game.result is not None


def test_mixed_levels_play_to_the_end() -> None:
    for seed in range(2):
        game = _play(("easy", "hard"), Ruleset(target=50, fiftieth_card_rule=True), seed)
        assert game.result is not None


def test_unknown_level_is_refused() -> None:
    game = Game.new(("a", "b"), seed=1)
    assert game.turn is not None
    with pytest.raises(ValueError):
        decide(game.view(game.turn), "grandmaster")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


def test_ai_modules_never_import_the_game() -> None:
    files = sorted(AI_DIR.glob("*.py"))
    assert files
    for path in files:
        imported = _imports(path)
        assert not imported & FORBIDDEN, path
        assert "bot.engine.Game" not in imported, path
        assert "bot.engine.game.Game" not in imported, path
        assert "Game" not in {n.rsplit(".", 1)[-1] for n in imported}, path


def test_loaded_ai_modules_hold_no_game_reference() -> None:
    """In a fresh interpreter: no AI module's globals reach the game class,
    the game module or the serializer."""
    code = (
        "import sys, types, bot.ai\n"
        "from bot.engine import game, serialize\n"
        "bad = {id(game), id(serialize), id(game.Game)}\n"
        "mods = [m for n, m in sys.modules.items() if n == 'bot.ai' or n.startswith('bot.ai.')]\n"
        "assert len(mods) >= 5, mods\n"
        "leaks = [(m.__name__, k) for m in mods for k, v in vars(m).items() if id(v) in bad]\n"
        "print(leaks)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def _positions(seed: int) -> list[tuple[Game, int]]:
    """Snapshots of a game at many decision points."""
    game = Game.new(("a", "b"), Ruleset(), seed=seed, first_dealer=0)
    rng = random.Random(seed)
    out = []
    for _ in range(60):
        seat = game.turn
        assert seat is not None
        out.append((game_from_dict(copy.deepcopy(game_to_dict(game))), seat))
        game.apply(seat, decide(game.view(seat), "normal", rng))
        if game.hand_number > 1 or game.is_over:
            break
    return out


def _scramble_hidden(game: Game, seat: int, rng: random.Random) -> Game:
    """The same position for ``seat`` with different hidden cards: the
    opponent's unknown cards and the stock are reshuffled together."""
    data = copy.deepcopy(game_to_dict(game))
    opp = 1 - seat
    hands = data["hands"]
    stock = data["stock"]
    known = set(data["known"][opp])  # type: ignore[index]
    hidden = [c for c in hands[opp] if c not in known]  # type: ignore[index]
    pool = hidden + list(stock)  # type: ignore[call-overload]
    rng.shuffle(pool)
    hands[opp] = sorted(known) + pool[: len(hidden)]  # type: ignore[index]
    data["stock"] = pool[len(hidden) :]
    return game_from_dict(data)


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_never_change_a_decision(level: str) -> None:
    rng = random.Random(5)
    checked = 0
    changed_hidden = 0
    for seed in (3, 4):
        for game, seat in _positions(seed):
            other = _scramble_hidden(game, seat, rng)
            if other.hands[1 - seat] != game.hands[1 - seat]:
                changed_hidden += 1
            assert other.view(seat) == game.view(seat)
            for s in range(2):  # two of the level's own random draws per position
                a = decide(game.view(seat), level, random.Random(s))
                b = decide(other.view(seat), level, random.Random(s))
                assert a == b
            checked += 1
    assert checked > 20 and changed_hidden > 20


@pytest.mark.parametrize("strength", [0.0, 1.5])
def test_hidden_cards_never_change_an_adaptive_decision(strength: float) -> None:
    """The adaptive level at the bottom, where every decision is a mistake,
    and low on the scale, where some are hard's own decisions."""
    rng = random.Random(6)
    changed_hidden = 0
    for game, seat in _positions(3)[:14]:
        other = _scramble_hidden(game, seat, rng)
        changed_hidden += other.hands[1 - seat] != game.hands[1 - seat]
        assert other.view(seat) == game.view(seat)
        for s in range(2):
            a = decide_at(game.view(seat), strength, random.Random(s))
            b = decide_at(other.view(seat), strength, random.Random(s))
            assert a == b
    assert changed_hidden >= 10


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_decision(level: str) -> None:
    for game, seat in _positions(9):
        view = game.view(seat)
        assert decide(view, level, random.Random(1)) == decide(view, level, random.Random(1))


def test_hard_beats_easy() -> None:
    # Six games to 50, seats alternating (whole games of the hard level are
    # what this test pays for): hard must win five of them.
    wins = 0
    for seed in range(6):
        hard_seat = seed % 2
        levels = ("hard", "easy") if hard_seat == 0 else ("easy", "hard")
        game = _play(levels, Ruleset(target=50), seed // 2, check_gin=False)
        assert game.result is not None
        wins += game.result.winner == hard_seat
    assert wins >= 5
