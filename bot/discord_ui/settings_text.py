"""A server's settings in words: how ``/gin settings`` and ``/ginadmin
settings`` show each one ("target: 100 (default)", "shutout: on"), the
names the setting list shows, and the values the ``value`` option suggests
for the setting picked — in the reader's language (every function takes it
first; the texts are the catalogues' ``ui.setting.*`` and ``ui.settings.*``).

The identifiers (``oklahoma_spade_double``, ``gin_only``) are what the
commands send and the service parses; a player reads only the words here.
Every suggested value is one the service accepts (the tests set each one).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.engine import Assist, NextDealer, Ruleset, Scoring, Variant
from bot.engine.match import MatchForm
from bot.engine.partnership import TeamScoring
from bot.engine.rules import LIMITS
from bot.i18n import Lang, plural
from bot.i18n import text as tr
from bot.service import SERVER_SETTINGS, PingMode, SeasonLength, ServerSettings, TableMode

from . import season_text
from .rules_text import assist_name, assist_summary, variant_label, variant_rule, variant_words

#: Discord's limit on an autocomplete list, and on a choice's name and value.
MAX_CHOICES = 25
MAX_CHOICE_TEXT = 100

#: The settings of the seasons (their values as typed are :mod:`.season_text`'s).
SEASON_KEYS = frozenset({"season", "announce_channel", "champion_role"})
#: The settings of how the bot runs games (the rest are rules of the game).
PLAY_KEYS = frozenset({"turn_timeout", "assist", "ping", "tables", "language", *SEASON_KEYS})
#: The settings that are rules of the game.
RULESET_KEYS = frozenset(SERVER_SETTINGS) - PLAY_KEYS

#: The settings every server starts with.
DEFAULTS = ServerSettings(guild_id=0, ruleset=Ruleset())


def setting_label(lang: Lang, key: str) -> str:
    """A setting as the setting list and the settings panel name it ("gin bonus")."""
    return tr(lang, f"ui.setting.{key}")


def settings_head(lang: Lang) -> str:
    """What ``/gin settings`` starts with."""
    return tr(lang, "ui.settings.head")


def default_mark(lang: Lang) -> str:
    """ " (default)", after a value that is the default."""
    return f" {tr(lang, 'ui.settings.default_mark')}"


def current_mark(lang: Lang) -> str:
    """ " (now)", after the suggested value that is the current one."""
    return f" {tr(lang, 'ui.settings.current_mark')}"


def language_name(language: Lang) -> str:
    """A language by its own name ("Deutsch"): how a reader finds their own."""
    return tr(language, "lang.name")


def minutes_words(lang: Lang, minutes: int) -> str:
    """ "90 minutes", "1440 minutes (1 day)"."""
    words = plural(lang, "ui.settings.minutes", minutes)
    if minutes >= 1440 and minutes % 1440 == 0:
        more = plural(lang, "ui.settings.days", minutes // 1440)
        return tr(lang, "ui.settings.minutes_and", minutes=words, more=more)
    if minutes >= 120 and minutes % 60 == 0:
        more = plural(lang, "ui.settings.hours", minutes // 60)
        return tr(lang, "ui.settings.minutes_and", minutes=words, more=more)
    return words


def on_off(lang: Lang, value: bool) -> str:
    return tr(lang, "ui.settings.on" if value else "ui.settings.off")


def _dealer(lang: Lang, dealer: NextDealer) -> str:
    return tr(lang, f"ui.settings.dealer.{dealer.value}")


def _scoring(lang: Lang, scoring: Scoring) -> str:
    return tr(lang, f"ui.settings.scoring.{scoring.value}")


def _team_scoring(lang: Lang, scoring: TeamScoring) -> str:
    return tr(lang, f"ui.settings.team_scoring.{scoring.value}")


def _tables(lang: Lang, mode: TableMode) -> str:
    return tr(lang, f"ui.settings.tables.{mode.value}")


def _assist(lang: Lang, assist: Assist | None) -> str:
    if assist is None:
        return tr(lang, "ui.settings.assist.default")
    return tr(
        lang,
        "ui.settings.assist.level",
        assist=assist_name(lang, assist),
        summary=assist_summary(lang, assist),
    )


def _language(lang: Lang, language: Lang | None) -> str:
    if language is None:
        return tr(lang, "ui.settings.language.auto")
    return language_name(language)


def _match_words(lang: Lang, rules: Ruleset) -> str:
    if rules.match is MatchForm.BEST_OF:
        return plural(lang, "ui.settings.match_best_of", rules.match_games)
    if rules.match is MatchForm.MULTI:
        return tr(lang, "ui.settings.match_multi", target=rules.match_target)
    return tr(lang, "ui.settings.match_off")


def _ping_idle(lang: Lang, minutes: int) -> str:
    return plural(lang, "ui.settings.ping_idle", minutes)


def _ping_words(lang: Lang, current: ServerSettings) -> str:
    if current.ping_mode is PingMode.EVERY:
        return tr(lang, "ui.settings.ping_every")
    if current.ping_mode is PingMode.OFF:
        return tr(lang, "ui.settings.ping_off")
    return _ping_idle(lang, current.ping_idle_minutes)


def _line_bonus(lang: Lang, points: int) -> str:
    return tr(lang, "ui.settings.line_bonus", points=points)


def _season(lang: Lang, length: SeasonLength) -> str:
    return tr(lang, f"ui.settings.season.{length.value}")


def _channel(lang: Lang, channel_id: int | None) -> str:
    """The announce channel: Discord's mention names it in the reader's client."""
    return tr(lang, "ui.settings.no_channel") if channel_id is None else f"<#{channel_id}>"


def _role(lang: Lang, role_id: int | None) -> str:
    return tr(lang, "ui.settings.no_role") if role_id is None else f"<@&{role_id}>"


_WORDS: dict[str, Callable[[Lang, ServerSettings], str]] = {
    "variant": lambda lang, s: variant_words(lang, s.ruleset),
    "target": lambda lang, s: str(s.ruleset.effective_target),
    "gin_bonus": lambda lang, s: str(s.ruleset.gin_bonus),
    "big_gin_bonus": lambda lang, s: str(s.ruleset.big_gin_bonus),
    "undercut_bonus": lambda lang, s: str(s.ruleset.undercut_bonus),
    "game_bonus": lambda lang, s: str(s.ruleset.game_bonus),
    "line_bonus": lambda lang, s: _line_bonus(lang, s.ruleset.line_bonus),
    "shutout": lambda lang, s: on_off(lang, s.ruleset.shutout),
    "next_dealer": lambda lang, s: _dealer(lang, s.ruleset.next_dealer),
    "fiftieth_card_rule": lambda lang, s: on_off(lang, s.ruleset.fiftieth_card_rule),
    "oklahoma_spade_double": lambda lang, s: on_off(lang, s.ruleset.oklahoma_spade_double),
    "scoring": lambda lang, s: _scoring(lang, s.ruleset.scoring),
    "match": lambda lang, s: _match_words(lang, s.ruleset),
    "match_games": lambda lang, s: plural(lang, "ui.settings.match_games", s.ruleset.match_games),
    "match_target": lambda lang, s: str(s.ruleset.match_target),
    "team_scoring": lambda lang, s: _team_scoring(lang, s.ruleset.team_scoring),
    "turn_timeout": lambda lang, s: minutes_words(lang, s.turn_timeout_minutes),
    "assist": lambda lang, s: _assist(lang, s.assist),
    "ping": _ping_words,
    "tables": lambda lang, s: _tables(lang, s.tables),
    "language": lambda lang, s: _language(lang, s.language),
    "season": lambda lang, s: _season(lang, s.season),
    "announce_channel": lambda lang, s: _channel(lang, s.announce_channel_id),
    "champion_role": lambda lang, s: _role(lang, s.champion_role_id),
}


def plain_value(key: str, current: ServerSettings) -> str:
    """The setting's value as ``/ginadmin settings value:`` takes it
    ("on", "gin_only", "after 5 minutes", "default"): the same in every
    language, like the commands' options."""
    if key == "turn_timeout":
        return str(current.turn_timeout_minutes)
    if key == "assist":
        return "default" if current.assist is None else current.assist.value
    if key == "ping":
        if current.ping_mode is PingMode.IDLE:
            return f"after {current.ping_idle_minutes} minutes"
        return "every turn" if current.ping_mode is PingMode.EVERY else "off"
    if key == "tables":
        return current.tables.value
    if key == "language":
        return "auto" if current.language is None else current.language.value
    if key in season_text.PLAIN_VALUES:
        return season_text.PLAIN_VALUES[key](current)
    value = getattr(current.ruleset, key)
    if value is None:
        return "default"
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def is_default(key: str, current: ServerSettings) -> bool:
    return plain_value(key, current) == plain_value(key, DEFAULTS)


