"""Tests of the image layer: structure, privacy, golden images, hostile names.

Goldens live in tests/golden/.  Regenerate them after a deliberate visual
change with:

    GIN_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_render.py

(then look at them).  Tests never rewrite goldens on their own.
"""

from __future__ import annotations

import inspect
import io
import json
import os
import typing
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import fields, replace
from pathlib import Path

import PIL
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat, features

from bot.engine.assist import Assist
from bot.engine.cards import CARDS, parse_card
from bot.engine.melds import best_arrangement, best_layoff, knocker_arrangement, no_layoff
from bot.engine.records import (
    Event,
    EventKind,
    GameEnd,
    GameResult,
    HandEnd,
    HandResult,
    Phase,
    SeatTally,
)
from bot.engine.rules import Ruleset, Variant
from bot.engine.views import PublicView, SeatView
from bot.render import (
    render_board,
    render_hand,
    render_reveal,
    render_tally,
    samples,
    theme,
)
from bot.render.advice import Verdict, advise, advise_view
from bot.render.board import board_image
from bot.render.canvas import encode_png
from bot.render.fonts import (
    FONT_DIR,
    MAX_INPUT,
    REPLACEMENT,
    Face,
    clean_text,
    display_name,
    font,
    has_glyph,
)
from bot.render.hand import HEIGHT as HAND_HEIGHT
from bot.render.hand import MARGIN as HAND_MARGIN
from bot.render.hand import MINI_W, hand_image
from bot.render.hand import WIDTH as HAND_WIDTH
from bot.render.layout import plan_row
from bot.render.palette import palette_colors
from bot.render.reveal import reveal_image
from bot.render.tally import tally_image

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("GIN_UPDATE_GOLDEN") == "1"
MAX_BYTES = 200_000
#: Golden tolerance.  Renders are deterministic for one Pillow build, so any
#: difference is either a real change or a different FreeType rasteriser
#: (which moves antialiasing by a few levels, not by 40).  One changed letter
#: of the smallest text we draw changes ~40 pixels by more than 40 levels,
#: see test_comparator_catches_one_character.
MEAN_LIMIT = 0.5
CHANGED_LIMIT = 10
CHANGED_LEVEL = 40

C = parse_card
C_ = CARDS.__getitem__


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def rgb(data: bytes) -> Image.Image:
    return decode(data).convert("RGB")


def diff_stats(a: Image.Image, b: Image.Image) -> tuple[float, int]:
    """(mean absolute difference over all channels, pixels where any channel
    differs by more than CHANGED_LEVEL)."""
    if a.size != b.size:
        return 255.0, a.width * a.height
    d = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    mean = sum(ImageStat.Stat(d).mean) / 3
    r, g, bl = d.split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), bl)
    changed = worst.point(lambda v: 255 if v > CHANGED_LEVEL else 0).histogram()[255]
    return mean, changed


def same_enough(a: Image.Image, b: Image.Image) -> bool:
    mean, changed = diff_stats(a, b)
    return mean < MEAN_LIMIT and changed < CHANGED_LIMIT


def count_near(
    img: Image.Image, color: theme.RGB, box: tuple[int, int, int, int] | None = None
) -> int:
    """Pixels within a few levels of ``color`` (in ``box`` if given)."""
    region = img.convert("RGB").crop(box) if box else img.convert("RGB")
    solid = Image.new("RGB", region.size, color)
    d = ImageChops.difference(region, solid)
    r, g, b = d.split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), b)
    return worst.point(lambda v: 255 if v <= 12 else 0).histogram()[255]


# --- fixtures built by hand ------------------------------------------------------


def gin_result() -> HandResult:
    knocker = samples.cards("2H 3H 4H 5H 9S 9D 9C JS JD JC")
    defender = samples.cards("AS 3S 5C 7D 9H KH KC 2C 4D 6S")
    arr = best_arrangement(knocker)
    lay = no_layoff(defender)
    return HandResult(
        number=5,
        end=HandEnd.GIN,
        knocker=1,
        winner=1,
        points=2 * (25 + lay.deadwood_value),
        doubled=True,
        knock_limit=3,
        knocker_melds=arr.melds,
        knocker_deadwood=(),
        defender_melds=lay.melds,
        defender_deadwood=lay.deadwood,
        knocker_value=0,
        defender_value=lay.deadwood_value,
        totals=(40, 130),
    )


def dead_result() -> HandResult:
    return HandResult(
        number=4,
        end=HandEnd.DEAD,
        knocker=None,
        winner=None,
        points=0,
        doubled=False,
        knock_limit=10,
        totals=(37, 52),
    )


