"""Which of our languages a message is written in, and games that end at
once, for the tests of who reads which language (``tests/e2e/test_languages.py``).

A message's language is told by the phrases of the catalogues
(``bot/locales``) that only one language has: the literal parts of their
texts, at least two words long, found in no text of any other language.  A
message with none of them (a mention, a number) speaks no language at all.
``part`` narrows the phrases to one part of the bot (``"ui."``: the Discord
layer's own words; every other part words its own messages).
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

from bot.engine import parse_cards
from bot.engine.cards import CARDS, Card
from bot.i18n import Lang, catalogs
from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import SentMessage

#: What splits a text into phrases: markdown, punctuation, line ends.
_BREAKS = re.compile(
    r"[*`_()\[\]{}·—–:;,.!?¡¿«»“”„\"\n…✅❌⌛⏰🏆🏅🎖🃏🤝🛑🏁⚠▶◀⏮⏭✓→≤#<>@&+=%/0-9]+"
)


def _forms(value: str | tuple[str, ...]) -> tuple[str, ...]:
    return value if isinstance(value, tuple) else (value,)


@cache
def phrases(part: str = "") -> dict[Lang, frozenset[str]]:
    """Each language's own phrases (see the module doc)."""
    every = {
        lang: [
            (key, form) for key, value in catalogs()[lang].texts.items() for form in _forms(value)
        ]
        for lang in Lang
    }
    whole = {lang: "\n".join(form for _, form in found) for lang, found in every.items()}
    own: dict[Lang, frozenset[str]] = {}
    for lang, found in every.items():
        pieces = {
            piece.strip()
            for key, form in found
            if key.startswith(part)
            for literal, *_ in string.Formatter().parse(form)
            for piece in _BREAKS.split(literal)
        }
        own[lang] = frozenset(
            piece
            for piece in pieces
            if len(piece.split()) >= 2
            and len(piece) >= 8
            and not any(piece in whole[other] for other in Lang if other is not lang)
        )
    return own


def languages_in(text: str, part: str = "") -> set[Lang]:
    """The languages whose own phrases (of ``part``) ``text`` has."""
    return {lang for lang, own in phrases(part).items() if any(p in text for p in own)}


def _words_of(payload: dict[str, Any]) -> Iterator[str]:
    """Everything a reader sees of one write: its content and its controls' words."""
    yield str(payload.get("content") or "")
    stack = list(payload.get("components") or [])
    while stack:
        comp = stack.pop()
        for key in ("label", "placeholder", "description"):
            if comp.get(key):
                yield str(comp[key])
        for option in comp.get("options") or []:
            yield str(option.get("label") or "")
            yield str(option.get("description") or "")
        stack.extend(comp.get("components") or [])


def message_languages(msg: SentMessage, part: str = "") -> set[Lang]:
    """The languages of every version of ``msg`` (each write to it)."""
    payloads = [record.payload for record in msg.history] or [
        {"content": msg.content, "components": msg.components}
    ]
    return {
        lang
        for payload in payloads
        for text in _words_of(payload)
        for lang in languages_in(text, part)
    }


def image_languages(msg: SentMessage) -> set[Lang]:
    """The languages of ``msg``'s images' descriptions (their alt text)."""
    return {lang for a in msg.attachments for lang in languages_in(a.description or "", "img.")}


def check_languages(
    fake: FakeDiscord,
    server: Lang,
    readers: dict[int, Lang],
    *,
    after: int = 0,
    skip: Callable[[SentMessage], bool] = lambda msg: False,
) -> tuple[int, int]:
    """Every message of the channel and its threads (``after``: only those
    posted since that mark, :meth:`FakeDiscord.mark`): a public one speaks
    the server's language ``server`` — the Discord layer's words in it and
    its images' descriptions are the server's, and nothing in it is in a
    reader's language unless the server speaks it too — and an ephemeral one
    its reader's (``readers``:
    user id → language); ``skip``: messages another part of the bot words
    (not this check's business).  Returns how many public and private messages
    spoke a language at all (so that a test can tell the check was not empty)."""
    public = private = 0
    for msg in fake.channel_messages(fake.channel_id, with_threads=True, include_deleted=True):
        if msg.id <= after or skip(msg):
            continue
        ours = message_languages(msg, "ui.") | image_languages(msg)
        if msg.ephemeral:
            assert msg.interaction_user_id is not None, msg
            want = readers[msg.interaction_user_id]
            assert ours <= {want}, f"private {ours} ≠ {want}: {msg!r}"
            private += bool(ours)
            continue
        assert ours <= {server}, f"public {ours} ≠ {server}: {msg!r}"
        theirs = message_languages(msg) & (set(readers.values()) - {server})
        assert not theirs, f"public in a reader's {theirs}: {msg!r}"
        public += bool(ours)
    return public, private


# --- games that end at once ---------------------------------------------------------

#: The hand dealt to the player who moves first: three melds and the K♣; the
#: upcard (10♦) makes a fourth, so drawing it and discarding the K♣ is gin.
FIRST = parse_cards(["AS", "2S", "3S", "4H", "5H", "6H", "7D", "8D", "9D", "KC"])
UPCARD = parse_cards(["TD"])[0]
#: The dealer's: scattered cards (deadwood enough that gin ends any game to 10).
DEALER = parse_cards(["KS", "QH", "JC", "9S", "7C", "5C", "3D", "AH", "QD", "8H"])


def stacked_deck(_rng: object) -> list[Card]:
    """Every deal, whatever its seed: :data:`FIRST` to the player who moves
    first, :data:`DEALER` to the dealer, :data:`UPCARD` face up (the deck's
    last card is dealt first, alternately from the player who moves first)."""
    order: list[Card] = []
    for first, dealer in zip(FIRST, DEALER, strict=True):
        order += [first, dealer]
    order.append(UPCARD)
    rest = [c for c in CARDS if c not in set(order)]
    return rest + list(reversed(order))
