"""Hostile values: what a modified client could type or send, reproducible
from the run's seed.

Two sources, mixed by a seeded :class:`random.Random`: a pool drawn once from
Hypothesis strategies (any text, card-like and mention-like text from
regular expressions, any JSON value, custom_id-like strings) with the run's
seed, and a hand-written corpus of what we know to be nasty — very long
text, other scripts (right-to-left marks, combining accents, emoji, the suit
symbols), zero-width characters inside card codes, mention injection
(@everyone, @here, users, roles), Markdown injection, the 32/53/63/64-bit
edges, 40 digits, non-finite floats, numbers as text.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff\u00ad"
RTL = "\u202e\u202b\u200f"
#: Characters of other scripts and symbols (a few of each kind).
UNICODE = (
    "éüßñøł"  # Latin with accents
    "ЖщЯ"  # Cyrillic
    "中文字"  # CJK
    "مرحبا"  # Arabic (right to left)
    "שלום"  # Hebrew
    "\u0301\u0308\u20dd"  # combining marks
    "🃏🂡🎴😀👍🏽"  # emoji
    "♠♥♦♣♤♡♢♧"  # suits
    "١٢٣٤"  # Arabic-Indic digits
    "𝔸𝕓𝟙"  # mathematical letters and digits (outside the BMP)
)
MARKDOWN = (
    "**bold**",
    "__under__",
    "*it*",
    "~~gone~~",
    "||spoiler||",
    "`code`",
    "```\nblock\n```",
    "> quote",
    "# Heading",
    "-# small",
    "[link](https://example.com)",
    "\\",
    "<t:0:R>",
    ":joy:",
)
CARDLIKE = (
    "7h",
    "7H",
    "10♦",
    "T D",
    "q♦️",
    "Q\ufe0f♦",
    "1O♠",
    "AS AS",
    "k:7H",
    "-",
    "ZZ",
    "11Z",
    "♠",
    "A",
    "0S",
)
NUMBERS: tuple[int, ...] = (
    0,
    -1,
    1,
    2,
    9,
    10,
    1000,
    1001,
    10081,
    2**31 - 1,
    2**31,
    2**53 - 1,
    2**53,
    2**63 - 1,
    2**63,
    2**64,
    -(2**63) - 1,
    10**40,
    -(10**40),
)


TEXTS = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=300),
    st.from_regex(r"\s?(10|[2-9AJQKTajqkt1])\s?[♠♥♦♣SHDCshdc]\ufe0f?\s?", fullmatch=True),
    st.from_regex(r"(k:)?<?@[!&]?(everyone|here|-?\d{1,25})>?", fullmatch=True),
)
VALUES = st.one_of(
    st.integers(),
    st.floats(),
    st.booleans(),
    st.none(),
    TEXTS,
    st.lists(st.integers(), max_size=3),
)
CUSTOM_IDS = st.from_regex(
    r"gin:[a-z]{0,2}:[a-z0-9]{0,8}(:[-+]?[0-9٠-٩]{0,25}){0,3}", fullmatch=True
)


@dataclass
class Pool:
    """Values drawn from the Hypothesis strategies above."""

    texts: list[str] = field(default_factory=list)
    values: list[Any] = field(default_factory=list)
    custom_ids: list[str] = field(default_factory=list)


def hypothesis_pool(seed: int, size: int = 300) -> Pool:
    """Up to ``size`` examples of each strategy, the same for the same seed
    (Hypothesis generating with its seed fixed, no database, no shrinking)."""
    pool = Pool()

    @hypothesis_seed(seed)
    @settings(
        database=None,
        max_examples=size,
        deadline=None,
        phases=(Phase.generate,),
        suppress_health_check=list(HealthCheck),
        verbosity=Verbosity.quiet,
    )
    @given(TEXTS, VALUES, CUSTOM_IDS)
    def draw(text: str, value: Any, custom_id: str) -> None:
        pool.texts.append(text)
        pool.values.append(value)
        pool.custom_ids.append(custom_id)

    draw()
    return pool


class Garbage:
    """Draws hostile values; ``users`` and ``roles`` are the ids a mention may name."""

    def __init__(
        self, rng: random.Random, users: Sequence[int], roles: Sequence[int], pool: Pool
    ) -> None:
        self.rng = rng
        self.users = list(users)
        self.roles = list(roles)
        self.pool = pool

    # --- text --------------------------------------------------------------------------

    def mention(self) -> str:
        rng = self.rng
        user = rng.choice(self.users) if self.users else 1
        return rng.choice(
            (
                "@everyone",
                "@here",
                f"<@{user}>",
                f"<@!{user}>",
                f"<@&{rng.choice(self.roles) if self.roles else 1}>",
                "<#1>",
                "@\u200beveryone",
                "＠everyone",
            )
        )

    def text(self) -> str:
        """One piece of hostile text."""
        rng = self.rng
        makers: tuple[Callable[[], str], ...] = (
            lambda: rng.choice(self.pool.texts or CARDLIKE),
            lambda: rng.choice(self.pool.texts or CARDLIKE),
            lambda: rng.choice(CARDLIKE),
            self._zero_width_card,
            self.mention,
            lambda: rng.choice(MARKDOWN),
            self._unicode,
            self._long,
            lambda: rng.choice(("", " ", "\n\t ", "\x00", "null", "None", "-0")),
            lambda: str(rng.choice(NUMBERS)),
            lambda: self.text() + self.text(),
        )
        return rng.choice(makers)()

    def _zero_width_card(self) -> str:
        card = self.rng.choice(("7h", "TD", "AS", "KC", "10♥"))
        at = self.rng.randrange(len(card) + 1)
        return card[:at] + self.rng.choice(ZERO_WIDTH + RTL) + card[at:]

    def _unicode(self) -> str:
        return "".join(self.rng.choice(UNICODE) for _ in range(self.rng.randint(1, 30)))

    def _long(self) -> str:
        piece = self.rng.choice(("7h", "x", "é", "🃏", "@everyone ", "<@1> ", "**a**"))
        return piece * self.rng.choice((50, 101, 2001, 3000, 6001))

    # --- numbers and anything ----------------------------------------------------------

    def integer(self) -> int:
        if self.rng.random() < 0.7:
            return self.rng.choice(NUMBERS)
        return self.rng.randint(-(10**6), 10**6)

    def value(self) -> Any:
        """A value of any JSON type for any option."""
        return self.rng.choice(
            (
                lambda: self.rng.choice(self.pool.values or [None]),
                self.text,
                self.integer,
                lambda: self.rng.choice((True, False)),
                lambda: self.rng.choice((0.5, -0.0, 1e308, float("inf"), float("nan"))),
                lambda: None,
                lambda: [self.text()],
            )
        )()

    def id_text(self, real: int) -> str:
        """An id field as a modified client might write it: near, far, out of
        range, or not digits at all."""
        rng = self.rng
        return rng.choice(
            (
                lambda: str(real + rng.choice((-1, 1, 1000))),
                lambda: str(rng.choice(NUMBERS)),
                lambda: "0" + str(real),
                lambda: "9" * rng.choice((19, 20, 23, 40, 300)),
                lambda: str(real).translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")),
                lambda: rng.choice(("", "x", " ", "1e3", "0x10")),
            )
        )()

    def custom_id(self) -> str:
        """A custom_id-like string from the Hypothesis pool."""
        return self.rng.choice(self.pool.custom_ids or ["gin:a:hand:0:0"])
