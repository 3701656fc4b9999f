"""Colours, in one place so every image agrees.

Why an opaque felt green: Discord shows images on a near-black (dark theme)
or white (light theme) page; a mid-dark green table with light text and white
cards keeps strong contrast on both, and never depends on transparency.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

FELT: RGB = (24, 94, 62)
FELT_DARK: RGB = (17, 72, 47)  # meld plates, panels
FELT_EDGE: RGB = (9, 44, 29)  # frame around the table
PANEL: RGB = (15, 62, 41)
PANEL_ACTIVE: RGB = (38, 84, 52)

TEXT: RGB = (246, 243, 232)
TEXT_DIM: RGB = (182, 210, 192)
GOLD: RGB = (255, 206, 64)  # whose turn, the winner, gin
GOOD: RGB = (120, 230, 140)  # can knock
WARN: RGB = (255, 150, 90)  # suggested discard, undercut
LAYOFF: RGB = (92, 200, 255)  # cards laid off on the knocker's melds
DARK_TEXT: RGB = (30, 30, 30)

CARD_FACE: RGB = (252, 251, 246)
CARD_BORDER: RGB = (150, 150, 140)
COURT_TINT: RGB = (244, 238, 222)
BACK_MAIN: RGB = (150, 28, 40)
BACK_LINE: RGB = (196, 70, 78)
BACK_BORDER: RGB = CARD_FACE

BLACK_SUIT: RGB = (22, 22, 26)
RED_SUIT: RGB = (206, 24, 36)
BLUE_SUIT: RGB = (22, 86, 200)
GREEN_SUIT: RGB = (14, 128, 52)

#: Suit colours in engine suit order (spades, hearts, diamonds, clubs).
TWO_COLOR: tuple[RGB, RGB, RGB, RGB] = (BLACK_SUIT, RED_SUIT, RED_SUIT, BLACK_SUIT)
FOUR_COLOR: tuple[RGB, RGB, RGB, RGB] = (BLACK_SUIT, RED_SUIT, BLUE_SUIT, GREEN_SUIT)


def suit_color(suit: int, four_color: bool) -> RGB:
    return (FOUR_COLOR if four_color else TWO_COLOR)[suit]