def setting_line(lang: Lang, key: str, current: ServerSettings) -> str:
    """ "target: 100 (default)", "shutout: on"."""
    mark = default_mark(lang) if is_default(key, current) else ""
    value = _WORDS[key](lang, current)
    return tr(lang, "ui.settings.line", setting=setting_label(lang, key), value=value) + mark


def settings_text(lang: Lang, head: str, current: ServerSettings) -> str:
    """Every setting, as people read it, the defaults marked."""
    rules = [setting_line(lang, key, current) for key in SERVER_SETTINGS if key in RULESET_KEYS]
    play = [setting_line(lang, key, current) for key in SERVER_SETTINGS if key in PLAY_KEYS]
    return "\n".join(
        [
            head,
            tr(lang, "ui.settings.rules_part"),
            *rules,
            tr(lang, "ui.settings.play_part"),
            *play,
        ]
    )


def setting_changed(lang: Lang, key: str, current: ServerSettings) -> str:
    """The head of ``/ginadmin settings``' answer: the setting as it is now."""
    if key in SEASON_KEYS:
        when = tr(lang, f"ui.settings.takes_effect.{key}")
    elif key in ("turn_timeout", "ping"):
        when = tr(lang, "ui.settings.from_next_turn")
    elif key == "language":
        when = tr(lang, "ui.settings.from_now")
    else:
        when = tr(lang, "ui.settings.new_games")
    return tr(lang, "ui.settings.changed", line=setting_line(lang, key, current), when=when)


