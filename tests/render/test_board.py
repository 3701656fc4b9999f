"""The board image (``bot.render.board``): public state only, never a card a
player holds; long names and Hollywood columns."""

from __future__ import annotations

import inspect
import typing
from dataclasses import fields, replace

from PIL import ImageChops

from bot.engine.cards import parse_card
from bot.engine.records import (
    Event,
    EventKind,
)
from bot.engine.views import PublicView
from bot.render import (
    render_board,
)
from bot.render.board import board_image
from tests.helpers import samples
from tests.helpers.images import (
    MAX_BYTES,
    rgb,
)

C = parse_card


def test_board_takes_only_public_view() -> None:
    hints = typing.get_type_hints(render_board)
    params = list(inspect.signature(render_board).parameters)
    assert params == ["view", "four_color", "lang"]
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
