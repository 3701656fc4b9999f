"""Right-to-left names (Arabic, Hebrew) made ready for a left-to-right drawer.

Why here and not libraqm: Pillow shapes and reorders text only with libraqm,
which its wheels load from the system's FriBiDi at run time: present on one
machine, missing on another (the slim container image has none).  The
renderer draws with Pillow's BASIC layout everywhere so that an image comes
out the same on every machine (see :mod:`.fonts`), so a name is put into
*visual* order here, once, before it is measured or drawn:

* **Arabic joining** — each letter becomes its isolated, initial, medial or
  final presentation form (Unicode's Arabic Presentation Forms, which the
  shipped Noto Sans Arabic has), lam + alef becomes its ligature;
* **reordering** — the Unicode bidirectional algorithm, reduced to what a
  one-line name needs: strong types, numbers (left to right inside a
  right-to-left run), neutrals taking their neighbours' direction, the
  name's own base direction from its first strong letter (as an isolate:
  the name never reorders the words around it), then runs reversed level
  by level and brackets mirrored.

Embedding controls and marks are stripped before this (:func:`.names.clean_text`),
so explicit embeddings never occur.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

_ISOLATED, _FINAL, _INITIAL, _MEDIAL = "isolated", "final", "initial", "medial"
_TATWEEL = "\u0640"
_LAM = "\u0644"
_ALEFS = "\u0622\u0623\u0625\u0627"
_MIRROR = dict(zip("()[]{}<>«»‹›", ")(][}{><»«›‹", strict=True))


def _presentation_forms() -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]]]:
    """(letter → form → presentation character, alef → form → lam-alef
    ligature), read from Unicode's own decompositions of the presentation
    form blocks."""
    forms: dict[str, dict[str, str]] = {}
    lam_alef: dict[str, dict[str, str]] = {}
    # Forms-B first: the standard forms of the basic letters; Forms-A adds
    # those of the letters of Persian, Urdu and other languages.
    for cp in (*range(0xFE70, 0xFF00), *range(0xFB50, 0xFE00)):
        parts = unicodedata.decomposition(chr(cp)).split()
        if len(parts) < 2 or not parts[0].startswith("<"):
            continue
        form = parts[0].strip("<>")
        if form not in (_ISOLATED, _FINAL, _INITIAL, _MEDIAL):
            continue
        letters = "".join(chr(int(p, 16)) for p in parts[1:])
        if len(letters) == 1:
            forms.setdefault(letters, {}).setdefault(form, chr(cp))
        elif len(letters) == 2 and letters[0] == _LAM and letters[1] in _ALEFS:
            lam_alef.setdefault(letters[1], {}).setdefault(form, chr(cp))
    return forms, lam_alef


_FORMS, _LAM_ALEF = _presentation_forms()


def _joins_both(ch: str) -> bool:
    """Dual-joining: joins the letters on both sides (has initial/medial forms)."""
    if ch == _TATWEEL:
        return True
    f = _FORMS.get(ch, {})
    return _INITIAL in f or _MEDIAL in f


def _joins_before(ch: str) -> bool:
    """Joins the letter before it (right-joining or dual-joining)."""
    return ch == _TATWEEL or _FINAL in _FORMS.get(ch, {}) or _joins_both(ch)


def shape_arabic(text: str) -> str:
    """Arabic letters in ``text`` (logical order) turned into their joined
    presentation forms; everything else unchanged."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        prev = text[i - 1] if i else ""
        joined_before = bool(prev) and _joins_both(prev) and _joins_before(ch)
        if ch == _LAM and i + 1 < n and text[i + 1] in _LAM_ALEF:
            lig = _LAM_ALEF[text[i + 1]]
            out.append(lig.get(_FINAL if joined_before else _ISOLATED, ch + text[i + 1]))
            i += 2
            continue
        nxt = text[i + 1] if i + 1 < n else ""
        joins_next = _joins_both(ch) and bool(nxt) and _joins_before(nxt)
        forms = _FORMS.get(ch)
        if forms:
            if joined_before and joins_next:
                form = _MEDIAL
            elif joined_before:
                form = _FINAL
            elif joins_next:
                form = _INITIAL
            else:
                form = _ISOLATED
            ch = forms.get(form) or forms.get(_ISOLATED) or ch
        out.append(ch)
        i += 1
    return "".join(out)


def _kind(ch: str) -> str:
    """The character's bidi type reduced to L, R, N (number) or O (neutral)."""
    t = unicodedata.bidirectional(ch)
    if t == "L":
        return "L"
    if t in ("R", "AL"):
        return "R"
    if t in ("EN", "AN"):
        return "N"
    return "O"


def needs_bidi(text: str) -> bool:
    """Whether ``text`` has a right-to-left letter (else it is drawn as is)."""
    return any(unicodedata.bidirectional(ch) in ("R", "AL", "AN") for ch in text)


@lru_cache(maxsize=2048)
def visual(text: str) -> str:
    """``text`` (logical order, one line) shaped and reordered for drawing
    left to right.  Plain left-to-right text comes back unchanged."""
    if not needs_bidi(text):
        return text
    text = shape_arabic(text)
    kinds = [_kind(ch) for ch in text]
    strong = next((k for k in kinds if k in ("L", "R")), "L")
    base = 1 if strong == "R" else 0
    # Numbers after a left-to-right letter read as part of it (rule W7).
    last = strong if base == 0 else "R"
    for i, k in enumerate(kinds):
        if k in ("L", "R"):
            last = k
        elif k == "N" and last == "L":
            kinds[i] = "L"
    # Neutrals between two runs of the same direction take it, else the base
    # direction (N1/N2; numbers count as right-to-left here).
    n = len(kinds)
    i = 0
    while i < n:
        if kinds[i] != "O":
            i += 1
            continue
        j = i
        while j < n and kinds[j] == "O":
            j += 1
        before = _side(kinds[i - 1]) if i else ("R" if base else "L")
        after = _side(kinds[j]) if j < n else ("R" if base else "L")
        fill = before if before == after else ("R" if base else "L")
        kinds[i:j] = [fill] * (j - i)
        i = j
    levels = [_level(k, base) for k in kinds]
    chars = list(text)
    for lvl in range(max(levels), 0, -1):
        i = 0
        while i < n:
            if levels[i] < lvl:
                i += 1
                continue
            j = i
            while j < n and levels[j] >= lvl:
                j += 1
            chars[i:j] = chars[i:j][::-1]
            levels[i:j] = levels[i:j][::-1]
            i = j
    return "".join(
        _MIRROR.get(ch, ch) if lvl % 2 else ch for ch, lvl in zip(chars, levels, strict=True)
    )


def _side(kind: str) -> str:
    return "R" if kind in ("R", "N") else "L"


def _level(kind: str, base: int) -> int:
    if base == 0:
        return {"L": 0, "R": 1, "N": 2}[kind]
    return {"L": 2, "R": 1, "N": 2}[kind]
