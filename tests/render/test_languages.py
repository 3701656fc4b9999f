"""Every game image in every language: the hand, board, reveal, tally and
bracket drawn in English, Spanish, Brazilian Portuguese, German and French,
with names in several scripts.  Each decodes; every text stays readable at
Discord's phone preview size; names are drawn whole (never "?" or the
"Player N" stand-in); the words drawn are that language's catalogue words
(``bot/locales/<lang>/img.po``), none of them cut and none left in English;
and no two texts overlap or leave their image, however long the words.

The images are drawn under :func:`bot.render.text.recording`, so nothing
here guesses at what was drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import pytest

from bot.engine import Assist, HandEnd, Phase
from bot.engine.cards import parse_card
from bot.engine.records import EventKind
from bot.engine.tournament import Bracket, Entrant, TournamentFormat, seed, tournament_view
from bot.i18n import Lang, catalogs, text
from bot.i18n.catalogs import placeholders
from bot.render import words
from bot.render.advice import Verdict
from bot.render.bidi import visual
from bot.render.board import board_scene
from bot.render.bracket import bracket_scene
from bot.render.hand import hand_scene
from bot.render.names import clean_text
from bot.render.reveal import explanation, reveal_scene
from bot.render.scene import Scene
from bot.render.tally import tally_scene
from bot.render.text import MIN_PREVIEW_PX, Drawn, recording, text_mask
from bot.render.widgets import name_text
from tests.helpers import samples
from tests.helpers.images import decode

#: Each language draws a pair of names in other scripts.
NAMES = {
    Lang.EN: ("Zoë Ærø", "محمد علي"),
    Lang.ES: ("김민수 🌸", "Дмитрий"),
    Lang.PT_BR: ("דוד כהן", "李小龍"),
    Lang.DE: ("さくら 山田", "Αλέξης"),
    Lang.FR: ("Ana 🌸", "김민수"),
}
BRACKET_NAMES = ["Zoë", "Αλέξης", "Дмитрий", "محمد علي", "דוד כהן", "李小龍", "さくら", "김민수 🌸"]
#: A tournament's status comes worded from the Discord layer: a neutral one here.
STATUS = "3/7"


@dataclass(frozen=True)
class Image:
    """One image of the sweep: its scene, and the words it must draw."""

    name: str
    scene: Callable[[Lang], Scene]
    words: Callable[[Lang], list[str]]


def shown(name: str, seat: int, size: int, lang: Lang) -> str:
    return name_text(name, seat, size, 10_000, lang=lang)


def images(a: str, b: str) -> list[Image]:
    pub = samples.public_view(names=(a, b))
    waiting = replace(pub, turn=1)
    upcard = replace(pub, phase=Phase.UPCARD)
    knock, dead = samples.knock_result(), samples.dead_result()
    game = samples.game_result()
    seat = samples.seat_view(public=pub)
    return [
        Image(
            "hand",
            lambda lang: hand_scene(seat, lang=lang),
            lambda lang: [
                words.meld_label(lang, True),
                words.meld_label(lang, False),
                words.best_discard(lang),
                words.top_card(lang),
                words.hand_stock(lang, 21),
                words.knock_caption(lang, 10),
                words.deadwood_label(lang, 6),
                str(words.verdict_pill(lang, Verdict.KNOCK)),
                words.my_turn(lang, Phase.DISCARD),
                words.drawn_tag(lang, from_pile=False),
            ],
        ),
        Image(
            "hand, waiting, from the discard pile",
            lambda lang: hand_scene(
                replace(samples.seat_view(public=waiting), drawn_from_pile=True), lang=lang
            ),
            lambda lang: [
                words.waiting_for(lang, name_text(b, 1, 24, 300, lang=lang)),
                words.drawn_tag(lang, from_pile=True),
            ],
        ),
        Image(
            "hand, to draw, assistance off",
            lambda lang: hand_scene(
                samples.seat_view(public=replace(pub, phase=Phase.DRAW)),
                assist=Assist.OFF,
                lang=lang,
            ),
            lambda lang: [words.my_turn(lang, Phase.DRAW), words.card_count(lang, 11)],
        ),
        Image(
            "hand, the upcard",
            lambda lang: hand_scene(samples.seat_view(public=upcard), lang=lang),
            lambda lang: [words.my_turn(lang, Phase.UPCARD)],
        ),
        Image(
            "board",
            lambda lang: board_scene(pub, lang=lang),
            lambda lang: [
                words.hand_heading(lang, pub),
                words.rules_caption(lang, pub),
                words.knock_caption(lang, 10),
                words.stock_label(lang, 21),
                words.pile_label(lang, Phase.DISCARD, 5),
                str(words.turn_pill(lang, Phase.DISCARD)),
                words.fan_caption(lang, 11, 1),
                words.fan_caption(lang, 10, 0),
                str(words.event_parts(lang, EventKind.DRAW_STOCK, shown(a, 0, 22, lang), None)[0]),
                words.score_detail(lang, 100, 1, hollywood=False),
            ],
        ),
        Image(
            "board, the upcard",
            lambda lang: board_scene(upcard, lang=lang),
            lambda lang: [
                str(words.turn_pill(lang, Phase.UPCARD)),
                words.pile_label(lang, Phase.UPCARD, 5),
            ],
        ),
        Image(
            "board, Oklahoma",
            lambda lang: board_scene(samples.oklahoma_view(), lang=lang),
            lambda lang: [words.score_doubled(lang)],
        ),
        Image(
            "reveal",
            lambda lang: reveal_scene(knock, pub, lang=lang),
            lambda lang: [
                words.reveal_title(lang, HandEnd.KNOCK).format(shown(a, 0, 36, lang)),
                words.reveal_subtitle(lang, 3, explanation(knock, pub.ruleset, lang=lang)),
                words.knocker_caption(lang, HandEnd.KNOCK, knock.knocker_value),
                words.defender_caption(lang, knock.defender_value, len(knock.layoffs)),
                words.laid_off_label(lang, 2),
            ],
        ),
        Image(
            "reveal, gin doubled",
            lambda lang: reveal_scene(samples.gin_result(), samples.oklahoma_view(), lang=lang),
            lambda lang: [words.knocker_caption(lang, HandEnd.GIN, 0)],
        ),
        Image(
            "reveal, dead hand",
            lambda lang: reveal_scene(dead, pub, lang=lang),
            lambda lang: [words.dead_hand(lang), words.stock_down(lang), words.next_hand(lang)],
        ),
        Image(
            "tally",
            lambda lang: tally_scene(game, pub, lang=lang),
            lambda lang: [
                words.wins_head(lang, pub).format(shown(a, 0, 40, lang)),
                words.reached_target(lang, pub.target, game.margin).format(shown(a, 0, 24, lang)),
                *(v for k, v in words.tally_rows(lang).items() if k != "shutout"),
            ],
        ),
        Image(
            "tally, shutout",
            lambda lang: tally_scene(samples.shutout_game(), pub, lang=lang),
            lambda lang: [words.tally_rows(lang)["shutout"]],
        ),
    ]


def bracket(fmt: TournamentFormat, names: list[str], played: int) -> Callable[[Lang], Scene]:
    b = Bracket.new(fmt, seed([Entrant(100 + i, n, 1500.0 - i, i) for i, n in enumerate(names)]))
    for i in range(played):
        m = b.ready()[0]
        winner = m.players[i % 2]
        assert winner is not None
        b.record(m.key, winner, (100 + i, 90 - i))
    for m in b.ready()[:2]:
        b.start(m.key)
    view = tournament_view(b, "", STATUS)
    return lambda lang: bracket_scene(view, lang=lang)


def brackets(names: list[str]) -> list[Image]:
    return [
        Image(
            "single elimination",
            bracket(TournamentFormat.SINGLE_ELIMINATION, names, 2),
            lambda lang: [
                words.tournament(lang),
                words.bracket_subtitle(lang, TournamentFormat.SINGLE_ELIMINATION, 8, STATUS),
                words.round_name(lang, 1, 3),
                words.round_name(lang, 2, 3),
                words.round_name(lang, 3, 3),
                words.champion(lang),
                words.playing_now(lang),
            ],
        ),
        Image(
            "round robin",
            bracket(TournamentFormat.ROUND_ROBIN, names[:4], 3),
            lambda lang: [
                words.bracket_subtitle(lang, TournamentFormat.ROUND_ROBIN, 4, STATUS),
                words.table_heads(lang)[1],
                *words.table_heads(lang)[2],
                words.table_heads(lang)[3],
                words.result_mark(lang, True),
                words.result_mark(lang, False),
            ],
        ),
    ]


BRACKETS = brackets(BRACKET_NAMES)


def drawn_in(lang: Lang, image: Image) -> tuple[Scene, list[Drawn]]:
    with recording() as drawn:
        scene = image.scene(lang)
    return scene, drawn


def fixed_texts(lang: Lang) -> dict[str, str]:
    """The language's image words that take nothing to fill in."""
    return {
        key: value
        for key, value in catalogs()[lang].texts.items()
        if key.startswith("img.") and isinstance(value, str) and not placeholders(value)
    }


