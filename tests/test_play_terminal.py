"""``play`` through a pseudo-terminal, as a script drives it: the installed console script with
its standard input, output and error on one terminal (line editing by readline, each hand
shown and confirmed), and a temporary database (README, "A whole game in one session")."""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
import time

import pytest

from tests.conftest import PARTNERSHIPS, game_doc
from tests.test_installed_script import run, script

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")

#: A prompt waiting for an answer: the session's ("...> "), a yes/no ("[Y/n] ") or a guided
#: question ("[0]: ").
WAITING = re.compile(rb"(> |\] |\]: |\? )$")


def _controlling_terminal() -> None:  # in the child: the terminal Ctrl-C is typed on
    import fcntl
    import termios

    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """``scorekeeper play`` on a pseudo-terminal ``columns`` wide (100 unless said)."""

    def __init__(self, env: dict[str, str], *args: str, columns: int = 100) -> None:
        import fcntl
        import struct
        import termios

        master, child = os.openpty()
        fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
        self.proc = subprocess.Popen(
            [script(), "play", *args],
            stdin=child,
            stdout=child,
            stderr=child,
            # the terminal's own width: COLUMNS and LINES, which a test run may set, go first
            env={k: v for k, v in env.items() if k not in ("COLUMNS", "LINES")}
            | {"TERM": "xterm", "NO_COLOR": "1"},
            preexec_fn=_controlling_terminal,
            close_fds=True,
        )
        os.close(child)
        self.fd = master
        self.seen = b""  # everything shown so far
        self.pending = b""  # shown since the last prompt answered

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        os.close(self.fd)

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # the session ended
            chunk = b""
        if not chunk:
            raise EOFError(self.text(self.pending))
        self.seen += chunk
        self.pending += chunk
        return True

    def expect(self, pattern: str, timeout: float = 30) -> str:
        """Wait until ``pattern`` (a regular expression) shows; returns what showed up to it."""
        wanted = re.compile(pattern.encode())
        end = time.monotonic() + timeout
        while not wanted.search(self.pending):
            if not self._read(max(0.0, end - time.monotonic())):
                raise AssertionError(f"no {pattern!r} after {self.text(self.pending)!r}")
        found = wanted.search(self.pending)
        shown, self.pending = self.pending[: found.end()], self.pending[found.end() :]
        return self.text(shown)

    def prompt(self, timeout: float = 30) -> str:
        """Wait for the next prompt (a line waiting for an answer, nothing more coming)."""
        end = time.monotonic() + timeout
        while True:
            if WAITING.search(self.pending) and not self._read(0.15):
                break
            if not WAITING.search(self.pending) and not self._read(
                max(0.0, end - time.monotonic())
            ):
                raise AssertionError(f"no prompt after {self.text(self.pending)!r}")
        shown, self.pending = self.pending, b""
        return self.text(shown)

    def type(self, line: str) -> None:
        os.write(self.fd, line.encode() + b"\r")

    def key(self, keys: bytes) -> None:
        """Press ``keys`` once the session waits for them (:meth:`waiting`)."""
        self.waiting()
        os.write(self.fd, keys)

    def waiting(self, timeout: float = 10) -> None:
        """Return once the session's main thread waits for the terminal (Linux: its wait
        channel; elsewhere a short pause). A Ctrl-C typed while readline is still between
        drawing the prompt and waiting for keys is taken by Python's signal handler but wakes
        no prompt (CPython's readline checks for signals only when its wait is cut short),
        so a key that sends a signal waits for the wait; keys that are characters queue."""
        wchan = f"/proc/{self.proc.pid}/wchan"
        if not os.path.exists(wchan):
            time.sleep(0.2)
            return
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with open(wchan) as f:
                if f.read().startswith(("poll_schedule_timeout", "do_select", "wait_woken")):
                    return
            time.sleep(0.005)

    def last_line(self, shown: str) -> str:
        return shown.rstrip().splitlines()[-1] if shown.strip() else ""

    @staticmethod
    def text(data: bytes) -> str:
        return data.decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "")

    def answer(self, line: str) -> str:
        """Type ``line`` at the prompt shown now and return the next prompt's screen."""
        self.type(line)
        return self.prompt()


def guided_answer(question: str, answers: dict[str, str]) -> str:
    """What to type at a guided question: the first of ``answers`` (regular expression ->
    answer) whose expression the question matches, else Enter (its default)."""
    for pattern, reply in answers.items():
        if re.search(pattern, question, re.IGNORECASE):
            return reply
    return ""


@pytest.fixture
def env(db):
    assert script(), "the scorekeeper console script is not installed"
    env = {**os.environ, "SCOREKEEPER_DB": str(db)}
    r = run("new", "classic", *PARTNERSHIPS, env=env)
    assert r.returncode == 0, r.stderr
    return env


