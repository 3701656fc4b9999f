"""The tournament as text (``bot.discord_ui.bracket_text``): fits one message
(2,000 characters) for 64 long names, shows the current round, the champion
and round-robin standings, and escapes markdown in names."""

from __future__ import annotations

import random

import pytest

from bot.discord_ui.bracket_text import bracket_text
from bot.engine.tournament import (
    Bracket,
    Entrant,
    TournamentFormat,
    seed,
    tournament_view,
)
from bot.i18n import Lang
from tests.helpers.brackets import RR, SE, entrants, finished, progressed, view_of

EN = Lang.EN


def units(s: str) -> int:
    return len(s.encode("utf-16-le")) // 2


@pytest.mark.parametrize("fmt", list(TournamentFormat))
def test_text_fits_discord_for_64_long_names(fmt: TournamentFormat) -> None:
    stages = [Bracket.new(fmt, entrants(64, long=True))]
    stages += [progressed(fmt, 64, k, long=True) for k in (10, 40, 300)]
    stages.append(finished(fmt, 64, long=True))
    for b in stages:
        text = bracket_text(EN, tournament_view(b, "T" * 300, "S" * 300))
        assert len(text) <= 2000
        assert units(text) <= 2000
    over = bracket_text(EN, view_of(stages[-1], "Finished"))
    assert "Champion" in over


def test_text_keeps_the_current_round() -> None:
    b = progressed(SE, 64, 40, long=True)
    text = bracket_text(EN, view_of(b))
    assert "**Round 2**" in text
    assert text.count("playing now") == 3


def test_text_names_the_champion() -> None:
    for fmt in TournamentFormat:
        plain = [Entrant(i + 1, f"Name{i}", 1500.0 - i, i) for i in range(6)]
        rng = random.Random(5)
        b = Bracket.new(fmt, plain)
        while not b.is_over:
            m = b.ready()[0]
            winner = m.players[rng.randrange(2)]
            assert winner is not None
            b.record(m.key, winner, (rng.randrange(400), rng.randrange(400)))
        assert b.champion is not None
        text = bracket_text(EN, view_of(b, "Finished"))
        assert f"🏆 Champion: **Name{b.champion - 1}**" in text
        assert bracket_text(EN, view_of(progressed(fmt, 6, 1))).count("Champion") == 0


def test_text_small_bracket_shows_everything() -> None:
    b = Bracket.new(SE, [Entrant(i + 1, n, None, i) for i, n in enumerate(["Ana", "Bo", "Cy"])])
    b.start("r1m2")
    text = bracket_text(EN, view_of(b, "Round 1"))
    assert "(1) Ana · bye" in text
    assert "▶ (2) Bo vs (3) Cy · *playing now*" in text
    assert "(1) Ana vs *TBD*" in text
    b.record("r1m2", 2, (250, 100))
    b.record("r2m1", 1, (251, 190))
    text = bracket_text(EN, view_of(b, "Finished"))
    assert "🏆 Champion: **Ana**" in text
    assert "**(1) Ana** beat (2) Bo · 251–190" in text


def test_text_escapes_markdown_in_names() -> None:
    es = [Entrant(1, "**boss**_x_", 2000.0, 0), Entrant(2, "# head", None, 1)]
    b = Bracket.new(RR, seed(es))
    text = bracket_text(EN, view_of(b, "Round 1"))
    assert "\\*\\*boss\\*\\*\\_x\\_" in text
    assert "\\# head" in text
    assert "**boss**" not in text


def test_round_robin_text_has_standings() -> None:
    b = progressed(RR, 6, 7)
    text = bracket_text(EN, view_of(b))
    assert "**Standings**" in text
    assert text.count(" W · ") == 6