def english_leaks(lang: Lang, drawn: list[Drawn]) -> list[str]:
    """Drawn texts that are English words the language words otherwise."""
    if lang is Lang.EN:
        return []
    theirs = fixed_texts(lang)
    english = {v for k, v in fixed_texts(Lang.EN).items() if theirs.get(k) != v}
    return [d.value for d in drawn if d.value in english - set(theirs.values())]


def sweep() -> list[tuple[Lang, Image]]:
    return [(lang, image) for lang in Lang for image in images(*NAMES[lang]) + BRACKETS]


@pytest.mark.parametrize(("lang", "image"), sweep(), ids=lambda x: str(getattr(x, "name", x)))
def test_every_image_speaks_its_language_readably(lang: Lang, image: Image) -> None:
    scene, drawn = drawn_in(lang, image)
    assert decode(scene.png()).format == "PNG"
    worst = min(drawn, key=lambda d: d.preview_px)
    assert worst.preview_px >= MIN_PREVIEW_PX, f"{worst.value!r} is {worst.size} px"
    values = [d.value for d in drawn]
    # Names drawn: no stand-in, nothing replaced ("?" alone is the champion
    # still to be decided); a name may be cut to its place, our words never.
    for n in (1, 2):
        assert words.player_fallback(lang, n) not in values
    assert not [v for v in values if "?" in v and v != "?"]
    names = [visual(clean_text(n)) for n in (*NAMES[lang], *BRACKET_NAMES)]
    cut = [v for v in values if "…" in v]
    assert all(any(part in n for n in names) for v in cut for part in v.split("…") if part), cut
    # The language's own words, and no English left among them.
    for word in image.words(lang):
        assert word in values, f"{lang.value}: {word!r} not drawn in {image.name}"
    if lang is not Lang.EN:
        english = set(image.words(Lang.EN))
        theirs = set(image.words(lang))
        assert theirs != english, "the words differ from the English ones"
        assert not (english - theirs) & set(values), "an English word was drawn"
    assert english_leaks(lang, drawn) == []