# --- what the value option suggests ------------------------------------------------


@dataclass(frozen=True, slots=True)
class ValueChoice:
    """One suggestion of the ``value`` option: what the list shows, and the
    text the setting's parser takes."""

    name: str
    value: str


#: Settings whose value is a number the player may type themselves.
NUMBER_KEYS = frozenset(LIMITS) | {"turn_timeout"}

Pairs = tuple[tuple[str, str], ...]


def _on_off(lang: Lang) -> Pairs:
    return (("on", on_off(lang, True)), ("off", on_off(lang, False)))


def _numbers(*values: int) -> Pairs:
    return tuple((str(n), str(n)) for n in values)


def _points(lang: Lang, *values: int) -> Pairs:
    return tuple((str(n), plural(lang, "ui.settings.points", n)) for n in values)


#: For each setting: (value, what it means) — the values most servers pick.
_SUGGESTIONS: dict[str, Callable[[Lang], Pairs]] = {
    "variant": lambda lang: tuple(
        (
            v.value,
            tr(
                lang,
                "ui.settings.variant_choice",
                variant=variant_label(lang, v),
                rule=variant_rule(lang, v),
            ),
        )
        for v in (Variant.STANDARD, Variant.OKLAHOMA, Variant.GIN_ONLY)
    ),
    "target": lambda lang: (
        ("default", tr(lang, "ui.settings.target_default")),
        *_points(lang, 100, 150, 200, 250, 300, 500),
    ),
    "gin_bonus": lambda lang: _numbers(25, 20, 10),
    "big_gin_bonus": lambda lang: _numbers(31, 50, 25),
    "undercut_bonus": lambda lang: _numbers(25, 20, 10),
    "game_bonus": lambda lang: _numbers(100, 200, 0),
    "line_bonus": lambda lang: tuple((str(n), _line_bonus(lang, n)) for n in (25, 20, 0)),
    "shutout": _on_off,
    "next_dealer": lambda lang: tuple((d.value, _dealer(lang, d)) for d in NextDealer),
    "fiftieth_card_rule": _on_off,
    "oklahoma_spade_double": _on_off,
    "scoring": lambda lang: tuple((s.value, _scoring(lang, s)) for s in Scoring),
    "match": lambda lang: (
        ("off", tr(lang, "ui.settings.match_off")),
        ("best_of", tr(lang, "ui.settings.match_best_of_hint")),
        ("multi", tr(lang, "ui.settings.match_multi_hint")),
    ),
    "match_games": lambda lang: tuple(
        (str(n), plural(lang, "ui.settings.match_games", n)) for n in (1, 3, 5, 7, 9)
    ),
    "match_target": lambda lang: _points(lang, 500, 250, 1000),
    "team_scoring": lambda lang: tuple((t.value, _team_scoring(lang, t)) for t in TeamScoring),
    "turn_timeout": lambda lang: tuple(
        (str(n), minutes_words(lang, n)) for n in (5, 15, 30, 60, 120, 240, 1440, 10080)
    ),
    "assist": lambda lang: tuple(
        ("default" if a is None else a.value, _assist(lang, a))
        for a in (None, Assist.FULL, Assist.COUNTS, Assist.OFF)
    ),
    "ping": lambda lang: (
        ("every turn", tr(lang, "ui.settings.ping_every")),
        *((f"after {n} minutes", _ping_idle(lang, n)) for n in (5, 15, 60)),
        ("off", tr(lang, "ui.settings.ping_off")),
    ),
    "tables": lambda lang: tuple((t.value, _tables(lang, t)) for t in TableMode),
    "language": lambda lang: (
        ("auto", tr(lang, "ui.settings.language.auto")),
        *((language.value, language_name(language)) for language in Lang),
    ),
    "season": lambda lang: tuple((n.value, _season(lang, n)) for n in SeasonLength),
    # The server's own channels and roles come from the server (seasons.py).
    "announce_channel": lambda lang: (("off", _channel(lang, None)),),
    "champion_role": lambda lang: (("off", _role(lang, None)),),
}

