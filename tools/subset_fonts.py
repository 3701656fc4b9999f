"""Make the fallback fonts shipped in bot/render/fonts/ from Debian's Noto packages.

Why subsets: the full Noto Sans CJK Bold is ~20 MB and Noto Color Emoji ~11 MB;
the images only ever draw player names and tournament titles, so the bot ships
what names use (see bot/render/fonts/README.md for what each subset keeps and
what it costs).  Not run by the bot or the tests: run it by hand to rebuild the
subsets, with fontTools (a build tool only, not a dependency of the bot):

    apt-get download fonts-noto-cjk fonts-noto-core fonts-noto-color-emoji
    for f in fonts-noto-*.deb; do dpkg-deb -x "$f" debs; done
    python3 -m pip install --target /tmp/ft fonttools
    PYTHONPATH=/tmp/ft python3 tools/subset_fonts.py debs/usr/share/fonts

The Debian versions used for the shipped files are in bot/render/fonts/README.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

OUT = Path(__file__).resolve().parent.parent / "bot" / "render" / "fonts"

#: The face of the CJK collection kept: Simplified Chinese forms (the largest
#: group of players writing Han names); Hangul and Kana are the same in all.
CJK_FACE = 2  # 0 JP, 1 KR, 2 SC, 3 TC, 4 HK in NotoSansCJK-Bold.ttc

ARABIC = [
    (0x0600, 0x06FF),  # Arabic
    (0x0750, 0x077F),  # Arabic Supplement
    (0x08A0, 0x08FF),  # Arabic Extended-A
    (0xFB50, 0xFDFF),  # Presentation Forms-A (joining forms drawn without libraqm)
    (0xFE70, 0xFEFF),  # Presentation Forms-B
]


def _double_byte(codec: str, leads: range, trails: list[int]) -> set[int]:
    """Every character a two-byte legacy encoding can write."""
    out: set[int] = set()
    for lead in leads:
        for trail in trails:
            try:
                text = bytes((lead, trail)).decode(codec)
            except UnicodeDecodeError:
                continue
            if len(text) == 1:
                out.add(ord(text))
    return out


def _is_han(cp: int) -> bool:
    return 0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0xF900 <= cp <= 0xFAFF


def cjk_code_points() -> set[int]:
    """Every Hangul syllable, all Kana, CJK punctuation and full-width forms,
    and the Han characters of the national standard sets that names are
    written with: GB 2312 (simplified), Big5 level 1 (traditional), JIS X 0208
    (Japanese) and KS X 1001 (Korean hanja) — 10,831 Han characters."""
    high = range(0xA1, 0xFF)
    han: set[int] = set()
    han |= _double_byte("gb2312", high, list(high))
    han |= _double_byte("big5", range(0xA4, 0xC7), [*range(0x40, 0x7F), *range(0xA1, 0xFF)])
    han |= _double_byte("euc_jp", high, list(high))
    han |= _double_byte("euc_kr", high, list(high))
    points = {cp for cp in han if _is_han(cp)}
    points |= set(range(0xAC00, 0xD7A4))  # Hangul syllables
    points |= set(range(0x3130, 0x3190))  # Hangul compatibility jamo
    points |= set(range(0x3000, 0x3100))  # CJK punctuation, Hiragana, Katakana
    points |= set(range(0x31F0, 0x3200))  # Katakana extensions
    points |= set(range(0xFF01, 0xFFA0))  # full-width forms, half-width Katakana
    return points


def _options() -> subset.Options:
    opts = subset.Options()
    opts.layout_features = []  # drawn without shaping: no substitutions needed
    opts.hinting = False
    opts.notdef_outline = True
    opts.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # keep copyright and licence
    opts.drop_tables += ["vhea", "vmtx", "VORG", "DSIG"]
    return opts


def _subset(src: Path, dest: str, points: set[int], font_number: int = -1) -> None:
    font = TTFont(src, fontNumber=font_number) if font_number >= 0 else TTFont(src)
    sub = subset.Subsetter(_options())
    sub.populate(unicodes=points)
    sub.subset(font)
    font.save(OUT / dest)
    print(f"{dest}: {(OUT / dest).stat().st_size:,} bytes, {len(font.getBestCmap()):,} characters")


def main(fonts: Path) -> None:
    _subset(
        fonts / "opentype/noto/NotoSansCJK-Bold.ttc",
        "NotoSansCJKsc-Bold.subset.otf",
        cjk_code_points(),
        CJK_FACE,
    )
    arabic = {cp for lo, hi in ARABIC for cp in range(lo, hi + 1)}
    _subset(
        fonts / "truetype/noto/NotoSansArabic-Bold.ttf", "NotoSansArabic-Bold.subset.ttf", arabic
    )
    # Every single-character emoji (no sequences: ZWJ joiners and skin tones
    # are dropped from names before drawing, see bot/render/fonts.py).
    emoji_src = fonts / "truetype/noto/NotoColorEmoji.ttf"
    emoji = {cp for cp in TTFont(emoji_src).getBestCmap() if cp > 0x7F}
    _subset(emoji_src, "NotoColorEmoji.subset.ttf", emoji)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
