"""The sheet's output formats are registered by name (httpie's formatters; STYLE.md "Output
formats in a registry"): ``export --format`` takes, lists and refuses names from the registry,
and a format added to it is exported with no other change. Every format draws the same hand
view, so each shows the same numbers: RULES.md EX-07's hand scores 1,305 and 140."""

from __future__ import annotations

import csv
import io

import pytest
from conftest import new_game

import scorekeeper.cli.review  # noqa: F401 - its --format help read from the registry as shipped
from scorekeeper.presentation import formats


def render(stored) -> str:
    """A format for the test: one line per hand, the hand scores from the hand view."""
    from scorekeeper.presentation.view import hand_views

    return "".join(f"{v.number}: {v.scores}\n" for v in hand_views(stored.game))


@pytest.fixture
def game(cli):
    new_game(cli)
    result = cli("hand", "--yes", "meld=KKKKKKK/888882X/QQQ red=2 out hand=7/9", "m=110 r=1 h=70")
    assert result.exit_code == 0, result.output


def test_export_help_and_refusal_list_the_registered_file_formats(cli):
    assert formats.names() == ["csv", "json", "html"]
    assert formats.names(file=False) == ["pad", "sheet"]
    assert "csv, json or html." in cli("export", "--help").stdout
    result = cli("export", "--format", "xml")
    assert result.exit_code == 2
    assert result.stderr == "Error: --format is csv, json or html; got 'xml'\n"
    assert cli("export", "--format", "sheet").exit_code == 2  # a terminal format, not a file


def test_a_registered_format_is_exported_with_no_other_change(cli, game, monkeypatch):
    monkeypatch.setattr(formats, "REGISTRY", dict(formats.REGISTRY))
    formats.register("scores", "hand scores, one line per hand", __name__)
    result = cli("export", "--format", "scores")
    assert result.exit_code == 0, result.output
    assert result.stdout == "1: (1305, 140)\n"
    with pytest.raises(ValueError):
        formats.register("csv", "twice", __name__)


def test_every_file_format_shows_the_same_hand_scores(cli, game):
    rows = list(csv.DictReader(io.StringIO(cli("export", "--format", "csv").stdout)))
    assert [(r["team"], r["hand_score"], r["total"]) for r in rows] == [
        ("Ann & Bob", "1305", "1305"),
        ("Cat & Dan", "140", "140"),
    ]
    html = cli("export", "--format", "html").stdout
    assert '<td class="n">1,305</td>' in html and '<td class="n">140</td>' in html
    shown = cli("show").stdout
    assert "1,305" in shown and "140" in shown
