"""What ends a game is shown as it is: a target, a number of rounds, or both (red team: a
classic game with ``--set hands=3`` was headed "target 5,000" and ended after hand 3)."""

from __future__ import annotations


def test_a_game_with_a_target_and_rounds_is_headed_with_both(cli):
    result = cli("new", "classic", "-t", "A", "-t", "B", "--set", "hands=3")
    assert result.exit_code == 0, result.output
    assert "target 5,000 or 3 rounds" in result.stdout
    for _ in range(3):  # RULES.md §2: 50 meld points each hand, far from the target
        assert cli("hand", "--yes", "m=50", "m=60").exit_code == 0
    status = cli.json("status")
    assert (status["status"], status["winner"]) == ("won", "B")  # 180 to 150 after 3 rounds


def test_a_game_of_rounds_alone_and_of_a_target_alone_say_one(cli):
    assert "· 4 rounds ·" in cli("new", "hand-and-foot", "-t", "A", "-t", "B").stdout
    assert "· target 5,000 ·" in cli("new", "classic", "-t", "A", "-t", "B").stdout
