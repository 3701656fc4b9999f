"""The slash commands as Discord lists them in English: each command's
description, its options' descriptions and the names of their choices.

Keyed by the command's path under ``/gin`` or ``/ginadmin`` (the cogs only
look them up).  English is the commands' own text, the default Discord shows
everyone; every other language is the catalogue ``cmd.po``, found by the
translator (:mod:`.translator`) by where each string sits, so nothing here
names a key.  ``bot/locales/en/cmd.po`` holds the same English, written from
the synced commands by ``tools/commands_catalog.py``: change a text here, run
it, and translate what it lists (a test fails while the two differ).
Discord refuses a description or a choice name over 100 characters, and a
command whose description is cut reads badly: a test holds every one, in
every language, to the limit.
"""

from __future__ import annotations

from bot.engine import Variant
from bot.engine.tournament import TournamentFormat
from bot.engine.words import FORMAT_LABELS, VARIANT_LABELS, VARIANT_RULES

GIN = "Play gin rummy"
GINADMIN = "Gin rummy for moderators: settings, stuck games, tournaments"

#: Each command's description, by its path.
DESCRIPTIONS: dict[str, str] = {
    "challenge": "Challenge someone to gin — or challenge me to play the computer",
    "hand": "Show your hand (only you see it) with the controls for your turn",
    "review": "The coach's private review of a hand you played",
    "draw": "Draw a card: the top card of the stock or of the discard pile",
    "pass": "Pass on the upcard (or on the 50th card)",
    "discard": "Discard a card from your hand",
    "knock": "Knock (or go gin): discard a card face down and end the hand",
    "biggin": "Big gin: all 11 cards in melds, no discard",
    "resign": "Resign your current game (the other player wins)",
    "score": "The score sheet of your current (or last) game",
    "games": "Games in progress in this server",
    "leaderboard": "This server's leaderboard",
    "stats": "A player's statistics in this server",
    "rules": "This server's rules, in words",
    "settings": "This server's settings (moderators change them with /ginadmin settings)",
    "help": "How to play gin rummy, and how to play it here (only you see it)",
    "partners": "Partnership gin, 2 v 2: name players or open seats for anyone",
    "tournament": "Server tournaments",
    "tournament show": "The server's current (or last) tournament",
    "ginadmin settings": "Change one of the server's settings (Manage Server)",
    "ginadmin end": "End a stuck game (no rating change)",
    "ginadmin tournament": "Open a tournament with sign-up (Manage Server)",
}

VARIANT_OPTION = "Rules variant (default: this server's setting)"
TARGET_OPTION = "Points to win a game (default: this server's setting, usually 100)"
MATCH_OPTION = "One game, or a match of several (each game to 250 unless you set a target)"
SEAT_OPTION = "(leave empty: an open seat, or the computer)"

#: Each command's options, by the command's path, then the option's name.
OPTIONS: dict[str, dict[str, str]] = {
    "challenge": {
        "opponent": "Who you want to play (pick me, the bot, to play the computer)",
        "target": TARGET_OPTION,
        "variant": VARIANT_OPTION,
        "difficulty": (
            "Against the computer: easy, normal, hard or adaptive (default: adaptive at first)"
        ),
        "match": MATCH_OPTION,
    },
    "hand": {"four_color": "Use four suit colours (♠ black, ♥ red, ♦ blue, ♣ green)"},
    "review": {"hand": "Which hand of your current or last game (default: the last one)"},
    "draw": {"source": "Where to draw from"},
    "discard": {"card": "The card, e.g. 7h, 10S, TD or Q♦ (pick from the list)"},
    "knock": {
        "card": "The card to discard face down (with full assistance, leave it out for the best)"
    },
    "leaderboard": {
        "sort": "What to rank by (default: rating)",
        "page": "Page number",
        "min_games": "Only players with at least this many games",
    },
    "stats": {"member": "Whose statistics (default: yours)"},
    "partners": {
        "partner": f"Your partner {SEAT_OPTION}",
        "opponent1": f"First opponent {SEAT_OPTION}",
        "opponent2": f"Second opponent {SEAT_OPTION}",
        "computer": "Fill the empty seats of one team with the computer at this level (unrated)",
        "target": "Team points to win (default 125)",
        "variant": VARIANT_OPTION,
    },
    "ginadmin settings": {
        "setting": "The setting to change",
        "value": "Its new value (pick from the list, or type a number)",
    },
    "ginadmin end": {"player": "A player of the game to end", "game": "Or the game number"},
    "ginadmin tournament": {
        "format": "Single elimination (default) or round robin",
        "title": "A name for it",
        "match": "Match length (default: best of 5)",
        "target": "Points to win each game (default 250 in a match, else the server's)",
        "variant": VARIANT_OPTION,
        "signup_minutes": "How long sign-up stays open (default 15 minutes; up to 7 days)",
    },
}

#: The names of the choices (their values are the identifiers the commands read).
VARIANT_CHOICES: dict[str, str] = {
    v.value: f"{VARIANT_LABELS[v]} ({VARIANT_RULES[v]})"
    for v in (Variant.STANDARD, Variant.OKLAHOMA, Variant.GIN_ONLY)
}
SOURCE_CHOICES = {"stock": "stock (face down)", "discard": "discard pile (face up)"}
FORMAT_CHOICES = {f.value: FORMAT_LABELS[f] for f in TournamentFormat}


def match_choice(games: int) -> str:
    """A ``match`` choice: one game, or a best-of match."""
    return "One game" if games == 1 else f"Match: best of {games} games"


def level_choice(level: str) -> str:
    """A computer level (easy, normal, hard) as the list shows it."""
    return level.capitalize()


def sort_choice(sort: str) -> str:
    """A leaderboard sort ("win_rate") as the list shows it."""
    return sort.replace("_", " ")
