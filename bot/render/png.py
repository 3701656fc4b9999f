"""A palette PNG written from separately compressed pieces.

Why not Pillow's ``save``: it deflates the whole image every time, while
consecutive images mostly share rows (see :mod:`.scene`).  A PNG's pixels
are one zlib stream of rows, each prefixed with its filter byte; deflate
allows that stream to be cut into pieces that are compressed on their own
(a fresh compressor each, ended with a sync flush so the piece stops on a
byte boundary), so a band of rows compressed once can be spliced into any
later image that has the same rows.  The stream's Adler-32 checksum is
combined from the pieces' own checksums, the way zlib's
``adler32_combine`` does, so nothing is ever re-read.

The deflate engine is ISA-L's (the ``isal`` package, a dependency): at its
level 1 it compresses our images ~7x faster than zlib's level 1 and a
little smaller (benchmarks/render.py --encodings); where it can't be
installed (no wheel for the platform), zlib at level 1 (several times
faster than the default 6, ~30% larger).  Both write
standard deflate, so the PNG is the same picture either way.

The format is plain PNG (one IHDR, PLTE, IDAT, IEND; 8-bit palette, filter
type 0 on every row, as Pillow writes palette images), which every decoder,
Discord's included, reads.
"""

from __future__ import annotations

import importlib
import struct
import zlib
from functools import lru_cache
from types import ModuleType
from typing import NamedTuple

from .palette import palette_bytes


def _engine() -> tuple[ModuleType, int]:
    """(deflate module, level): ISA-L if installed, else zlib."""
    try:
        return importlib.import_module("isal.isal_zlib"), 1
    except ImportError:
        return zlib, 1


#: The module whose ``compressobj`` deflates, and its level (see module doc).
ENGINE, COMPRESS_LEVEL = _engine()

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ADLER_BASE = 65521
#: zlib stream header: deflate, 32 KiB window, "fastest" level (0x78 0x01).
_ZLIB_HEADER = b"\x78\x01"
#: An empty final deflate block (fixed Huffman, end of block): ends the stream.
_FINAL = b"\x03\x00"


class Segment(NamedTuple):
    """One compressed piece of the pixel stream."""

    data: bytes  # raw deflate, ending on a byte boundary, not final
    adler: int  # Adler-32 of the uncompressed bytes
    size: int  # how many uncompressed bytes


def encode_segment(rows: bytes, engine: ModuleType | None = None) -> Segment:
    """Compress ``rows`` (whole PNG rows, each starting with its filter byte)
    into a segment that can be spliced anywhere in a stream."""
    mod = engine or ENGINE
    compressor = mod.compressobj(COMPRESS_LEVEL, mod.DEFLATED, -15)
    data = compressor.compress(rows) + compressor.flush(mod.Z_SYNC_FLUSH)
    return Segment(data, mod.adler32(rows), len(rows))


def adler32_combine(adler1: int, adler2: int, len2: int) -> int:
    """The Adler-32 of ``a + b`` from that of ``a``, of ``b`` and ``len(b)``
    (zlib's ``adler32_combine``, which Python's zlib does not expose)."""
    base = _ADLER_BASE
    rem = len2 % base
    sum1 = adler1 & 0xFFFF
    sum2 = (rem * sum1) % base
    sum1 += (adler2 & 0xFFFF) + base - 1
    sum2 += ((adler1 >> 16) & 0xFFFF) + ((adler2 >> 16) & 0xFFFF) + base - rem
    return (sum1 % base) | ((sum2 % base) << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


@lru_cache(maxsize=64)
def _head(width: int, height: int) -> bytes:
    """Signature, IHDR (8-bit palette, no interlace) and the palette."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return _SIGNATURE + _chunk(b"IHDR", ihdr) + _chunk(b"PLTE", palette_bytes())


_IEND = _chunk(b"IEND", b"")


def png_bytes(width: int, height: int, segments: list[Segment]) -> bytes:
    """The PNG whose pixel rows are ``segments`` in order."""
    adler = 1
    for seg in segments:
        adler = adler32_combine(adler, seg.adler, seg.size)
    stream = b"".join((_ZLIB_HEADER, *(s.data for s in segments), _FINAL, struct.pack(">I", adler)))
    return _head(width, height) + _chunk(b"IDAT", stream) + _IEND
