"""The images ``bot.render`` draws (``render_hand``, ``render_board``,
``render_reveal``, ``render_tally``): PNG structure, every result kind, hostile
names, random states, thread safety.  Per-module tests sit beside this file
(board privacy in test_board.py, goldens in test_golden.py, …)."""

from __future__ import annotations

import typing
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import ImageChops

from bot.engine.cards import CARDS, parse_card
from bot.engine.melds import best_layoff, knocker_arrangement
from bot.engine.records import (
    HandEnd,
    Phase,
)
from bot.engine.rules import Ruleset, Variant
from bot.engine.views import SeatView
from bot.i18n import Lang
from bot.render import (
    render_board,
    render_hand,
    render_reveal,
    render_tally,
    theme,
)
from bot.render.bidi import needs_bidi
from bot.render.hand import HEIGHT as HAND_HEIGHT
from bot.render.hand import MARGIN as HAND_MARGIN
from bot.render.hand import MINI_W, hand_image
from bot.render.hand import WIDTH as HAND_WIDTH
from bot.render.names import MAX_INPUT
from tests.helpers import samples
from tests.helpers.images import (
    MAX_BYTES,
    count_near,
    decode,
    rgb,
)
from tests.helpers.samples import dead_result, gin_result, shutout_game

C = parse_card
C_ = CARDS.__getitem__


HOSTILE_NAMES = [
    "Maximilian Alexander von Hohenzollern-Sigmaringen the Third " * 3,
    "山田太郎",
    "🎲👨‍👩‍👧🏳️‍🌈",
    "Zoë Ærøskøbing Ñandú",
    "Z̷̧̛̛̖̖̗̗a̴̢̛̖̗l̸̢̛̖̗g̵̢̛̖̗ơ̶̢̖̗",
    "",
    "   ",
    "\u200b\u200d\u2066",
    "\x00\x07\t\n",
    "مرحبا",
    "W" * 500,
    "a\U0010fffdb",
]


# --- structure -------------------------------------------------------------------


