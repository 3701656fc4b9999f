"""The profile card's achievements panel: how many the player has earned,
and their names, the latest first.

Every text here is at least :func:`~.text.legible_size` for the card's
width (a profile is shown about 400 px wide on a phone, where each must
still be 11 px tall), so the panel holds three lines: its title with the
count, and the two latest names (the alt text names them
all).  The names come worded in the card's language
(:func:`~.profile_words.achievement_names`, from the catalogues'
``season.achievement.*`` entries); the panel adds no words of its own beyond
the card's labels: the count is a number beside the title.  Every name, in
every language, fits a line (a test measures them).
"""

from __future__ import annotations

from . import theme
from .scene import Scene
from .text import legible_size
from .widgets import text

#: The count's size: the panel's one figure, as large as its neighbours'.
VALUE_SIZE = 30


def draw_achievements(
    scene: Scene,
    box: tuple[int, int, int, int],
    title: str,
    none_yet: str,
    names: tuple[str, ...],
) -> None:
    """The panel in ``box``: ``title`` with the count beside it, then the two
    latest ``names`` (already worded), one a line, or ``none_yet``."""
    x0, y0, x1, _ = box
    small = legible_size(scene.width)
    scene.rounded_rectangle(box, 14, fill=theme.PANEL)
    room = x1 - x0 - 28
    if names:
        count = text(
            scene, (x1 - 14, y0 + 26), str(len(names)), VALUE_SIZE, theme.GOLD, anchor="rm"
        )
        room_title = room - count - 12
    else:
        room_title = room
    text(scene, (x0 + 14, y0 + 26), title, small, theme.TEXT_DIM, anchor="lm", max_width=room_title)
    if not names:
        text(
            scene, (x0 + 14, y0 + 80), none_yet, VALUE_SIZE, theme.TEXT, anchor="lm", max_width=room
        )
        return
    for i, name in enumerate(names[:2]):
        text(
            scene, (x0 + 14, y0 + 68 + 38 * i), name, small, theme.TEXT, anchor="lm", max_width=room
        )
