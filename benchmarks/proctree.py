"""CPU time of a whole process tree, from ``/proc`` (Linux only).

The bot is not one process: its images are drawn in render workers started
through a ``forkserver`` (bot → forkserver → workers), and
``multiprocessing`` adds a resource tracker.  A benchmark's "CPU per move"
must count all of them, including any child that exits during the measured
window — its time would vanish from a sum over live processes.  The kernel
keeps it: when a process reaps an exited child, the child's user + system
time (with everything *it* had reaped) is added to the parent's ``cutime`` +
``cstime``.  So at any moment every CPU second the tree spent is in exactly
one place — a live process's own ``utime + stime``, or the ``cutime +
cstime`` of the live ancestor that reaped it — and the difference between two
:func:`tree_cpu` samples is the tree's CPU over the window, whichever
children came and went.  (Lost only if an exiting child is re-parented out of
the tree before it is reaped; the bot's children are reaped by their parents.)
"""

from __future__ import annotations

import os
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True, slots=True)
class ProcStat:
    """The fields of ``/proc/<pid>/stat`` this module needs (CPU in seconds)."""

    pid: int
    ppid: int
    name: str
    #: utime + stime: the process's own CPU (all of its threads).
    own: float
    #: cutime + cstime: CPU of its children that exited and were reaped.
    reaped: float


def parse_stat(raw: str) -> ProcStat:
    """One ``/proc/<pid>/stat`` line.  The name is in parentheses and may hold
    spaces or parentheses itself, so fields are counted from the last ``)``."""
    head, _, tail = raw.rpartition(")")
    pid_text, _, name = head.partition(" (")
    fields = tail.split()
    # After the name: state ppid pgrp session tty tpgid flags minflt cminflt
    # majflt cmajflt utime stime cutime cstime … (proc(5), fields 3–17).
    utime, stime, cutime, cstime = (int(x) for x in fields[11:15])
    return ProcStat(
        pid=int(pid_text),
        ppid=int(fields[1]),
        name=name,
        own=(utime + stime) / TICKS,
        reaped=(cutime + cstime) / TICKS,
    )


def all_stats() -> dict[int, ProcStat]:
    """Every process now (those that exit while being read are skipped)."""
    stats: dict[int, ProcStat] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stats[int(entry)] = parse_stat(Path(f"/proc/{entry}/stat").read_text())
        except (OSError, ValueError, IndexError):
            continue
    return stats


def tree(pid: int, stats: dict[int, ProcStat] | None = None) -> list[ProcStat]:
    """``pid`` and all its live descendants (empty if ``pid`` is gone)."""
    stats = all_stats() if stats is None else stats
    children: dict[int, list[int]] = defaultdict(list)
    for st in stats.values():
        children[st.ppid].append(st.pid)
    found: list[ProcStat] = []
    todo = [pid]
    while todo:
        p = todo.pop()
        if p in stats:
            found.append(stats[p])
            todo.extend(children.get(p, ()))
    return found


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) of ``pid`` and every descendant, live or
    exited and reaped: take it at the start and end of a window and subtract
    (see the module doc)."""
    return sum(st.own + st.reaped for st in tree(pid))


def own_cpu(pid: int) -> float:
    """CPU seconds of ``pid`` itself (all its threads, not its children): with
    :func:`tree_cpu`, splits a bot's CPU between its main process and its
    render workers."""
    stats = all_stats()
    return stats[pid].own if pid in stats else 0.0
