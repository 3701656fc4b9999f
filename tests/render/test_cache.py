"""The render caches (``bot.render.scene``, ``.bands``, ``.png``): bounded,
and an image built from cached bands is pixel for pixel the image drawn
whole — for whatever mix of views came before it."""

from __future__ import annotations

import io
import random
import struct
import zlib
from collections.abc import Callable, Iterator

import pytest
from PIL import Image, ImageChops, ImageDraw

import bot.render as render_pkg
from bot.engine import Game
from bot.engine.views import PublicView
from bot.i18n import Lang
from bot.render import bands, png, render_board, render_hand, render_tally, scene
from bot.render.board import board_scene
from bot.render.hand import hand_scene
from bot.render.palette import to_palette
from bot.render.reveal import reveal_scene
from bot.render.scene import Scene
from bot.render.tally import tally_scene
from bot.render.text import recording
from tests.helpers import samples
from tests.helpers.play import random_action

NAMES = (("Alice", "Bob"), ("Zoë", "李小龙"), ("a" * 40, "Ted 🎉"))


def game_scenes(seed: int, moves: int) -> Iterator[Scene]:
    """Scenes of one random game as the bot draws them: after every move the
    board and the hand of the player to move (both colour schemes), and the
    reveal and tally when a hand or the game ends."""
    rng = random.Random(seed)
    game = Game.new(NAMES[seed % len(NAMES)], seed=seed)
    for i in range(moves):
        if game.is_over:
            return
        outcome = game.apply(*random_action(game, rng))
        public = game.public_view()
        yield board_scene(public, four_color=i % 3 == 0)
        if game.turn is not None:
            yield hand_scene(game.view(game.turn), four_color=i % 4 == 0)
        if outcome.hand is not None:
            yield reveal_scene(outcome.hand, public)
        if outcome.game is not None:
            yield tally_scene(outcome.game, public)


def decoded(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def same_pixels(data: bytes, s: Scene) -> bool:
    """The PNG shows exactly the scene drawn whole, mapped to the palette."""
    got, want = decoded(data), to_palette(s.image())
    return got.mode == "P" and got.size == want.size and got.tobytes() == want.tobytes()


@pytest.fixture(autouse=True)
def fresh_bands() -> Iterator[None]:
    bands.clear()
    yield
    bands.clear()


def test_banded_images_equal_whole_images_across_games() -> None:
    """Bands reused from earlier images (other games, the other player's
    hand, other colours) never change a pixel: every image of three games
    played in turns equals the same image drawn whole."""
    streams = [game_scenes(seed, 40) for seed in (1, 2, 3)]
    checked = 0
    while streams:
        for stream in list(streams):
            s = next(stream, None)
            if s is None:
                streams.remove(stream)
                continue
            assert same_pixels(s.png(), s), f"image {checked} differs from its whole drawing"
            checked += 1
    assert checked > 100
    assert bands.size() > 0


def test_a_cached_render_equals_a_fresh_one() -> None:
    renders: list[Callable[[], bytes]] = [
        lambda: render_hand(samples.seat_view()),
        lambda: render_board(samples.public_view()),
        lambda: render_board(samples.oklahoma_view(), four_color=True),
        lambda: render_tally(samples.game_result(), samples.public_view()),
    ]
    for render in renders:
        bands.clear()
        fresh = render()
        cached = render()  # every band from the cache
        assert cached == fresh
    # And after other images filled the cache with their own bands.
    for s in game_scenes(4, 30):
        s.png()
    for render in renders:
        cached = render()
        bands.clear()
        assert render() == cached


def test_one_changed_card_redraws_only_its_bands() -> None:
    """What makes it cheap: a board whose pile differs only in the card
    under the top one (5♣ for 7♣: same suit, so the same pip, which the top
    card hides anyway) reuses every band but those showing the changed
    corner index; the rest of that card lies under the top card or looks
    the same."""
    before = board_scene(samples.public_view(discard_pile=samples.cards("QD 4C 8S 5C 3H")))
    after = board_scene(samples.public_view(discard_pile=samples.cards("QD 4C 8S 7C 3H")))
    old, new = before._band_keys(), after._band_keys()
    changed = [i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
    assert 1 <= len(changed) <= 2, changed
    before.png()
    assert same_pixels(after.png(), after)


def test_band_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bands, "CAPACITY", 40)
    for i in range(30):  # every view different: new names, new bands
        view = samples.public_view(names=(f"Player {i}", f"Rival {i}"), scores=(i, 2 * i))
        render_board(view)
        assert bands.size() <= 40
    assert bands.size() == 40


def test_every_render_cache_has_a_cap() -> None:
    """Memory stays flat: no unbounded functools cache anywhere in the renderer."""
    caches = 0
    for name in dir(render_pkg):
        module = getattr(render_pkg, name)
        for attr in vars(module).values() if hasattr(module, "__file__") else ():
            info = getattr(attr, "cache_info", None)
            if info is not None and getattr(attr, "__module__", "").startswith("bot.render"):
                caches += 1
                assert info().maxsize is not None, f"{module.__name__}.{attr.__name__}"
    assert caches >= 8
    assert 0 < bands.CAPACITY <= 10_000


def _chunks(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos = 8
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        yield kind, body
        pos += 12 + length


def test_the_png_is_well_formed() -> None:
    """Valid chunks and CRCs, one zlib stream whose checksum (combined from
    the bands') holds: strict decoders accept it."""
    s = hand_scene(samples.seat_view())
    data = s.png()
    kinds = [kind for kind, _ in _chunks(data)]
    assert kinds == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    idat = dict(_chunks(data))[b"IDAT"]
    raw = zlib.decompress(idat)  # raises on a bad Adler-32
    width, height = s.width, s.height
    assert len(raw) == height * (width + 1)
    assert all(raw[i * (width + 1)] == 0 for i in range(height))  # filter 0 on every row


def test_adler32_combine_matches_zlib() -> None:
    rng = random.Random(5)
    for _ in range(200):
        a = rng.randbytes(rng.randrange(0, 300))
        b = rng.randbytes(rng.randrange(0, 70_000))
        combined = png.adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b))
        assert combined == zlib.adler32(a + b)


