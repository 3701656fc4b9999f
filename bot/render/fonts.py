"""The fonts: the shipped faces, the fallback chain for any script, and which
font draws which character.

Why shipped fonts first: an image must come out the same on every machine, so
every character a shipped font has is drawn by it, whatever the system has.
The chain, first font that has the character wins:

1. Noto Sans Arabic Bold (subset to the Arabic blocks only, so it claims
   nothing else): Arabic, Persian and Urdu letters and their joined forms;
2. the UI face, DejaVu Sans Bold (or Condensed Bold): Latin, Greek, Cyrillic,
   Hebrew, Armenian, Georgian, symbols, and every word of the UI;
3. Noto Sans CJK SC Bold, subset: all Hangul, all Kana, and the 10,831 Han
   characters of the GB 2312, Big5 (level 1), JIS X 0208 and KS X 1001 sets;
4. Noto Color Emoji, subset to single-character emoji: drawn as a shaded
   mask in the text's colour (:mod:`.emoji`; the palette PNG has no room for
   colour pictures);
5. only for a character none of those has: Noto Sans fonts found on the
   system (:data:`SYSTEM_FONTS`, e.g. Debian's fonts-noto-cjk for rare Han
   characters), so a machine with more fonts draws more, never differently.

Why the BASIC layout engine: Pillow picks libraqm when it happens to be
installed, which shapes text differently; forcing BASIC keeps output
identical whether or not it is there (right-to-left names are put in visual
order by :mod:`.bidi` instead).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from glob import glob
from pathlib import Path

from PIL import ImageFont

from .cmap import Coverage, read_coverage

FONT_DIR = Path(__file__).resolve().parent / "fonts"
ELLIPSIS = "…"
#: What a character no font can draw becomes.
REPLACEMENT = "?"

#: FreeType faces must not be used by two threads at once (the bot renders in
#: worker threads; with the GIL this holds anyway, free-threaded Python needs
#: it).  Only cache misses take it, so it costs nothing in steady state.
FREETYPE_LOCK = threading.RLock()


class Face(Enum):
    """The two shipped UI faces: regular-width bold for UI text, condensed bold
    for card indices (so "10" fits a card corner) and long names."""

    BOLD = "DejaVuSans-Bold.ttf"
    CONDENSED = "DejaVuSansCondensed-Bold.ttf"


@dataclass(frozen=True, slots=True)
class Source:
    """One font of the fallback chain: a file (and face in a collection)."""

    path: Path
    index: int = 0
    #: A colour-bitmap font (CBDT) drawn at its one strike size, then scaled.
    bitmap_size: int = 0

    @property
    def name(self) -> str:
        return self.path.name


ARABIC = Source(FONT_DIR / "NotoSansArabic-Bold.subset.ttf")
CJK = Source(FONT_DIR / "NotoSansCJKsc-Bold.subset.otf")
#: Noto Color Emoji has a single bitmap strike, 109 pixels per em.
EMOJI = Source(FONT_DIR / "NotoColorEmoji.subset.ttf", bitmap_size=109)

#: Bold faces looked for on the system, after the shipped chain (Debian and
#: Ubuntu paths; Fedora's and Arch's CJK folders).  Globs: every Noto Sans
#: script a machine has (fonts-noto-core) can fill a gap.
SYSTEM_FONTS: tuple[tuple[str, int], ...] = (
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", 2),
    ("/usr/share/fonts/google-noto-cjk/NotoSansCJK-Bold.ttc", 2),
    ("/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc", 2),
    ("/usr/share/fonts/truetype/noto/NotoSans*-Bold.ttf", 0),
    ("/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf", 0),
)


def primary(face: Face) -> Source:
    return Source(FONT_DIR / face.value)


def shipped_chain(face: Face) -> tuple[Source, ...]:
    """The shipped fonts in the order they are asked, for ``face``."""
    return (ARABIC, primary(face), CJK, EMOJI)


@lru_cache(maxsize=1)
def system_sources() -> tuple[Source, ...]:
    """Fonts of :data:`SYSTEM_FONTS` present on this machine (looked for once)."""
    found: list[Source] = []
    for pattern, index in SYSTEM_FONTS:
        for path in sorted(glob(pattern)):
            found.append(Source(Path(path), index))
    return tuple(found)


@lru_cache(maxsize=512)  # every shipped font and any system Noto font
def coverage(source: Source) -> Coverage:
    """The characters ``source`` has (an unreadable file has none)."""
    try:
        return read_coverage(source.path, source.index)
    except (OSError, ValueError):
        return Coverage(())


@lru_cache(maxsize=16384)
def source_for(ch: str, face: Face = Face.BOLD) -> Source | None:
    """The first font of the chain that has ``ch`` (``None``: no font here)."""
    cp = ord(ch)
    for source in shipped_chain(face):
        if cp in coverage(source):
            return source
    for source in system_sources():
        if cp in coverage(source):
            return source
    return None


def covered(ch: str, face: Face = Face.BOLD) -> bool:
    return ch.isspace() or source_for(ch, face) is not None


@lru_cache(maxsize=64)
def font(size: int, face: Face = Face.BOLD) -> ImageFont.FreeTypeFont:
    """The shipped UI ``face`` at ``size`` pixels, cached (loading costs ~1 ms)."""
    return source_font(primary(face), size)


@lru_cache(maxsize=128)
def source_font(source: Source, size: int) -> ImageFont.FreeTypeFont:
    """``source`` at ``size`` pixels (a bitmap font only at its strike size)."""
    with FREETYPE_LOCK:
        return ImageFont.truetype(
            str(source.path),
            source.bitmap_size or size,
            index=source.index,
            layout_engine=ImageFont.Layout.BASIC,
        )


def runs(text: str, face: Face = Face.BOLD) -> tuple[tuple[str, Source | None], ...]:
    """``text`` cut into runs drawn by one font each.  A space stays in the
    run it is in when that font has one (no font change mid-phrase); a
    character no font has gets ``None`` (drawn as :data:`REPLACEMENT`)."""
    return _runs(text, face)


@lru_cache(maxsize=4096)
def _runs(text: str, face: Face) -> tuple[tuple[str, Source | None], ...]:
    out: list[tuple[str, Source | None]] = []
    cur: list[str] = []
    cur_src: Source | None = None
    for ch in text:
        if ch == " " and cur_src is not None and 0x20 in coverage(cur_src):
            cur.append(ch)
            continue
        src = source_for(ch, face)
        if cur and src == cur_src:
            cur.append(ch)
            continue
        if cur:
            out.append(("".join(cur), cur_src))
        cur, cur_src = [ch], src
    if cur:
        out.append(("".join(cur), cur_src))
    return tuple(out)


def single_font(text: str, face: Face = Face.BOLD) -> bool:
    """Whether the UI face draws all of ``text`` (the fast, common case)."""
    return _single_font(text, face)


@lru_cache(maxsize=4096)
def _single_font(text: str, face: Face) -> bool:
    main = primary(face)
    return all(source_for(ch, face) == main for ch in text if ch != " ")
