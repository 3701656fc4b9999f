"""Our own fuzzer of the bot (issue #32): a seeded stream of interactions —
legal and illegal moves, every command with random and garbage options,
clicks on any earlier version of any message by any user, mutated
custom_ids, concurrent double clicks, settings changes, ``kill -9`` and
restarts — from players, strangers and the server's owner against several
live games, through the test fake Discord and the real bot process.

After every step it checks what a player could never be allowed to see:

* :mod:`.ledger` — every change of the database (games, challenges,
  settings) explained by an interaction of the right player (or the
  computer, a timer), each move replayed through the engine, cards conserved;
* :mod:`.audit` — every message written: no "something went wrong", no
  public text naming a hidden card, nothing that pings @everyone/@here or a
  user who only appears in typed text; refusals private;
* the bot's log: nothing above INFO, no traceback.

:mod:`.runner` drives it (``tests/fuzzing/test_fuzz.py`` runs it short in the suite,
``benchmarks/fuzz.py`` long by command); :mod:`.moves` makes the steps,
:mod:`.garbage` the hostile values, :mod:`.process` runs the bot.
"""
