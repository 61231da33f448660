"""Standard input may begin with one UTF-8 byte-order mark, as a hand's file may (README): a
piped ``play`` drops it, so its first line is the entry typed and every later line answers
the prompt it was meant for."""

from __future__ import annotations

import os
import subprocess
import sys

from conftest import database_files, new_game

LINES = "m=50\nm=60\nquit\n"


def play(db, tmp_path, data: bytes) -> subprocess.CompletedProcess:
    beside = os.path.join(os.path.dirname(sys.executable), "scorekeeper")
    cmd = [beside] if os.access(beside, os.X_OK) else [sys.executable, "-m", "scorekeeper"]
    env = {
        **os.environ,
        "SCOREKEEPER_DB": str(db),
        "SCOREKEEPER_CONFIG": str(tmp_path / "config"),
        "SCOREKEEPER_LANG": "en",
    }
    return subprocess.run([*cmd, "play"], input=data, capture_output=True, env=env, timeout=60)


def test_a_piped_play_with_a_byte_order_mark_reads_as_without(cli, db, tmp_path):
    new_game(cli)
    result = play(db, tmp_path, b"\xef\xbb\xbf" + LINES.encode())
    assert result.returncode == 0, result.stderr
    assert b"unknown item" not in result.stderr and b"Error" not in result.stderr
    game = cli.json("show")
    assert [t["total"] for t in game["teams"]] == [50, 60]


def test_only_one_mark_at_the_start_is_dropped(cli, db, tmp_path):
    new_game(cli)
    result = play(db, tmp_path, b"\xef\xbb\xbf\xef\xbb\xbf" + LINES.encode())
    # a second mark is text typed: refused as such, and echoed as its code, never raw
    assert b"unknown item '\\ufeffm'" in result.stderr, result.stderr
    assert "\ufeff".encode() not in result.stderr


def test_the_runner_reads_the_mark_away_too(cli, db):
    new_game(cli)
    result = cli("play", input="\ufeff" + LINES)
    assert "unknown item" not in result.output, result.output
    assert [t["total"] for t in cli.json("show")["teams"]] == [50, 60]


HAND = b'{"teams": [{"meld_points": 50}, {"meld_points": 60}]}'


def test_a_hand_file_may_begin_with_one_mark_and_not_two(cli, db, tmp_path):
    new_game(cli)
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    one.write_bytes(b"\xef\xbb\xbf" + HAND)
    two.write_bytes(b"\xef\xbb\xbf\xef\xbb\xbf" + HAND)
    assert cli("hand", "--yes", "--file", str(one)).exit_code == 0
    before = database_files(db)
    refused = cli("hand", "--yes", "--file", str(two))
    assert refused.exit_code == 1, refused.output
    assert "second byte-order mark" in refused.output and "Traceback" not in refused.output
    assert database_files(db) == before
    assert [t["total"] for t in cli.json("show")["teams"]] == [50, 60]


def test_an_import_with_two_marks_is_refused_as_a_file(cli, tmp_path):
    new_game(cli)
    exported = tmp_path / "game.json"
    assert cli("export", "--format", "json", "-o", str(exported)).exit_code == 0
    exported.write_bytes(b"\xef\xbb\xbf\xef\xbb\xbf" + exported.read_bytes())
    refused = cli("import", str(exported))
    assert refused.exit_code == 3 and "second byte-order mark" in refused.output, refused.output
