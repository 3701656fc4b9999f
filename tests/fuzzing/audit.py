"""Every message the bot wrote, judged as a stranger in the channel would
see it — and every answer, as the player who asked would.

* no "something went wrong" anywhere;
* no public message (content, image alt text, button and menu labels)
  names a card hidden in a hand or the stock — judged against the game and
  version the message shows (its buttons say which), so a board written for
  an earlier turn is judged by that turn's hidden cards; reveals, tallies and
  boards that lost their buttons show a deal that is over and are skipped,
  a message naming "game #N" is judged by that game, anything else by every
  game in progress;
* no message that can ping @everyone, @here or a role, or a user who only
  appears inside typed text (a display name, a tournament title);
* an answer to a player is private, except the few meant for everyone
  (a challenge, a lobby, a tournament, the leaderboard…), and never replaces
  a message that was sent to someone else.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.discord_ui.text import apology
from bot.i18n import Lang
from tests.fakediscord import FakeDiscord, SentMessage
from tests.fakediscord.models import InteractionResult

from .ledger import Ledger, canonical

#: The apology a bug ends in (the fuzzer's clients speak English).
APOLOGY = apology(Lang.EN)

_USER = re.compile(r"<@!?(\d+)>")
_GAME_NO = re.compile(r"[Gg]ame #(\d+)")
#: How many checks a message may wait for the ledger to see its version.
PATIENCE = 50
#: Replies meant for everyone: commands that post publicly, and buttons
#: under public messages that update them (or post a challenge).
PUBLIC_COMMANDS = {
    "gin challenge",
    "gin leaderboard",
    "gin halloffame",
    "gin stats",
    "ginadmin end",
    "gin partners",
    "ginadmin tournament",
}
PUBLIC_CONTROLS = ("gin:c:", "gin:l:", "gin:t:", "gin:r:")


@dataclass
class Findings:
    """What the audit found, by kind (each a list of descriptions)."""

    unexpected: list[str] = field(default_factory=list)  # "something went wrong", no answer
    hidden_public: list[str] = field(default_factory=list)
    pings: list[str] = field(default_factory=list)
    not_private: list[str] = field(default_factory=list)

    def extend(self, other: Findings) -> None:
        self.unexpected += other.unexpected
        self.hidden_public += other.hidden_public
        self.pings += other.pings
        self.not_private += other.not_private

    def total(self) -> int:
        return (
            len(self.unexpected) + len(self.hidden_public) + len(self.pings) + len(self.not_private)
        )


def public_text(msg: SentMessage) -> str:
    """Everything a stranger reads in a public message (a reveal's alt text
    names the finished hand's cards: public by then, and dealt again since)."""
    parts = [msg.content or ""]
    parts += [a.description or "" for a in msg.attachments if a.filename != "reveal.png"]
    for comp in msg.walk_components():
        for key in ("label", "placeholder", "content"):
            parts.append(str(comp.get(key) or ""))
        for option in comp.get("options") or []:
            parts.append(str(option.get("label") or ""))
            parts.append(str(option.get("description") or ""))
    for embed in msg.embeds:
        parts.append(str(embed))
    return "\n".join(parts)


def tournament(msg: SentMessage) -> bool:
    """A tournament's message or notice: the only public text with a typed title."""
    return "🏆" in msg.content or any(c.startswith("gin:t:") for c in msg.custom_ids())


def shown_version(msg: SentMessage) -> tuple[int, int] | str | None:
    """(game, version) a message's controls are drawn for; "finished" for a
    reveal or a tally (they show a hand that is over); None if neither."""
    for cid in msg.custom_ids():
        parts = cid.split(":")
        if cid.startswith(("gin:v:", "gin:r:")):
            return "finished"
        ids = parts[3:5] if cid.startswith("gin:a:") else parts[2:4]
        if cid.startswith(("gin:a:", "gin:d:")) and len(ids) == 2:
            game, version = canonical(ids[0]), canonical(ids[1])
            if game is not None and version is not None:
                return (game, version)
    return None


class Audit:
    """Judges messages and answers (see the module doc)."""

    def __init__(self, fake: FakeDiscord, names: Iterable[str]) -> None:
        self.fake = fake
        self.bot_id = fake.bot_user_id
        #: Typed text that may appear in public messages: display names
        #: anywhere, a tournament's title (from the ledger) in its messages.
        self.names = sorted(set(names), key=len, reverse=True)
        self.titles: list[str] = []
        self._flagged: set[tuple[int, str]] = set()
        #: Messages written for a version the ledger had not yet seen (and how
        #: many times they were put off).
        self._deferred: dict[int, SentMessage] = {}
        self._waits: dict[int, int] = {}
        #: The messages the last :meth:`messages` looked at.
        self.written: list[SentMessage] = []

    # --- answers to interactions -----------------------------------------------------

    def answer(self, res: InteractionResult, name: str) -> Findings:
        """Judge the answer to one interaction the fuzzer sent."""
        out = Findings()
        for msg in res.messages:
            if APOLOGY in msg.content:
                out.unexpected.append(f"{name}: {msg.content[:120]!r}")
        public = [m for m in res.messages if not m.ephemeral and not m.loading]
        allowed = name in PUBLIC_COMMANDS or name.startswith(PUBLIC_CONTROLS)
        if public and not allowed:
            out.not_private.append(f"{name}: public answer {public[0].content[:80]!r}")
        source = self.fake.messages.get(res.source_message_id or 0)
        if (
            res.response_type in (6, 7)
            and source is not None
            and source.ephemeral
            and source.interaction_user_id != res.user.id
        ):
            out.not_private.append(f"{name}: updated a message sent to someone else")
        return out

    # --- messages ----------------------------------------------------------------------

    def messages(self, since: float, ledger: Ledger) -> Findings:
        """Judge every bot message written (created or edited) since ``since``
        (a ``time.perf_counter()``), plus those put off last time."""
        out = Findings()
        written = {
            m.id: m
            for m in self.fake.messages.values()
            if m.author_id == self.bot_id and m.history and m.history[-1].at >= since
        }
        self.written = list(written.values())
        self.titles = sorted(ledger.titles, key=len, reverse=True)
        deferred, self._deferred = self._deferred, {}
        for msg in written.values():
            self._apology(msg, out)
            self._pings(msg, since, out)
        for msg in {**deferred, **written}.values():
            if not msg.ephemeral and not msg.deleted:
                self._hidden(msg, ledger, out)
        return out

    def _flag(self, msg: SentMessage, kind: str) -> bool:
        """Report each problem of a message once (edits keep the text)."""
        key = (msg.id, kind)
        if key in self._flagged:
            return False
        self._flagged.add(key)
        return True

    def _apology(self, msg: SentMessage, out: Findings) -> None:
        if APOLOGY in msg.content and self._flag(msg, "apology"):
            out.unexpected.append(f"message {msg.id}: {msg.content[:120]!r}")

    def _strip(self, text: str, *, titles: bool) -> str:
        """``text`` without the typed text in it: every display name, and in a
        tournament's messages its title (wherever it stands: the message's
        head and the bracket's heading both write it)."""
        if titles:
            for title in self.titles:
                if title and title in text:
                    text = text.replace(title, " ")
        for typed in self.names:
            if typed and typed in text:
                text = text.replace(typed, " ")
        return text

    def _pings(self, msg: SentMessage, since: float, out: Findings) -> None:
        """A new message pings only what the bot itself wrote: never
        @everyone/@here or a role, never a user named only in typed text."""
        for record in msg.history:
            if record.action != "create" or record.at < since:
                continue
            content = str(record.payload.get("content") or msg.content or "")
            allowed = record.payload.get("allowed_mentions")
            parse = set(allowed.get("parse") or []) if allowed is not None else None
            everyone = parse is None or "everyone" in parse
            loud = "@everyone" in content or "@here" in content
            if everyone and loud and self._flag(msg, "everyone"):
                out.pings.append(f"message {msg.id} can ping everyone: {content[:120]!r}")
            roles = parse is None or "roles" in parse or bool((allowed or {}).get("roles"))
            if roles and "<@&" in content and self._flag(msg, "roles"):
                out.pings.append(f"message {msg.id} can ping a role: {content[:120]!r}")
            if parse is None or "users" in parse:
                pinged = {int(u) for u in _USER.findall(content)}
            else:
                listed = {int(u) for u in (allowed or {}).get("users") or []}
                pinged = {int(u) for u in _USER.findall(content)} & listed
            own = {int(u) for u in _USER.findall(self._strip(content, titles=tournament(msg)))}
            typed_only = pinged - own
            if typed_only and self._flag(msg, "typed ping"):
                out.pings.append(
                    f"message {msg.id} pings {sorted(typed_only)} named only in typed text: "
                    f"{content[:120]!r}"
                )

    def _hidden(self, msg: SentMessage, ledger: Ledger, out: Findings) -> None:
        shown = shown_version(msg)
        if shown == "finished":
            return
        if isinstance(shown, tuple):
            game, version = shown
            secret = ledger.hidden_at(game, version)
            if secret is None:
                waited = self._waits.get(msg.id, 0)
                if waited < PATIENCE:  # the ledger has not read that version yet
                    self._waits[msg.id] = waited + 1
                    self._deferred[msg.id] = msg
                    return
                secret = ledger.hidden_now(game)
        elif any(a.filename == "board.png" for a in msg.attachments):
            return  # a board without its buttons: its deal (or game) is over
        else:
            numbers = {int(n) for n in _GAME_NO.findall(msg.content)}
            if numbers:
                secret = frozenset().union(*(ledger.hidden_now(n) for n in numbers))
            else:
                secret = ledger.all_hidden()
        text = self._strip(public_text(msg), titles=tournament(msg))
        leaked = sorted(label for label in secret if label in text)
        if leaked and self._flag(msg, "hidden " + ",".join(leaked)):
            out.hidden_public.append(f"message {msg.id} names hidden {leaked}: {text[:160]!r}")
