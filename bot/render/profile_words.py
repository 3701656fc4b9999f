"""The words of the profile card, and the same card told in words (its alt
text): one keyed place, as :mod:`.words` and :mod:`.alt_text` are for the
game's other images, worded from the ``img.profile.*`` entries of the
catalogues in the language of whoever asked (a profile is a private
answer).  Both read the same :class:`~.profile_card.ProfileCard`, so the alt
text always states exactly the figures drawn.

Numbers are written the way the language writes them: "4.1" in English,
"4,1" in German (Babel's decimal sign), "46 %" in French (the catalogue's
``img.profile.percent``).
"""

from __future__ import annotations

import time
from typing import Final

from babel.numbers import get_decimal_symbol

from bot import i18n
from bot.engine.records import HandEnd
from bot.i18n import Lang

from .profile_card import ProfileCard

#: Discord's limit on an attachment's description.
MAX_ALT: Final = 1024
#: Where a figure has no value yet (a symbol, the same in every language).
NO_FIGURE: Final = "—"

_LABELS: Final = (
    "rating",
    "games",
    "win_rate",
    "win_caption",
    "gin_rate",
    "undercut_rate",
    "knock_deadwood",
    "best_streak",
    "best_hand",
    "head_to_head",
    "achievements",
    "no_achievements",
    "no_chart",
    "yourself",
)


def label(lang: Lang, name: str) -> str:
    """One of the card's fixed words by name: ``rating``, ``games`` (the
    tile of rated games), ``win_rate``, ``win_caption``, ``gin_rate``,
    ``undercut_rate``, ``knock_deadwood``, ``best_streak``, ``best_hand``,
    ``head_to_head``, ``achievements``, ``no_achievements``, ``no_chart``,
    ``yourself``."""
    if name not in _LABELS:
        raise KeyError(name)
    return i18n.text(lang, f"img.profile.{name}")


_HAND_ENDS: Final = {
    HandEnd.KNOCK: "img.profile.end.knock",
    HandEnd.UNDERCUT: "img.profile.end.undercut",
    HandEnd.GIN: "img.profile.end.gin",
    HandEnd.BIG_GIN: "img.profile.end.big_gin",
    HandEnd.DEAD: "img.profile.end.dead",
}


def hand_end(lang: Lang, end: HandEnd) -> str:
    """How a hand ended, as a noun: "knock", "big gin"."""
    return i18n.text(lang, _HAND_ENDS[end])


def achievement_names(lang: Lang, keys: tuple[str, ...]) -> tuple[str, ...]:
    """The achievements a card lists, named in ``lang``: the card holds the
    catalogue keys of their names (``season.achievement.<id>.name``, the
    service's :attr:`~bot.service.Award.name_key`), so one card serves
    every language."""
    return tuple(i18n.text(lang, key) for key in keys)


def percent(lang: Lang, rate: float | None) -> str:
    """ "46%" ("46 %" in French): Python rounds, the catalogue places the sign."""
    if rate is None:
        return NO_FIGURE
    return i18n.text(lang, "img.profile.percent", value=f"{rate:.0%}"[:-1])


def one_decimal(lang: Lang, value: float | None) -> str:
    """ "4.1" ("4,1" in German): the language's decimal sign, from Babel."""
    if value is None:
        return NO_FIGURE
    return f"{value:.1f}".replace(".", get_decimal_symbol(lang.babel))


def rating_value(rating: float | None) -> str:
    """A rating as a whole number (no digit grouping: "1512" everywhere)."""
    return NO_FIGURE if rating is None else f"{rating:.0f}"


def rating_pill(lang: Lang, rating: float | None) -> str:
    return i18n.text(lang, "img.profile.rating_pill", value=rating_value(rating))


def subtitle(lang: Lang, games: int) -> str:
    if not games:
        return i18n.text(lang, "img.profile.subtitle_none")
    return i18n.plural(lang, "img.profile.subtitle", games)


