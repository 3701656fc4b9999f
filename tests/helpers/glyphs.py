"""Whether a font file really draws a character, checked the slow, independent
way (by rendering it), not with the renderer's own character maps."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from bot.render.fonts import FONT_DIR, Face, Source, primary, shipped_chain, system_sources

# A private-use code point no font has: it draws the font's .notdef glyph.
_PROBE = "\U0010fffd"


def source_named(name: str) -> Source:
    """The font of the chain (shipped or system) whose file is ``name``."""
    for source in (*shipped_chain(Face.BOLD), primary(Face.CONDENSED), *system_sources()):
        if source.name == name:
            return source
    raise KeyError(f"no font {name} in {FONT_DIR} or on the system")


@lru_cache(maxsize=4096)
def draws(ch: str, name: str) -> bool:
    """Whether the font file ``name`` draws ``ch`` with a glyph of its own
    (anything but the picture of a character it lacks)."""
    if ch == " ":
        return True
    return _picture(ch, name) != _picture(_PROBE, name)


def _picture(ch: str, name: str) -> bytes:
    source = source_named(name)
    fnt = ImageFont.truetype(
        str(source.path),
        source.bitmap_size or 48,
        index=source.index,
        layout_engine=ImageFont.Layout.BASIC,
    )
    img = Image.new("RGBA", (220, 220), (0, 0, 0, 0))
    ImageDraw.Draw(img).text((20, 160), ch, font=fnt, embedded_color=True, anchor="ls")
    return img.tobytes()
