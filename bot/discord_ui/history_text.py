"""Words for looking back: ``/gin history``, ``/gin replay``, ``/gin profile``
— their messages and button labels.  One keyed place, like :mod:`.text` and
:mod:`.group_text`; the Discord modules only place these.

Pure functions over the service's views (no discord import).  Every answer
here is private (ephemeral) to whoever asked, so each function takes the
asker's language first.  The commands' descriptions below stay English: they
are the commands' own text, translated for Discord by :mod:`.translator`.
"""

from __future__ import annotations

from typing import Final

from bot.engine import GameEnd
from bot.i18n import Lang
from bot.i18n import text as tr
from bot.service import HistoryPage, PastGame, ReplayView

from .history_actions import PageAction, ReplayAction
from .rules_text import level_name

#: Discord's limit on a message's content.
MAX_CONTENT: Final = 2000
#: Games on one page of ``/gin history`` (each a line; long names and links
#: must still fit Discord's 2,000 characters).
PAGE_SIZE: Final = 8

COMPUTER_MARK = "🤖"
#: How a game ended, when it did not end at the target.
ENDINGS: Final = {
    GameEnd.RESIGN: "ui.history.resigned",
    GameEnd.TIMEOUT: "ui.history.timed_out",
    GameEnd.ENDED: "ui.history.ended",
}


#: The commands' descriptions as Discord lists them (at most 100 characters
#: each), by the command's name under ``/gin``; then their options'.
DESCRIPTIONS: Final = {
    "history": "Recent finished games in this server (only you see the list)",
    "replay": "Step through a hand of a finished game, move by move (only you see it)",
    "profile": "A player's rating chart and figures in this server (only you see it)",
}
OPTIONS: Final = {
    "history": {
        "member": "Only this member's games (default: everyone's)",
        "page": "Page number (1: the latest games)",
    },
    "replay": {
        "game": "The game's number (see /gin history)",
        "hand": "Which hand of it (default: the last one)",
    },
    "profile": {"member": "Whose profile (default: yours)"},
}

_PAGE_KEYS: Final = {PageAction.BACK: "ui.history.newer", PageAction.NEXT: "ui.history.older"}
_REPLAY_KEYS: Final = {
    ReplayAction.FIRST: "ui.replay.deal",
    ReplayAction.KNOCK: "ui.replay.knock",
    ReplayAction.END: "ui.replay.end",
}
#: The step buttons that are arrows only, the same in every language.
_ARROWS: Final = {ReplayAction.BACK: "◀", ReplayAction.NEXT: "▶"}


def page_label(lang: Lang, action: PageAction) -> str:
    """ "◀ Newer", "Older ▶"."""
    return tr(lang, _PAGE_KEYS[action])


def replay_label(lang: Lang, action: ReplayAction) -> str:
    """ "⏮ Deal", "◀", "▶", "Knock", "End ⏭"."""
    arrow = _ARROWS.get(action)
    return arrow if arrow is not None else tr(lang, _REPLAY_KEYS[action])


def plain(name: str) -> str:
    """A stored name safe inside our markdown (it cannot bold, strike or
    quote anything around it)."""
    out = name
    for ch in "\\*_~|>`[]":
        out = out.replace(ch, "\\" + ch)
    return " ".join(out.split()) or "?"


# --- /gin history ----------------------------------------------------------------------


def history_head(lang: Lang, page: HistoryPage) -> str:
    if page.user_id is None:
        head = tr(lang, "ui.history.head_server", total=page.total)
    else:
        head = tr(lang, "ui.history.head_member", user=f"<@{page.user_id}>", total=page.total)
    if page.pages <= 1:
        return head
    return f"{head} — {tr(lang, 'ui.history.pages', page=page.page, pages=page.pages)}"


def no_history(lang: Lang, user_id: int | None) -> str:
    if user_id is None:
        return tr(lang, "ui.history.none_server")
    return tr(lang, "ui.history.none_member", user=f"<@{user_id}>")


def game_link(lang: Lang, guild_id: int, game: PastGame) -> str:
    """Where the game was played: its thread, or its last board in the channel."""
    if game.message_id is not None:
        url = f"https://discord.com/channels/{guild_id}/{game.channel_id}/{game.message_id}"
        return f"[{tr(lang, 'ui.history.board')}]({url})"
    return f"<#{game.channel_id}>"


def game_line(lang: Lang, guild_id: int, game: PastGame, user_id: int | None) -> str:
    """One finished game: players and final tally (the winner in bold), how it
    ended, when (a timestamp Discord shows in each reader's own time), where,
    and for a player's own list their rating change."""
    names = [plain(n) for n in game.names]
    w = game.winner_seat
    if game.end is not GameEnd.ENDED:
        names[w] = f"**{names[w]}**"
    a, b = game.totals
    parts = [f"`#{game.id}` {names[0]} {a} – {b} {names[1]}"]
    ending = ENDINGS.get(game.end)
    if ending is not None:
        parts.append(tr(lang, ending, loser=plain(game.names[1 - w])))
    if game.ai_level is not None:
        level = level_name(lang, game.ai_level.value)
        parts.append(tr(lang, "ui.history.computer", mark=COMPUTER_MARK, level=level))
    elif not game.rated:
        parts.append(tr(lang, "ui.history.unrated"))
    seat = None if user_id is None else game.seat_of(user_id)
    if seat is not None and game.rating_changes is not None:
        parts.append(tr(lang, "ui.history.rating", change=f"{game.rating_changes[seat]:+.0f}"))
    parts.append(f"<t:{int(game.finished_at)}:d>")
    parts.append(game_link(lang, guild_id, game))
    return " · ".join(parts)


def history_text(lang: Lang, page: HistoryPage) -> str:
    """A page of finished games as one message (within 2,000 characters)."""
    if not page.games:
        return no_history(lang, page.user_id)
    lines = [history_head(lang, page)]
    foot = tr(lang, "ui.history.foot")
    room = MAX_CONTENT - len(foot) - 2
    for game in page.games:
        line = game_line(lang, page.guild_id, game, page.user_id)
        if sum(len(x) + 1 for x in lines) + len(line) > room:
            lines.append("…")
            break
        lines.append(line)
    lines.append(foot)
    return "\n".join(lines)


# --- /gin replay -----------------------------------------------------------------------


def replay_text(lang: Lang, view: ReplayView) -> str:
    """The words above a replay image (the image says the move)."""
    frame = view.frame
    a, b = (plain(n) for n in frame.names)
    if view.hands > 1:
        hand = tr(lang, "ui.replay.hand_of", hand=frame.hand_number, hands=view.hands)
    else:
        hand = tr(lang, "ui.replay.hand_one")
    return tr(
        lang,
        "ui.replay.text",
        game=view.game_id,
        a=a,
        b=b,
        hand=hand,
        step=frame.step.index + 1,
        steps=frame.steps,
    )


def replay_filename(view: ReplayView) -> str:
    return f"replay-{view.game_id}-{view.frame.hand_number}-{view.frame.step.index + 1}.png"


# --- /gin profile ----------------------------------------------------------------------


def profile_text(lang: Lang, user_id: int) -> str:
    return tr(lang, "ui.profile.text", user=f"<@{user_id}>")


PROFILE_FILENAME = "profile.png"
