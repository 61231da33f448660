"""What reaches the terminal (issue 6, point 5; DESIGN.md "Names are shown as typed").

Terminals are real: a pseudo-terminal of a chosen width for the cases that depend on one, and
the installed command line run as a subprocess with the environment a user would have.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import struct
import subprocess
import sys
import termios

import pytest
from conftest import refused
from rich.cells import cell_len

from scorekeeper.presentation import render, standings

ESCAPE = "\x1b["


@pytest.fixture
def env(db):
    clean = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    clean.update({"SCOREKEEPER_DB": str(db), "TERM": "xterm-256color", "PYTHONIOENCODING": ""})
    clean.pop("FORCE_COLOR", None)
    return clean


def run(args, env, **extra):
    """The command line as a subprocess writing to pipes."""
    cmd = [sys.executable, "-m", "scorekeeper", *args]
    return subprocess.run(cmd, capture_output=True, env=env, timeout=60, **extra)


def on_terminal(args, env, columns=80) -> tuple[int, str]:
    """Run with standard output on a pseudo-terminal ``columns`` wide; (exit code, screen)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    proc = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", *args],
        stdin=subprocess.DEVNULL,
        stdout=slave,
        stderr=subprocess.PIPE,
        env=env,
    )
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # the other end closed
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    proc.communicate(timeout=60)
    return proc.returncode, b"".join(chunks).decode("utf-8").replace("\r\n", "\n")


def new_game(cli, *teams):
    args = [x for team in teams or ("A", "B") for x in ("--team", team)]
    assert cli("new", "classic", *args).exit_code == 0


@pytest.fixture
def game(cli, db):
    """Hand 1 of RULES.md EX-07: Ann & Bob 1,305, the other side 140."""
    result = cli("new", "classic", "--team", "Ann & Bob", "--team", "[bold]Cat[/] & [red]Dan")
    assert result.exit_code == 0
    assert cli("hand", "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70").exit_code == 0
    return db


# -- names as typed ----------------------------------------------------------------------------


def test_names_print_exactly_as_typed(cli, game):
    for command in (("status",), ("minimum",)):
        result = cli(*command)
        assert "[bold]Cat[/] & [red]Dan" in result.stdout
    result = cli("hand", "m=50", "m=50", "--game", "1", "--yes")
    assert "[bold]Cat[/] & [red]Dan" in result.stdout


def test_a_name_with_markup_in_an_error_message_is_as_typed(cli, game):
    document = '{"teams": [{"team": "[bold]Zed[/]"}, {"team": "Ann & Bob"}]}'
    result = cli("hand", "--file", "-", input=document)
    assert result.exit_code == 1 and "no side called '[bold]Zed[/]'" in result.stderr


def test_control_characters_are_refused_and_nothing_is_stored(cli, db):
    result = cli("new", "classic", "--team", "\x1b[31mRed", "--team", "B")
    assert result.exit_code == 1 and "control character" in result.stderr
    assert not db.exists()


def test_names_with_invisible_characters_are_refused(cli):
    result = cli("new", "classic", "--team", "A\u200bB", "--team", "AB")
    assert result.exit_code == 1 and "U+200B" in result.stderr


def test_a_stored_control_character_is_shown_harmlessly():
    assert render.text_cell("a\x1b[2Jb").plain == "a\\x1b[2Jb"


# -- escape codes ------------------------------------------------------------------------------


def test_a_colour_terminal_gets_escape_codes(env, game):
    # The counterpart of the tests below: they would pass for nothing if none were ever sent.
    code, screen = on_terminal(["status"], env)
    assert code == 0 and ESCAPE in screen


@pytest.mark.parametrize(
    "setting", [{"NO_COLOR": "1"}, {"TERM": "dumb"}], ids=["NO_COLOR", "TERM=dumb"]
)
def test_no_escape_codes_when_the_terminal_asks_for_none(env, game, setting):
    code, screen = on_terminal(["status"], {**env, **setting})
    assert code == 0
    assert ESCAPE not in screen and "1,305" in screen


def test_output_to_a_pipe_is_plain_text_unless_colour_is_forced(env, game):
    # FORCE_COLOR styles a pipe since issue 15 (force-color.org); see tests/test_colour.py
    result = run(["status"], env)
    assert result.returncode == 0
    assert b"\x1b" not in result.stdout and b"1,305" in result.stdout


# -- narrow terminals --------------------------------------------------------------------------


def test_forty_columns_never_cut_a_number(env, cli, db):
    long = ["Annabelle & Bartholomew", "Catherine & Dominic", "Evangeline & Frederick"]
    args = ["new", "classic", *[x for name in long for x in ("--team", name)]]
    starts = ["--start-score", "-1000", "--start-score", "4000", "--start-score", "0"]
    assert cli(*args, *starts).exit_code == 0
    # RULES.md §2: 500 melded + natural 500 + mixed 300 + four red threes 800 + going out 100
    # = 2,200; the second side is caught with 150; the third melds 210 and holds 200: 10.
    entries = ["m=500 nat=1 mix=1 out r=4", "h=150", "m=210 h=200"]
    code, screen = on_terminal(["hand", "--yes", *entries], {**env, "NO_COLOR": "1"}, 40)
    assert code == 0
    for number in ("2,200", "-150", "800", "-200", "1,200", "3,850", "120"):
        assert re.search(rf"(?<![\d,-]){re.escape(number)}(?![\d,])", screen), number
    assert max(cell_len(line) for line in screen.splitlines()) <= 40
    code, screen = on_terminal(["minimum"], {**env, "NO_COLOR": "1"}, 40)
    assert code == 0 and "3,850" in screen and "1,200" in screen
    code, screen = on_terminal(["variants"], {**env, "NO_COLOR": "1"}, 40)
    from scorekeeper.variants import catalog, load_variant

    at_5000 = sum(1 for name in catalog() if load_variant(name).target == 5000)
    found = re.findall(r"(?<![\d,])5,000(?![\d,])", screen)
    assert code == 0 and len(found) == at_5000  # each such variant's target, whole


