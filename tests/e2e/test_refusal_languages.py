"""A refusal through the fake Discord speaks the language of the player who
clicked (their client's locale), whatever the others speak: a refusal is a
private answer, worded at the edge from the key the engine or the service
raised (bot/discord_ui/errors.py)."""

from __future__ import annotations

from pathlib import Path

from bot.i18n import Lang, text
from tests.fakediscord import FakeDiscord
from tests.helpers.discord import make_bot, start_game

#: A Discord locale of each language.
LOCALES = {Lang.EN: "en-US", Lang.ES: "es-419", Lang.PT_BR: "pt-BR", Lang.DE: "de", Lang.FR: "fr"}


async def test_a_refusal_speaks_the_clicking_players_language(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    bot = await make_bot(tmp_path / "gin.db")
    async with fake.run_bot(bot):
        seen = set()
        for lang, locale in LOCALES.items():
            # The service refuses: no game to pass in.
            res = await fake.slash(ana, "gin", subcommand="pass", locale=locale)
            assert res.ephemeral and res.content == text(lang, "err.game.no_active"), lang
            seen.add(res.content)
            # The engine refuses, naming what was typed: not a card.
            res = await fake.slash(
                ana, "gin", subcommand="discard", options={"card": "zz"}, locale=locale
            )
            said = text(lang, "err.card.not_a_card", text="zz")
            assert res.ephemeral and res.content == said, lang
        assert len(seen) == len(LOCALES)  # five languages, five sentences

        # In a game: the player who is not to move hears whose turn it is, in German.
        snap = await start_game(fake, bot, ana, bo)
        assert snap.game.turn is not None
        to_move = snap.game.names[snap.game.turn]
        waiting = bo if snap.turn_user == ana.id else ana
        res = await fake.slash(waiting, "gin", subcommand="pass", locale="de")
        assert res.ephemeral and res.content == f"{to_move} ist am Zug."
        res = await fake.slash(waiting, "gin", subcommand="pass", locale="pt-BR")
        assert res.ephemeral and res.content == f"É a vez de {to_move}."
