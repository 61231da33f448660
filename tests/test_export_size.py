"""The largest game the bounds allow exports within what ``import`` reads, and imports back
equal (README, the bounds paragraph: every game kept can be exported and imported again; red
team round 11: six sides of 100 four-byte letters, twelve players, 500 hands with notes
filling the 1 MiB a game may take stored exported to 4.99 MB, past the 4 MiB then read)."""

from __future__ import annotations

import json

from scorekeeper.application.usecases import add_games
from scorekeeper.domain import Game, Hand, Side, entry_from_json
from scorekeeper.domain.limits import MAX_EXPORT_BYTES, MAX_GAME_BYTES, MAX_HANDS, MAX_NAME
from scorekeeper.domain.records import StoredGame
from scorekeeper.storage.codec import game_to_doc
from scorekeeper.variants import load_variant


def name(i: int) -> str:
    """A name of MAX_NAME letters of four bytes each (mathematical bold), unlike every other."""
    letters = [chr(0x1D400 + (i * 7 + k) % 26) for k in range(MAX_NAME)]
    letters[0] = chr(0x1D41A + i)
    return "".join(letters)


def test_the_largest_game_exports_within_what_import_reads(cli, db, tmp_path):
    variant = load_variant("classic", {"sides.max": "6", "players.max": "12"})
    sides = tuple(Side(name(i), (name(10 + 2 * i), name(11 + 2 * i))) for i in range(6))
    game = Game(variant, sides)
    empty = entry_from_json(variant, {})
    note = "".join(chr(0x1D400 + k % 26) for k in range(495))  # fills the rest of the 1 MiB
    for _ in range(MAX_HANDS):
        game.add(Hand((empty,) * 6, note, "2026-01-01T00:00:00+00:00"))
    stored = StoredGame(id=0, game=game, created="2026-01-01T00:00:00+00:00")
    doc = json.dumps(game_to_doc(stored), ensure_ascii=False, separators=(",", ":"))
    size = len(doc.encode("utf-8"))  # as it is stored: compact UTF-8 JSON
    assert MAX_GAME_BYTES * 0.95 < size <= MAX_GAME_BYTES, size  # at the bound, within it
    add_games(db, [stored])
    out = tmp_path / "largest.json"
    result = cli("export", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert out.stat().st_size <= MAX_EXPORT_BYTES
    imported = cli("import", "--again", str(out))
    assert imported.exit_code == 0, imported.output
    first, second = (cli.json("show", str(n)) for n in (1, 2))
    assert first["teams"] == second["teams"] and first["hands"] == second["hands"]
