"""What the fuzzer can click: every control the bot ever wrote, in every
version of every message (a bounded random sample), and the newest board and
hand messages of each game, challenge, lobby and tournament."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from tests.fakediscord import SentMessage

from .ledger import canonical

#: How many controls the sample keeps.
POOL = 4000


class Catalog:
    """Every control the bot wrote (a bounded random sample of them), and
    the newest board and hand messages of each game."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.pool: list[tuple[SentMessage, dict[str, Any]]] = []
        self._seen: set[tuple[int, str, str]] = set()
        self._offered = 0
        self.boards: dict[int, SentMessage] = {}
        self.hands: dict[tuple[int, int], SentMessage] = {}
        self.challenges: dict[int, SentMessage] = {}
        #: Partnership lobbies and tournaments by id: their public message.
        self.lobbies: dict[int, SentMessage] = {}
        self.tournaments: dict[int, SentMessage] = {}

    def update(self, messages: Iterable[SentMessage]) -> None:
        for msg in messages:
            for comp in msg.walk_components():
                cid = comp.get("custom_id")
                if not isinstance(cid, str):
                    continue
                key = (msg.id, cid, str(comp.get("options") or "")[:300])
                if key not in self._seen:
                    self._seen.add(key)
                    self._offer(msg, dict(comp))
                self._index(msg, cid)

    def _offer(self, msg: SentMessage, comp: dict[str, Any]) -> None:
        """Reservoir sampling: every control ever seen is equally likely to stay."""
        self._offered += 1
        if len(self.pool) < POOL:
            self.pool.append((msg, comp))
        else:
            at = self.rng.randrange(self._offered)
            if at < POOL:
                self.pool[at] = (msg, comp)

    def _index(self, msg: SentMessage, cid: str) -> None:
        parts = cid.split(":")
        if cid.startswith("gin:a:hand:") and len(parts) == 5 and not msg.ephemeral:
            game = canonical(parts[3])
            if game is not None and msg.id >= self.boards.get(game, msg).id:
                self.boards[game] = msg
        if cid.startswith(("gin:a:", "gin:d:")) and msg.ephemeral:
            game = canonical(parts[3] if cid.startswith("gin:a:") else parts[2])
            user = msg.interaction_user_id
            if game is not None and user is not None:
                key = (user, game)
                if msg.id >= self.hands.get(key, msg).id:
                    self.hands[key] = msg
        if cid.startswith("gin:c:accept:"):
            challenge = canonical(parts[3])
            if challenge is not None:
                self.challenges[challenge] = msg
        for prefix, found in (("gin:l:", self.lobbies), ("gin:t:", self.tournaments)):
            if cid.startswith(prefix) and len(parts) == 4 and not msg.ephemeral:
                group = canonical(parts[3])
                if group is not None:
                    found[group] = msg


def controls(msg: SentMessage | None) -> dict[str, dict[str, Any]]:
    if msg is None:
        return {}
    return {c["custom_id"]: c for c in msg.walk_components() if "custom_id" in c}