@pytest.fixture
def terminal(env):
    opened = []

    def start(*args: str, columns: int = 100) -> Terminal:
        t = Terminal(env, *args, columns=columns)
        opened.append(t)
        return t

    yield start
    for t in opened:
        t.close()


def status(env) -> dict:
    r = run("status", "--json", env=env)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def enter_hand(t: Terminal, first: str, second: str, number: int) -> str:
    """Type a hand's two one-line entries and confirm it; returns what was shown to the next
    prompt."""
    assert t.last_line(t.answer(first)) == f"Hand {number} · Cat & Dan>"
    shown = t.answer(second)
    assert t.last_line(shown) == f"Record hand {number}? [Y/n]"
    return t.answer("")


def test_a_whole_classic_game_at_one_prompt(env, terminal):
    t = terminal()
    shown = t.prompt()
    assert "No hands recorded yet." in shown
    assert t.last_line(shown) == "Hand 1 · Ann & Bob>"
    # Hand 1, RULES.md EX-07: Ann & Bob typed in one line (1,305); Cat & Dan asked (140)
    assert t.last_line(t.answer("m=220 nat=1 mix=1 r=2 out h=15")) == "Hand 1 · Cat & Dan>"
    shown = t.answer("")  # Enter: Cat & Dan's guided questions
    guided = {
        r"concealed": "n",
        r"went out": "n",
        r"kept|penalt|declared": "0",
        r"red three": "1",
        r"in hand": "70",
        r"meld": "110",
    }
    for _ in range(20):
        question = t.last_line(shown)
        if question.startswith("Record hand 1?"):
            break
        shown = t.answer(guided_answer(question, guided))
    else:
        raise AssertionError(f"the guided questions did not end: {shown!r}")
    assert "1,305" in shown and "140" in shown
    shown = t.answer("")  # Enter: yes, record it
    assert "Hand 1 recorded. Totals: Ann & Bob 1,305 · Cat & Dan 140" in shown
    assert "Next opening minimum: Ann & Bob 50 · Cat & Dan 50" in shown
    assert t.last_line(shown) == "Hand 2 · Ann & Bob>"
    assert [x["total"] for x in status(env)["teams"]] == [1305, 140]

    # RULES.md EX-01: below 1,500 both sides need 50, and 6-6-6 + A-A-A-2 = 95 is enough
    shown = t.answer("check 666 AAA2")
    assert "May be laid down: melds worth 95 meet the 50 needed." in shown

    # Hand 2: Ann & Bob 300 + 2 x 500 + 300 + 200 + 100 = 1,900 (3,205);
    # Cat & Dan 150 + 300 - 40 = 410 (550)
    shown = enter_hand(t, "m=300 nat=2 mix=1 r=2 out", "m=150 mix=1 h=40", 2)
    assert t.last_line(shown) == "Hand 3 · Ann & Bob>"
    assert [x["total"] for x in status(env)["teams"]] == [3205, 550]

    # one number fixed: Cat & Dan melded 190, so 190 + 300 - 40 = 450 (590)
    shown = t.answer("fix Cat & Dan m=190")
    assert t.last_line(shown) == "Replace hand 2? [Y/n]"
    assert "Totals would be: Ann & Bob 3,205, Cat & Dan 590" in shown
    shown = t.answer("")
    assert "Hand 2 replaced. Totals: Ann & Bob 3,205 · Cat & Dan 590" in shown
    assert [x["total"] for x in status(env)["teams"]] == [3205, 590]

    # undo, then redo: back to after hand 1, then the fixed hand 2 again
    shown = t.answer("undo")
    assert "Hand 2 taken back" in shown and t.last_line(shown) == "Hand 2 · Ann & Bob>"
    assert [x["total"] for x in status(env)["teams"]] == [1305, 140]
    shown = t.answer("redo")
    assert t.last_line(shown) == "Hand 3 · Ann & Bob>"
    assert [x["total"] for x in status(env)["teams"]] == [3205, 590]

    # RULES.md EX-01: at 3,000 or more the minimum is 120, and 95 is not enough
    shown = t.answer("check Ann & Bob: 666 AAA2")
    assert "Not allowed: melds worth 95 are 25 short of the 120 needed." in shown

    # Hand 3: Ann & Bob 400 + 1,000 + 300 + 100 + 100 = 1,900 (5,105, past 5,000: RULES.md §2)
    # Cat & Dan 100 - 30 = 70 (660)
    shown = enter_hand(t, "m=400 nat=2 mix=1 r=1 out", "m=100 h=30", 3)
    assert "Winner: Ann & Bob with 5,105, by 4,445 points" in shown
    assert "'rematch' starts the next game" in shown
    assert t.last_line(shown) == "Game 1 is over>"
    t.type("quit")
    assert t.proc.wait(30) == 0
    final = status(env)
    assert [x["total"] for x in final["teams"]] == [5105, 660]
    assert final["winner"] == "Ann & Bob" and final["hands_played"] == 3


