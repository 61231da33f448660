"""The package's variant files are read from ``scorekeeper/variants/builtin.json`` (no TOML
parsing on each command; issue 17): the table is exactly what the TOML files read, and every
file passes each check a variant file is held to, which a command no longer repeats."""

from __future__ import annotations

import shutil
import tomllib

import pytest
from conftest import load_script

from scorekeeper.variant_folders import BUILTIN_DIR
from scorekeeper.variants import builtin_data, read_file

FILES = sorted(BUILTIN_DIR.glob("*.toml"))


def test_the_table_is_up_to_date_with_the_toml_files():
    tool = load_script("tools/builtin_variants.py")
    assert tool.main(["--check"]) == 0, "run tools/builtin_variants.py"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_file_reads_as_its_toml_in_the_same_order(path):
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    stored = builtin_data(path)
    assert stored == data
    assert list(stored) == list(data)  # the rules a game stores keep the file's order


@pytest.mark.parametrize("path", [p for p in FILES if p.stem != "base"], ids=lambda p: p.stem)
def test_each_file_passes_every_check_of_a_variant_file(path, tmp_path):
    copy = tmp_path / path.name  # outside the package: read and checked as a user's file
    shutil.copy(path, copy)
    assert builtin_data(copy) is None
    assert read_file(copy) == builtin_data(path)


def test_a_file_outside_the_package_is_never_taken_from_the_table(tmp_path):
    fake = tmp_path / "classic.toml"
    fake.write_text('name = "classic"\nextends = "classic"\ntarget = 7000\n', encoding="utf-8")
    assert builtin_data(fake) is None
    assert read_file(fake)["target"] == 7000