def test_wide_characters_keep_the_table_aligned(cli, db):
    assert cli("new", "classic", "--team", "猫猫 cats", "--team", "Ann 👩 & Bob").exit_code == 0
    assert cli("hand", "m=100 nat=1 out", "m=50").exit_code == 0
    lines = cli("status").stdout.splitlines()
    rows = [
        line
        for line in lines
        if ("cats" in line or "Bob" in line) and not line.startswith("Next opening minimum")
    ]
    # The totals (700 and 50) end in the same terminal column.
    ends = [
        cell_len(row[: row.index(total) + len(total)])
        for row, total in zip(rows, ["700", "50"], strict=True)
    ]
    assert len(rows) == 2 and ends[0] == ends[1]


def test_columns_zero_is_no_width(db):
    env = {k: v for k, v in os.environ.items() if k not in ("LINES",)}
    env.update({"SCOREKEEPER_DB": str(db), "COLUMNS": "0", "NO_COLOR": "1"})
    run = [sys.executable, "-m", "scorekeeper"]
    assert subprocess.run([*run, "new", "classic", "-t", "A", "-t", "B"], env=env).returncode == 0
    result = subprocess.run([*run, "status"], env=env, capture_output=True, text=True)
    assert result.returncode == 0
    # off a terminal, 80 columns: the opening minimum of a side at 0 is 50 (RULES.md §2)
    assert "Next opening minimum" in result.stdout and " 50" in result.stdout


# -- encodings ---------------------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_a_terminal_that_is_not_utf8_does_not_crash(env, game, cli, encoding):
    assert cli("new", "classic", "--team", "Zoë ♠ 猫", "--team", "Bob 🂡").exit_code == 0
    settings = {**env, "PYTHONIOENCODING": encoding}
    for args in (["status"], ["variants", "show", "classic"], ["variants"], ["status", "--json"]):
        result = run(args, settings)
        assert result.returncode == 0, result.stderr
        assert b"Traceback" not in result.stderr
        text = result.stdout.decode(encoding)  # only characters the terminal has
        assert "━" not in text and "┃" not in text
    status = run(["status"], settings).stdout.decode(encoding)
    assert "Zo" in status and " s " in status  # the spade as a letter; ë only where cp1252 has it
    assert ("Zoë" in status) == (encoding == "cp1252")
    assert "+--" in status or "|" in status or "-+-" in status or "--" in status
    as_json = run(["status", "--json"], settings).stdout.decode(encoding)
    assert '"Zo\\u00eb \\u2660 \\u732b"' in as_json  # the same JSON document, escaped


def test_an_ascii_terminal_error_message_does_not_crash(env, game):
    document = '{"teams": [{"team": "Zoë ♠"}, {"team": "Ann & Bob"}]}'
    result = run(
        ["hand", "--file", "-"], {**env, "PYTHONIOENCODING": "ascii"}, input=document.encode()
    )
    assert result.returncode == 1
    assert result.stderr.startswith(b"Error: ") and b"Traceback" not in result.stderr


def test_a_closed_pipe_stops_quietly(env, game):
    cmd = f"{sys.executable} -m scorekeeper variants show classic | head -c 10"
    result = subprocess.run(cmd, shell=True, capture_output=True, env=env, timeout=60)
    assert result.stdout == b"Classic Ca"
    assert b"Traceback" not in result.stderr and b"Exception" not in result.stderr


# -- errors ------------------------------------------------------------------------------------


def test_a_usage_error_is_one_line_and_exit_2(cli):
    result = cli("status", "--bogus")
    assert result.exit_code == 2
    assert (
        result.stderr.strip() == "Error: No such option: --bogus (see 'scorekeeper status --help')"
    )


def test_an_error_quoting_input_shows_its_control_characters_escaped(cli, db, tmp_path):
    new_game(cli)
    path = tmp_path / "hand.json"
    hand = {"teams": [{"meld_points": 50}, {"hand": "\u001b]0;pwned\u0007"}]}
    path.write_text(json.dumps(hand), encoding="utf-8")
    line = refused(cli, db, "hand", "--yes", "--file", str(path))
    assert "\u001b" not in line and "\u0007" not in line
    assert "\\x1b]0;pwned\\x07" in line


def test_negative_numbers_are_option_values(cli, db):
    # RULES.md §2 minimum table: a side below 0 needs 15.
    assert cli.json("minimum", "--variant", "classic", "--score", "-120")["opening_minimum"] == {
        "points": 15,
        "requires": None,
    }
    args = ("new", "classic", "--team", "A", "--team", "B", "--start-score", "-100")
    assert cli(*args, "--start-score", "-5").exit_code == 0
    assert [t["total"] for t in cli.json("status")["teams"]] == [-100, -5]


def test_an_internal_error_is_short_and_shows_no_local_values(cli, game, monkeypatch):
    def broken(*args):
        secret = "the-local-value"  # noqa: F841 - must never be printed
        raise RuntimeError("something broke\nwith a second line")

    monkeypatch.setattr(standings, "print_standings", broken)
    result = cli("status")
    assert result.exit_code == 1
    assert result.stderr == (
        "Error: unexpected internal error (RuntimeError: something broke); please report it\n"
    )
    assert "the-local-value" not in result.output
