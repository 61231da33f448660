"""One rule for a variant's name: a user's variant file whose name is no variant name (the
rule ``variants init`` applies: up to 40 lower-case letters, digits, - and _) is no variant:
``Classic.toml`` does not shadow ``classic`` nor make a ``Classic``, ``sp ace.toml`` makes no
``sp ace``, and ``variants check`` says why (exit 3)."""

from __future__ import annotations

import pytest

from scorekeeper.variant_folders import is_variant_name, variant_files
from scorekeeper.variants import catalog


def user_file(tmp_path, name: str, title: str):
    folder = tmp_path / "config" / "variants"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(f'extends = "classic"\ntitle = "{title}"\n', encoding="utf-8")
    return path


@pytest.mark.parametrize("name", ["Classic", "sp ace", "-x", "a" * 41, "ä"])
def test_a_file_of_no_variant_name_is_no_variant(cli, db, tmp_path, name):
    assert not is_variant_name(name)
    path = user_file(tmp_path, name, "Fake")
    assert name not in catalog() and name not in variant_files()
    assert "Fake" not in cli("variants").output
    result = cli("new", name, "--team", "A", "--team", "B")
    assert result.exit_code != 0, result.output
    checked = cli("variants", "check", str(path))
    assert checked.exit_code == 3, checked.output
    assert "cannot be a variant name" in checked.output


def test_variants_init_refuses_the_same_names(cli, db):
    for name in ("Classic", "x y"):
        assert not is_variant_name(name)
        assert cli("variants", "init", name).exit_code == 1


def test_a_file_of_a_variant_name_is_a_variant(cli, db, tmp_path):
    user_file(tmp_path, "house_2", "House")
    assert is_variant_name("house_2") and "house_2" in catalog()
    assert cli("new", "house_2", "--team", "A", "--team", "B").exit_code == 0


def test_built_in_names_are_variant_names():
    assert all(is_variant_name(name) for name, v in catalog().items() if v.builtin)


@pytest.mark.parametrize("file_name", ["house.TOML", "house.Toml", "house.txt", "house"])
def test_a_file_not_ending_in_lower_case_toml_is_no_variant(cli, db, tmp_path, file_name):
    # A variant folder lists only '*.toml' (README, "Variants"): 'check' must not pass a file
    # that 'new' and 'variants' would then never find.
    folder = tmp_path / "config" / "variants"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file_name
    path.write_text('extends = "classic"\ntitle = "Fake"\n', encoding="utf-8")
    assert "house" not in catalog()
    assert "Fake" not in cli("variants").output
    assert cli("new", "house", "--team", "A", "--team", "B").exit_code != 0
    checked = cli("variants", "check", str(path))
    assert checked.exit_code == 3, checked.output
    assert checked.stderr.strip() == (
        f"Error: {path}: a variant file's name ends in .toml (in lower case), or no variant"
        " folder lists it: name it house.toml"
    )


@pytest.mark.parametrize(
    ("alias", "said"),
    [
        ("-", "'-' does not begin with a letter"),  # '-' is the entry of a side with nothing
        ("2", "'2' does not begin with a letter"),  # fix 2: a side's number
        ("undo", "'undo' is a command of play"),  # a command at one prompt, an item at the next
        ("Q", "'Q' is a command of play"),
        ("keep", "'keep' is a command of play"),  # edit: a side's entry kept
    ],
)
def test_a_canasta_alias_read_as_something_else_is_refused(cli, tmp_path, alias, said):
    path = tmp_path / "x.toml"
    path.write_text(
        f'name = "x"\nextends = "classic"\n[canastas.natural]\naliases = ["{alias}"]\n',
        encoding="utf-8",
    )
    result = cli("variants", "check", str(path))
    assert result.exit_code == 3, result.output
    assert said in result.stderr
