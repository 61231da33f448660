"""Standard input is bounded in ``play`` and the guided questions (issue 18): a line longer
than 64 KiB is refused with one line, the whole input past MAX_INPUT_BYTES (4 MiB) ends the
command with exit 1 and one line, in bounded memory; an ``Error:`` line quotes only a short,
escaped excerpt of what was typed; a typed hand number is bounded."""

from __future__ import annotations

import os
import resource
import subprocess
import sys

import pytest

from scorekeeper.cli.input_lines import MAX_LINE
from scorekeeper.domain.limits import MAX_HANDS, MAX_INPUT_BYTES
from tests.test_installed_script import script

MIB = MAX_INPUT_BYTES // 2**20


def test_the_bounds_are_the_documented_ones():
    assert MAX_LINE == 64 * 1024
    assert MAX_INPUT_BYTES == 4 * 1024 * 1024


def _new(cli):
    r = cli("new", "classic", "--team", "Ann", "--team", "Bob")
    assert r.exit_code == 0, r.output


def _errors(text: str) -> list[str]:
    return [line for line in text.splitlines() if "Error:" in line]


def test_a_line_past_64_kib_is_refused_in_one_line_and_the_session_goes_on(cli):
    _new(cli)
    typed = "a" * (MAX_LINE + 10) + "\nm=50\nm=0\n"
    r = cli("play", "--yes", input=typed)
    assert r.exit_code == 0, r.output
    errors = _errors(r.stderr)
    assert errors == ["Error: the line is longer than 65,536 characters; a line is at most 65,536"]
    doc = cli.json("show")
    assert len(doc["hands"]) == 1  # the lines after the long one were read and recorded


def test_a_line_of_64_kib_exactly_is_read(cli):
    _new(cli)
    r = cli("play", "--yes", input="a" * MAX_LINE + "\n")
    assert r.exit_code == 0
    assert "longer than" not in r.stderr
    assert "unknown item" in r.stderr


def test_input_past_4_mib_ends_the_session_with_exit_1_and_one_line(cli):
    _new(cli)
    lines = ("x" * 1000 + "\n") * (MAX_INPUT_BYTES // 1000 + 10)
    r = cli("play", "--yes", input=lines)
    assert r.exit_code == 1
    last = r.stderr.strip().splitlines()[-1]
    assert last == f"Error: standard input is larger than {MIB} MiB; input is at most {MIB} MiB"
    assert "unexpected internal error" not in r.stderr


def test_an_error_quotes_a_short_excerpt_of_what_was_typed(cli):
    _new(cli)
    typed = "b" * 60_000 + "\nshow " + "a " * 20_000 + "\n"
    r = cli("play", "--yes", input=typed)
    assert r.exit_code == 0
    errors = _errors(r.stderr)
    assert len(errors) == 2
    for line in errors:
        assert len(line) < 1000
        assert "..." in line
    assert "unknown item 'bbbb" in errors[0]
    assert "show takes --detail or nothing" in errors[1]


def test_an_error_excerpt_escapes_control_characters(cli):
    _new(cli)
    r = cli("play", "--yes", input="\x1b[31m" + "c" * 500 + "\n")
    errors = _errors(r.stderr)
    assert len(errors) == 1 and "\x1b" not in errors[0] and "\\x1b" in errors[0]


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("edit " + "9" * 5000, f"edit takes a hand's number from 1 to {MAX_HANDS}; got '999"),
        (f"edit {MAX_HANDS + 1}", f"from 1 to {MAX_HANDS}; got '{MAX_HANDS + 1}'"),
        ("edit 0", "edit takes a hand's number, e.g. edit 2; got '0'"),
        ("edit " + "0" * 5000, "edit takes a hand's number, e.g. edit 2"),
    ],
)
def test_a_typed_hand_number_is_bounded(cli, typed, said):
    _new(cli)
    r = cli("play", "--yes", input=typed + "\n")
    assert r.exit_code == 0
    errors = _errors(r.stderr)
    assert len(errors) == 1 and said in errors[0], r.stderr
    assert "internal error" not in r.stderr and len(errors[0]) < 200


def test_a_leading_zero_hand_number_is_the_hand(cli):
    _new(cli)
    r = cli("play", "--yes", input="m=50\nm=0\nedit " + "0" * 5000 + "1\n")
    assert "internal error" not in r.stderr
    assert "takes a hand's number" not in r.stderr


# --- the installed console script, memory bounded ----------------------------------------


def _limited(limit: int):
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return apply


def _run(args: list[str], env: dict[str, str], stdin) -> subprocess.CompletedProcess[str]:
    exe = script()
    cmd = [exe, *args] if exe else [sys.executable, "-m", "scorekeeper", *args]
    return subprocess.run(
        cmd,
        stdin=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        preexec_fn=_limited(1_000_000_000),
    )


@pytest.fixture
def env(db):
    env = {**os.environ, "SCOREKEEPER_DB": str(db), "NO_COLOR": "1", "SCOREKEEPER_LANG": "en"}
    r = subprocess.run(
        [script() or "scorekeeper", "new", "classic", "--team", "Ann", "--team", "Bob"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr
    return env


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
@pytest.mark.parametrize(
    "args",
    [["play", "--yes"], ["hand", "--guided"], ["edit", "1", "--guided", "--yes"]],
)
def test_dev_zero_ends_with_exit_1_and_one_line_in_bounded_memory(env, args):
    if args[0] == "edit":  # a hand to edit
        r = subprocess.run(
            [script() or "scorekeeper", "hand", "m=50", "m=0"],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert r.returncode == 0, r.stderr
    with open("/dev/zero", "rb") as zero:
        r = _run(args, env, zero)
    assert r.returncode == 1, r.stderr[-500:]
    errors = _errors(r.stderr)
    assert errors == [
        f"Error: standard input is larger than {MIB} MiB; input is at most {MIB} MiB"
    ], r.stderr[-500:]
    assert "MemoryError" not in r.stderr and "internal error" not in r.stderr


def test_a_long_guided_answer_is_refused_and_asked_again(env, tmp_path):
    typed = tmp_path / "typed"
    # nobody went out, Ann: a 100,000-character answer, then the answers
    typed.write_text("0\n" + "7" * 100_000 + "\n50\n" + "\n" * 40)
    with open(typed, "rb") as stdin:
        r = _run(["hand", "--guided"], env, stdin)
    refused = "the line is longer than 65,536 characters; a line is at most 65,536"
    assert r.returncode == 0, r.stderr[-800:]
    assert [line.strip() for line in r.stderr.splitlines() if "longer than" in line] == [refused]
    assert max(len(line) for line in r.stderr.splitlines()) < 1000  # nothing typed echoed
    shown = subprocess.run(
        [script() or "scorekeeper", "show", "--json"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    import json

    hand = json.loads(shown.stdout)["hands"][0]
    assert hand["teams"][0]["meld_points"] == 50  # the question was asked again and answered


def test_a_line_of_thirty_thousand_cards_within_the_bound_meets_the_card_bound(cli):
    cli("new", "classic", "--team", "Us", "--team", "Them")
    line = "check Us: " + " ".join(["K"] * 30_000)  # 60,009 characters: within 65,536
    assert len(line) <= MAX_LINE
    result = cli("play", input=line + "\nquit\n")
    assert "longer than" not in result.output
    assert "108" in result.output  # the cards' own bound refuses it
