"""The guided prompt in ``edit`` starts every answer at the hand as recorded, and "n" at the
final question goes back to the answers, each starting at the one just given (issue 12, item
3), through the command line."""

from __future__ import annotations

import json

import pytest
from conftest import PARTNERSHIPS, game_doc

from scorekeeper.cli import edit as edit_module
from scorekeeper.cli import play as play_module

#: RULES.md EX-07 (§2): Ann & Bob 220 melded, a natural and a mixed canasta, two red threes,
#: went out, 15 left in hand: 1,305; Cat & Dan 110 melded, one red three, 70 left: 140.
EX07 = ("m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70")
#: The same hand answered in the guided prompt (classic): who went out, not concealed; then
#: per side meld, natural, mixed, red threes, hand, the one penalty kind.
EX07_ANSWERS = "1\nn\n220\n1\n1\n2\n15\n0\n110\n0\n0\n1\n70\n0\n"


def _scores(result) -> list[int]:
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout.strip().splitlines()[-1])
    return [t["hand_score"] for t in doc["teams"]]


@pytest.fixture
def ex07(cli):
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    assert cli("hand", "--yes", *EX07).exit_code == 0


def test_every_answer_starts_at_the_recorded_value(cli, db, ex07):
    before = game_doc(db)["hands"][0]["entries"]
    result = cli("edit", "1", "--guided", "--yes", "--json", input="\n" * 40)
    assert _scores(result) == [1305, 140]
    err = result.stderr
    assert "Which side went out? (1 Ann & Bob, 2 Cat & Dan; 0 nobody) [1]:" in err
    ann, cat = err.split("\nAnn & Bob\n", 1)[1].split("\nCat & Dan\n", 1)
    for default in ("card points (or the cards, e.g. KKKK2 QQQ) [220]", "Natural canastas [1]"):
        assert default in ann
    for default in ("Mixed canastas [1]", "Red threes [2]", "(or the cards) [15]"):
        assert default in ann
    for default in ("[110]", "Red threes [1]", "(or the cards) [70]"):
        assert default in cat
    # what was recorded is what is recorded again (the guided prompt gives every key)
    after = game_doc(db)["hands"][0]["entries"]
    assert [{k: v for k, v in e.items() if v} for e in after] == before


def test_changing_one_answer_keeps_the_others(cli, ex07):
    # Cat & Dan had 25 left in hand, not 70: 110 + 100 - 25 = 185 (RULES.md §2).
    answers = "\n" * 8 + "\n" * 4 + "25\n" + "\n" * 20
    assert _scores(cli("edit", "1", "--guided", "--yes", "--json", input=answers)) == [1305, 185]


def test_typed_cards_are_the_default_as_recorded(cli, ex07):
    # EX-07 as cards: KKKKKKK natural, 888882X mixed, QQQ (220 in all); 7 and 9 left (15).
    assert (
        cli("hand", "--yes", "m=KKKKKKK/888882X/QQQ r=2 out h=7/9", "m=110 r=1 h=70").exit_code == 0
    )
    result = cli("edit", "2", "--guided", "--yes", "--json", input="\n" * 40)
    assert _scores(result) == [1305, 140]
    assert "KKKK2 QQQ) [KKKKKKK 888882X QQQ]:" in result.stderr
    assert "(or the cards) [7 9]:" in result.stderr


def test_n_at_the_question_goes_back_to_the_answers(cli, db, monkeypatch):
    monkeypatch.setattr(play_module, "stdin_is_terminal", lambda: True)
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    # EX-07 answered, then "n"; asked again, every answer starts at the one just given: Enter
    # keeps them, but Cat & Dan's hand becomes 20 (110 + 100 - 20 = 190); then yes.
    again = "\n" * 8 + "\n" * 4 + "20\n\n"
    result = cli("hand", "--json", input=EX07_ANSWERS + "n\n" + again + "y\n")
    assert _scores(result) == [1305, 190]
    second = result.stderr.split("Record this hand?", 1)[1]
    assert "Melded card points (or the cards, e.g. KKKK2 QQQ) [220]:" in second
    assert "(or the cards) [70]:" in second
    assert len(game_doc(db)["hands"]) == 1


