"""``play`` when a hand is not recorded at once (refused by the rules, "n" at the question, the
game changed meanwhile in another terminal): its lines are offered again to correct, and the
first prompt still takes commands; Ctrl-D as Ctrl-C; ``edit N``'s guided questions start at the
recorded values; ``play GAME`` makes GAME current (issue 12, item 2; README, "A whole game in one
session")."""

from __future__ import annotations

import sys

import pytest

from tests.conftest import PARTNERSHIPS
from tests.test_play_terminal import Terminal, status
from tests.test_play_terminal import env as env  # the same game in a terminal, as a fixture

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")

#: RULES.md EX-07: Ann & Bob 1,305, Cat & Dan 140.
EX07_A = "m=220 nat=1 mix=1 r=2 out h=15"
EX07_B = "m=110 r=1 h=70"
#: EX07_A as a recorded entry is written back to be typed over.
EX07_A_LINE = "meld=220 natural=1 mixed=1 red=2 out hand=15"
CTRL_C, CTRL_D, CTRL_U = b"\x03", b"\x04", b"\x15"


@pytest.fixture
def session(env):
    t = Terminal(env)
    yield t
    t.close()


def totals(env) -> list[int]:
    return [x["total"] for x in status(env)["teams"]]


def refused_hand(t: Terminal) -> str:
    """Type a hand with two sides out (refused, RULES.md §2); returns what showed up to the
    first prompt with the first side's line offered again."""
    t.prompt()
    t.answer(EX07_A)
    t.type("m=110 out")
    return t.expect(f"Hand 1 · Ann & Bob> {EX07_A_LINE}")


def test_a_refused_hand_comes_back_prefilled_to_correct(env, session):
    t = session
    shown = refused_hand(t)
    assert "hand 1 cannot be recorded" in shown and "line is back to correct" in shown
    t.type("")  # Enter keeps Ann & Bob's line
    t.expect("Hand 1 · Cat & Dan> meld=110 out")
    t.key(CTRL_U)
    assert t.last_line(t.answer(EX07_B)) == "Record hand 1? [Y/n]"
    t.answer("")
    assert totals(env) == [1305, 140]


def test_a_command_at_the_refused_hands_first_prompt_drops_it_and_works(env, session):
    t = session
    refused_hand(t)
    t.key(CTRL_U)
    shown = t.answer("show")
    assert "Hand 1 dropped: nothing recorded." in shown
    assert "No hands recorded yet." in shown  # the command did its work
    assert t.last_line(shown) == "Hand 1 · Ann & Bob>"  # nothing offered any more
    t.type("quit")
    assert t.proc.wait(30) == 0
    assert status(env)["hands_played"] == 0


def test_ctrl_c_at_the_refused_hands_first_prompt_ends_the_session(env, session):
    t = session
    refused_hand(t)
    t.key(CTRL_C)
    t.expect("Session ended; every recorded hand is kept.")
    assert t.proc.wait(30) == 130


def test_n_at_the_question_goes_back_to_the_lines(env, session):
    t = session
    t.prompt()
    t.answer(EX07_A)
    assert t.last_line(t.answer("m=100 r=1 h=70")) == "Record hand 1? [Y/n]"
    t.type("n")
    shown = t.expect(f"Hand 1 · Ann & Bob> {EX07_A_LINE}")
    assert "Nothing recorded." not in shown
    t.type("")
    t.expect("Hand 1 · Cat & Dan> meld=100 red=1 hand=70")
    t.key(CTRL_U)
    assert t.last_line(t.answer(EX07_B)) == "Record hand 1? [Y/n]"
    t.answer("y")
    assert totals(env) == [1305, 140]


def test_ctrl_d_in_a_hand_drops_only_the_hand_and_at_the_prompt_ends(env, session):
    t = session
    t.prompt()
    t.answer(EX07_A)  # at Cat & Dan's prompt
    t.key(CTRL_D)
    shown = t.prompt()
    assert "Hand 1 dropped: nothing recorded." in shown
    assert t.last_line(shown) == "Hand 1 · Ann & Bob>"
    t.answer(EX07_A)
    assert t.last_line(t.answer(EX07_B)) == "Record hand 1? [Y/n]"
    t.key(CTRL_D)
    shown = t.prompt()
    assert "Hand 1 dropped: nothing recorded." in shown
    assert t.last_line(shown) == "Hand 1 · Ann & Bob>"
    t.key(CTRL_D)
    t.expect("Session ended; every recorded hand is kept.")
    assert t.proc.wait(30) == 0
    assert status(env)["hands_played"] == 0


