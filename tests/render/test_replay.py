"""The replay image (``bot.render.replay``) and its words
(``bot.render.replay_words``): every step of a hand draws, its alt text tells
the move and both hands, and the render pool draws it as a private job."""

from __future__ import annotations

import random

from bot.engine import Game
from bot.engine.replay import HandReplay, replay_hand
from bot.i18n import Lang
from bot.render import replay as replay_module
from bot.render import replay_words
from bot.render.palette import to_palette
from bot.render.pool import RenderPool
from bot.render.replay import render_replay, replay_image
from bot.render.replay_words import MAX_ALT, move_parts, replay_alt, result_line
from bot.render.scene import Scene
from bot.render.text import recording
from tests.helpers.images import MAX_BYTES, decode
from tests.helpers.service import random_action

NAMES = ("Ana", "Zoë 🎉 with a very long display name indeed")
EN = Lang.EN


def a_hand(seed: int = 3, names: tuple[str, str] = NAMES) -> HandReplay:
    """A hand played at random from ``seed`` (the cards do not depend on the names)."""
    game = Game.new(names, seed=seed)
    rng = random.Random(seed)
    actions = []
    while not game.history:
        seat = game.turn
        assert seat is not None
        action = random_action(game, seat, rng)
        game.apply(seat, action)
        actions.append((seat, action))
    return replay_hand(names, game.ruleset, game.seed, game.first_dealer, actions, 1)


def test_every_step_draws_and_says_what_it_shows() -> None:
    replay = a_hand()
    for i in range(len(replay.steps)):
        frame = replay.frame(i)
        png = render_replay(frame, 12)
        img = decode(png)
        assert img.format == "PNG" and img.size == (replay_module.WIDTH, replay_module.HEIGHT)
        assert len(png) <= MAX_BYTES
        alt = replay_alt(frame, 12)
        assert len(alt) <= MAX_ALT
        assert alt.startswith(f"Replay of game 12, hand 1, step {i + 1} of {len(replay.steps)}")
        step = frame.step
        for name, cards in zip(NAMES, step.hands, strict=True):
            assert f"{name} holds {len(cards)} cards" in alt
            assert all(c.label in alt for c in cards)
        if frame.is_last:
            assert result_line(EN, replay.result, NAMES) in alt
    # The last step's words are the result; the deal's name the upcard.
    last = move_parts(EN, replay.frame(10_000), NAMES)
    assert last == [result_line(EN, replay.result, NAMES)]
    deal = move_parts(EN, replay.frame(0), NAMES)
    assert deal[-1] == replay.steps[0].card


def test_the_card_just_drawn_is_outlined() -> None:
    replay = a_hand(5)
    drew = next(s for s in replay.steps if s.kind is not None and s.kind.value == "draw_stock")
    ops = replay_module.replay_scene(replay.frame(drew.index), 1)._ops
    marked = [e.op for e in ops if e.op[0] == "card" and e.op[6] is not None]
    assert [op[1] for op in marked] == [drew.card]
    assert isinstance(replay_module.replay_scene(replay.frame(0), 1), Scene)


def test_the_image_is_the_whole_drawing() -> None:
    """The banded PNG and the image drawn whole are the same pixels."""
    frame = a_hand(7).frame(4)
    got, want = decode(render_replay(frame, 3)), to_palette(replay_image(frame, 3))
    assert got.mode == "P" and got.size == want.size and got.tobytes() == want.tobytes()


async def test_the_pool_draws_replays() -> None:
    frame = a_hand().frame(2)
    pool = RenderPool(0)
    try:
        png = await pool.replay(frame, 12)
        again = await pool.replay(frame, 12)
    finally:
        pool.close()
    assert png == again == render_replay(frame, 12)
    assert pool.drawn == 1  # the second came from the memo


def test_a_replay_speaks_the_askers_language() -> None:
    """The image and its alt text in the language of whoever asked."""
    replay = a_hand()
    frame = replay.frame(2)
    with recording() as drawn:
        png = render_replay(frame, 12, lang=Lang.DE)
    assert decode(png).format == "PNG" and png != render_replay(frame, 12)
    values = [d.value for d in drawn]
    assert replay_words.heading(Lang.DE, 12, 1) in values
    assert replay_words.step_caption(Lang.DE, frame) in values
    assert replay_words.stock_label(Lang.DE, frame.step.stock_count) in values
    assert not {"Stock", "Run", "Set", "to move"} & {v.split(" ·")[0] for v in values}
    alt = replay_alt(frame, 12, lang=Lang.DE)
    assert alt.startswith("Wiederholung von Spiel 12, Runde 1, Schritt 3 von ")
    assert f"Ana hält {len(frame.step.hands[0])} Karten" in alt
    assert "holds" not in alt and "in the stock" not in alt
    last = replay.frame(10_000)
    assert result_line(Lang.FR, last.result, NAMES) in replay_alt(last, 12, lang=Lang.FR)
