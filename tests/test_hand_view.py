"""The one view of a hand (presentation/view.py) that every output renders.

RULES.md EX-07, sides starting at 2,900 and 1,450: Ann & Bob meld 7xK, 5x8+2+X and Q-Q-Q (220),
a natural and a mixed canasta (500 + 300), two red threes (200), go out (100) and keep 7 and 9
(-15): 1,305, total 4,205. Cat & Dan type points: meld 110, one red three (100), 70 in hand:
140, total 1,590. Classic minimums (RULES.md §2, "Opening minimum"): at 2,900 it is 90, at 1,450
50; after the hand, at 4,205 120 and at 1,590 90.
"""

from __future__ import annotations

from conftest import new_game

from scorekeeper.cli import edit as edit_module
from scorekeeper.domain.minimums import Minimum
from scorekeeper.presentation.view import BREAKDOWN_LABELS, game_heading, hand_view, hand_views
from scorekeeper.storage.database import open_store

CARDS = "meld=KKKKKKK/888882X/QQQ red=2 out hand=7/9"
POINTS = "meld=110 red=1 hand=70"


def stored_game(game_id: int = 1):
    with open_store() as store:
        return store.get(game_id)


def play(cli) -> None:
    new_game(cli, "classic", 2900, 1450)
    assert cli("hand", "--yes", CARDS, POINTS).exit_code == 0


def test_the_view_holds_the_breakdown_cards_totals_and_minimums(cli):
    play(cli)
    game = stored_game().game
    (view,) = hand_views(game)
    assert view == hand_view(game, 1)
    assert view.teams == ("Ann & Bob", "Cat & Dan")
    assert [(i.field, i.label) for i in view.items] == list(BREAKDOWN_LABELS.items())
    points = {i.field: i.points for i in view.items}
    assert points["meld_points"] == (220, 110)
    assert points["canasta_bonus"] == (800, 0)
    assert points["red_three_bonus"] == (200, 100)
    assert points["going_out_bonus"] == (100, 0)
    assert points["hand_deduction"] == (-15, -70)
    assert view.scores == (1305, 140) and view.totals == (4205, 1590)
    assert view.meld_cards == ("KKKKKKK 888882X QQQ", None)
    assert view.hand_cards == ("7 9", None)
    cards = {i.field: i.cards for i in view.items if i.cards}
    assert cards == {"meld_points": view.meld_cards, "hand_deduction": view.hand_cards}
    assert view.minimums == (Minimum(90), Minimum(50))
    assert view.next_minimums == (Minimum(120), Minimum(90))


def test_the_heading_is_the_games_line(cli):
    play(cli)
    h = game_heading(stored_game())
    assert (h.game, h.target, h.hands_played, h.result) == (1, "target 5,000", 1, "playing")


def test_the_edit_preview_shows_the_cards_of_the_new_entry(cli, monkeypatch):
    # Before, "would become:" showed the new counts under the cards of the old entry.
    play(cli)
    monkeypatch.setattr(edit_module, "stdin_is_terminal", lambda: True)
    new = "meld=AAAAAAA/QQQ red=2 out hand=7/9"  # 7 aces (140) and three queens (30)
    result = cli("edit", "1", new, POINTS, input="n\n")
    assert result.exit_code == 0, result.output
    before, after = result.stdout.split("would become:")
    assert "KKKKKKK 888882X QQQ" in before and "AAAAAAA QQQ" not in before
    assert "AAAAAAA QQQ" in after and "KKKKKKK" not in after
