"""An option of a variant file whose patch does not fit the rules is named in the refusal
(red team: "'target' must be a whole number" pointed at the file's own, valid, target)."""

from __future__ import annotations

import pytest

OPTION = """extends = "classic"
[options.fast]
description = "a shorter game"
default = {default}
set = {{ {patch} }}
"""


@pytest.mark.parametrize("default", ["true", "false"])
@pytest.mark.parametrize(
    ("patch", "said"),
    [
        ('"target" = "abc"', "'target' must be a whole number, not \"abc\""),
        ('"nonexist.path" = 5', "unknown key 'nonexist'"),
    ],
)
def test_an_options_bad_patch_names_the_option(cli, tmp_path, default, patch, said):
    folder = tmp_path / "config" / "variants"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "house.toml"
    path.write_text(OPTION.format(default=default, patch=patch), encoding="utf-8")
    result = cli("variants", "check", "house")
    assert result.exit_code == 3, result.output
    assert said in result.stderr
    if default == "true":  # applied as the variant is read: the option is named
        assert f"{path}: option 'fast' (set): {said}" in result.stderr
    else:  # tried by the check, each setting in turn
        assert "fast" in result.stderr and "true" in result.stderr


def test_a_file_whose_option_is_bad_cannot_be_used_however_it_is_asked_for(cli, tmp_path):
    # red team: 'variants' listed it as usable while 'variants check' refused it, a game
    # could start on it, and turning the option on gave exit 3 for one bad patch and 2 for
    # another
    folder = tmp_path / "config" / "variants"
    folder.mkdir(parents=True, exist_ok=True)
    patch = '"canastas.natural.bonus" = "abc"'
    (folder / "house.toml").write_text(OPTION.format(default="false", patch=patch))
    listed = {v["name"]: v for v in cli.json("variants")["variants"]}
    assert listed["house"]["error"] and "fast" in listed["house"]["error"]
    assert listed["classic"]["error"] is None
    for extra in ([], ["--set", "fast=true"], ["--set", "fast=false"]):
        result = cli("new", "house", "--team", "A", "--team", "B", *extra)
        assert result.exit_code == 3, result.output
        assert "option 'fast' (set): 'canastas.natural.bonus' must be a whole number" in (
            result.stderr
        )
