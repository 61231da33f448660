"""The guided ``hand`` prompt asks every field the variant has, acaba and special hands
included (RULES.md §10, §3.1), and what is entered there scores as the rules say."""

from __future__ import annotations

import json

from conftest import game_doc


def _last_json(result):
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_prompt_asks_which_side_declared_acaba(cli, db):
    # RULES.md §10: acaba ends the hand; the opponents score 1,500 and the declaring side 0.
    cli("new", "acaba", "--team", "Ann & Bob", "--team", "Cat & Dan")
    result = cli("hand", "--guided", "--json", input="1\n")
    doc = _last_json(result)
    assert "Which side declared acaba?" in result.stderr
    assert [t["hand_score"] for t in doc["teams"]] == [0, 1500]
    assert game_doc(db)["hands"][0]["entries"] == [{"acaba": True}, {}]


def test_acaba_declared_by_the_second_side_gives_the_first_its_points(cli):
    cli("new", "acaba", "--team", "A", "--team", "B")
    doc = _last_json(cli("hand", "--guided", "--json", input="2\n"))
    assert [t["hand_score"] for t in doc["teams"]] == [1500, 0]


def test_without_acaba_the_prompt_goes_on_as_in_classic(cli):
    # Nobody declared acaba, nobody went out; A melded 50, B 60 (RULES.md §2).
    cli("new", "acaba", "--team", "A", "--team", "B")
    answers = "0\n0\n50\n0\n0\n0\n0\n0\n60\n0\n0\n0\n0\n0\n"
    doc = _last_json(cli("hand", "--guided", "--json", input=answers))
    assert [t["hand_score"] for t in doc["teams"]] == [50, 60]


def test_classic_asks_nothing_about_acaba_or_special_hands(cli):
    cli("new", "classic", "--team", "A", "--team", "B")
    answers = "0\n50\n0\n0\n0\n0\n0\n60\n0\n0\n0\n0\n0\n"
    result = cli("hand", "--guided", "--json", input=answers)
    assert _last_json(result)
    assert "acaba" not in result.stderr and "Special hand" not in result.stderr


def _asked_of(stderr: str, side: str, next_side: str) -> str:
    """The questions the prompt asked of ``side``: its part of standard error."""
    return stderr.split(f"\n{side}\n", 1)[1].split(f"\n{next_side}\n", 1)[0]


def test_the_prompt_asks_for_a_special_hand_by_key(cli):
    # RULES.md §3.1 and modern-american.toml: garbage is worth 2,000 and replaces the side's
    # whole score; the other side, which scored nothing, scores 0. The special hand is asked
    # first, and then nothing more of that side.
    cli("new", "modern-american", "--team", "A", "--team", "B")
    answers = "0\ngarbage\n" + "\n" * 20
    result = cli("hand", "--guided", "--json", input=answers)
    doc = _last_json(result)
    # listed by title (modern-american.toml: garbage is "4 + 4 + 3 + 3, no wild cards"); the
    # key is still taken
    assert "Special hand" in result.stderr and "4 + 4 + 3 + 3, no wild cards" in result.stderr
    assert [t["hand_score"] for t in doc["teams"]] == [2000, 0]
    assert doc["teams"][0]["special_hand_bonus"] == 2000
    asked_of_a = _asked_of(result.stderr, "A", "B")
    assert "Special hand" in asked_of_a and "Melded card points" not in asked_of_a


def test_an_unknown_special_hand_is_asked_again(cli):
    cli("new", "modern-american", "--team", "A", "--team", "B")
    answers = "0\nrubbish\npairs\n" + "\n" * 20
    result = cli("hand", "--guided", "--json", input=answers)
    doc = _last_json(result)
    from scorekeeper.variants import load_variant

    listed = len(load_variant("modern-american").special_hands)
    assert f"special hand: a number from 1 to {listed} (or its key)" in result.stderr
    # RULES.md §3.1: seven natural pairs, 2,500.
    assert [t["hand_score"] for t in doc["teams"]] == [2500, 0]


def test_guided_prompts_go_to_stderr_so_json_stays_clean(cli):
    cli("new", "classic", "--team", "A", "--team", "B")
    answers = "0\n50\n0\n0\n0\n0\n0\n60\n0\n0\n0\n0\n0\n"
    result = cli("hand", "--guided", "--json", input=answers)
    assert result.exit_code == 0, result.output
    # (the test runner echoes the typed answers to standard output; a terminal does not)
    assert "Melded card points" not in result.stdout and "Hand 1" not in result.stdout
    doc = json.loads(result.stdout.strip().splitlines()[-1])
    assert [t["hand_score"] for t in doc["teams"]] == [50, 60]


def test_an_illegal_meld_is_asked_again_and_the_answers_kept(cli):
    # RULES.md §2: a meld holds at least three cards; QQ is refused at its question, and the
    # hand goes on with the answer typed again (QQQ: 30 points).
    cli("new", "classic", "--team", "A", "--team", "B")
    answers = "0\nQQ\nQQQ\n0\n0\n0\n60\n0\n0\n0\n0\n0\n"
    result = cli("hand", "--guided", "--json", input=answers)
    doc = _last_json(result)
    assert "at least 3 cards" in result.stderr
    assert [t["hand_score"] for t in doc["teams"]] == [30, 60]
