"""The busy-server benchmark (``benchmarks/discord_latency.py``): a small run
of the independent load must play every move through Discord alone, see each
move on a board, trace it, and count the bot's whole process tree — which
must keep the CPU of children that have exited (:mod:`benchmarks.proctree`)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import discord_latency
from benchmarks.proctree import TICKS, parse_stat, tree, tree_cpu

MOVES = ("draw", "discard", "knock", "pass")


def test_independent_run_plays_refreshes_and_traces_every_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    load = discord_latency.Load(1, 0.0, 6, 0, mode="independent", refresh="button")
    trace = tmp_path / "trace.jsonl"
    # One render worker: a quicker start, and still a process tree to count.
    asyncio.run(discord_latency.run(load, {"GIN_RENDER_WORKERS": "1"}, trace=trace))

    assert load.moves == 6 and load.refused == 0 and load.failed == 0
    assert sum(len(load.latency[k]) for k in MOVES) == 6
    # Both players pressed the board's My hand at the start and after every move.
    assert load.refreshes == 2 + 2 * 6 == len(load.latency["My hand"])
    assert not load.latency["autocomplete"]
    assert len(load.freshness) == 6  # a board showed every move
    assert load.board_writes >= 1 and load.cpu > 0

    (game,) = [json.loads(line) for line in trace.read_text().splitlines()]
    moves, writes = game["moves"], game["writes"]
    assert [m["n"] for m in moves] == [1, 2, 3, 4, 5, 6]
    assert [m["version"] for m in moves] == sorted({m["version"] for m in moves})
    boards = [w for w in writes if w["what"].startswith("board")]
    assert boards[0]["what"] == "board post"
    for m in moves:
        assert m["shown"] >= m["answered"]
        # Its board: the first board write at or after the answer showing its version.
        shown = next(w for w in boards if w["version"] is not None and w["version"] >= m["version"])
        assert shown["at"] == m["shown"]

    discord_latency.report([load])
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if " independent " in line).split()
    assert row[:3] == ["1x0", "independent", "button"]


def test_parse_stat_reads_past_a_name_with_parentheses() -> None:
    # state ppid … then utime stime cutime cstime (in clock ticks).
    fields = ["S", "7", *["0"] * 9, "100", "50", "30", "20", *["0"] * 30]
    st = parse_stat("42 (a) (b c) " + " ".join(fields))
    assert (st.pid, st.ppid, st.name) == (42, 7, "a) (b c")
    assert st.own == pytest.approx(150 / TICKS)
    assert st.reaped == pytest.approx(50 / TICKS)


def test_tree_cpu_keeps_a_child_that_exited() -> None:
    """A child that burns CPU and is reaped inside the window still counts."""
    burn = (
        "import time\n"
        "t = time.process_time()\n"
        "while time.process_time() - t < 0.3: pass\n"
        "print(time.process_time())"
    )
    parent_code = (
        "import subprocess, sys\n"
        "sys.stdin.readline()\n"
        f"out = subprocess.run([sys.executable, '-c', {burn!r}], capture_output=True, text=True)\n"
        "print(out.stdout.strip(), flush=True)\n"
        "sys.stdin.readline()\n"
    )
    parent = subprocess.Popen(
        [sys.executable, "-c", parent_code],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert parent.stdin is not None and parent.stdout is not None
    try:
        before = tree_cpu(parent.pid)
        parent.stdin.write("go\n")
        parent.stdin.flush()
        child_cpu = float(parent.stdout.readline())  # the child has exited and been reaped
        assert [st.pid for st in tree(parent.pid)] == [parent.pid]
        assert tree_cpu(parent.pid) - before >= child_cpu - 0.05
    finally:
        parent.stdin.write("\n")
        parent.stdin.flush()
        parent.wait(timeout=30)
