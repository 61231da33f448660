"""Typed cards are parsed once, when the entry is read: recording a hand reads each card token
the user typed once (issue: "An entry is parsed once")."""

from __future__ import annotations

import pytest

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
