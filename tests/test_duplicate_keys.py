"""A stored file whose JSON gives one key twice is refused as damaged, never read by taking the
last value (issue 18, point 10): scorekeeper never writes such a file, so one was changed by hand
or damaged, and the last value would report a game that was not recorded (README, "Where data
lives")."""

from __future__ import annotations

import json

from scorekeeper.storage.database import game_file


def start(cli) -> None:
    assert cli("new", "classic", "--team", "Ann", "--team", "Bob").exit_code == 0
    assert cli("hand", "m=100 nat=1 out", "m=50").exit_code == 0


def assert_refused(cli, file, content: bytes) -> None:
    file.write_bytes(content)
    for command in (("status",), ("show",), ("hand", "m=50", "m=50"), ("export",)):
        result = cli(*command)
        assert result.exit_code == 3, (command, result.output)
        assert "a key is given twice" in result.stderr and str(file) in result.stderr
        assert "Traceback" not in result.output
    assert file.read_bytes() == content


def test_a_game_given_twice_in_its_file_is_refused(cli, db):
    start(cli)
    file = game_file(db, 1)
    doc = json.loads(file.read_bytes())["games"]["1"]
    other = {**doc, "entries": []}  # the same game with no hands
    text = '{"games": {"1": ' + json.dumps(doc) + ', "1": ' + json.dumps(other) + "}}"
    assert_refused(cli, file, text.encode())


def test_a_key_given_twice_inside_a_game_is_refused(cli, db):
    start(cli)
    file = game_file(db, 1)
    text = file.read_text(encoding="utf-8")
    first = text.index("{", text.index('"1"'))
    doctored = text[: first + 1] + '"hands": [], ' + text[first + 1 :]
    assert json.loads(doctored)["games"]["1"]["hands"]  # the last value would be read
    assert_refused(cli, file, doctored.encode())


def test_the_database_file_giving_a_key_twice_is_refused(cli, db):
    start(cli)
    data = json.loads(db.read_bytes())
    meta = json.dumps(data["meta"]["1"])
    text = '{"meta": {"1": ' + meta + '}, "meta": {"1": ' + meta + "}}"
    assert_refused(cli, db, text.encode())


def test_the_same_key_in_different_objects_is_read(cli, db):
    # Every side has its own "name": one key once per object is the ordinary case.
    start(cli)
    assert cli("status").exit_code == 0
