"""The end-of-game tally: how each player's final points add up.

Shown as a small table (hand points, shutout doubling, line bonus, game
bonus, total) because the leaderboard records these totals and players will
want to check the sum.
"""

from __future__ import annotations

from PIL import Image

from bot.engine.records import GameEnd, GameResult, SeatTally
from bot.engine.views import PublicView
from bot.i18n import Lang

from . import theme, words
from .scene import Scene
from .widgets import name_text, phrase, text

WIDTH = 800
MARGIN = 26
HEADER_H = 112
ROW_H = 50
LABEL_W = 300  # the first column
COL_W = (WIDTH - 2 * MARGIN - 20 - LABEL_W) // 2


def render_tally(
    game: GameResult, view: PublicView, *, four_color: bool = False, lang: Lang = Lang.EN
) -> bytes:
    """PNG of the final tally, worded in ``lang`` (the server's language: the
    tally is public).  ``four_color`` is accepted for a uniform API (no card
    is drawn here)."""
    return tally_scene(game, view, lang=lang).png()


def tally_image(game: GameResult, view: PublicView, *, lang: Lang = Lang.EN) -> Image.Image:
    """The tally before encoding (tests inspect its exact colours)."""
    return tally_scene(game, view, lang=lang).image()


def tally_scene(game: GameResult, view: PublicView, *, lang: Lang = Lang.EN) -> Scene:
    """The tally as drawing operations (see :mod:`.scene`)."""
    rows = _rows(game, view, lang)
    height = HEADER_H + 60 + ROW_H * len(rows) + 30
    scene = Scene(WIDTH, height)
    winner = game.winner if game.winner in (0, 1) else 0
    loser = 1 - winner
    full = WIDTH - 2 * MARGIN - 20
    if game.reason is GameEnd.ENDED:
        # Nobody won: a moderator stopped the game (no rating changes).
        head = phrase(words.ended_head(lang), [], 40, full, lang=lang)
    else:
        winner_name = [(view.names[winner], winner)]
        head = phrase(words.wins_head(lang, view), winner_name, 40, full, lang=lang)
    text(scene, (WIDTH / 2, 44), head, 40, theme.GOLD, anchor="mm", max_width=full)
    if game.reason is GameEnd.TARGET:
        sub = phrase(
            words.reached_target(lang, view.target, game.margin),
            [(view.names[winner], winner)],
            24,
            full,
            lang=lang,
        )
    else:
        template = words.ended_with_margin(lang, game.reason, game.margin)
        sub = phrase(template, [(view.names[loser], loser)], 24, full, lang=lang)
    text(scene, (WIDTH / 2, 88), sub, 24, theme.TEXT_DIM, anchor="mm", max_width=full)
    _table(scene, view, winner, rows, HEADER_H, lang)
    return scene


Row = tuple[str, str, str, bool]  # label, seat 0, seat 1, emphasised


def _rows(game: GameResult, view: PublicView, lang: Lang) -> list[Row]:
    t0, t1 = game.tallies
    label = words.tally_rows(lang)
    rows: list[Row] = [(label["hand_points"], str(t0.hand_points), str(t1.hand_points), False)]
    if t0.shutout or t1.shutout:
        rows.append((label["shutout"], _shutout(t0), _shutout(t1), False))
    bonus = view.ruleset.line_bonus
    rows.append((label["line_bonus"], _line(t0, bonus), _line(t1, bonus), False))
    rows.append((label["game_bonus"], _signed(t0.game_bonus), _signed(t1.game_bonus), False))
    rows.append((label["total"], str(t0.total), str(t1.total), True))
    return rows


def _shutout(t: SeatTally) -> str:
    return f"+{t.hand_points}" if t.shutout else "—"


def _line(t: SeatTally, bonus: int) -> str:
    if t.hands_won and bonus and t.line_bonus == t.hands_won * bonus:
        return words.line_bonus_sum(t.hands_won, bonus, t.line_bonus)
    return _signed(t.line_bonus)


def _signed(v: int) -> str:
    return f"+{v}" if v > 0 else "0"


def _table(
    scene: Scene,
    view: PublicView,
    winner: int,
    rows: list[Row],
    y: int,
    lang: Lang,
) -> None:
    """A header row of names, then one row per line of the tally."""
    x0 = MARGIN + 10
    cols = [x0 + LABEL_W + COL_W * i + COL_W // 2 for i in (0, 1)]
    right = WIDTH - MARGIN - 10
    ry = y + 56
    for i, row in enumerate(rows):
        if not row[3] and i % 2 == 0:
            scene.rectangle((x0, ry, right, ry + ROW_H), fill=theme.FELT_DARK)
        ry += ROW_H
    # The winner's column, edged in gold.
    wx = cols[winner] - COL_W // 2 + 6
    scene.rounded_rectangle(
        (wx, y - 4, wx + COL_W - 12, y + 60 + ROW_H * len(rows)),
        14,
        outline=theme.GOLD,
        width=3,
    )
    for seat in (0, 1):
        name = name_text(view.names[seat], seat, 26, COL_W - 30, lang=lang)
        color = theme.GOLD if seat == winner else theme.TEXT
        text(scene, (cols[seat], y + 28), name, 26, color, anchor="mm")
    ry = y + 56
    for label, v0, v1, strong in rows:
        if strong:
            scene.line((x0, ry + 2, right, ry + 2), fill=theme.TEXT_DIM, width=2)
        size = 30 if strong else 24
        text(
            scene,
            (x0 + 14, ry + ROW_H / 2),
            label,
            22 if not strong else 26,
            theme.TEXT if strong else theme.TEXT_DIM,
            anchor="lm",
            max_width=LABEL_W - 30,
        )
        for seat, value in ((0, v0), (1, v1)):
            text(
                scene,
                (cols[seat], ry + ROW_H / 2),
                value,
                size,
                theme.TEXT,
                anchor="mm",
                max_width=COL_W - 30,
            )
        ry += ROW_H
