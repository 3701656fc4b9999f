"""The oracle command answers the shared vectors exactly, line by line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data"


def run_oracle(text: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.engine"],
        input=text,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_oracle_answers_every_vector() -> None:
    import json

    lines = (DATA / "min_deadwood.jsonl").read_text().splitlines()
    lines += (DATA / "layoff_deadwood.jsonl").read_text().splitlines()
    proc = run_oracle("\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    answers = proc.stdout.split()
    assert answers == [str(json.loads(line)["expected"]) for line in lines]


def test_oracle_accepts_every_card_spelling_and_reports_bad_lines() -> None:
    proc = run_oracle(
        '{"op":"min_deadwood","cards":["10D","TD","JD"]}\n'
        '{"op":"min_deadwood","cards":["AS","2S","3S","4H","5H","6H","7D","8D","9D","TC"]}\n'
        '{"op":"min_deadwood","cards":["ZZ"]}\n'
        '{"op":"nope","cards":["AS"]}\n'
    )
    out = proc.stdout.splitlines()
    assert out[0].startswith("error: a card appears twice")
    assert out[1] == "10"
    assert out[2].startswith("error:") and "e.g. 7h" in out[2]
    assert out[3].startswith("error: unknown op")
    assert proc.returncode == 1