def test_edits_guided_questions_start_at_the_recorded_values(env, session):
    t = session
    t.prompt()
    t.answer(EX07_A)
    t.answer(EX07_B)
    t.answer("")
    t.type("edit 1")
    t.expect(f"Hand 1 · Ann & Bob> {EX07_A_LINE}")
    t.type("")
    t.expect("Hand 1 · Cat & Dan> meld=110 red=1 hand=70")
    t.key(CTRL_U)
    shown = t.answer("")  # Enter on an empty line: the guided questions
    for _ in range(20):
        if t.last_line(shown).startswith("Replace hand 1?"):
            break
        shown = t.answer("")  # Enter at every question keeps its answer
    else:
        raise AssertionError(f"the guided questions did not end: {shown!r}")
    assert "[110]" in t.text(t.seen) and "[70]" in t.text(t.seen)
    t.answer("y")
    assert totals(env) == [1305, 140]  # nothing changed: RULES.md EX-07


def test_a_refused_hand_piped_says_it_and_a_command_drops_it(cli):
    cli("new", "classic", *PARTNERSHIPS)
    result = cli("play", input=f"{EX07_A}\nm=110 out\nquit\n")
    assert result.exit_code == 0
    assert "Hand 1 not recorded: type it again, or a command to drop it." in result.stderr
    assert "Hand 1 dropped: nothing recorded." in result.stderr


def test_play_game_makes_it_current_and_says_so(cli):
    cli("new", "classic", *PARTNERSHIPS)
    cli("new", "classic", "--team", "Eve", "--team", "Fay")
    result = cli("play", "1", input="quit\n")
    assert result.exit_code == 0
    assert "Game 1 is the current game: 'scorekeeper hand' records to it." in result.stderr
    assert cli.json("status")["game"] == 1
    # 'hand' in another terminal now records to game 1
    assert cli("hand", "--yes", EX07_A, EX07_B).exit_code == 0
    assert [t["total"] for t in cli.json("status", "--game", "1")["teams"]] == [1305, 140]


def test_what_changed_meanwhile_is_said(cli, db):
    from scorekeeper.application import queries
    from scorekeeper.cli.session import what_changed

    cli("new", "classic", *PARTNERSHIPS)
    before = queries.game(db)
    cli("hand", "--yes", EX07_A, EX07_B)
    cli("hand", "--yes", EX07_A, EX07_B)
    after = queries.game(db)
    assert what_changed(before, after) == "hands 1-2 were recorded in another terminal"
    assert what_changed(after, before) == "hands 1-2 were taken back in another terminal"
    cli("undo")
    one = queries.game(db)
    assert what_changed(one, after) == "hand 2 was recorded in another terminal"
    cli("edit", "1", "--side", "Cat & Dan", "m=150")
    assert what_changed(one, queries.game(db)) == "hand 1 was changed in another terminal"


def test_a_hand_offered_again_is_dropped_once_the_game_is_over(cli, db):
    # another terminal wins the game (4,000 + 1,305 reaches 5,000, RULES.md §2) while a hand is
    # offered again: the game over refuses it, and the prompts no longer hold it
    from scorekeeper.cli.session import Session
    from scorekeeper.domain.entry_line import parse_line
    from scorekeeper.errors import InputError

    cli("new", "classic", *PARTNERSHIPS, "--start-score", "4000", "--start-score", "0")
    session = Session(db, None, yes=True)
    v = session.stored.game.variant
    session.again = ([parse_line(v, EX07_A), parse_line(v, EX07_B)], ())
    assert cli("hand", "--yes", EX07_A, EX07_B).exit_code == 0
    session.read_again()
    with pytest.raises(InputError, match="is over"):
        session.take(EX07_A)
    assert session.again is None
