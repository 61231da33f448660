"""Bounded numbers, nesting and sizes at every input boundary (issue 18, points 3, 9 and 10):
a clear one-line refusal naming the bound (exit 1 for input, 3 for a file that cannot be
used), never "unexpected internal error", and nothing stored changes."""

from __future__ import annotations

import json

import pytest
from conftest import database_files, game_doc, new_game, refused

from scorekeeper.domain.bounds import MAX_DEPTH, MAX_INPUT_BYTES, MAX_NUMBER
from scorekeeper.domain.limits import MAX_EXPORT_BYTES
from scorekeeper.storage.database import game_file

HUGE = "9" * 4300  # Python's limit for turning digits into an integer
TOO_MANY = "9" * 5000  # past it


def test_the_bounds_are_sane():
    # a billion points is far beyond any Canasta score; nesting of a variant goes 4 deep
    assert MAX_NUMBER == 10**9
    assert 4 < MAX_DEPTH <= 64
    assert MAX_INPUT_BYTES <= 16 * 2**20


@pytest.mark.parametrize("value", [HUGE, TOO_MANY, str(MAX_NUMBER + 1), f"-{MAX_NUMBER + 1}"])
def test_a_huge_set_value_is_refused_naming_the_bound(cli, db, value):
    args = ("new", "classic", "--team", "A", "--team", "B")
    line = refused(cli, db, *args, "--set", f"canastas.natural.bonus={value}", code=2)
    assert "1,000,000,000" in line and "canastas.natural.bonus" in line
    assert len(line) < 300  # the value is not echoed whole


def test_a_set_value_at_the_bound_is_accepted(cli, db):
    args = ("new", "classic", "--team", "A", "--team", "B", "--set", "target=1000000000")
    assert cli(*args).exit_code == 0


def test_the_4300_digit_bonus_no_longer_poisons_the_database(cli, db):
    # issue 18, point 3: the game was stored, then every command failed
    new_game(cli)
    refused(
        cli,
        db,
        "new",
        "classic",
        "--team",
        "A",
        "--team",
        "B",
        "--set",
        f"canastas.natural.bonus={HUGE}",
        code=2,
    )
    assert cli("hand", "--yes", "m=50 nat=1", "m=50").exit_code == 0
    for args in (("games",), ("stats",), ("status",), ("show",), ("export",)):
        assert cli(*args).exit_code == 0, args


@pytest.mark.parametrize(
    "entry", [f"m={TOO_MANY}", f"m=1+{TOO_MANY}", f"h={HUGE}", f"m={MAX_NUMBER + 1}"]
)
def test_a_huge_number_in_a_one_line_entry_is_refused(cli, db, entry):
    new_game(cli)
    line = refused(cli, db, "hand", "--yes", entry, "m=50")
    assert "1,000,000,000" in line


ZEROS = "0" * 5000  # leading zeros past Python's limit: no value, however many


@pytest.mark.parametrize(
    ("entry", "meld"),
    [(f"m={ZEROS}50", 50), (f"m=5+{ZEROS}45", 50), (f"mix={ZEROS}1 m=300", 300)],
)
def test_leading_zeros_are_no_value_however_many(cli, db, entry, meld):
    # red team round 15b: past 4,300 leading zeros an entry gave an unexpected internal error
    new_game(cli)
    result = cli("hand", "--yes", entry, "m=50")
    assert result.exit_code == 0, result.output
    assert cli.json("show")["hands"][0]["teams"][0]["meld_points"] == meld


@pytest.mark.parametrize(
    "text",
    [
        '{"teams": [{"meld_points": ' + TOO_MANY + "}, {}]}",
        '{"teams": [{"meld_points": 1e400}, {}]}',
        '{"teams": [{"meld_points": NaN}, {}]}',
        '{"teams": [{"meld_points": 50}, {}], "x": ' + "[" * 100000 + "]" * 100000 + "}",
        '{"teams": [{"meld_points": 50}, {}], "x": ' + "[" * 30 + "]" * 30 + "}",
        '{"teams": [{"meld_points": 50, "meld_points": 60}, {}]}',
    ],
    ids=["digits", "infinite", "nan", "very-deep", "deep", "duplicate-key"],
)
def test_a_hand_file_out_of_bounds_is_refused(cli, db, tmp_path, text):
    new_game(cli)
    path = tmp_path / "hand.json"
    path.write_text(text, encoding="utf-8")
    line = refused(cli, db, "hand", "--yes", "--file", str(path))
    assert str(path) in line
    line = refused(cli, db, "hand", "--yes", "--file", "-", input=text)
    assert "standard input" in line


