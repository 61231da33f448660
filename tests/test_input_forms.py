"""How values are written, read the same way everywhere (issue 18, red team: a TOML date-time
in a variant file's error showed Python's ``datetime.datetime(...)``; ``--set target=1_000``
and Arabic-Indic digits ``٣٠٠٠`` were read as numbers; a JSON hand file's ``partners`` in a
variant with fixed sides exited 2 where ``--partners`` exited 1).

A number is ASCII digits with an optional sign; full-width digits read as ASCII (README,
"One-line entries": NFKC, for entries and option values). A refused TOML value is shown as
TOML writes it. Partners named in a variant with fixed sides are refused by its rules: exit 1
however they are given.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import database_files


def variant_file(tmp_path, body: str) -> None:
    folder = tmp_path / "config" / "variants"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mine.toml").write_text('name = "mine"\nextends = "classic"\n' + body, "utf-8")


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ("target = 1979-05-27T07:32:00Z", "not 1979-05-27T07:32:00+00:00"),
        ("target = 1979-05-27", "not 1979-05-27"),
        ("tie = 07:32:00", "'tie' is 07:32:00"),
        ("[canastas.natural]\nbonus = 1979-05-27T07:32:00", "not 1979-05-27T07:32:00"),
    ],
)
def test_a_toml_date_or_time_is_shown_as_toml_writes_it(cli, tmp_path, line, shown):
    variant_file(tmp_path, line + "\n")
    result = cli("new", "mine", "--team", "A", "--team", "B")
    assert result.exit_code == 3, result.output
    assert shown in result.stderr
    assert "datetime" not in result.stderr and "(1979" not in result.stderr


@pytest.mark.parametrize("value", ["1_000", "٣٠٠٠", "3٠00", "१०००", "6,000", "0x10", "1e3"])
def test_set_takes_only_digits_with_a_sign(cli, db, value):
    result = cli("new", "classic", "--team", "A", "--team", "B", "--set", f"target={value}")
    assert result.exit_code == 2, result.output
    assert "takes a whole number" in result.stderr
    assert not db.exists()


@pytest.mark.parametrize(
    ("value", "target"), [("３０００", 3000), ("+3000", 3000), (" 3000 ", 3000)]
)
def test_set_reads_full_width_digits_and_a_sign(cli, value, target):
    doc = cli.json("new", "classic", "--team", "A", "--team", "B", "--set", f"target={value}")
    assert doc["target"] == target


@pytest.mark.parametrize("value", ["1_000", "٣٠٠٠", "१०००"])
def test_number_options_and_arguments_take_only_digits(cli, db, value):
    result = cli("new", "classic", "--team", "A", "--team", "B", "--target", value)
    assert result.exit_code == 2, result.output
    assert not db.exists()
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0
    assert cli("show", value).exit_code == 2


def test_number_options_read_full_width_digits(cli):
    doc = cli.json("new", "classic", "--team", "A", "--team", "B", "--target", "３０００")
    assert doc["target"] == 3000
    assert cli("show", "１").exit_code == 0


@pytest.mark.parametrize("value", ["٣٠٠", "1_0٠"])
def test_entries_take_only_ascii_or_full_width_digits(cli, value):
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0
    result = cli("hand", "--yes", f"m={value}", "m=50")
    assert result.exit_code == 1 and "Traceback" not in result.output  # no number, no cards
    assert cli.json("status")["hands_played"] == 0


def test_partners_in_a_variant_with_fixed_sides_exit_1_however_given(cli, db, tmp_path):
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0
    before = database_files(db)
    file = tmp_path / "hand.json"
    file.write_text(json.dumps({"teams": ["m=50", "m=50"], "partners": ["A", "B"]}), "utf-8")
    by_file = cli("hand", "--yes", "--file", str(file))
    by_stdin = cli("hand", "--yes", "--file", "-", input=file.read_text("utf-8"))
    by_option = cli("hand", "--yes", "--partners", "A,B", "m=50", "m=50")
    for result in (by_file, by_stdin, by_option):
        assert result.exit_code == 1, result.output
        assert "fixed sides" in result.stderr
    assert by_file.stderr == by_option.stderr
    assert database_files(db) == before


@pytest.mark.parametrize("text", ["٣", "²", "３x", "1_0"])
def test_a_session_hand_number_is_ascii_digits(text):
    from scorekeeper.cli.session_words import hand_number
    from scorekeeper.errors import UsageError

    with pytest.raises(UsageError, match="takes a hand's number"):
        hand_number(text)  # '²' once ended in Python's ValueError (an internal error)


def test_a_session_hand_number_reads_ascii_digits():
    from scorekeeper.cli.session_words import hand_number

    assert hand_number(" 12 ") == 12


@pytest.mark.parametrize("index", ["٣", "१"])
def test_a_set_path_indexes_a_list_with_ascii_digits_only(cli, db, index):
    result = cli(
        "new",
        "classic",
        "--team",
        "A",
        "--team",
        "B",
        "--set",
        f"opening_minimum.bands.{index}.points=5",
    )
    assert result.exit_code in (1, 2), result.output
    assert "Traceback" not in result.output and "internal" not in result.output
    assert not db.exists()


@pytest.mark.parametrize(
    ("body", "key", "value"),
    [
        (
            '[options.x]\ndescription = "d"\ndefault = 1979-05-27\nset = { target = 1 }',
            "options.x.default",
            "1979-05-27",
        ),
        (
            '[options.x]\ndescription = "d"\ndefault = false\nset = { target = 1979-05-27 }',
            "options.x.set.target",
            "1979-05-27",
        ),
        (
            '[options.x]\ndescription = "d"\ndefault = "a"\n'
            'choices = { a = {}, b = { "canastas.natural.bonus" = 07:00:00 } }',
            "options.x.choices.b.canastas.natural.bonus",
            "07:00:00",
        ),
    ],
)
def test_a_date_where_no_rule_says_what_it_takes_is_refused(cli, db, tmp_path, body, key, value):
    # these once ended in "unexpected internal error" (a date cannot be kept in a game's JSON)
    variant_file(tmp_path, body + "\n")
    result = cli("new", "mine", "--team", "A", "--team", "B")
    assert result.exit_code == 3, result.output
    assert f"'{key}' is a date or a time ({value})" in result.stderr
    assert "internal" not in result.output and not db.exists()
    listed = cli("variants")
    assert listed.exit_code == 0 and "cannot be used" in listed.stdout
