"""A small fake Discord (REST + JSON gateway) for driving the real discord.py.

Why a fake *server* instead of mocks: the bot under test runs the real,
unmodified discord.py 2.7 client, so everything between "user clicks" and
"Discord shows a message" (payload building, multipart uploads, view storage,
``DynamicItem`` regexes, the interaction webhook dance) is exercised exactly as
in production.  The fake speaks just enough of the API for a slash-command bot
and *records* everything the bot sends as plain Python objects
(:class:`~.models.SentMessage`, :class:`~.models.InteractionResult`).

Everything runs on the test's event loop: the aiohttp server, the bot and the
test driver share one loop, so there are no threads to synchronise and
"wait until X" is just an ``asyncio.Event``.

Typical use::

    async with FakeDiscord() as fake:          # server up, discord.py repointed
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        async with fake.run_bot(bot):          # bot logged in and READY
            res = await fake.slash(
                alice, "gin", subcommand="challenge", options={"opponent": bob}
            )
            accept = next(c for c in res.message.custom_ids() if c.startswith("gin:c:accept:"))
            await fake.click(bob, res.message, accept)
            drawn = await fake.slash(bob, "gin", subcommand="draw", options={"source": "stock"})

Protocol notes (discord.py 2.7.1 behaviour this fake relies on / reproduces):

* ``json_or_text`` only parses bodies whose Content-Type is *exactly*
  ``application/json`` (aiohttp's ``json_response`` adds a charset).
* The gateway URL carries ``compress=zlib-stream``; text frames are parsed
  as-is, only binary frames are inflated, so plain JSON text works.
* ``on_ready`` fires ``guild_ready_timeout`` (2 s) after the last
  GUILD_CREATE; :meth:`~.driver.DriverMixin.run_bot` lowers it.
* INTERACTION_CREATE must contain ``attachment_size_limit`` and members need
  ``flags`` (both read with ``data[...]``).  Commands registered per guild
  need ``data.guild_id`` or the tree looks them up as global commands.
* Callbacks are posted with ``?with_response=1`` and the reply must be an
  InteractionCallback object; ``interaction.response_message_id`` is the id
  discord.py stores the response's View under.
* Component interactions must embed the message (with its components):
  ``DynamicItem`` dispatch rebuilds the View from it.
* After a "thinking" defer (type 5) the first followup *fills* the
  placeholder instead of creating a message, as on Discord.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

import discord
import yarl
from aiohttp import web

from .driver import DriverMixin
from .rest import json_response, no_content

__all__ = ["FakeDiscord", "json_response", "no_content", "patched_discord"]


@contextlib.contextmanager
def patched_discord(api_base: str, gateway_url: str) -> Iterator[None]:
    """Point discord.py's REST base and default gateway at a fake, then restore.

    ``Route.BASE`` is read when each ``Route`` is built (webhooks and
    interaction callbacks use the same class), and ``DEFAULT_GATEWAY`` when
    ``Client.connect`` opens the websocket, so patching the two class
    attributes is enough; no discord.py code is modified.
    """
    route_cls = discord.http.Route
    ws_cls = discord.gateway.DiscordWebSocket
    old_base, old_gateway = route_cls.BASE, ws_cls.DEFAULT_GATEWAY
    route_cls.BASE = api_base
    ws_cls.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    try:
        yield
    finally:
        route_cls.BASE = old_base
        ws_cls.DEFAULT_GATEWAY = old_gateway


class FakeDiscord(DriverMixin):
    """Fake Discord server + test driver; use as ``async with FakeDiscord() as fake``.

    Entering starts the server on a free 127.0.0.1 port and repoints
    discord.py at it (:func:`patched_discord`); leaving undoes both.  The
    constructor options are documented on :class:`~.state.FakeState`.  Layers,
    bottom-up: :mod:`.state` (world, recordings, waiting), :mod:`.gateway`,
    :mod:`.rest`, :mod:`.driver` (slash/click/select/…), this module
    (lifecycle).
    """

    async def start(self) -> None:
        """Bind 127.0.0.1 on a free port and start serving."""
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        self._add_routes(app)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        self._runner._shutdown_timeout = 1.0  # don't wait 60 s for lingering sockets
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        """Close websockets and the server (stop the bot *before* this)."""
        for conn in list(self._connections):
            if conn.writer is not None:
                conn.writer.cancel()
            if not conn.ws.closed:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(conn.close(1001), 1.0)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @contextlib.contextmanager
    def patched(self) -> Iterator[None]:
        """Repoint discord.py at this fake for the duration of the block."""
        with patched_discord(self.api_base, self.gateway_url):
            yield

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        self._patch = contextlib.ExitStack()
        self._patch.enter_context(self.patched())
        return self

    async def __aexit__(self, *exc: object) -> None:
        try:
            await self.stop()
        finally:
            if self._patch is not None:
                self._patch.close()
                self._patch = None
