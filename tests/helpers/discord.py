"""The real bot in-process against the fake Discord: building it, waiting for
it to go quiet, starting and playing games by slash commands and buttons, and
checking that no public payload names a hidden card.  Used by the tests in
``tests/e2e/`` (their ``fake`` fixture is in ``tests/e2e/conftest.py``)."""

from __future__ import annotations

import asyncio
import io
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image

from bot.discord_ui import GinBot
from bot.discord_ui.pacing import ChannelPacer
from bot.engine import ActionKind
from bot.render.pool import RenderPool
from bot.service import GinService, snapshots
from bot.service.snapshots import GameSnapshot
from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.models import InteractionResult, SentMessage
from tests.helpers.puzzles import made

#: Discord's per-channel write limit (5 per 5 s), a hundred times faster: the
#: fake refuses (429) any bot that writes faster than its pacer allows.
FAST_LIMIT = (5, 0.05)


async def make_bot(db: Path, *, clock: Callable[[], float] | None = None, **options: Any) -> GinBot:
    """A bot over a freshly opened service on ``db`` (the bot closes it)."""
    service = await (GinService.open(db) if clock is None else GinService.open(db, clock=clock))
    settings: dict[str, Any] = {
        "ai_delay": 0,
        "board_coalesce": 0,
        "timer_tick": 3600,
        "renderer": RenderPool(0),  # threads: a process pool per test bot is slow to start
        "pacer": ChannelPacer(*FAST_LIMIT),
        "global_limit": None,  # the fake has no global limit unless a test sets one
        "puzzle_maker": made,  # the daily puzzle at once, never a worker process
    }
    settings.update(options)
    return GinBot(service, **settings)


def png_of(msg: SentMessage) -> Image.Image:
    att = msg.attachment()
    img = Image.open(io.BytesIO(att.data))
    img.load()
    assert img.format == "PNG"
    return img


def ids_with(msg: SentMessage, prefix: str) -> list[str]:
    return [c for c in msg.custom_ids() if c.startswith(prefix)]


async def idle(bot: GinBot, fake: FakeDiscord) -> None:
    """The bot has nothing left to do: every interaction it received answered
    (a busy machine may still be drawing a hand after the fake went quiet),
    their follow-ups posted, and the fake quiet."""
    await bot.idle()
    await fake.settle()
    await bot.idle()


