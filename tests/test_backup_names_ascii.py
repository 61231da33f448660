"""Backup names count only ASCII digits: a file named with Arabic-Indic (or other non-ASCII)
digits in the backups folder is no backup, never listed nor restored (issue 18, red team)."""

from __future__ import annotations

import pytest
from conftest import new_game
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.storage.files import BACKUP_NAME

ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


@pytest.fixture
def backed_up(cli, db):
    new_game(cli)
    assert cli("hand", "--yes", "m=50", "m=50").exit_code == 0
    folder = db.with_name(db.name + ".backups")
    (real,) = [p for p in folder.iterdir() if not p.name.startswith(".")]
    return real


def test_a_backup_named_in_arabic_indic_digits_is_not_listed(cli, db, backed_up):
    fake = backed_up.with_name("29991231T235959.999999Z.json".translate(ARABIC_INDIC))
    fake.write_bytes(backed_up.read_bytes())
    listed = cli.json("backups")
    text = str(listed)
    assert "٢" not in text and "٩" not in text
    assert fake.name not in text and backed_up.name in text
    result = cli("backups", "restore", "2", "--yes")  # only one backup: no second
    assert result.exit_code != 0
    assert fake.read_bytes() == backed_up.read_bytes()


def test_an_ascii_backup_name_matches():
    assert BACKUP_NAME.fullmatch("20261202T054632.109234Z.json")
    assert BACKUP_NAME.fullmatch("20261202T054632.109234Z-restore.json")


@given(
    st.text(
        alphabet=st.characters(categories=["Nd"]).filter(lambda c: c not in "0123456789"),
        min_size=1,
        max_size=1,
    ),
    st.integers(0, 19),
)
def test_any_non_ascii_digit_in_the_stamp_is_no_backup_name(digit, where):
    name = "20261202T054632.109234Z"
    where = [i for i, c in enumerate(name) if c.isdigit()][where]
    assert BACKUP_NAME.fullmatch(f"{name[:where]}{digit}{name[where + 1 :]}.json") is None
