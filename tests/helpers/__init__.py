"""Shared test helpers, imported by tests in every directory (never collected:
no ``test_`` modules here).  Each module holds one kind of helper:

* :mod:`.deals` — rigged deals for engine and AI tests (``rig``);
* :mod:`.play` — random legal play on an engine ``Game`` and Hypothesis rulesets;
* :mod:`.brute` — brute-force meld search, the cross-check of ``bot.engine.melds``;
* :mod:`.samples` — hand-built views for render tests, ``docs/make_samples.py``
  and ``benchmarks/render.py``;
* :mod:`.images` — decoding and comparing PNGs;
* :mod:`.service` — a fake clock, game starts and random play through the service,
  storage rows, and the crash/race child processes;
* :mod:`.discord` — the real bot against the fake Discord in-process;
* :mod:`.commands` — the synced slash commands: what each locale is sent, and what
  Discord would refuse in it;
* :mod:`.history` — a player's profile figures recomputed from the raw result rows;
* :mod:`.bot_process` / :mod:`.processes` — the bot in its own OS process (child
  and parent side).
"""
