"""Typed cards are parsed once, when the entry is read: recording a hand reads each card token
the user typed once (issue: "An entry is parsed once")."""

from __future__ import annotations

import pytest
from conftest import database_files

import scorekeeper.domain.cards as cards


@pytest.fixture
def token_reads(monkeypatch):
    reads: list[str] = []
    original = cards._token_cards

    def counting(token, position):
        reads.append(token)
        return original(token, position)

    monkeypatch.setattr(cards, "_token_cards", counting)
    return reads


def test_recording_a_hand_reads_each_typed_card_token_once(cli, token_reads):
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0
    token_reads.clear()
    result = cli("hand", "--yes", "meld=KKKKK22/QQQ/999 out", "hand=J5X")
    assert result.exit_code == 0, result.output
    assert sorted(token_reads) == sorted(["KKKKK22", "QQQ", "999", "J5X"])


def test_showing_a_hand_with_cards_reads_no_card_token_again(cli, token_reads):
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0
    assert cli("hand", "--yes", "meld=KKKKK22/QQQ/999 out", "hand=J5X").exit_code == 0
    token_reads.clear()
    assert cli("show", "--json").exit_code == 0
    # reading the stored game parses its card text once per entry, not once per use
    assert sorted(token_reads) == sorted(["KKKKK22", "QQQ", "999", "J5X"])


def test_a_dash_with_a_space_typed_after_it_is_the_entry_dash(cli):
    assert cli("new", "classic", "-t", "A", "-t", "B").exit_code == 0
    doc = cli.json("hand", "--yes", "- ", "m=50")
    assert [t["hand_score"] for t in doc["teams"]] == [0, 50]


@pytest.mark.parametrize("entry", ["- m=50", "-5", "-m=50"])
def test_an_entry_beginning_with_a_dash_is_said_to_go_after_two_dashes(cli, db, entry):
    assert cli("new", "classic", "-t", "A", "-t", "B").exit_code == 0
    before = database_files(db)
    result = cli("hand", "--yes", entry, "m=50")
    assert result.exit_code == 2, result.output
    assert f"'{entry}' begins with '-', so it is read as an option" in result.stderr
    assert f"go after '--', e.g. scorekeeper hand -- '{entry}'" in result.stderr
    assert database_files(db) == before


def test_a_dash_beside_items_is_said_to_stand_alone(cli):
    assert cli("new", "classic", "-t", "A", "-t", "B").exit_code == 0
    result = cli("hand", "--yes", "--", "m=50 -", "m=30")
    assert result.exit_code == 1
    assert "'-' stands alone, for a side that scored nothing" in result.stderr


def test_a_hand_of_empty_entries_is_said_so_without_a_question_too(cli):
    assert cli("new", "classic", "-t", "A", "-t", "B").exit_code == 0
    result = cli("hand", "--yes", "-", "-")
    assert result.exit_code == 0
    assert "Every side's entry is empty: this hand scores 0 for each side." in result.stderr
    result = cli("play", input="-\n-\nquit\n")
    assert "Every side's entry is empty" in result.stderr
