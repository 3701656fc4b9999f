"""Write the sample images in docs/ from hand-built views.

Run from the repository root:  .venv/bin/python docs/make_samples.py
"""

# The bot imports follow the sys.path line that makes them work:
# ruff: noqa: E402

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.render import render_board, render_hand, render_reveal, render_tally
from tests.helpers import samples


def main() -> None:
    out = ROOT / "docs"
    images = {
        "sample_hand.png": render_hand(samples.seat_view()),
        "sample_board.png": render_board(samples.public_view()),
        "sample_reveal.png": render_reveal(samples.knock_result(), samples.public_view()),
        "sample_tally.png": render_tally(samples.game_result(), samples.public_view()),
    }
    for name, data in images.items():
        (out / name).write_bytes(data)
        print(f"{name}: {len(data):,} bytes")


if __name__ == "__main__":
    main()