def shutout_game() -> GameResult:
    return GameResult(
        winner=1,
        reason=GameEnd.RESIGN,
        tallies=(SeatTally(0, False, 0, 0, 0), SeatTally(88, True, 3, 75, 100)),
    )


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


# --- privacy ---------------------------------------------------------------------


def test_board_takes_only_public_view() -> None:
    hints = typing.get_type_hints(render_board)
    params = list(inspect.signature(render_board).parameters)
    assert params == ["view", "four_color"]
    assert hints["view"] is PublicView
    assert not {f.name for f in fields(PublicView)} & {"hand", "hands", "stock", "deck"}


def test_board_identical_whatever_the_hands() -> None:
    """Two games, equal public state, different hands: identical boards."""
    public = samples.public_view()
    mine = samples.seat_view(public=public)
    other = replace(
        mine, hand=tuple(sorted(samples.cards("2S 3S 4S 5D 6D 7D 8C 9C TC JC KH"))), drawn=C("KH")
    )
    assert mine.hand != other.hand
    assert render_board(mine.public) == render_board(other.public)


def test_board_never_draws_private_card() -> None:
    """A stock draw's private card (should one leak into an event) is not drawn."""
    events_a = (Event(EventKind.DRAW_STOCK, 0, private_card=C("AS")),)
    events_b = (Event(EventKind.DRAW_STOCK, 0, private_card=C("KH")),)
    a = render_board(samples.public_view(last_events=events_a))
    b = render_board(samples.public_view(last_events=events_b))
    assert a == b


def test_board_changes_with_public_state() -> None:
    """The privacy test above is meaningful: public changes do show."""
    a = render_board(samples.public_view())
    b = render_board(samples.public_view(stock_count=20))
    assert a != b


# --- golden images ---------------------------------------------------------------

GOLDEN_CASES: dict[str, Callable[[], bytes]] = {
    "hand": lambda: render_hand(samples.seat_view()),
    "hand_four_color_wait": lambda: render_hand(
        samples.seat_view(
            hand=samples.cards("2H 3H 4H 9S 9D 9C KD QC JS 5C"),
            drawn=None,
            public=samples.public_view(phase=Phase.DRAW, turn=1, card_counts=(10, 10)),
        ),
        four_color=True,
    ),
    "board": lambda: render_board(samples.public_view()),
    "board_oklahoma": lambda: render_board(samples.oklahoma_view()),
    "reveal": lambda: render_reveal(samples.knock_result(), samples.public_view()),
    "reveal_gin_four_color": lambda: render_reveal(
        gin_result(), samples.oklahoma_view(), four_color=True
    ),
    "tally": lambda: render_tally(samples.game_result(), samples.public_view()),
    "tally_shutout": lambda: render_tally(shutout_game(), samples.public_view()),
}


def raster_versions() -> dict[str, str]:
    """What decides the exact pixels: FreeType rasterises the text, Pillow
    resamples the cards.  Goldens are only comparable under the same ones."""
    return {
        "pillow": ".".join(PIL.__version__.split(".")[:2]),
        "freetype": str(features.version("freetype2")),
    }


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_golden(name: str) -> None:
    data = GOLDEN_CASES[name]()
    path = GOLDEN / f"{name}.png"
    versions_file = GOLDEN / "versions.json"
    if UPDATE:
        path.write_bytes(data)
        versions_file.write_text(json.dumps(raster_versions(), indent=2) + "\n")
        pytest.skip(f"golden {name} rewritten")
    recorded = json.loads(versions_file.read_text())
    # The test extra pins Pillow (and with it FreeType): a mismatch means the
    # environment is not the one the README installs, so fail loudly.
    assert recorded == raster_versions(), (
        f"goldens were made with {recorded}, this is {raster_versions()}: install "
        "'.[test]' (it pins Pillow), or after checking docs/make_samples.py output "
        "regenerate with GIN_UPDATE_GOLDEN=1"
    )
    assert path.exists(), f"missing golden {path}; run with GIN_UPDATE_GOLDEN=1"
    golden = Image.open(path)
    mean, changed = diff_stats(rgb(data), golden)
    assert mean < MEAN_LIMIT and changed < CHANGED_LIMIT, (
        f"{name} differs from its golden: mean {mean:.3f}, {changed} pixels changed"
    )


