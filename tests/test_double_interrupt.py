"""Two Ctrl-Cs in quick succession (issue 18, red team: a second SIGINT cut the first one's
message short, so a hand that was stored exited 130, "nothing was stored", with nothing said,
and a script retrying on 130 recorded it twice).

Each mutating command runs under strace with a SIGINT at two consecutive writes, for every
pair of writes it makes; after each run the exit code and the last line said must match what
is stored: 130 and "Interrupted: nothing was changed." with nothing changed, or 0 and
"Interrupted after ..." (or no Ctrl-C said at all, the command having ended first) with the
change stored (README, "Exit codes")."""

from __future__ import annotations

import json
import os
import subprocess

import pytest
from test_export_atomic import needs_strace, traced

from tests.test_installed_script import script

NOTHING = "Interrupted: nothing was changed."


def run(env, *args) -> subprocess.CompletedProcess:
    return subprocess.run(
        [script() or "scorekeeper", *args], capture_output=True, text=True, env=env, timeout=60
    )


def hands(env) -> int:
    result = run(env, "status", "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["hands_played"]


def game_count(env) -> int:
    result = run(env, "games", "--all", "--json")
    assert result.returncode == 0, result.stderr
    return len(json.loads(result.stdout)["games"])


def with_ctrl_c_ignored(env, call: str, *args: str, input: str | None = None):
    """The console script started with Ctrl-C ignored (as a shell starts a background job),
    under strace sending it a Ctrl-C at every ``call`` system call."""
    import signal

    command = ["strace", "-f", "-qq", "-o", os.devnull, "-e", f"trace={call}"]
    command += ["-e", f"inject={call}:signal=SIGINT:when=1+", script() or "scorekeeper", *args]
    return subprocess.run(
        command,
        input=input,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )


@pytest.fixture
def env(tmp_path):
    return {
        **os.environ,
        "SCOREKEEPER_DB": str(tmp_path / "s.json"),
        "NO_COLOR": "1",
        "SCOREKEEPER_LANG": "en",
    }


COMMANDS = {
    "hand": (("hand", "--yes", "m=50", "m=50"), hands, 1),
    "undo": (("undo", "--yes"), hands, -1),
    "new": (("new", "classic", "--team", "C", "--team", "D"), game_count, 1),
}


@needs_strace
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_two_ctrl_cs_say_what_is_stored_and_exit_with_its_code(env, command):
    args, count, change = COMMANDS[command]
    assert run(env, "new", "classic", "--team", "A", "--team", "B").returncode == 0
    outcomes = set()
    for n in range(1, 40):
        assert run(env, "hand", "--yes", "m=50", "m=50").returncode == 0
        before = count(env)
        result = traced(f"write:signal=SIGINT:when={n}..{n + 1}", *args, env=env)
        after = count(env)
        stored = after == before + change
        assert stored or after == before, (n, before, after)
        last = result.stderr.strip().splitlines()[-1] if result.stderr.strip() else ""
        if stored:
            assert result.returncode == 0, (n, result.returncode, result.stderr)
            assert last != NOTHING, (n, result.stderr)
        else:
            assert (result.returncode, last) == (130, NOTHING), (n, result.stderr)
        outcomes.add(stored)
        if result.returncode == 0 and "Interrupted" not in result.stderr:
            break  # the command ended before its n-th write: every pair was tried
    assert outcomes == {True, False}


@needs_strace
@pytest.mark.parametrize("call", ["write", "rt_sigaction"])
def test_a_command_started_with_ctrl_c_ignored_keeps_ignoring_it(env, call):
    # a shell's background job starts with SIGINT ignored: a Ctrl-C at any moment, even as the
    # command puts its handlers back at its end, changes nothing of what it does or says
    # (red team: a traceback and exit 130 after the hand was stored)
    assert run(env, "new", "classic", "--team", "A", "--team", "B").returncode == 0
    result = with_ctrl_c_ignored(env, call, "hand", "--yes", "m=50", "m=60")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and "Interrupted" not in result.stderr
    assert hands(env) == 1


@needs_strace
def test_a_ctrl_c_right_after_a_hand_is_stored_still_lets_old_backups_go(env):
    # red team: a Ctrl-C just after the commit point left 11 "before a change" backups (10
    # are kept, README) until the next change
    assert run(env, "new", "classic", "--team", "A", "--team", "B").returncode == 0
    for _ in range(11):
        assert run(env, "hand", "--yes", "m=50", "m=50").returncode == 0
    stored_once = False
    for n in range(1, 8):
        before = hands(env)
        result = traced(f"rename:signal=SIGINT:when={n}", "hand", "--yes", "m=50", "m=50", env=env)
        listed = json.loads(run(env, "backups", "--json").stdout)["backups"]
        # ten, neither one too many nor (a Ctrl-C at the commit rename, before the new backup
        # was put in place) one good backup let go for it
        assert sum(b["kind"] == "write" for b in listed) == 10, (n, result.stderr)
        if hands(env) == before + 1 and "Interrupted after" in result.stderr:
            stored_once = True
    assert stored_once


@needs_strace
def test_play_started_with_ctrl_c_ignored_records_every_hand(env, tmp_path):
    # red team: play holding Ctrl-C back around a write put a catching handler in place of
    # the ignored one, then ended the session on the Ctrl-C it caught
    assert run(env, "new", "classic", "--team", "A", "--team", "B").returncode == 0
    lines = "m=50\nm=50\nm=60\nm=60\nquit\n"
    result = with_ctrl_c_ignored(env, "rename", "play", input=lines)
    assert result.returncode == 0, result.stderr
    assert hands(env) == 2


@needs_strace
def test_a_ctrl_c_as_the_commands_handlers_are_put_in_place_is_said_in_one_line(env):
    # red team: a Ctrl-C as the command's own handler was installed, before the code that says
    # what a Ctrl-C left, ended in a traceback
    assert run(env, "new", "classic", "--team", "A", "--team", "B").returncode == 0
    trace = subprocess.run(
        ["strace", "-f", "-qq", "-e", "trace=rt_sigaction", script() or "scorekeeper", "status"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    ).stderr.splitlines()
    calls = [line for line in trace if "rt_sigaction(" in line]
    setting = [i + 1 for i, line in enumerate(calls) if "SIGINT, {" in line]
    for n in setting[2:]:  # after Python's own handler and the console script's first one
        before = hands(env)
        result = traced(
            f"rt_sigaction:signal=SIGINT:when={n}", "hand", "--yes", "m=5", "m=5", env=env
        )
        assert "Traceback" not in result.stderr, (n, result.stderr)
        if hands(env) == before:
            assert result.returncode == 130 and NOTHING in result.stderr, (n, result.stderr)
        else:
            assert result.returncode == 0, (n, result.stderr)


@needs_strace
@pytest.mark.parametrize("call", ["unlink", "rename"])
def test_a_kill_between_keeping_a_backup_and_letting_the_oldest_go_lists_ten(env, call):
    # red team: a SIGKILL at the unlink of the oldest backup, or at the rename putting a
    # change's backup in place (which the next command then puts in place), left 11 or 12
    # "before a change" backups listed (10 are kept, README); then an interrupted change
    # added one more
    assert run(env, "new", "classic", "--team", "A", "--team", "B").returncode == 0
    for _ in range(11):
        assert run(env, "hand", "--yes", "m=50", "m=50").returncode == 0
    for n in range(1, 6):
        for _ in range(2):  # kills one after another at the same step
            traced(f"{call}:signal=SIGKILL:when={n}", "hand", "--yes", "m=50", "m=50", env=env)
            traced("fsync:signal=SIGINT:when=3..4", "hand", "--yes", "m=50", "m=50", env=env)
            listed = json.loads(run(env, "backups", "--json").stdout)["backups"]
            assert sum(b["kind"] == "write" for b in listed) == 10, (n, listed)
    before = hands(env)
    assert run(env, "backups", "restore", "10", "--yes").returncode == 0  # the oldest listed
    assert hands(env) < before
    assert run(env, "hand", "--yes", "m=50", "m=50").returncode == 0
    listed = json.loads(run(env, "backups", "--json").stdout)["backups"]
    assert sum(b["kind"] == "write" for b in listed) == 10