#: Every setting the ``value`` option has suggestions for.
SUGGESTED = frozenset(_SUGGESTIONS)


def suggestions(lang: Lang, key: str) -> Pairs:
    """The usual values of ``key``: (value, what it means), or none."""
    found = _SUGGESTIONS.get(key)
    return () if found is None else found(lang)


def _typed_number(lang: Lang, key: str, typed: str) -> tuple[str, str] | None:
    """A number typed for a numeric setting (or ``ping``), as a suggestion."""
    if not (typed.isascii() and typed.isdigit()) or len(typed) > 6:
        return None
    n = int(typed)
    if key == "ping":
        return f"after {n} minutes", _ping_idle(lang, n)
    if key == "turn_timeout":
        return str(n), minutes_words(lang, n)
    if key in NUMBER_KEYS:
        return str(n), str(n)
    return None


def _shorten(words: str) -> str:
    return words if len(words) <= MAX_CHOICE_TEXT else words[: MAX_CHOICE_TEXT - 1] + "…"


def value_choices(
    lang: Lang, key: str, typed: str, current: ServerSettings | None
) -> list[ValueChoice]:
    """What the ``value`` option offers once ``key`` is picked: the usual
    values (the default and the current one marked), narrowed to what has
    been typed; a number typed for a numeric setting comes first."""
    known = suggestions(lang, key)
    if not known:
        return []
    wanted = typed.strip().lower()
    pairs = list(known)
    number = _typed_number(lang, key, wanted)
    if number is not None and number[0] not in {value for value, _ in pairs}:
        pairs.insert(0, number)
    default = plain_value(key, DEFAULTS)
    now = None if current is None else plain_value(key, current)
    choices = []
    for value, words in pairs:
        if wanted and not (
            wanted in value.lower() or wanted in words.lower() or (number and number[0] == value)
        ):
            continue
        mark = default_mark(lang) if value == default else ""
        if value == now:
            mark += current_mark(lang)
        choices.append(ValueChoice(_shorten(words + mark), value))
    return choices[:MAX_CHOICES]
