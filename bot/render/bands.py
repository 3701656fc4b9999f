"""The cache of encoded bands (see :mod:`.scene`): bounded, shared by every
image of the process.

Why one LRU for all images: bands recur across images and games (empty
felt, a header, a row of cards that did not move, a panel whose player did
not act), and under load many games interleave, so the cache must be large
enough to span several moves of every game a worker serves, yet bounded so
memory stays flat for months: at most :data:`CAPACITY` bands, each a key of
several hundred bytes (the operations, sharing their strings with the text
caches) and a compressed piece of ~1.5 KB on average — about 12 MB at most
(measured with tracemalloc over a few thousand images).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from typing import Final

from .png import Segment

#: Most bands kept (least recently used dropped first).
CAPACITY: Final = 4096

_lock = threading.Lock()  # renders may run in threads (RenderPool(workers=0))
_cache: OrderedDict[Hashable, Segment] = OrderedDict()


def get_many(keys: Sequence[Hashable]) -> list[Segment | None]:
    """The cached segment of each key (``None`` where missing), marking the
    found ones as recently used."""
    out: list[Segment | None] = []
    with _lock:
        for key in keys:
            seg = _cache.get(key)
            if seg is not None:
                _cache.move_to_end(key)
            out.append(seg)
    return out


def put_many(keys: Sequence[Hashable], segments: Sequence[Segment]) -> None:
    """Remember ``segments`` under ``keys``, dropping the oldest past the cap."""
    with _lock:
        for key, seg in zip(keys, segments, strict=True):
            _cache[key] = seg
            _cache.move_to_end(key)
        while len(_cache) > CAPACITY:
            _cache.popitem(last=False)


def size() -> int:
    """Bands held now (tests check the cap)."""
    return len(_cache)


def clear() -> None:
    """Forget every band (tests: a fresh render to compare with)."""
    with _lock:
        _cache.clear()
