"""Variant files: the shipped ones load, and a broken one is refused with a clear message."""

from __future__ import annotations

import pytest

from scorekeeper.errors import DataFileError, UsageError
from scorekeeper.variants import catalog, check_file, load_variant, user_variant_dir


def test_every_shipped_variant_loads():
    names = [name for name, f in catalog().items() if f.builtin]
    assert {"classic", "classic-2", "classic-3"} <= set(names)
    for name in names:
        v = load_variant(name)
        assert v.name == name and v.opening_minimum.bands


def write(tmp_path, text, name="x.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_user_variant_extending_classic(tmp_path):
    folder = user_variant_dir()
    folder.mkdir(parents=True)
    write(
        folder,
        'name = "house"\nextends = "classic"\n[canastas.natural]\nbonus = 600\n',
        "house.toml",
    )
    v = load_variant("house")
    assert v.canastas["natural"].bonus == 600
    assert v.canastas["mixed"].bonus == 300  # inherited from classic


def test_unknown_key_is_named(tmp_path):
    path = write(tmp_path, 'name = "x"\nextends = "classic"\ntarget_score = 1\n')
    with pytest.raises(DataFileError, match="unknown key 'target_score'"):
        check_file(path)


def test_wrong_type_is_named(tmp_path):
    path = write(tmp_path, 'name = "x"\nextends = "classic"\ntarget = "lots"\n')
    with pytest.raises(DataFileError, match="'target' must be a whole number"):
        check_file(path)


BANDS = 'name = "x"\nextends = "classic"\n[opening_minimum]\nbands = [{rows}]\n'


def test_minimum_bands_that_leave_a_gap(tmp_path):
    rows = "{below = 0, points = 15}, {from = 100, points = 50}"
    with pytest.raises(DataFileError, match="gap from 0 to 100"):
        check_file(write(tmp_path, BANDS.format(rows=rows)))


def test_minimum_bands_that_overlap(tmp_path):
    rows = "{below = 1500, points = 15}, {from = 1000, points = 50}"
    with pytest.raises(DataFileError, match="overlap"):
        check_file(write(tmp_path, BANDS.format(rows=rows)))


def test_extends_cycle(tmp_path):
    folder = user_variant_dir()
    folder.mkdir(parents=True)
    write(folder, 'name = "a"\nextends = "b"\n', "a.toml")
    write(folder, 'name = "b"\nextends = "a"\n', "b.toml")
    with pytest.raises(DataFileError, match="cycle"):
        load_variant("a")


def test_not_toml(tmp_path):
    with pytest.raises(DataFileError, match="not valid TOML"):
        check_file(write(tmp_path, "name = \n"))


def test_set_unknown_rule():
    with pytest.raises(UsageError, match="'targett' is not a rule"):
        load_variant("classic", {"targett": "100"})


def test_set_changes_only_what_it_names():
    base = load_variant("classic")
    changed = load_variant("classic", {"canastas.natural.bonus": "600"})
    assert changed.canastas["natural"].bonus == 600
    assert changed.canastas["mixed"] == base.canastas["mixed"]
    assert (
        changed.red_threes == base.red_threes
        and changed.opening_minimum.bands == base.opening_minimum.bands
    )


def test_vienna_option_makes_red_threes_minus_without_a_canasta():
    from scorekeeper.domain import entry_from_json, score_hand

    v = load_variant("classic", {"vienna": "true"})
    a = entry_from_json(v, {"meld_points": 60, "red_threes": 2})
    [side, _] = score_hand(v, [a, entry_from_json(v, {})])
    assert side.red_three_bonus == -200


def test_a_file_whose_name_differs_from_its_file_name(tmp_path):
    path = write(tmp_path, 'name = "other"\nextends = "classic"\n', "mine.toml")
    with pytest.raises(DataFileError, match="used by its file name"):
        check_file(path)


def test_a_variant_nobody_could_go_out_in(tmp_path):
    path = write(tmp_path, 'name = "x"\n')
    with pytest.raises(DataFileError, match="no canasta kinds"):
        check_file(path)