@pytest.mark.parametrize(
    ("before", "after"),
    [
        # The smallest change we care about: one letter of a 24 px name in
        # the hand's "Waiting for Bob" line (no other pixel moves).
        (
            lambda: render_hand(samples.seat_view(public=samples.public_view(turn=1))),
            lambda: render_hand(
                samples.seat_view(public=samples.public_view(turn=1, names=("Alice", "Bop")))
            ),
        ),
        (
            lambda: render_board(samples.public_view()),
            lambda: render_board(samples.public_view(names=("Alice", "Bop"))),
        ),
        (
            lambda: render_tally(samples.game_result(), samples.public_view()),
            lambda: render_tally(
                samples.game_result(), samples.public_view(names=("Alice", "Bop"))
            ),
        ),
    ],
)
def test_comparator_catches_one_character(
    before: Callable[[], bytes], after: Callable[[], bytes]
) -> None:
    a, b = rgb(before()), rgb(after())
    assert same_enough(a, a)
    assert not same_enough(a, b), diff_stats(a, b)


# --- names -----------------------------------------------------------------------


#: What each hostile name is drawn as (unbounded width): marks and invisible
#: or private-use characters dropped, nothing drawable left → "Player N".
SHOWN_AS = {
    HOSTILE_NAMES[0]: HOSTILE_NAMES[0].strip(),
    "山田太郎": "Player 1",  # no CJK glyphs in the bundled font
    "🎲👨‍👩‍👧🏳️‍🌈": "Player 1",
    "Zoë Ærøskøbing Ñandú": "Zoë Ærøskøbing Ñandú",
    HOSTILE_NAMES[4]: "Zalg\u01a1",  # marks dropped after NFC: o + horn is one letter
    "": "Player 1",
    "   ": "Player 1",
    "\u200b\u200d\u2066": "Player 1",
    "\x00\x07\t\n": "Player 1",
    "مرحبا": "مرحبا",
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
    assert name_text(name, 0, 34, 100_000) == shown
    cut = name_text(name, 0, 34, 300)
    assert cut == shown or (cut.endswith("…") and shown.startswith(cut[:-1]))
    names = (name, "Bob")
    plain = (shown, "Bob")
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


def test_long_name_stays_in_its_box() -> None:
    """However long the name, only the name area of the panel changes."""
    short = board_image(samples.public_view(names=("A", "Bob"), last_events=()))
    long = board_image(samples.public_view(names=("W" * 300, "Bob"), last_events=()))
    box = ImageChops.difference(short, long).getbbox()
    assert box is not None
    _, top, right, bottom = box
    # Seat 0's panel: y 84..212; the fan of backs starts right of x ~ 500.
    assert top >= 84 and bottom <= 212
    assert right < 520


def test_tally_and_reveal_titles_keep_their_words() -> None:
    from bot.render.text import measure
    from bot.render.widgets import phrase

    long = "Maximilian Alexander von Hohenzollern-Sigmaringen"
    head = phrase("{0} wins the game!", [(long, 0)], 40, 700)
    assert head.endswith("… wins the game!")
    assert measure(head, 40) <= 700
    two = phrase("{1} undercuts {0}!", [(long, 0), ("Bo", 1)], 36, 500)
    assert two.startswith("Bo undercuts ") and two.endswith("!")
    assert measure(two, 36) <= 500


def test_clean_text_replaces_missing_glyphs() -> None:
    assert clean_text("Zoë") == "Zoë"
    assert clean_text("e\u0301") == "é"  # NFC folds the combining accent
    assert clean_text("a\u200db") == "ab"
    assert clean_text("山") == REPLACEMENT
    assert clean_text("  a \n\t b  ") == "a b"
    assert has_glyph("A") and not has_glyph("山")


def test_display_name_fallbacks() -> None:
    fnt = font(24)
    assert display_name("", 0, fnt, 300) == "Player 1"
    assert display_name("🎲🎲", 1, fnt, 300) == "Player 2"
    assert display_name("山田 Taro", 0, fnt, 300) == "? Taro"
    assert display_name("W" * 100, 0, fnt, 120).endswith("…")


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=80), st.integers(min_value=10, max_value=400))
def test_display_name_always_fits(name: str, width: int) -> None:
    fnt = font(22)
    shown = display_name(name, 0, fnt, width)
    assert fnt.getlength(shown) <= width
    assert all(has_glyph(ch) for ch in shown)


# --- the hand's advice -----------------------------------------------------------