def test_a_duplicate_key_names_the_key(cli, db, tmp_path):
    new_game(cli)
    text = '{"teams": [{"meld_points": 50, "meld_points": 60}, {}]}'
    assert "'meld_points' is given twice" in refused(cli, db, "hand", "--file", "-", input=text)


def test_deep_nesting_names_the_bound(cli, db):
    new_game(cli)
    text = '{"teams": [{}, {}], "x": ' + "[" * 40 + "]" * 40 + "}"
    assert f"{MAX_DEPTH} levels" in refused(cli, db, "hand", "--file", "-", input=text)


def test_reading_dev_zero_stops_at_the_size_limit(cli, db):
    new_game(cli)
    line = refused(cli, db, "hand", "--yes", "--file", "/dev/zero")
    assert "4 MiB" in line


def test_a_file_larger_than_the_limit_is_refused(cli, db, tmp_path):
    new_game(cli)
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (MAX_INPUT_BYTES + 1))
    assert "4 MiB" in refused(cli, db, "hand", "--file", str(path))
    # an export is read up to MAX_EXPORT_BYTES: the largest game's export is larger than 4 MiB
    assert "4 MiB" not in refused(cli, db, "import", str(path), code=3)  # read: not JSON
    path.write_bytes(b" " * (MAX_EXPORT_BYTES + 1))
    assert "8 MiB" in refused(cli, db, "import", str(path), code=3)


def test_a_byte_order_mark_is_read_the_same_from_a_file_and_from_standard_input(cli, db, tmp_path):
    # issue 18, point 10: accepted in a file, refused on standard input
    new_game(cli)
    text = '\ufeff{"teams": [{"meld_points": 50}, {"meld_points": 60}]}'
    path = tmp_path / "hand.json"
    path.write_text(text, encoding="utf-8")
    assert cli("hand", "--yes", "--file", str(path)).exit_code == 0
    assert cli("hand", "--yes", "--file", "-", input=text).exit_code == 0
    assert len(game_doc(db)["hands"]) == 2


def export_of_game_1(cli, tmp_path):
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=60").exit_code == 0
    path = tmp_path / "game.json"
    assert cli("export", "1", "--format", "json", "-o", str(path)).exit_code == 0
    return path, json.loads(path.read_text(encoding="utf-8"))


def test_an_import_whose_format_is_true_is_refused(cli, db, tmp_path):
    # issue 18, point 10: "format": true was taken for 1
    path, doc = export_of_game_1(cli, tmp_path)
    doc["format"] = True
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert "format" in refused(cli, db, "import", str(path), "--again", code=3)


@pytest.mark.parametrize("where", ["bonus", "nesting", "duplicate"])
def test_an_import_out_of_bounds_is_refused_as_a_file(cli, db, tmp_path, where):
    path, doc = export_of_game_1(cli, tmp_path)
    text = json.dumps(doc)
    if where == "bonus":
        doc["record"]["rules"]["canastas"]["natural"]["bonus"] = int(HUGE[:40])
        text = json.dumps(doc)
    elif where == "nesting":
        text = text[:-1] + ', "x": ' + "[" * 50 + "]" * 50 + "}"
    else:
        text = text[:-1] + ', "format": 1}'
    path.write_text(text, encoding="utf-8")
    line = refused(cli, db, "import", str(path), "--again", code=3)
    assert "unexpected" not in line


def test_a_stored_game_with_a_huge_number_is_read_but_cannot_grow_or_be_exported(cli, db):
    # a database an older version let a huge --set into: still read and deletable (README, the
    # bounds paragraph; red team round 12), a hand refused in one line, never a crash
    new_game(cli)
    data = json.loads(game_file(db, 1).read_bytes())
    data["games"]["1"]["rules"]["canastas"]["natural"]["bonus"] = 10**40
    game_file(db, 1).write_text(json.dumps(data))
    for args in (("status",), ("show", "1"), ("games", "--all"), ("stats",)):
        result = cli(*args)
        assert result.exit_code == 0, (args, result.output)
    before = database_files(db)
    line = refused(cli, db, "hand", "--yes", "m=50 nat=1", "m=50")  # 10**40 points: beyond
    assert "1,000,000,000" in line
    assert database_files(db) == before
    assert "import refuses" in refused(cli, db, "export", code=3)
    assert cli("delete", "1", "--yes").exit_code == 0