def date(at: float) -> str:
    """A day as the chart's ends show it (ISO, UTC: every reader, in every
    language, reads the same day)."""
    return time.strftime("%Y-%m-%d", time.gmtime(at))


def games_caption(lang: Lang, wins: int, losses: int) -> str:
    return i18n.text(lang, "img.profile.games_caption", wins=wins, losses=losses)


def gin_caption(lang: Lang, gins: int, hands_won: int) -> str:
    return i18n.plural(lang, "img.profile.gin_caption", hands_won, gins=gins)


def undercut_caption(lang: Lang, undercut: int, knocks: int) -> str:
    return i18n.plural(lang, "img.profile.undercut_caption", knocks, undercut=undercut)


def knock_caption(lang: Lang, knocks: int) -> str:
    return i18n.plural(lang, "img.profile.knock_caption", knocks)


def streak_caption(lang: Lang, current: int) -> str:
    return i18n.text(lang, "img.profile.streak_caption", current=current)


def best_hand_value(lang: Lang, points: int) -> str:
    return i18n.plural(lang, "img.points", points)


def best_hand_caption(lang: Lang, end: HandEnd, game_id: int, hand_number: int) -> str:
    return i18n.text(
        lang,
        "img.profile.best_hand_caption",
        end=hand_end(lang, end),
        game=game_id,
        hand=hand_number,
    )


def head_to_head_value(wins: int, losses: int) -> str:
    return f"{wins} – {losses}"


def head_to_head_caption(lang: Lang, name: str) -> str:
    """Under the head-to-head figure ({name} is drawn already fitted)."""
    return i18n.text(lang, "img.profile.head_to_head_caption", name=name)


# --- alt text ------------------------------------------------------------------------


def profile_alt(card: ProfileCard, *, lang: Lang = Lang.EN) -> str:
    """The card in words: every figure it draws, in the same order."""
    name = card.name

    def say(key: str, **args: object) -> str:
        return i18n.text(lang, f"img.profile.alt.{key}", **args)

    if card.rating is None:
        parts = [say("none", name=name)]
    else:
        head = i18n.plural(
            lang,
            "img.profile.alt.rating",
            card.games,
            name=name,
            rating=rating_value(card.rating),
        )
        if card.ratings:
            span = say(
                "range",
                first=rating_value(card.ratings[0]),
                low=rating_value(min(card.ratings)),
                high=rating_value(max(card.ratings)),
            )
            head = f"{head} {span}"
        parts = [
            head,
            say("won", wins=card.wins, games=card.games, rate=percent(lang, card.win_rate)),
        ]
    if card.hands_won:
        rate = percent(lang, card.gin_rate)
        parts.append(say("gin", rate=rate, gins=card.gins, hands=card.hands_won))
    if card.knocks:
        rate = percent(lang, card.undercut_rate)
        parts += [
            say("undercut", rate=rate, undercut=card.undercut, knocks=card.knocks),
            say("knock_deadwood", value=one_decimal(lang, card.knock_deadwood)),
        ]
    else:
        parts.append(say("no_knocks"))
    parts.append(
        i18n.plural(lang, "img.profile.alt.streak", card.best_streak, current=card.current_streak)
    )
    if card.best_hand is not None:
        points, end, game_id, hand = card.best_hand
        parts.append(
            i18n.plural(
                lang,
                "img.profile.alt.best_hand",
                points,
                end=hand_end(lang, end),
                game=game_id,
                hand=hand,
            )
        )
    else:
        parts.append(say("no_best_hand"))
    if card.head_to_head is not None:
        wins, losses = card.head_to_head
        parts.append(say("head_to_head", name=name, wins=wins, losses=losses))
    names = achievement_names(lang, card.achievements)
    listed = ", ".join(names) if names else say("none_yet")
    parts.append(say("achievements", list=listed))
    return fit("; ".join(parts) + ".")


def fit(text: str, limit: int = MAX_ALT) -> str:
    """``text`` cut at a word to at most ``limit`` characters (ending "…")."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0] + "…"