def test_hand_png_structure() -> None:
    data = render_hand(samples.seat_view())
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) < MAX_BYTES
    img = decode(data)
    assert img.size == (HAND_WIDTH, HAND_HEIGHT)
    assert img.mode == "P"
    px = img.convert("RGB")
    # The felt at the left margin, the darker frame at the very edge.
    assert px.getpixel((HAND_MARGIN // 2 + 3, HAND_HEIGHT // 2)) == theme.FELT
    assert px.getpixel((1, 1)) == theme.FELT_EDGE
    # The pile top (3♥) in the header is a heart card: red ink in its box.
    mini_x = HAND_WIDTH - HAND_MARGIN - MINI_W
    assert count_near(px, theme.RED_SUIT, (mini_x, 18, mini_x + MINI_W, 100)) > 100
    # The deadwood headline is written (light text at the top left).
    assert count_near(px, theme.TEXT, (HAND_MARGIN, 18, 330, 70)) > 300
    # The drawn card's gold ring and the suggested discard's orange ring.
    assert count_near(px, theme.GOLD) > 300
    assert count_near(px, theme.WARN) > 300


def test_four_colour_scheme() -> None:
    two = hand_image(samples.seat_view())
    four = hand_image(samples.seat_view(), four_color=True)
    # The sample holds 7♦ K♦ 3♦ (blue in four colours) and 7♣ 2♣ (green).
    assert count_near(two, theme.BLUE_SUIT) == 0
    assert count_near(two, theme.GREEN_SUIT) == 0
    assert count_near(four, theme.BLUE_SUIT) > 200
    assert count_near(four, theme.GREEN_SUIT) > 200
    assert count_near(four, theme.RED_SUIT) > 200


def test_board_structure() -> None:
    view = samples.public_view()
    data = render_board(view)
    assert len(data) < MAX_BYTES
    img = rgb(data)
    assert img.getpixel((10, img.height // 2)) == theme.FELT
    # Card backs: the stock and both hands.
    assert count_near(img, theme.BACK_MAIN) > 5000
    # Whose turn: Alice's panel is edged in gold.
    assert count_near(img, theme.GOLD) > 1000
    # The pile top 3♥ shows red.
    assert count_near(img, theme.RED_SUIT) > 300


def test_reveal_and_tally_structure() -> None:
    view = samples.public_view()
    reveal = render_reveal(samples.knock_result(), view)
    tally = render_tally(samples.game_result(), view)
    for data in (reveal, tally):
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert len(data) < MAX_BYTES
    img = rgb(reveal)
    # Laid-off cards are outlined in the layoff colour.
    assert count_near(img, theme.LAYOFF) > 300
    t = rgb(tally)
    assert count_near(t, theme.GOLD) > 500  # winner's headline and column


def test_every_result_kind_renders() -> None:
    view = samples.public_view()
    knock = samples.knock_result()
    cases = [
        knock,
        replace(
            knock, end=HandEnd.UNDERCUT, winner=1, points=27, knocker_value=8, defender_value=6
        ),
        gin_result(),
        replace(gin_result(), end=HandEnd.BIG_GIN, points=2 * (31 + 57)),
        dead_result(),
        replace(knock, points=999),  # inconsistent points: shown, not "explained"
    ]
    for result in cases:
        for four in (False, True):
            assert len(render_reveal(result, view, four_color=four)) < MAX_BYTES
    assert (
        decode(render_reveal(dead_result(), view)).height
        < decode(render_reveal(knock, view)).height
    )


def test_rendering_is_deterministic() -> None:
    assert render_hand(samples.seat_view()) == render_hand(samples.seat_view())
    assert render_board(samples.public_view()) == render_board(samples.public_view())


# --- names -----------------------------------------------------------------------


#: What each hostile name is drawn as (unbounded width): marks and invisible
#: or private-use characters dropped, nothing drawable left → "Player N";
#: every script drawn (a fallback font each), right to left in visual order.
SHOWN_AS = {
    HOSTILE_NAMES[0]: HOSTILE_NAMES[0].strip(),
    "山田太郎": "山田太郎",
    "🎲👨‍👩‍👧🏳️‍🌈": "🎲👨👩👧🏳🌈",  # joiners and variation selectors dropped
    "Zoë Ærøskøbing Ñandú": "Zoë Ærøskøbing Ñandú",
    HOSTILE_NAMES[4]: "Zalg\u01a1",  # marks dropped after NFC: o + horn is one letter
    "": "Player 1",
    "   ": "Player 1",
    "\u200b\u200d\u2066": "Player 1",
    "\x00\x07\t\n": "Player 1",
    "مرحبا": "\ufe8e\ufe92\ufea3\ufeae\ufee3",  # joined forms, reversed
    "W" * 500: "W" * MAX_INPUT,  # only the first MAX_INPUT characters are looked at
    "a\U0010fffdb": "ab",
}


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_hostile_names_render(name: str) -> None:
    """Each image draws exactly the cleaned name: rendering the hostile name
    and rendering what we say it shows as give the same pixels."""
    from bot.render.widgets import name_text

    assert len(SHOWN_AS) == len(HOSTILE_NAMES)
    shown = SHOWN_AS[name]
    assert name_text(name, 0, 34, 100_000, lang=Lang.EN) == shown
    cut = name_text(name, 0, 34, 300, lang=Lang.EN)
    assert cut == shown or (cut.endswith("…") and shown.startswith(cut[:-1]))
    names = (name, "Bob")
    # A visual-order name is no name to type: an RTL name is compared with itself.
    plain = (name if needs_bidi(name) else shown, "Bob")
    hostile_pub = samples.public_view(names=names)
    plain_pub = samples.public_view(names=plain)
    pairs = [
        (render_board(hostile_pub), render_board(plain_pub)),
        (
            render_hand(samples.seat_view(public=replace(hostile_pub, turn=1), seat=1)),
            render_hand(samples.seat_view(public=replace(plain_pub, turn=1), seat=1)),
        ),
        (
            render_reveal(samples.knock_result(), hostile_pub),
            render_reveal(samples.knock_result(), plain_pub),
        ),
        (
            render_tally(samples.game_result(), hostile_pub),
            render_tally(samples.game_result(), plain_pub),
        ),
    ]
    for hostile, expected in pairs:
        assert ImageChops.difference(rgb(hostile), rgb(expected)).getbbox() is None
    # And the name is really drawn: a different name changes the board.
    other = render_board(samples.public_view(names=("Q" + shown, "Bob")))
    assert ImageChops.difference(rgb(other), rgb(pairs[0][0])).getbbox() is not None


# --- more states ---------------------------------------------------------------


def test_other_variants_and_phases() -> None:
    gin_only = samples.public_view(
        ruleset=Ruleset(variant=Variant.GIN_ONLY), knock_limit=0, discard_pile=(), stock_count=0
    )
    render_board(gin_only)
    for phase in Phase:
        pub = replace(gin_only, phase=phase, turn=None if phase is Phase.GAME_OVER else 0)
        render_board(pub)
        render_hand(samples.seat_view(public=pub, drawn_from_pile=True))
    # A SeatView with an odd number of cards still renders.
    render_hand(samples.seat_view(hand=samples.cards("AS 2S 3S"), drawn=None))
    render_hand(samples.seat_view(hand=(), drawn=None))
    assert isinstance(samples.seat_view(), SeatView)


@settings(max_examples=25, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.sampled_from([10, 11]),
    st.sampled_from(list(Phase)),
    st.text(max_size=40),
    st.booleans(),
)
def test_random_states_render(
    rng: typing.Any, size: int, phase: Phase, name: str, four: bool
) -> None:
    """Any deal, phase and name renders every image within its size limit."""
    deck = list(range(52))
    rng.shuffle(deck)
    mine = tuple(sorted(C_(c) for c in deck[:size]))
    theirs = tuple(C_(c) for c in deck[11:21])
    pile = tuple(C_(c) for c in deck[21 : 21 + rng.randint(0, 12)])
    public = samples.public_view(
        names=(name, name[:3]),
        phase=phase,
        turn=rng.choice([0, 1, None]),
        discard_pile=pile,
        stock_count=rng.randint(0, 31),
        known=(mine[: rng.randint(0, 3)], ()),
        knock_limit=rng.choice([0, 3, 10]),
    )
    seat = samples.seat_view(
        hand=mine,
        drawn=rng.choice([None, mine[0]]),
        drawn_from_pile=rng.random() < 0.5,
        public=public,
    )
    assert len(render_hand(seat, four_color=four)) < MAX_BYTES
    assert len(render_board(public, four_color=four)) < MAX_BYTES
    arr = knocker_arrangement(mine[:10], theirs)
    lay = best_layoff(theirs, arr.melds)
    result = replace(
        samples.knock_result(),
        knocker_melds=arr.melds,
        knocker_deadwood=arr.deadwood,
        defender_melds=lay.melds,
        defender_deadwood=lay.deadwood,
        layoffs=lay.laid_off,
        knocker_value=arr.deadwood_value,
        defender_value=lay.deadwood_value,
    )
    assert len(render_reveal(result, public, four_color=four)) < MAX_BYTES


def test_concurrent_renders_match_sequential() -> None:
    """The bot renders in worker threads: same bytes as one at a time."""
    jobs: list[Callable[[], bytes]] = [
        lambda: render_hand(samples.seat_view(), four_color=True),
        lambda: render_board(samples.public_view(names=("Ærø 1", "Zoë 2"))),
        lambda: render_reveal(samples.knock_result(), samples.oklahoma_view()),
        lambda: render_tally(shutout_game(), samples.public_view(names=("Ann", "Ben"))),
    ] * 4
    with ThreadPoolExecutor(max_workers=8) as pool:
        parallel = list(pool.map(lambda job: job(), jobs))
    assert parallel == [job() for job in jobs]