def user_variant(tmp_path, name: str, text: str):
    folder = tmp_path / "config" / "variants"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_deeply_nested_user_variant_is_listed_broken_and_the_rest_still_listed(cli, tmp_path):
    user_variant(
        tmp_path, "deep", 'name = "deep"\nextends = "classic"\nx = ' + "[" * 5000 + "]" * 5000
    )
    user_variant(tmp_path, "house", 'name = "house"\nextends = "classic"\n')
    result = cli("variants", "--json")
    assert result.exit_code == 0, result.output
    rows = {v["name"]: v for v in json.loads(result.stdout)["variants"]}
    assert rows["deep"]["error"] and "deep" in rows["deep"]["error"]
    assert rows["house"]["error"] is None and rows["classic"]["error"] is None
    assert cli("variants").exit_code == 0


@pytest.mark.parametrize(
    "body",
    [
        "x = " + "[" * 5000 + "]" * 5000,
        "x = " + "[" * 40 + "]" * 40,
        f"target = {TOO_MANY}",
        f"target = {MAX_NUMBER + 1}",
        "[canastas.natural]\nbonus = 1e400",
    ],
    ids=["very-deep", "deep", "digits", "past-bound", "infinite"],
)
def test_a_variant_file_out_of_bounds_is_refused(cli, db, tmp_path, body):
    path = user_variant(tmp_path, "bad", f'name = "bad"\nextends = "classic"\n{body}\n')
    line = refused(cli, db, "variants", "check", str(path), code=3)
    assert "unexpected" not in line and str(path) in line
    refused(cli, db, "new", "bad", "--team", "A", "--team", "B", code=3)


def test_a_target_beyond_the_bound_is_refused_naming_target(cli, db):
    """Red team round 11: refused as "--set target", an option not typed."""
    line = refused(
        cli, db, "new", "classic", "--team", "A", "--team", "B", "--target", "1000000005", code=2
    )
    assert line.startswith("Error: --target is at most 1,000,000,000") and "--set" not in line
    assert (
        cli("new", "classic", "--team", "A", "--team", "B", "--target", "1000000000").exit_code == 0
    )


def test_a_long_guided_answer_is_quoted_as_an_excerpt(cli, db):
    """Red team round 11: a refused guided answer was quoted whole (a 120,286-character line);
    an Error: line quotes what was typed only as a short excerpt (README)."""
    from scorekeeper.cli.common import MAX_ERROR

    new_game(cli)
    answers = "0\nn\n" + "Z" * 60_000 + "\n" + "\n" * 40
    result = cli("hand", "--guided", input=answers)
    refusal = [line for line in result.stderr.splitlines() if "ZZZ" in line]
    assert refusal, result.stderr[:500]
    assert all(len(line) <= MAX_ERROR + 20 for line in refusal)


def test_a_guided_answer_that_is_not_utf8_is_asked_again(cli, db):
    """Red team round 11: a non-UTF-8 answer was read as text and quoted as "\\udcff"; now
    said as play's prompt says it, and the question comes again."""
    import os
    import subprocess
    import sys

    new_game(cli)
    answers = b"0\nn\n\xffm\n" + b"\n" * 40  # a byte that is no UTF-8
    env = {**os.environ, "SCOREKEEPER_DB": str(db), "LC_ALL": "C"}
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "hand", "--guided", "--yes"],
        input=answers,
        capture_output=True,
        env=env,
        timeout=60,
    )
    said = done.stderr.decode("utf-8", "replace")
    assert "the line is not valid UTF-8 text; type it again" in said
    assert "udcff" not in said


def test_a_number_past_the_bound_in_a_file_is_named_where_it_stands(cli, db, tmp_path):
    # red team round 15b: an edited export refused with "a number is too large", not naming
    # which of its thousands of numbers
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=60").exit_code == 0
    exported = tmp_path / "game.json"
    assert cli("export", "--format", "json", "-o", str(exported)).exit_code == 0
    doc = json.loads(exported.read_text(encoding="utf-8"))
    doc["hands"][0]["teams"][1]["meld_points"] = MAX_NUMBER + 1
    exported.write_text(json.dumps(doc), encoding="utf-8")
    line = refused(cli, db, "import", str(exported), code=3)
    assert "hands[0].teams[1].meld_points: a number is too large" in line
    entry = tmp_path / "hand.json"
    entry.write_text('{"teams": [{"meld_points": 50}, {"meld_points": ' + TOO_MANY + "}]}")
    line = refused(cli, db, "hand", "--yes", "--file", str(entry))
    assert "teams[1].meld_points: a number is too large" in line