def text_boxes(scene: Scene) -> list[tuple[str, tuple[int, int, int, int]]]:
    """Each text's inked box in the image (from the scene's operations)."""
    boxes = []
    for entry in scene._ops:
        op = entry.op
        if op[0] != "text":
            continue
        _, value, size, face, anchor, _, x, y = op
        ink = text_mask(value, size, face, anchor)[0].getbbox()
        if ink:
            boxes.append((value, (x + ink[0], y + ink[1], x + ink[2], y + ink[3])))
    return boxes


@pytest.mark.parametrize("lang", list(Lang))
def test_longer_words_never_overlap_or_leave_the_image(lang: Lang) -> None:
    # Latin names: this is about the words around them (a name's own
    # ascenders and descenders are the scripts tests' business).
    for image in images("Alice", "Bob") + brackets([f"Player{i}" for i in range(8)]):
        scene = image.scene(lang)
        boxes = text_boxes(scene)
        for i, (value, (x0, y0, x1, y1)) in enumerate(boxes):
            assert min(x0, y0) >= 0 and x1 <= scene.width and y1 <= scene.height, value
            for other, (a0, b0, a1, b1) in boxes[i + 1 :]:
                overlap = x0 < a1 and a0 < x1 and y0 < b1 and b0 < y1
                assert not overlap, f"{image.name}: {value!r} overlaps {other!r}"


def test_the_hand_header_takes_a_third_line_rather_than_cut_words() -> None:
    """The longest turn lines (and, in German, the verdict pill) do not fit
    beside the facts on the right: the header grows by a line instead."""
    seat = samples.seat_view()
    short = hand_scene(seat, lang=Lang.EN)
    long_line = hand_scene(
        samples.seat_view(public=samples.public_view(phase=Phase.DRAW)), lang=Lang.EN
    )
    assert long_line.height > short.height
    german = hand_scene(seat, lang=Lang.DE)
    assert german.height == long_line.height
    _, drawn = drawn_in(Lang.DE, images(*NAMES[Lang.DE])[0])
    assert words.verdict_pill(Lang.DE, Verdict.KNOCK) in [d.value for d in drawn]


def test_the_upcard_is_named_in_its_language_on_the_board() -> None:
    card = parse_card("3H")
    for lang in Lang:
        parts = words.event_parts(lang, EventKind.DEAL, "Ana", card)
        assert card in parts and text(lang, "term.upcard").lower() in str(parts[0]).lower()
