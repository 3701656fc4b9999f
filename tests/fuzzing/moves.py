"""The steps of the fuzz stream, each one to three interactions.

Legal moves (by command, board button, hand control or menu, written every
way a player may write a card), games started by challenge and accept (or
against the computer), illegal moves (the wrong player, a phase's wrong
action, a card not held, a knock over the limit), every registered command
with random valid options or garbage ones, clicks on any control of any
message the bot ever wrote — in any version — by anyone, mutated
custom_ids, concurrent double clicks, settings changes, autocomplete.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

from bot.engine import Card, Game
from tests.fakediscord import SentMessage

from .catalog import Catalog, controls
from .client import Client, World
from .garbage import Garbage
from .ledger import Ledger, Tracked

#: Option types of application commands (Discord's numbering).
SUBCOMMAND, GROUP, STRING, INTEGER, BOOLEAN, USER, MENTIONABLE, NUMBER = 1, 2, 3, 4, 5, 6, 9, 10
#: Plausible values of ``/ginadmin settings value``.
SETTING_VALUES = (
    *("10", "50", "100", "250", "1000", "1", "2", "3", "5", "60", "1440"),
    *("standard", "oklahoma", "gin_only", "hollywood", "best_of", "multi", "bonuses", "tables"),
    *("on", "off", "true", "full", "counts", "default", "every turn", "after 1", "after 5"),
    *("channel", "thread"),
)
#: How often each kind of step is chosen.
WEIGHTS = {
    "move": 40,
    "group": 4,
    "start": 6,
    "illegal": 9,
    "command": 14,
    "old_click": 12,
    "mutate": 7,
    "double": 4,
    "settings": 3,
    "autocomplete": 3,
    "hand": 2,
}
#: A lobby's seats reserved for someone who has not joined yet.
INVITED = re.compile(r"<@(\d+)> \*\(invited\)\*")


def card_text(card: Card, rng: random.Random) -> str:
    """A card written as a player might: ``7h``, ``7H``, ``7♥``, ``10h``, ``Q♦️``."""
    code = card.code
    forms = [code, code.lower(), card.label]
    if code.startswith("T"):
        forms += ["10" + code[1], "10" + code[1].lower()]
    return rng.choice(forms)


class Stepper:
    """Chooses and runs the steps."""

    def __init__(
        self,
        client: Client,
        ledger: Ledger,
        catalog: Catalog,
        garbage: Garbage,
        rng: random.Random,
    ) -> None:
        self.client = client
        self.world: World = client.world
        self.ledger = ledger
        self.catalog = catalog
        self.garbage = garbage
        self.rng = rng
        self.kinds = list(WEIGHTS)
        self.weights = [WEIGHTS[k] for k in self.kinds]

    # --- the world as the ledger last saw it -------------------------------------------

    def active(self) -> list[tuple[int, Tracked]]:
        return [(g, t) for g, t in self.ledger.games.items() if t.status == "active"]

    def human_turns(self) -> list[tuple[int, Tracked]]:
        out = []
        for gid, tracked in self.active():
            seat = tracked.game.turn
            if seat is not None and not (tracked.ai and seat == 1):
                out.append((gid, tracked))
        return out

    def busy(self) -> set[int]:
        return {p for _, t in self.active() for p in t.players}

    def person(self) -> Any:
        """Anyone: a player most often, the owner or a stranger sometimes."""
        pick = self.rng.random()
        if pick < 0.7:
            return self.rng.choice(self.world.players)
        if pick < 0.85:
            return self.world.owner
        return self.rng.choice(self.world.strangers)

    # --- steps ---------------------------------------------------------------------------

    async def step(self) -> str:
        kind = self.rng.choices(self.kinds, self.weights)[0]
        if kind == "move" and not self.human_turns():
            kind = "start"
        await getattr(self, "_" + kind)()
        return kind

    async def _move(self) -> None:
        gid, tracked = self.rng.choice(self.human_turns())
        await self.legal_move(gid, tracked)

    async def legal_move(self, gid: int, tracked: Tracked, *, wait: bool = True) -> None:
        """One legal move of the player to move, by one of the ways a player has."""
        game = tracked.game
        seat = game.turn
        assert seat is not None
        user = self.world.user(tracked.players[seat])
        legal = game.legal(seat)
        rng = self.rng
        version = tracked.version
        hand = self.catalog.hands.get((user.id, gid))
        on_hand = controls(hand)
        board = self.catalog.boards.get(gid)
        on_board = controls(board)
        menu = next((c for c in on_hand if c == f"gin:d:{gid}:{version}"), None)
        offered = [o["value"] for o in (on_hand[menu].get("options") or [])] if menu else []
        client = self.client
        # Commands from the game's own channel (its thread) or from elsewhere.
        channel = board.channel_id if board is not None and rng.random() < 0.5 else None
        if "knock" in legal and rng.random() < 0.8:
            card = rng.choice(game.knock_discards(seat))
            knock = [c for c in on_hand if c.startswith(("gin:a:knock:", "gin:a:gin:"))]
            if hand and menu and "k:" + card.code in offered and rng.random() < 0.4:
                await client.select(user, hand, menu, ["k:" + card.code], wait=wait)
            elif hand and knock and knock[0].endswith(f":{gid}:{version}") and rng.random() < 0.4:
                await client.click(user, hand, knock[0], wait=wait)
            else:
                options = {"card": card_text(card, rng)}
                await client.slash(user, "gin knock", options, wait=wait, channel_id=channel)
            return
        if "big_gin" in legal:
            await client.slash(user, "gin biggin", wait=wait, channel_id=channel)
            return
        if "discard" in legal:
            after = game.deadwood_after(seat)
            card = game.best_discard(seat) if rng.random() < 0.6 else rng.choice(list(after))
            if hand and menu and card.code in offered and rng.random() < 0.5:
                await client.select(user, hand, menu, [card.code], wait=wait)
            else:
                options = {"card": card_text(card, rng)}
                await client.slash(user, "gin discard", options, wait=wait, channel_id=channel)
            return
        choice = "take_discard" if "take_discard" in legal and rng.random() < 0.3 else None
        if choice is None:
            choice = "pass" if "pass" in legal and rng.random() < 0.6 else None
        if choice is None:
            choice = "draw_stock" if "draw_stock" in legal else sorted(legal)[0]
        action = {"take_discard": "take", "pass": "pass", "draw_stock": "stock"}[choice]
        cid = f"gin:a:{action}:{gid}:{version}"
        way = rng.random()
        if way < 0.35 and board is not None and cid in on_board:
            await client.click(user, board, cid, wait=wait)
        elif way < 0.6 and hand is not None and cid in on_hand:
            await client.click(user, hand, cid, wait=wait)
        elif choice == "pass":
            await client.slash(user, "gin pass", wait=wait, channel_id=channel)
        else:
            source = "discard" if choice == "take_discard" else "stock"
            options = {"source": source}
            await client.slash(user, "gin draw", options, wait=wait, channel_id=channel)

    async def _start(self) -> None:
        """Accept an open challenge, or challenge someone (or the computer);
        players signed up to a tournament wait for its matches."""
        busy = self.busy() | self.ledger.entrants
        open_ones = [
            (cid, row)
            for cid, row in self.ledger.challenges.items()
            if row[3] == "open" and cid in self.catalog.challenges
        ]
        rng = self.rng
        if open_ones and rng.random() < 0.7:
            cid, row = rng.choice(open_ones)
            who = row[2] if rng.random() < 0.8 else self.person().id
            msg = self.catalog.challenges[cid]
            action = rng.choice(("accept",) * 6 + ("decline", "cancel"))
            await self.client.click(self.world.user(who), msg, f"gin:c:{action}:{cid}")
            return
        free = [p for p in [*self.world.players, self.world.owner] if p.id not in busy]
        if not free:
            return
        challenger = rng.choice(free)
        others = [p for p in free if p is not challenger]
        options: dict[str, Any] = {"target": rng.choice((10, 10, 25, 50, 100))}
        if not others or rng.random() < 0.3:
            options["opponent"] = self.world.computer
            options["difficulty"] = rng.choice(("easy", "normal", "hard"))
        else:
            options["opponent"] = rng.choice(others)
        if rng.random() < 0.2:
            options["variant"] = rng.choice(("standard", "oklahoma", "gin_only"))
        if rng.random() < 0.1:
            options["match"] = rng.choice((1, 3))
        channel = rng.choice(self.world.channels)
        await self.client.slash(challenger, "gin challenge", options, channel_id=channel)

    async def _group(self) -> None:
        """Group play as people play it: a partnership lobby (with the computer
        on one team) filled by Join, a tournament opened by the owner, joined
        and started; now and then a moderator ends a game."""
        rng = self.rng
        client = self.client
        busy = self.busy()
        free = [p for p in self.world.players if p.id not in busy]
        pick = rng.random()
        if pick < 0.1 and busy:
            player = self.world.user(rng.choice(sorted(busy - {self.world.computer.id})))
            await client.slash(self.world.owner, "ginadmin end", {"player": player})
        elif pick < 0.55:
            if self.catalog.lobbies and rng.random() < 0.7:
                lobby, msg = rng.choice(sorted(self.catalog.lobbies.items()))
                invited = [int(u) for u in INVITED.findall(msg.content)]
                if invited and rng.random() < 0.6:
                    joiner = self.world.user(rng.choice(invited))
                else:
                    joiner = rng.choice([*free, self.person()])
                action = rng.choice(("join0", "join0", "join1", "leave"))
                await client.click(joiner, msg, f"gin:l:{action}:{lobby}")
            elif len(free) >= 2:
                host, partner = rng.sample(free, 2)
                options: dict[str, Any] = {"partner": partner, "target": rng.choice((10, 25))}
                options["computer"] = rng.choice(("easy", "normal"))
                await client.slash(host, "gin partners", options, channel_id=self.world.channels[0])
        elif self.catalog.tournaments and rng.random() < 0.8:
            tournament, msg = rng.choice(sorted(self.catalog.tournaments.items()))
            who = self.world.owner if rng.random() < 0.3 else rng.choice([*free, self.person()])
            action = "start" if who is self.world.owner else rng.choice(("join", "join", "leave"))
            await client.click(who, msg, f"gin:t:{action}:{tournament}")
        else:
            options = {"signup_minutes": rng.choice((1, 2, 15)), "target": rng.choice((10, 25))}
            options["format"] = rng.choice(("single_elimination", "round_robin"))
            options["match"] = 1  # one game a match: a tournament that can finish
            if rng.random() < 0.5:  # a title that tries to ping (the notices quote it)
                options["title"] = (self.garbage.mention() + " " + self.garbage.text())[:80]
            owner, channel = self.world.owner, self.world.channels[1]
            await client.slash(owner, "ginadmin tournament", options, channel_id=channel)

    async def _illegal(self) -> None:
        """The wrong player, the wrong action for the phase, a card not held,
        a knock over the limit — by command or by control."""
        turns = self.human_turns()
        if not turns:
            await self._command()
            return
        gid, tracked = self.rng.choice(turns)
        game = tracked.game
        seat = game.turn
        assert seat is not None
        rng = self.rng
        mover = self.world.user(tracked.players[seat])
        waiter_id = tracked.players[1 - seat]
        who = self.world.user(waiter_id) if not tracked.ai else self.person()
        kind = rng.randrange(5)
        client = self.client
        if kind == 0:  # not their turn (or not their game)
            path = rng.choice(("gin pass", "gin draw", "gin discard", "gin knock", "gin biggin"))
            options = {"source": "stock"} if path == "gin draw" else {}
            if path in ("gin discard", "gin knock"):
                options = {"card": card_text(rng.choice(game.hand(1 - seat)), rng)}
            await client.slash(who, path, options)
        elif kind == 1:  # an action the phase does not allow
            legal = game.legal(seat)
            paths = (("gin pass", "pass"), ("gin biggin", "big_gin"), ("gin knock", "knock"))
            wrong = [path for path, k in paths if k not in legal]
            if wrong:
                await client.slash(mover, rng.choice(wrong))
            else:
                await client.slash(mover, "gin draw", {"source": "discard"})
        elif kind == 2:  # a card the mover does not hold
            held = set(game.hand(seat))
            card = rng.choice([c for c in game.stock if c not in held] or list(game.pile))
            path = rng.choice(("gin discard", "gin knock"))
            await client.slash(mover, path, {"card": card_text(card, rng)})
        elif kind == 3:  # a knock over the limit
            over = [c for c, v in game.deadwood_after(seat).items() if v > game.knock_limit]
            if over:
                await client.slash(mover, "gin knock", {"card": card_text(rng.choice(over), rng)})
            else:
                await client.slash(mover, "gin knock")
        else:  # the board's buttons pressed by someone else
            board = self.catalog.boards.get(gid)
            if board is not None and board.custom_ids():
                stranger = rng.choice([*self.world.strangers, self.world.user(waiter_id)])
                await client.click(stranger, board, rng.choice(board.custom_ids()))
            else:
                await client.slash(who, "gin pass")

    # --- commands ----------------------------------------------------------------------

    def _commands(self) -> list[tuple[str, list[dict[str, Any]]]]:
        """Every registered command path with its options (from the synced schema)."""
        out: list[tuple[str, list[dict[str, Any]]]] = []

        def walk(path: str, options: list[dict[str, Any]]) -> None:
            subs = [o for o in options if o.get("type") in (SUBCOMMAND, GROUP)]
            if not subs:
                out.append((path, options))
            for sub in subs:
                walk(f"{path} {sub['name']}", list(sub.get("options") or []))

        for scope in self.world.fake.commands.values():
            for cmd in scope:
                if cmd.get("type", 1) == 1:
                    walk(cmd["name"], list(cmd.get("options") or []))
        return out

    def _valid(self, spec: dict[str, Any]) -> Any:
        rng = self.rng
        if spec.get("choices"):
            return rng.choice(spec["choices"])["value"]
        kind = spec.get("type")
        if kind in (INTEGER, NUMBER):
            low = spec.get("min_value", -1000)
            high = spec.get("max_value", 1000)
            return rng.randint(int(low), int(high))
        if kind == BOOLEAN:
            return rng.random() < 0.5
        if kind in (USER, MENTIONABLE):
            return rng.choice([*self.world.people, self.world.computer])
        if kind == STRING:
            name = spec.get("name")
            if name == "value":
                return rng.choice(SETTING_VALUES)
            if name == "card":
                return card_text(rng.choice(self._cards()), rng)
            text = self.garbage.text()
            low, high = spec.get("min_length", 0), spec.get("max_length", 6000)
            text = text[:high]
            return text if len(text) >= low else "x" * max(low, 1)
        return self.garbage.text()

    def _cards(self) -> list[Card]:
        return list(Game.new(("a", "b"), seed=self.rng.randrange(1000)).stock)

    async def _command(self) -> None:
        """Any command, by anyone, with valid random options or garbage."""
        rng = self.rng
        commands = self._commands()
        if not commands:
            return
        weights = [0.25 if p.endswith(("resign", " end")) else 1.0 for p, _ in commands]
        path, specs = rng.choices(commands, weights)[0]
        user = self.person()
        hostile = rng.random() < 0.5
        options: dict[str, Any] = {}
        for spec in specs:
            if spec.get("required") or rng.random() < 0.5:
                value = self._valid(spec)
                if hostile and rng.random() < 0.6:
                    value = self.garbage.value() if rng.random() < 0.7 else str(value)
                options[spec["name"]] = value
        if hostile and rng.random() < 0.2:
            options[self.garbage.text()[:32] or "x"] = self.garbage.value()
        if hostile and specs and rng.random() < 0.2:
            options.pop(rng.choice(specs)["name"], None)
        threads = [m.channel_id for m in self.catalog.boards.values()]
        channel = rng.choice([*self.world.channels, *threads[-5:]])
        await self.client.slash(user, path, options, strict=not hostile, channel_id=channel)

    async def _settings(self) -> None:
        """Mostly the owner (now and then anyone) changing a setting with
        ``/ginadmin settings``; now and then someone reading them with
        ``/gin settings``, which changes nothing."""
        rng = self.rng
        user = self.world.owner if rng.random() < 0.8 else self.person()
        if rng.random() < 0.1:
            await self.client.slash(user, "gin settings")
            return
        specs = dict(self._commands()).get("ginadmin settings")
        if not specs:
            return
        setting = next((s for s in specs if s["name"] == "setting"), None)
        choices = (setting or {}).get("choices") or [{"value": "target"}]
        value = rng.choice(SETTING_VALUES) if rng.random() < 0.7 else self.garbage.text()
        options = {"setting": rng.choice(choices)["value"], "value": value[:6000]}
        await self.client.slash(user, "ginadmin settings", options)

    async def _autocomplete(self) -> None:
        """Typing into the card option — or asking for suggestions of an
        option that has none (a client Discord would not send that from)."""
        user = self.person()
        typed = self.rng.choice((self.garbage.text(), "7", "t", "10", "q♦", ""))[:6000]
        options = [(p, s["name"]) for p, specs in self._commands() for s in specs]
        if options and self.rng.random() < 0.3:
            path, focused = self.rng.choice(options)
        else:
            path, focused = self.rng.choice(("gin discard", "gin knock")), "card"
        await self.client.autocomplete(user, path, focused, {focused: typed})

    async def _hand(self) -> None:
        user = self.rng.choice([*self.world.players, self.world.owner])
        await self.client.slash(user, "gin hand", {"four_color": self.rng.random() < 0.3})

    # --- clicks ------------------------------------------------------------------------

    def _clicker(self, msg: SentMessage) -> Any:
        """Usually someone who could have seen it; anyone sometimes."""
        if msg.ephemeral and msg.interaction_user_id and self.rng.random() < 0.5:
            return self.world.user(msg.interaction_user_id)
        return self.person()

    async def _old_click(self) -> None:
        """Any control of any message, in any version, by (nearly) anyone."""
        if not self.catalog.pool:
            await self._command()
            return
        msg, comp = self.rng.choice(self.catalog.pool)
        await self._press(msg, comp["custom_id"], comp, self._clicker(msg))

    async def _press(
        self, msg: SentMessage, cid: str, comp: dict[str, Any] | None, user: Any
    ) -> None:
        carried = cid in controls(msg)
        if comp is not None and comp.get("type") == 3:  # a menu
            offered = [o.get("value") for o in comp.get("options") or []]
            if offered and self.rng.random() < 0.6:
                values = [self.rng.choice(offered)]
            else:
                card = self.rng.choice(self._cards()).code
                values = self.rng.choice(([self.garbage.text()[:100]], [], offered[:2], [card]))
            await self.client.select(user, msg, cid, values, forge=not carried)
        else:
            await self.client.click(user, msg, cid, forge=not carried)

    async def _mutate(self) -> None:
        """A real custom_id, changed the way a modified client might."""
        if not self.catalog.pool:
            await self._command()
            return
        _, comp = self.rng.choice(self.catalog.pool)
        cid = mutate(comp["custom_id"], self.rng, self.garbage, list(self.ledger.games))
        target, _ = self.rng.choice(self.catalog.pool)
        kind = dict(comp, custom_id=cid) if comp.get("type") == 3 else None
        await self._press(target, cid, kind, self._clicker(target))

    async def _double(self) -> None:
        """The same control or command twice at once."""
        turns = self.human_turns()
        if not turns:
            return
        gid, tracked = self.rng.choice(turns)
        seat = tracked.game.turn
        assert seat is not None
        user = self.world.user(tracked.players[seat])
        board = self.catalog.boards.get(gid)
        mine = [c for c in controls(board) if c.endswith(f":{gid}:{tracked.version}")]
        mine = [c for c in mine if not c.startswith("gin:a:hand:")]
        client = self.client
        if board is not None and mine and self.rng.random() < 0.6:
            cid = self.rng.choice(mine)
            await client.together(client.click(user, board, cid), client.click(user, board, cid))
        else:
            legal = tracked.game.legal(seat)
            path = "gin pass" if "pass" in legal else "gin draw"
            options = {} if path == "gin pass" else {"source": "stock"}
            if "discard" in legal:
                path, options = "gin discard", {"card": tracked.game.best_discard(seat).code}
            await client.together(
                client.slash(user, path, options), client.slash(user, path, options)
            )


def mutate(cid: str, rng: random.Random, garbage: Garbage, games: Sequence[int]) -> str:
    """``cid`` with one part changed: an id near, far or out of range, another
    game's id, an earlier or later version, another action, another prefix,
    parts cut or added, other digits — or garbage outright."""
    parts = cid.split(":")
    numeric = [i for i, p in enumerate(parts) if p.isdigit()]
    pick = rng.randrange(7)
    if pick == 0 and numeric:
        at = rng.choice(numeric)
        parts[at] = garbage.id_text(int(parts[at]))
    elif pick == 1 and numeric and games:
        parts[rng.choice(numeric)] = str(rng.choice(games))
    elif pick == 2 and numeric:
        at = numeric[-1]
        parts[at] = str(max(0, int(parts[at]) + rng.choice((-2, -1, 1, 2))))
    elif pick == 3 and len(parts) > 2:
        actions = ("hand", "stock", "take", "pass", "knock", "gin", "biggin", "accept", "decline")
        parts[2] = rng.choice((*actions, "cancel", "join0", "leave", "start", "x", "HAND", ""))
    elif pick == 4 and len(parts) > 1:
        parts[1] = rng.choice("acdrvltxz")
    elif pick == 5:
        parts = parts[: rng.randrange(1, len(parts) + 1)] + (["1"] if rng.random() < 0.5 else [])
    elif rng.random() < 0.5:
        return garbage.custom_id()[:100]
    else:
        return garbage.text()[:100]
    return ":".join(parts)[:100]