@pytest.mark.parametrize(
    "args",
    [
        ("new", "classic", "-t", "A", "-t", "B", "--target", ZEROS + "6000"),
        ("games", "--since", ZEROS + "1d"),
        ("games", "--limit", ZEROS + "3"),
    ],
)
def test_leading_zeros_in_an_option_are_no_value(cli, db, args):
    # red team round 15b: past 4,300 leading zeros a number was "not a valid int"
    result = cli(*args)
    assert result.exit_code == 0, result.output
    if args[0] == "new":
        assert cli.json("status")["target"] == 6000


@pytest.mark.parametrize(
    "args",
    [
        ("new", "classic", "-t", "A", "-t", "B", "--target", TOO_MANY),
        ("new", "classic", "-t", "A", "-t", "B", "--target", "-" + TOO_MANY),
        ("games", "--limit", TOO_MANY),
        ("minimum", "--variant", "hand-and-foot", "--round", TOO_MANY),
        ("minimum", "--variant", "classic", "--score", TOO_MANY),
        ("serve", "--port", TOO_MANY),
    ],
)
def test_an_option_of_more_digits_than_python_converts_is_refused_naming_the_bound(cli, args):
    result = cli(*args)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "a number is too large" in lines[0] and "1,000,000,000" in lines[0]
    assert len(lines[0]) < 400 and "internal error" not in lines[0]


@pytest.mark.parametrize(
    ("settings", "entry"),
    [
        # two natural canastas at 1,000,000,000 and a penalty of as much taken twice: the hand
        # score is 200, its bonus and penalty items 2,000,000,000 either way
        (
            (
                "canastas.natural.bonus=1000000000",
                "penalties.red_three_not_declared.points=-1000000000",
            ),
            "m=200 nat=2 red_three_not_declared=2",
        ),
        (("cards.king=1000000000",), "m=KKK h=KKK"),  # 3,000,000,000 melded, as much left
    ],
)
def test_a_hand_whose_breakdown_item_passes_the_bound_is_refused(cli, db, settings, entry):
    # red team round 16: the hand was stored and shown, and its export could not be imported
    args = ["new", "classic", "-t", "A", "-t", "B"]
    for setting in settings:
        args += ["--set", setting]
    assert cli(*args).exit_code == 0
    line = refused(cli, db, "hand", "--yes", entry, "m=5")
    assert "1,000,000,000" in line
    # the item named where it stands (red team round 17: the total was named, within bounds)
    assert "A's canasta_bonus in hand 1" in line or "A's meld_points in hand 1" in line


@pytest.mark.parametrize(
    "args",
    [
        ("new", "classic", "--team", "A", "--team", "B", "--target", "0"),
        ("new", "classic", "--team", "A", "--team", "B", "--target", "-5"),
        ("minimum", "--variant", "hand-and-foot", "--round", "0"),
        ("minimum", "--variant", "hand-and-foot", "--round", "501"),
        ("minimum", "--variant", "hand-and-foot", "--round", "5"),
    ],
)
def test_an_options_value_out_of_its_range_is_a_usage_error(cli, db, args):
    # README, exit codes: 2 for an option's value out of its range, whichever end
    refused(cli, db, *args, code=2)


def test_a_variant_files_number_of_thousands_of_digits_names_its_line(cli, db, tmp_path):
    body = "[canastas.natural]\nbonus = " + "9" * 5000
    path = user_variant(tmp_path, "bad", f'name = "bad"\nextends = "classic"\n{body}\n')
    line = refused(cli, db, "variants", "check", str(path), code=3)
    assert line.startswith(f"Error: variant file {path}, line 4: a number is too large")


@pytest.mark.parametrize("number", ["1e400", "-1e999", "2E+308"])
def test_a_json_number_past_what_a_float_holds_is_named_past_the_bound(cli, db, number):
    new_game(cli)
    text = '{"teams": [{"meld_points": ' + number + "}, {}]}"
    line = refused(cli, db, "hand", "--yes", "--file", "-", input=text)
    assert "teams[0].meld_points: a number is too large" in line
    assert "inf" not in line


def test_a_round_for_a_variant_whose_minimum_goes_by_score_names_score(cli, db):
    line = refused(cli, db, "minimum", "--variant", "classic", "--round", "2", code=2)
    assert "Classic Canasta sets its minimum by the side's score: give --score N" in line


@pytest.mark.parametrize("variant", ["classic", "hand-and-foot"])
def test_a_score_and_a_round_together_are_refused(cli, db, variant):
    # red team: one of the two was left unread without a word
    line = refused(
        cli, db, "minimum", "--variant", variant, "--round", "2", "--score", "100", code=2
    )
    assert "give --score or --round, not both" in line


def test_paths_refuses_a_folder_as_the_database(cli, db, tmp_path):
    line = refused(cli, db, "paths", "--db", str(tmp_path), code=3)
    assert "names a folder" in line
