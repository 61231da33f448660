"""The distribution: a name of its own on the package index, its licence, its metadata."""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: The name on the package index ("scorekeeper" there is an unrelated project; issue 15).
NAME = "canasta-scorekeeper"


def test_the_distribution_has_a_name_of_its_own():
    assert PYPROJECT["project"]["name"] == NAME


def test_the_command_and_the_package_keep_their_name():
    assert PYPROJECT["project"]["scripts"] == {"scorekeeper": "scorekeeper.__main__:main"}
    scripts = metadata.distribution(NAME).entry_points.select(group="console_scripts")
    assert {ep.name: ep.value for ep in scripts} == {"scorekeeper": "scorekeeper.__main__:main"}


def test_a_licence_file_says_mit_and_who_holds_it():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert "Copyright (c) 2026 The scorekeeper authors" in text
    assert "WITHOUT WARRANTY OF ANY KIND" in text
    assert PYPROJECT["project"]["license"] == "MIT"
    assert PYPROJECT["project"]["license-files"] == ["LICENSE"]


def test_classifiers_say_what_it_is():
    classifiers = PYPROJECT["project"]["classifiers"]
    assert "Environment :: Console" in classifiers
    assert "Topic :: Games/Entertainment" in classifiers
    assert "Programming Language :: Python :: 3.11" in classifiers
    # a licence classifier next to a licence expression is refused by current build tools
    assert not [c for c in classifiers if c.startswith("License ::")]


def test_readme_installs_the_new_name():
    assert f"pipx install {NAME}" in README
    assert f"pip install {NAME}" in README
    assert "pipx install scorekeeper" not in README