def test_advice_eleven_cards() -> None:
    view = samples.seat_view()
    a = advise(view.hand, view.drawn, view.drawn_from_pile, 10)
    assert a.discard == C("KD")
    assert a.deadwood_value == 6
    assert a.verdict is Verdict.KNOCK
    assert sum(len(m.cards) for m in a.melds) + len(a.deadwood) == 10


def test_assist_levels_show_what_they_say() -> None:
    view = samples.seat_view()
    full, counts, off = (advise_view(view, level) for level in Assist)
    assert full == advise(view.hand, view.drawn, view.drawn_from_pile, view.public.knock_limit)
    # counts: the cards held grouped, their whole deadwood, nothing singled out.
    assert counts.discard is None and counts.best_discards == ()
    assert counts.deadwood_value == 16 and C("KD") in counts.deadwood
    assert counts.melds == full.melds and counts.verdict is Verdict.NONE
    # off: the cards in display order, nothing computed.
    assert not off.analysed and off.melds == () and off.deadwood == tuple(view.hand)
    images = [render_hand(view, assist=level) for level in Assist]
    assert len(set(images)) == 3
    assert images[0] == render_hand(view)  # full is today's image


def test_advice_never_suggests_the_card_taken_from_the_pile() -> None:
    hand = samples.cards("2H 3H 4H 9S 9D 9C 5C 6C 8D KS KD")
    free = advise(hand, C("KD"), False, 10)
    assert C("KD") in free.best_discards
    taken = advise(hand, C("KD"), True, 10)
    assert C("KD") not in taken.best_discards
    assert taken.discard == C("KS")


def test_advice_gin_and_big_gin() -> None:
    big = samples.cards("2H 3H 4H 5H 9S 9D 9C JS JD JC JH")
    assert advise(big, C("JH"), False, 10).verdict is Verdict.BIG_GIN
    gin = samples.cards("2H 3H 4H 5H 9S 9D 9C JS JD JC KH")
    a = advise(gin, C("KH"), False, 0)
    assert a.verdict is Verdict.GIN and a.discard == C("KH")
    assert advise(gin[:10], None, False, 0).verdict is Verdict.GIN_READY


def test_advice_gin_only_does_not_say_knock() -> None:
    hand = samples.cards("2H 3H 4H 9S 9D 9C 5S 5D 5C AC KD")
    assert advise(hand, C("KD"), False, 0).verdict is Verdict.NONE
    assert advise(hand, C("KD"), False, 3).verdict is Verdict.KNOCK


# --- internals worth pinning -----------------------------------------------------


def test_palette_is_faithful() -> None:
    """The fixed palette keeps every render close to its RGB original; if
    this fails, a new colour was drawn without adding it to palette.BLENDS."""
    assert len(palette_colors()) <= 256
    images = [
        hand_image(samples.seat_view()),
        hand_image(samples.seat_view(), four_color=True),
        board_image(samples.public_view()),
        board_image(samples.oklahoma_view(), four_color=True),
        reveal_image(samples.knock_result(), samples.public_view()),
        reveal_image(gin_result(), samples.oklahoma_view(), four_color=True),
        tally_image(shutout_game(), samples.public_view()),
    ]
    for img in images:
        mean, changed = diff_stats(img, rgb(encode_png(img)))
        assert mean < 1.0
        assert changed == 0


def test_row_plan_always_fits() -> None:
    for sizes in ([10], [3, 3, 3, 1, 1], [4, 4, 3], [6, 5, 4, 4], [1] * 11, [16, 1]):
        plan = plan_row(sizes, 112, 744)
        assert plan.width <= 744


def test_fonts_are_shipped_with_licence() -> None:
    assert (FONT_DIR / "LICENSE").read_text().count("Bitstream") > 3
    for face in Face:
        assert (FONT_DIR / face.value).exists()
        path = font(20, face).path
        assert isinstance(path, str) and Path(path).parent == FONT_DIR


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


def test_hollywood_board_shows_the_three_columns() -> None:
    from bot.engine.hollywood import HollywoodRules, hollywood_sheet
    from bot.render.alt_text import board_alt

    sheet = hollywood_sheet([(0, 30), (1, 20), (0, 40), (0, 35)], HollywoodRules())
    plain = samples.public_view()
    hollywood = replace(plain, hollywood=sheet)
    data = render_board(hollywood)
    assert len(data) < MAX_BYTES and data != render_board(plain)
    img = rgb(data)
    assert img.size == rgb(render_board(plain)).size
    alt = board_alt(hollywood)
    assert "105* · 75 · 35" in alt and "20 · 0 · 0" in alt and "three games" in alt