def test_zlib_and_isal_draw_the_same_pixels(monkeypatch: pytest.MonkeyPatch) -> None:
    """The deflate engine changes bytes, never pixels (zlib always; ISA-L
    when the ``isal`` package is installed)."""
    s = board_scene(samples.public_view())
    monkeypatch.setattr(png, "ENGINE", zlib)
    assert same_pixels(s.png(), s)
    isal_zlib = pytest.importorskip("isal.isal_zlib")
    bands.clear()
    monkeypatch.setattr(png, "ENGINE", isal_zlib)
    assert same_pixels(s.png(), s)


def test_rounded_rectangles_drawn_in_bands_are_exact() -> None:
    """Bands leave out the corners of a rounded rectangle that lie outside
    them (scene._corners_in); the rows inside stay Pillow's own."""
    rng = random.Random(9)
    for _ in range(300):
        x0, y0 = rng.randrange(0, 40), rng.randrange(-20, 100)
        box = (x0, y0, x0 + rng.randrange(1, 60), y0 + rng.randrange(1, 120))
        d = min(box[2] - box[0], box[3] - box[1], 2 * rng.choice([0, 2, 3.5, 7, 14, 40]))
        style = {
            "fill": rng.choice([None, (10, 20, 30)]),
            "outline": rng.choice([None, (200, 100, 50), (10, 20, 30)]),
            "width": rng.randrange(1, 6),
        }
        whole = Image.new("RGB", (100, 240))
        shifted = (box[0], box[1] + 60, box[2], box[3] + 60)
        ImageDraw.Draw(whole).rounded_rectangle(shifted, d / 2, **style)
        for top in range(0, 240, 32):
            rows = min(32, 240 - top)
            band = Image.new("RGB", (100, rows))
            moved = (box[0], box[1] + 60 - top, box[2], box[3] + 60 - top)
            corners = scene._corners_in(moved, d, style["width"], rows)
            ImageDraw.Draw(band).rounded_rectangle(moved, d / 2, corners=corners, **style)
            diff = ImageChops.difference(band, whole.crop((0, top, 100, top + rows)))
            assert diff.getbbox() is None, (box, d, style, top)


@pytest.mark.parametrize("band", [8, 32, 10_000])
def test_any_band_height_gives_the_same_pixels(band: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scene, "BAND", band)
    view: PublicView = samples.public_view(turn=1, dealer=0)
    for s in (board_scene(view), hand_scene(samples.seat_view()), *game_scenes(6, 6)):
        assert same_pixels(s.png(), s)


def test_bands_never_mix_languages() -> None:
    """The band cache is keyed by what each band draws, words included: the
    same board in English, German and English again is two pictures, and
    the English one comes back exactly as drawn whole."""
    public = samples.public_view()
    bands.clear()
    english = render_board(public)
    german = render_board(public, lang=Lang.DE)
    assert german != english
    assert render_board(public) == english
    assert same_pixels(english, board_scene(public))
    assert same_pixels(german, board_scene(public, lang=Lang.DE))
    # A name with nothing drawable stands in as "Player 1" in each language
    # (the name cache is keyed by the language too).
    nameless = samples.public_view(names=("", "Bob"))
    with recording() as drawn:
        render_board(nameless, lang=Lang.DE)
        render_board(nameless)
    values = [d.value for d in drawn]
    assert "Spieler 1" in values and "Player 1" in values