async def until_computer_moved(
    bot: GinBot, fake: FakeDiscord, game_id: int, human: int, limit: float = 20.0
) -> GameSnapshot:
    """The game once it is the human's turn again (or over): the computer's
    move may start after a quiet spell when the machine is busy, so this
    waits for the move itself rather than for the fake to go quiet."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    while True:
        await idle(bot, fake)
        snap = await snapshots.get_game(bot.service, game_id)
        if snap.status.value != "active" or snap.game.turn == snap.seat_of(human):
            return snap
        assert loop.time() < deadline, "the computer did not move"
        await asyncio.sleep(0.02)


async def start_game(
    fake: FakeDiscord,
    bot: GinBot,
    a: FakeUser,
    b: FakeUser,
    target: int = 10,
    *,
    match: int | None = None,
) -> GameSnapshot:
    """``a`` challenges ``b`` (to ``target``; ``match``: best of that many
    games) and ``b`` accepts: the game as it starts."""
    options: dict[str, object] = {"opponent": b, "target": target}
    if match is not None:
        options["match"] = match
    res = await fake.slash(a, "gin", subcommand="challenge", options=options)
    assert res.message is not None and not res.ephemeral
    assert b.id in res.message.pinged_user_ids()
    accept = ids_with(res.message, "gin:c:accept:")[0]
    await fake.click(b, res.message, accept)
    await idle(bot, fake)
    snap = await snapshots.active_game_for(bot.service, fake.guild_id, a.id)
    assert snap is not None
    return snap


def board_message(fake: FakeDiscord, game_id: int) -> SentMessage:
    boards = [
        m
        for m in fake.channel_messages(fake.channel_id, include_ephemeral=False, with_threads=True)
        if any(c.startswith(f"gin:a:hand:{game_id}:") for c in m.custom_ids())
    ]
    assert boards, "no board message"
    return boards[-1]


def hidden_labels(snap: GameSnapshot) -> set[str]:
    game = snap.game
    known = set(game.public_view().known[0]) | set(game.public_view().known[1])
    cards = (set(game.hand(0)) | set(game.hand(1)) | set(game.stock)) - known
    return {c.label for c in cards}


def public_text(msg: SentMessage) -> str:
    parts = [msg.content or ""]
    # Alt text is public too — except the reveal's, whose cards are public by then.
    parts += [a.description or "" for a in msg.attachments if a.filename != "reveal.png"]
    for comp in msg.walk_components():
        parts.append(str(comp.get("label", "")))
        parts.append(str(comp.get("placeholder", "")))
    for embed in msg.embeds:
        parts.append(str(embed))
    # The board's alt text is public during the hand; a reveal's names the cards
    # of a hand that is over (public by then, and reshuffled since).
    parts += [a.description or "" for a in msg.attachments if a.filename == "board.png"]
    return " ".join(parts)


def assert_private(fake: FakeDiscord, mark: int, since: float, snap: GameSnapshot) -> None:
    """No public message written (created or edited) since ``mark`` / ``since``
    names a hidden card.  Older messages are history: a past hand's board named
    its pile, whose cards may since have been dealt again."""
    hidden = hidden_labels(snap)
    for msg in fake.channel_messages(fake.channel_id, include_ephemeral=False, with_threads=True):
        if msg.id <= mark and not any(h.at >= since for h in msg.history):
            continue
        text = public_text(msg)
        leaked = [label for label in hidden if label in text]
        assert not leaked, f"public message leaks {leaked}: {text!r}"


async def play_turn(
    fake: FakeDiscord,
    bot: GinBot,
    users: dict[int, FakeUser],
    snap: GameSnapshot,
    rng: random.Random,
) -> InteractionResult:
    """One action by whoever is to move, through a mix of commands and buttons."""
    game = snap.game
    seat = game.turn
    assert seat is not None
    user = users[snap.players[seat]]
    legal = game.legal(seat)
    style = rng.random()
    if ActionKind.DISCARD in legal:
        if ActionKind.KNOCK in legal and snap.assist.value == "full":
            res = await fake.slash(user, "gin", subcommand="knock")
        elif ActionKind.KNOCK in legal:  # the player names the card below full assistance
            card = game.best_discard(seat)
            res = await fake.slash(user, "gin", subcommand="knock", options={"card": card.code})
        elif style < 0.5:
            card = (
                game.best_discard(seat)
                if rng.random() < 0.7
                else rng.choice([c for c in game.deadwood_after(seat)])
            )
            res = await fake.slash(user, "gin", subcommand="discard", options={"card": card.code})
        else:
            hand = await fake.slash(user, "gin", subcommand="hand")
            assert hand.message is not None
            select = ids_with(hand.message, "gin:d:")[0]
            card = game.best_discard(seat)
            res = await fake.select(user, hand.message, select, [card.code])
    elif ActionKind.DRAW_STOCK in legal and style < 0.5:
        res = await fake.slash(user, "gin", subcommand="draw", options={"source": "stock"})
    elif ActionKind.DRAW_STOCK in legal:
        board = board_message(fake, snap.id)
        res = await fake.click(user, board, f"gin:a:stock:{snap.id}:{snap.version}")
    elif ActionKind.PASS in legal and rng.random() < 0.7:
        res = await fake.slash(user, "gin", subcommand="pass")
    else:
        board = board_message(fake, snap.id)
        res = await fake.click(user, board, f"gin:a:take:{snap.id}:{snap.version}")
    assert res.message is not None and res.ephemeral, res
    png_of(res.message)
    return res


async def move(
    fake: FakeDiscord,
    bot: object,
    game_id: int,
    users: dict[int, FakeUser],
    *,
    snap: GameSnapshot | None = None,
) -> None:
    """The player to move makes a plain move by slash command (``snap``: the
    game as already read)."""
    if snap is None:
        snap = await snapshots.get_game(bot.service, game_id)  # type: ignore[attr-defined]
    game = snap.game
    seat = game.turn
    assert seat is not None
    user = users[snap.players[seat]]
    legal = game.legal(seat)
    if ActionKind.DISCARD in legal:
        card = game.best_discard(seat).code
        await fake.slash(user, "gin", subcommand="discard", options={"card": card}, settle=False)
    elif ActionKind.PASS in legal:
        await fake.slash(user, "gin", subcommand="pass", settle=False)
    else:
        await fake.slash(user, "gin", subcommand="draw", options={"source": "stock"}, settle=False)