def test_q_at_the_question_records_nothing(cli, db, monkeypatch):
    monkeypatch.setattr(play_module, "stdin_is_terminal", lambda: True)
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    result = cli("hand", input=EX07_ANSWERS + "q\n")
    assert result.exit_code == 0, result.output
    assert "Nothing recorded." in result.output
    assert game_doc(db)["hands"] == []


def test_an_answer_at_the_question_other_than_y_n_q_is_asked_again(cli, monkeypatch):
    monkeypatch.setattr(play_module, "stdin_is_terminal", lambda: True)
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    result = cli("hand", "--json", input=EX07_ANSWERS + "maybe\ny\n")
    assert _scores(result) == [1305, 140]
    assert "y to go ahead, n to change the answers, q to give up" in result.stderr


def test_one_line_entries_keep_a_yes_or_no_question(cli, db, monkeypatch):
    # Nothing was asked, so there are no answers to go back to: "n" records nothing.
    monkeypatch.setattr(play_module, "stdin_is_terminal", lambda: True)
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    result = cli("hand", *EX07, input="n\n")
    assert result.exit_code == 0 and "Nothing recorded." in result.output
    assert game_doc(db)["hands"] == []


def test_n_in_edit_goes_back_to_the_answers_just_given(cli, db, ex07, monkeypatch):
    monkeypatch.setattr(edit_module, "stdin_is_terminal", lambda: True)
    # First: Cat & Dan's hand 25 instead of 70; "n"; asked again, the hand starts at 25.
    first = "\n" * 12 + "25\n" + "\n"
    again = "\n" * 14
    result = cli("edit", "1", "--json", input=first + "n\n" + again + "y\n")
    assert _scores(result) == [1305, 185]
    second = result.stderr.split("Replace hand 1", 1)[1]
    assert "(or the cards) [25]:" in second
    assert game_doc(db)["hands"][0]["entries"][1]["hand_points"] == 25


def test_q_in_edit_changes_nothing(cli, db, ex07, monkeypatch):
    monkeypatch.setattr(edit_module, "stdin_is_terminal", lambda: True)
    before = game_doc(db)["hands"]
    result = cli("edit", "1", input="\n" * 12 + "25\n\n" + "q\n")
    assert result.exit_code == 0 and "Nothing changed." in result.stderr
    assert game_doc(db)["hands"] == before


def test_acaba_starts_at_the_side_that_declared_it(cli):
    # RULES.md §10: acaba, the opponents score 1,500.
    assert cli("new", "acaba", "--team", "A", "--team", "B").exit_code == 0
    assert cli("hand", "--yes", "acaba", "-").exit_code == 0
    result = cli("edit", "1", "--guided", "--yes", "--json", input="\n" * 20)
    assert "Which side declared acaba? (1 A, 2 B; 0 nobody) [1]:" in result.stderr
    assert _scores(result) == [0, 1500]


def test_a_special_hand_starts_at_the_one_recorded(cli):
    # RULES.md §3.1: garbage, 2,000.
    assert cli("new", "modern-american", "--team", "A", "--team", "B").exit_code == 0
    assert cli("hand", "--yes", "special=garbage", "-").exit_code == 0
    result = cli("edit", "1", "--guided", "--yes", "--json", input="\n" * 30)
    assert "Enter for none) [garbage]:" in result.stderr
    assert _scores(result) == [2000, 0]


def test_cutthroat_partners_start_at_the_recorded_pair(cli, db):
    # RULES.md §2.2: Bob and Cat partners this hand, 100 melded between them, Ann 50.
    assert cli("new", "cutthroat", "--team", "Ann", "--team", "Bob", "--team", "Cat").exit_code == 0
    assert cli("hand", "--yes", "--partners", "Bob,Cat", "m=50", "m=60", "m=40").exit_code == 0
    result = cli("edit", "1", "--guided", "--yes", "--json", input="\n" * 40)
    assert result.exit_code == 0, result.output
    assert "two numbers, 0 nobody took the pile) [2 3]:" in result.stderr
    assert game_doc(db)["hands"][0]["partners"] == [1, 2]