def test_edit_gives_each_sides_entry_to_type_over(env, terminal):
    t = terminal()
    t.prompt()
    enter_hand(t, "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70", 1)
    t.type("edit 1")
    t.expect("Hand 1 · Ann & Bob> meld=220 natural=1 mixed=1 red=2 out hand=15")
    t.type("")  # Enter takes the line as it stands
    t.expect("Hand 1 · Cat & Dan> meld=110 red=1 hand=70")
    t.key(b"\x15")  # Ctrl-U: the line is wiped, then typed anew
    shown = t.answer("m=150 r=1 h=70")
    assert t.last_line(shown) == "Replace hand 1? [Y/n]"
    t.answer("y")
    assert [x["total"] for x in status(env)["teams"]] == [1305, 180]  # 150 + 100 - 70


def test_ctrl_c_drops_the_hand_being_typed_and_at_the_prompt_ends_the_session(env, terminal):
    t = terminal()
    t.prompt()
    enter_hand(t, "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70", 1)
    t.answer("m=90")  # hand 2 begun
    t.key(b"\x03")
    shown = t.prompt()
    assert "Hand 2 dropped: nothing recorded." in shown
    assert t.last_line(shown) == "Hand 2 · Ann & Bob>"  # back at the first prompt
    t.key(b"\x03")
    t.expect("every recorded hand is kept")
    assert t.proc.wait(30) == 130
    assert status(env)["hands_played"] == 1


def test_a_hand_confirmed_before_the_session_is_killed_is_kept(env, terminal):
    t = terminal()
    t.prompt()
    shown = enter_hand(t, "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70", 1)
    assert t.last_line(shown) == "Hand 2 · Ann & Bob>"
    t.answer("m=90")  # a hand being typed when the process dies
    t.proc.send_signal(signal.SIGKILL)
    assert t.proc.wait(30) == -signal.SIGKILL
    final = status(env)
    assert final["hands_played"] == 1
    assert [x["total"] for x in final["teams"]] == [1305, 140]  # RULES.md EX-07


def test_ctrl_d_at_the_prompt_ends_the_session(env, terminal):
    t = terminal()
    t.prompt()
    t.key(b"\x04")
    assert t.proc.wait(30) == 0


def test_a_hand_recorded_meanwhile_in_another_terminal_is_never_overwritten(env, terminal):
    t = terminal()
    t.prompt()
    enter_hand(t, "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70", 1)
    # another terminal records hand 2 while the session waits at its prompt
    r = run("hand", "--yes", "m=90 h=10", "m=60 h=5", env=env)
    assert r.returncode == 0, r.stderr
    t.answer("m=50 h=5")
    t.answer("m=50 h=5")
    t.type("")  # confirmed: refused, the game read again, and the lines offered again
    shown = t.expect("Hand 3 · Ann & Bob> meld=50 hand=5")
    assert "Error: the game changed meanwhile (another terminal); try again" in shown
    assert "Meanwhile hand 2 was recorded in another terminal." in shown
    # 1,305 + 80 and 140 + 55 (RULES.md EX-07, then 90 - 10 and 60 - 5)
    assert [x["total"] for x in status(env)["teams"]] == [1385, 195]
    t.type("")  # Enter keeps each offered line
    t.expect("Hand 3 · Cat & Dan> meld=50 hand=5")
    assert t.last_line(t.answer("")) == "Record hand 3? [Y/n]"
    t.answer("")
    assert [x["total"] for x in status(env)["teams"]] == [1430, 240]


def test_a_game_won_meanwhile_in_another_terminal_offers_no_hand_again(env, terminal):
    t = terminal()
    t.prompt()
    enter_hand(t, "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70", 1)
    # another terminal records a hand that takes Ann & Bob past 5,000 (RULES.md §2): 1,305 +
    # 1,000 melded + 2,000 for four natural canastas + 800 for four red threes + 100 for going out
    r = run("hand", "--yes", "m=1000 nat=4 r=4 out", "m=60", env=env)
    assert r.returncode == 0, r.stderr
    t.answer("m=50 h=5")
    t.answer("m=50 h=5")
    shown = t.type("")  # confirmed: refused, and the game is over
    shown = t.expect("is over>")
    assert "The hand typed is not recorded: the game is over." in shown
    assert "meld=50" not in t.last_line(shown)  # no line offered again
    assert status(env)["hands_played"] == 2


