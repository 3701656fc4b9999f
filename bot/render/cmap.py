"""Which characters a font file has: its ``cmap`` table, read once.

Why read the table ourselves: Pillow draws a missing character as the
font's empty box (.notdef) without saying so, and has no call that asks
whether a glyph exists.  The fallback chain (:mod:`.fonts`) must know, for
every character of a name, which font really has it; reading the character
map gives the exact answer in microseconds per look-up, for outline and
colour-bitmap fonts alike, with no rendering.  Formats 4 (BMP) and 12 (all
planes) are read, which every font we ship or find on a system has.
"""

from __future__ import annotations

import struct
from bisect import bisect_right
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO


class Coverage:
    """The code points a font maps to a real glyph, as sorted ranges."""

    __slots__ = ("_ends", "_starts")

    def __init__(self, ranges: Iterable[tuple[int, int]]) -> None:
        merged: list[list[int]] = []
        for lo, hi in sorted(ranges):
            if merged and lo <= merged[-1][1] + 1:
                merged[-1][1] = max(merged[-1][1], hi)
            else:
                merged.append([lo, hi])
        self._starts = [r[0] for r in merged]
        self._ends = [r[1] for r in merged]

    def __contains__(self, cp: object) -> bool:
        if not isinstance(cp, int):
            return False
        i = bisect_right(self._starts, cp) - 1
        return i >= 0 and cp <= self._ends[i]

    def __len__(self) -> int:
        return sum(e - s + 1 for s, e in zip(self._starts, self._ends, strict=True))


def read_coverage(path: Path, index: int = 0) -> Coverage:
    """The coverage of face ``index`` of the font file at ``path`` (a
    collection, ``.ttc``, holds several faces)."""
    with path.open("rb") as f:
        offset = 0
        if _read(f, 0, 4) == b"ttcf":
            offset = _u32(f, 12 + 4 * index)
        num_tables = _u16(f, offset + 4)
        for i in range(num_tables):
            rec = offset + 12 + 16 * i
            if _read(f, rec, 4) == b"cmap":
                return Coverage(_cmap_ranges(f, _u32(f, rec + 8)))
    return Coverage(())


def _cmap_ranges(f: BinaryIO, base: int) -> list[tuple[int, int]]:
    """The ranges of the best Unicode subtable: format 12 if there is one,
    else format 4."""
    count = _u16(f, base + 2)
    best: tuple[int, int] | None = None  # (format, offset)
    for i in range(count):
        platform, encoding, sub = struct.unpack(">HHI", _read(f, base + 4 + 8 * i, 8))
        unicode = platform == 0 or (platform == 3 and encoding in (1, 10))
        if not unicode:
            continue
        fmt = _u16(f, base + sub)
        if fmt in (4, 12) and (best is None or fmt > best[0]):
            best = (fmt, base + sub)
    if best is None:
        return []
    return _format12(f, best[1]) if best[0] == 12 else _format4(f, best[1])


def _format12(f: BinaryIO, at: int) -> list[tuple[int, int]]:
    groups = _u32(f, at + 12)
    data = _read(f, at + 16, 12 * groups)
    out = []
    for start, end, glyph in struct.iter_unpack(">III", data):
        if glyph == 0:  # the first code point maps to .notdef
            start += 1
        if start <= end:
            out.append((start, end))
    return out


def _format4(f: BinaryIO, at: int) -> list[tuple[int, int]]:
    length = _u16(f, at + 2)
    table = _read(f, at, length)
    segs = struct.unpack_from(">H", table, 6)[0] // 2
    ends = struct.unpack_from(f">{segs}H", table, 14)
    starts = struct.unpack_from(f">{segs}H", table, 16 + 2 * segs)
    deltas = struct.unpack_from(f">{segs}h", table, 16 + 4 * segs)
    range_at = 16 + 6 * segs
    offsets = struct.unpack_from(f">{segs}H", table, range_at)
    out: list[tuple[int, int]] = []
    for i in range(segs):
        start, end = starts[i], ends[i]
        if start == 0xFFFF:
            continue
        if offsets[i] == 0:
            # glyph = cp + delta; only a code point landing on glyph 0 is missing.
            hole = (-deltas[i]) & 0xFFFF
            if start <= hole <= end:
                out += [(start, hole - 1), (hole + 1, end)]
            else:
                out.append((start, end))
            continue
        for cp in range(start, end + 1):
            pos = range_at + 2 * i + offsets[i] + 2 * (cp - start)
            if pos + 2 <= len(table) and struct.unpack_from(">H", table, pos)[0] != 0:
                out.append((cp, cp))
    return [(lo, hi) for lo, hi in out if lo <= hi]


def _read(f: BinaryIO, at: int, n: int) -> bytes:
    f.seek(at)
    data = f.read(n)
    if len(data) != n:
        raise ValueError("truncated font file")
    return data


def _u16(f: BinaryIO, at: int) -> int:
    value: int = struct.unpack(">H", _read(f, at, 2))[0]
    return value


def _u32(f: BinaryIO, at: int) -> int:
    value: int = struct.unpack(">I", _read(f, at, 4))[0]
    return value
