"""The guided prompt and the rule that a special hand ends the hand at once (RULES.md §3,
"Special hands": the hand ends at once, nobody goes out; §3.1 lists them by title), and the
unfinished-meld penalties, which are penalties of melds on the table (RULES.md §3)."""

from __future__ import annotations

import re

from scorekeeper.variants import load_variant

QUESTION = re.compile(r"(?<![^\s:])([A-Z][^\n\[]*?) \[[^\]\n]*\]:")


def _side_part(stderr: str, side: str, next_side: str | None) -> str:
    part = stderr.split(f"\n{side}\n", 1)[1]
    return part.split(f"\n{next_side}\n", 1)[0] if next_side else part


def _start(cli) -> None:
    assert cli("new", "modern-american", "--team", "Us", "--team", "Them").exit_code == 0


def test_no_special_hand_is_offered_once_a_side_went_out(cli):
    _start(cli)
    # Us went out: 1; then Us: meld 3000 and Enter for the rest; Them: Enter throughout.
    answers = "1\n" + "3000\n" + "\n" * 80
    result = cli("hand", "--guided", "--yes", "--json", input=answers)
    assert "Special hand" not in result.stderr
    assert "cannot also have gone out" not in result.stderr


def test_special_hands_are_listed_by_title_and_taken_by_number(cli):
    _start(cli)
    v = load_variant("modern-american")
    # Nobody went out; Us lays the first special hand by its number; Them: Enter throughout.
    answers = "0\n1\n" + "\n" * 80
    result = cli("hand", "--guided", "--yes", "--json", input=answers)
    assert result.exit_code == 0, result.output
    first = next(iter(v.special_hands.values()))
    question = next(q for q in QUESTION.findall(result.stderr) if q.startswith("Special hand"))
    assert f"1 {first.title}" in question
    for hand in v.special_hands.values():
        assert hand.title in question
    # Only one side can lay a special hand: Them is not offered one after Us laid one.
    assert "Special hand" not in _side_part(result.stderr, "Them", None)
    doc = cli.json("status")
    assert doc["teams"][0]["total"] == first.points  # RULES.md §3.1: only its value


def test_unfinished_meld_penalties_are_not_asked_of_a_side_that_melded_nothing(cli):
    _start(cli)
    v = load_variant("modern-american")
    # Nobody went out; Us: no special hand, melds 100, Enter for the rest; Them: Enter
    # throughout (0 meld points).
    answers = "0\n\n100\n" + "\n" * 80
    result = cli("hand", "--guided", "--yes", input=answers)
    assert result.exit_code == 0, result.output
    us = QUESTION.findall(_side_part(result.stderr, "Us", "Them"))
    them = QUESTION.findall(_side_part(result.stderr, "Them", None))
    for rule in v.penalties.values():
        asked_us = any(q.lower().startswith(rule.title.lower()) for q in us)
        asked_them = any(q.lower().startswith(rule.title.lower()) for q in them)
        assert asked_us
        assert asked_them == (not rule.meld)


def test_a_penalty_count_beyond_the_red_threes_in_the_decks_is_refused_by_title(cli):
    assert cli("new", "hand-and-foot", "--team", "Us", "--team", "Them").exit_code == 0
    v = load_variant("hand-and-foot")
    rule = v.penalties["red_threes_in_hand"]
    in_decks = 2 * v.decks  # RULES.md: two red threes in each deck
    questions_before = "0\n" + "\n" * 3  # nobody out; Us: meld 0, red threes, hand: Enter
    result = cli("hand", "--guided", "--yes", input=questions_before + "150\n" + "\n" * 80)
    title = rule.title[:1].upper() + rule.title[1:]
    assert f"{title}: at most {in_decks} (the red threes in the decks)" in result.stderr
    assert "red_threes_in_hand" not in result.stderr
