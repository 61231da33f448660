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
    import signal

    assert run(env, "new", "classic", "--team", "A", "--team", "B").returncode == 0
    command = ["strace", "-f", "-qq", "-o", os.devnull, "-e", f"trace={call}"]
    command += ["-e", f"inject={call}:signal=SIGINT:when=1+", script() or "scorekeeper"]
    result = subprocess.run(
        [*command, "hand", "--yes", "m=50", "m=60"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and "Interrupted" not in result.stderr
    assert hands(env) == 1