def test_with_yes_each_hand_is_recorded_without_the_question(env, terminal):
    t = terminal("--yes")
    t.prompt()
    t.answer("m=220 nat=1 mix=1 r=2 out h=15")
    shown = t.answer("m=110 r=1 h=70")
    assert "Record hand" not in shown and t.last_line(shown) == "Hand 2 · Ann & Bob>"
    assert [x["total"] for x in status(env)["teams"]] == [1305, 140]  # RULES.md EX-07


def test_ctrl_c_in_a_sides_guided_questions_drops_only_that_hand(env, terminal):
    t = terminal()
    t.prompt()
    shown = t.answer("")  # Enter: Ann & Bob's questions
    assert t.last_line(shown) == "Ann & Bob went out? [y/N]"
    t.answer("n")  # then the first of the prompt's own questions
    t.key(b"\x03")
    shown = t.prompt()
    assert "Hand 1 dropped: nothing recorded." in shown
    assert t.last_line(shown) == "Hand 1 · Ann & Bob>"
    enter_hand(t, "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70", 1)
    assert [x["total"] for x in status(env)["teams"]] == [1305, 140]  # RULES.md EX-07


def test_a_full_game_prompts_as_full_and_asks_for_no_hand(env, terminal, db):
    # a game holds at most 500 hands (README, the bounds paragraph): its prompt says it is full
    # instead of offering hand 501, and a hand typed there is refused before any side is asked
    from scorekeeper.domain.limits import MAX_HANDS
    from scorekeeper.storage.database import game_file

    assert run("hand", "--yes", "m=0", "m=0", env=env).returncode == 0
    doc = game_doc(db)
    doc["hands"] = doc["hands"] * MAX_HANDS
    game_file(db, 1).write_text(json.dumps({"games": {"1": doc}}), encoding="utf-8")
    t = terminal()
    assert t.last_line(t.prompt()) == "Game 1 is full>"
    shown = t.answer("m=0")
    assert "game 1 is full: a game holds at most 500 hands" in shown
    assert t.last_line(shown) == "Game 1 is full>" and "Hand 501" not in shown
    t.type("quit")
    assert t.proc.wait(30) == 0
    assert status(env)["hands_played"] == MAX_HANDS


def test_a_command_typed_after_the_hand_offered_again_is_the_command(env, terminal):
    # "n" at the question gives the first side's entry back to type over; a command typed
    # after it (without clearing the line) is that command, not an item "outquit"
    t = terminal()
    t.prompt()
    t.answer("m=50")
    shown = t.answer("m=60")
    assert t.last_line(shown) == "Record hand 1? [Y/n]"
    t.type("n")
    shown = t.expect("Hand 1 · Ann & Bob> meld=50")
    assert "Hand 1 not recorded" in shown
    t.type(" quit")
    assert t.proc.wait(30) == 0
    assert status(env)["hands_played"] == 0
    assert "unknown item" not in t.text(t.seen)


def test_q_at_the_question_drops_the_hand_as_hand_takes_it(env, terminal):
    # 'hand' asks "(y yes, n change the answers, q give up)"; play's question takes q too
    t = terminal()
    t.prompt()
    t.answer("m=50")
    assert t.last_line(t.answer("m=60")) == "Record hand 1? [Y/n]"
    shown = t.answer("q")
    assert "Hand 1 dropped: nothing recorded." in shown
    assert t.last_line(shown) == "Hand 1 · Ann & Bob>"
    t.type("quit")
    assert t.proc.wait(30) == 0
    assert status(env)["hands_played"] == 0


def test_a_hand_where_every_entry_is_empty_is_said_before_its_question(env, terminal):
    # Enter at every guided question gives a hand of nothing: said before "Record hand 1?"
    t = terminal()
    t.prompt()
    t.answer("-")
    shown = t.answer("-")
    assert "Every side's entry is empty: this hand scores 0 for each side." in shown
    assert t.last_line(shown) == "Record hand 1? [Y/n]"
    t.type("q")
    t.prompt()
    t.type("quit")
    assert t.proc.wait(30) == 0


def test_guided_questions_are_broken_to_fit_a_narrow_terminal(env, terminal):
    # a new user at 60 columns: the terminal cut questions mid-word ("point" / "s)") and the
    # default in brackets from its question ("[" / "y]:")
    from scorekeeper.presentation.wrapping import display_width

    t = terminal(columns=40)
    t.prompt()
    shown = t.answer("")  # Enter: the guided questions, "Which side went out?" first
    for _ in range(4):
        shown += t.answer("")
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", shown)  # readline's own sequences
    assert "Melded card points" in shown
    assert all(display_width(line) <= 40 for line in shown.splitlines()), shown
    assert re.search(r"\[0\]: ?$", shown.splitlines()[-1])  # the default with its line
