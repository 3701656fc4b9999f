"""The replay and the profile card readable on a phone in every language:
every text they draw, card corner indices included, is at least 11 px tall
when the image is shown 400 px wide (``legible_size`` in
``bot/render/text.py``); every word of theirs is drawn whole (a long caption
takes a second line; only a player's name may be shortened, and names in any
script are drawn); no two texts overlap or leave the image; the PNGs decode.

The images are drawn under :func:`bot.render.text.recording`, so nothing
here guesses at what was drawn.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

import pytest

from bot import i18n
from bot.engine import HandEnd
from bot.engine.replay import HandReplay, ReplayFrame
from bot.i18n import Lang
from bot.render import profile as profile_module
from bot.render import profile_words, replay_words
from bot.render import replay as replay_module
from bot.render.profile import profile_scene
from bot.render.profile_card import ProfileCard
from bot.render.replay import move_lines, replay_scene
from bot.render.scene import Scene
from bot.render.text import MIN_PREVIEW_PX, Drawn, measure, recording
from bot.render.widgets import name_text
from bot.service import ACHIEVEMENTS
from tests.helpers.images import decode
from tests.render.test_languages import text_boxes
from tests.render.test_profile import card
from tests.render.test_replay import a_hand

#: Each language draws a pair of names in other scripts.
NAMES = {
    Lang.EN: ("Zoë Ærø", "محمد علي"),
    Lang.ES: ("김민수 🌸", "Дмитрий"),
    Lang.PT_BR: ("דוד כהן", "李小龍"),
    Lang.DE: ("さくら 山田", "Αλέξης"),
    Lang.FR: ("Ana 🌸", "김민수"),
}
#: Names too long for any place: shortened, never the words around them.
LONG = ("محمد علي " * 6, "김민수" * 12)
#: Seed 7's hand: the discard pile empties, a knock, three cards laid off.
KNOCKED = 7
#: Seed 2's hand: a dead hand.
DEAD = 2
GAME = 123456


def shown(name: str, seat: int, lang: Lang) -> str:
    return name_text(name, seat, 25, 10_000, lang=lang)


def assert_legible(drawn: list[Drawn]) -> None:
    assert drawn
    worst = min(drawn, key=lambda d: d.preview_px)
    assert worst.preview_px >= MIN_PREVIEW_PX, (
        f"{worst.value!r} is {worst.size} px in a {worst.image_width} px image"
    )


def assert_words_drawn(drawn: list[Drawn], texts: Iterable[str]) -> None:
    """Every word of ``texts`` is a word of some drawn text (a caption may
    be drawn over two lines, its clauses' "·" standing at the break)."""
    have = {word for d in drawn for word in d.value.split()}
    for value in texts:
        missing = [w for w in value.split() if w != "·" and w not in have]
        assert not missing, f"{missing} of {value!r} not drawn"


def assert_only_names_cut(drawn: list[Drawn], names: Iterable[str]) -> None:
    """Each "…" drawn ends or starts a piece of a name (as drawn, in visual
    order), never one of our words."""
    # NFKC: a shortened Arabic name's last letter takes another shape.
    full = [unicodedata.normalize("NFKC", n) for n in names]
    for d in drawn:
        for cut in re.finditer("…", d.value):
            before = d.value[: cut.start()].split(" ")[-1]
            after = d.value[cut.end() :].split(" ")[0]
            touching = unicodedata.normalize("NFKC", before or after)
            assert touching and any(touching in n for n in full), f"{d.value!r} was cut"


def assert_apart(scene: Scene) -> None:
    boxes = text_boxes(scene)
    for i, (value, (x0, y0, x1, y1)) in enumerate(boxes):
        assert min(x0, y0) >= 0 and x1 <= scene.width and y1 <= scene.height, value
        for other, (a0, b0, a1, b1) in boxes[i + 1 :]:
            assert not (x0 < a1 and a0 < x1 and y0 < b1 and b0 < y1), f"{value!r} on {other!r}"


# --- the replay ----------------------------------------------------------------------


def frames(hand: HandReplay, dead: HandReplay) -> list[ReplayFrame]:
    """The deal, the discard pile emptied, a discard, the knock, the end of a
    knocked hand and of a dead one."""
    steps = range(len(hand.steps))
    empty = next(i for i in steps if hand.steps[i].pile_top is None)
    knock = next(i for i in steps if hand.frame(i).is_knock)
    last = hand.frame(10_000)
    assert last.result.end is HandEnd.KNOCK and len(last.result.layoffs) == 3
    assert dead.result.end is HandEnd.DEAD
    return [
        hand.frame(0),
        hand.frame(empty),
        hand.frame(empty + 1),
        hand.frame(knock),
        last,
        dead.frame(10_000),
    ]


def replay_words_of(frame: ReplayFrame, lang: Lang, names: tuple[str, str]) -> list[str]:
    """The words the step must draw whole."""
    step = frame.step
    out = [
        replay_words.heading(lang, GAME, frame.hand_number),
        replay_words.step_caption(lang, frame),
        replay_words.stock_label(lang, step.stock_count),
        replay_words.pile_label(lang, step.pile_size),
        replay_words.dealer_mark(lang),
        *(p for p in replay_words.move_parts(lang, frame, names) if isinstance(p, str)),
    ]
    if step.to_move is not None:
        out.append(replay_words.to_move(lang))
    if step.pile_top is None:
        out.append(replay_words.empty_slot(lang))
    if frame.is_last and frame.result.layoffs:
        out.append(replay_words.laid_off(lang))
    return out


@pytest.mark.parametrize("lang", list(Lang))
def test_every_replay_step_is_legible(lang: Lang) -> None:
    names = NAMES[lang]
    drawn_names = (shown(names[0], 0, lang), shown(names[1], 1, lang))
    for frame in frames(a_hand(KNOCKED, names), a_hand(DEAD, names)):
        with recording() as drawn:
            scene = replay_scene(frame, GAME, lang=lang)
        img = decode(scene.png())
        assert img.format == "PNG"
        assert img.size == (replay_module.WIDTH, replay_module.HEIGHT)
        assert_legible(drawn)
        values = [d.value for d in drawn]
        assert all(name in values for name in drawn_names), values
        assert_words_drawn(drawn, replay_words_of(frame, lang, drawn_names))
        assert_only_names_cut(drawn, drawn_names)


@pytest.mark.parametrize("lang", list(Lang))
def test_replay_texts_never_overlap(lang: Lang) -> None:
    for frame in frames(a_hand(KNOCKED, ("Alice", "Bob")), a_hand(DEAD, ("Alice", "Bob"))):
        assert_apart(replay_scene(frame, GAME, lang=lang))


@pytest.mark.parametrize("lang", list(Lang))
def test_the_move_takes_a_second_line_rather_than_cut_words(lang: Lang) -> None:
    """The end of a knocked hand names both players (three times): with long
    names it takes two lines, the names shortened, every word whole."""
    last = a_hand(KNOCKED, LONG).frame(10_000)
    with recording() as drawn:
        scene = replay_scene(last, GAME, lang=lang)
    assert decode(scene.png()).format == "PNG"
    assert_legible(drawn)
    width = replay_module.WIDTH - 2 * replay_module.MARGIN - 24
    lines = move_lines(last, lang, width)
    assert len(lines) == 2
    template = i18n.text(
        lang,
        "img.replay.result.knock",
        knocker="",
        knocker_value=last.result.knocker_value,
        defender="",
        defender_value=last.result.defender_value,
        winner="",
        points=last.result.points,
        doubled="",
    )
    assert_words_drawn(drawn, [template])
    assert_only_names_cut(drawn, [shown(n, i, lang) for i, n in enumerate(LONG)])
    assert_apart(scene)


# --- the profile card ------------------------------------------------------------------


def longest_achievements(lang: Lang) -> tuple[str, ...]:
    """The keys of the two achievements whose names are longest in ``lang``."""
    by_width = sorted(ACHIEVEMENTS, key=lambda a: measure(i18n.text(lang, a.name_key), 25))
    return tuple(a.name_key for a in by_width[-2:])


def cards(lang: Lang, name: str, other: str) -> list[ProfileCard]:
    """A seasoned player seen by someone else, a new player, one's own card."""
    return [
        card(
            name=name,
            best_hand=(125, HandEnd.BIG_GIN, GAME, 14),
            head_to_head=(12, 34),
            achievements=longest_achievements(lang),
        ),
        card(
            name=other,
            ratings=(),
            first_at=None,
            last_at=None,
            rating=None,
            games=0,
            wins=0,
            win_rate=None,
            hands_won=0,
            gins=0,
            gin_rate=None,
            knocks=0,
            undercut=0,
            undercut_rate=None,
            knock_deadwood=None,
            best_streak=0,
            current_streak=0,
            best_hand=None,
            head_to_head=None,
        ),
        card(name=other, head_to_head=None),
    ]


def profile_words_of(c: ProfileCard, lang: Lang, name: str) -> list[str]:
    """The words the card must draw whole."""
    say = profile_words.label
    out = [
        profile_words.rating_pill(lang, c.rating),
        profile_words.subtitle(lang, c.games),
        *(say(lang, key) for key in ("rating", "games", "win_rate", "win_caption")),
        *(say(lang, key) for key in ("gin_rate", "undercut_rate", "knock_deadwood")),
        *(say(lang, key) for key in ("best_streak", "best_hand", "head_to_head")),
        say(lang, "achievements"),
        profile_words.games_caption(lang, c.wins, c.losses),
        profile_words.gin_caption(lang, c.gins, c.hands_won),
        profile_words.undercut_caption(lang, c.undercut, c.knocks),
        profile_words.knock_caption(lang, c.knocks),
        profile_words.streak_caption(lang, c.current_streak),
        *profile_words.achievement_names(lang, c.achievements),
    ]
    if len(c.ratings) < 2:
        out.append(say(lang, "no_chart"))
    if not c.achievements:
        out.append(say(lang, "no_achievements"))
    if c.best_hand is not None:
        points, end, game, hand = c.best_hand
        out.append(profile_words.best_hand_value(lang, points))
        out.append(profile_words.best_hand_caption(lang, end, game, hand))
    if c.head_to_head is None:
        out.append(say(lang, "yourself"))
    else:
        out.append(profile_words.head_to_head_caption(lang, name))
    return out


@pytest.mark.parametrize("lang", list(Lang))
def test_every_profile_card_is_legible(lang: Lang) -> None:
    name, other = NAMES[lang]
    for c in cards(lang, name, other):
        with recording() as drawn:
            scene = profile_scene(c, lang=lang)
        img = decode(scene.png())
        assert img.format == "PNG"
        assert img.size == (profile_module.WIDTH, profile_module.HEIGHT)
        assert_legible(drawn)
        drawn_name = shown(c.name, 0, lang)
        values = [d.value for d in drawn]
        assert drawn_name in values
        assert_words_drawn(drawn, profile_words_of(c, lang, drawn_name))
        # The achievements' names are drawn whole, each on its line.
        names = profile_words.achievement_names(lang, c.achievements)
        assert all(n in values for n in names)
        assert_only_names_cut(drawn, [drawn_name])


@pytest.mark.parametrize("lang", list(Lang))
def test_profile_texts_never_overlap(lang: Lang) -> None:
    for c in cards(lang, "Alice", "Bob"):
        assert_apart(profile_scene(c, lang=lang))


@pytest.mark.parametrize("lang", list(Lang))
def test_a_long_name_is_shortened_on_the_card_never_the_words(lang: Lang) -> None:
    for name in LONG:
        c = card(name=name, best_hand=(125, HandEnd.BIG_GIN, GAME, 14), head_to_head=(1, 2))
        with recording() as drawn:
            scene = profile_scene(c, lang=lang)
        assert decode(scene.png()).format == "PNG"
        assert_legible(drawn)
        # The caption's words around the name (drawn over two lines).
        joined = " ".join(d.value for d in drawn)
        caption = profile_words.head_to_head_caption(lang, "\n")
        assert all(w in joined for w in caption.split()), caption
        assert_only_names_cut(drawn, [shown(name, 0, lang)])
        assert_apart(scene)
