"""The statistics name canasta kinds in the language (issue 14: the readers found "1 natural"
in a Japanese and a Turkish statistics table); English keeps the kind's key."""

from __future__ import annotations

import pytest
from conftest import new_game

from scorekeeper.i18n import gettext


@pytest.mark.parametrize("lang", ["ja", "tr"])
def test_stats_name_the_kinds_in_the_language(cli, monkeypatch, lang):
    new_game(cli)
    assert cli("hand", "--yes", "m=220 nat=1 out", "m=90").exit_code == 0
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    out = cli("stats").stdout
    word = gettext("natural")
    assert word != "natural" and word in out.replace("\n", " ")
    assert "natural" not in out


def test_english_stats_keep_the_key(cli):
    new_game(cli)
    assert cli("hand", "--yes", "m=220 nat=1 out", "m=90").exit_code == 0
    assert "1 natural" in cli("stats").stdout
