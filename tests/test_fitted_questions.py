"""Questions broken to fit the terminal asking them (README, "Terminals"): between words, a
quoted name never, the default in brackets kept with its colon and the question's indent."""

from __future__ import annotations

import os
import sys

import pytest

from scorekeeper.cli.input_lines import fitted_question
from scorekeeper.presentation.wrapping import display_width


@pytest.fixture
def terminal(monkeypatch):
    def at(columns: int) -> None:
        monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
        monkeypatch.setenv("COLUMNS", str(columns))

    return at


def shown(question: str, marker: str) -> list[str]:
    """The lines as the terminal shows them: Click writes the marker and ": " after."""
    return (fitted_question(question, marker) + f"{marker}: ").splitlines()


def test_a_question_that_fits_is_left_as_it_is(terminal):
    terminal(80)
    assert fitted_question("  Red threes", " [0]") == "  Red threes"


def test_a_long_question_breaks_between_words_keeping_its_indent(terminal):
    terminal(40)
    lines = shown("  Melded card points (or the cards, e.g. KKKK2 QQQ)", " [0]")
    assert all(display_width(line) <= 39 for line in lines), lines
    assert all(line.startswith("  ") for line in lines), lines
    assert lines[-1].endswith("[0]: ") and " ".join(x.strip() for x in lines).startswith("Melded")


def test_a_quoted_name_is_not_broken_at_its_spaces(terminal):
    terminal(47)  # the line would end "2 'Cat &"
    question = "Which side went out? (1 'Ann & Bob', 2 'Cat & Dan'; 0 nobody)"
    lines = shown(question, " [0]")
    assert any("'Cat & Dan'" in line for line in lines), lines


def test_a_default_on_a_line_of_its_own_keeps_the_indent(terminal):
    terminal(37)  # "  [0]:" alone on the last line
    lines = shown("  Melded card points (or the cards)", " [0]")
    assert lines[-1] == "  [0]: ", lines


def test_to_a_pipe_a_question_stays_one_line(monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False, raising=False)
    question = "x " * 100
    assert fitted_question(question, " [0]") == question
    assert os.linesep not in fitted_question(question)
