"""Did-you-mean where the first trial found none (issue 15, point 3): a mistyped variant in
``games --variant``, a mistyped ``--set`` key or option choice, a mistyped side in a named
entry."""

from __future__ import annotations

from conftest import refused


def test_games_of_a_mistyped_variant_names_the_closest(cli):
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0
    result = cli("games", "--variant", "clasic")
    assert result.exit_code == 0  # a filter that matches nothing is no error
    assert "No games match." in result.stdout
    assert "No variant is called 'clasic'; did you mean 'classic'?" in result.stderr
    known = cli("games", "--variant", "samba")  # a real variant with no games: no note
    assert known.exit_code == 0 and known.stderr == ""


def refused_setting(cli, db, setting: str, variant: str = "classic") -> str:
    """``new VARIANT`` with ``--set SETTING``, refused as a usage error (README, "Exit codes")."""
    return refused(cli, db, "new", variant, "-t", "A", "-t", "B", "--set", setting, code=2)


def test_a_mistyped_set_key_names_the_closest_rule_or_option(cli, db):
    assert "did you mean 'target'?" in refused_setting(cli, db, "targte=6000")
    assert "did you mean 'vienna'?" in refused_setting(cli, db, "vienaa=true")
    assert "did you mean 'natural'?" in refused_setting(cli, db, "canastas.natrual.bonus=1")


def test_a_mistyped_option_choice_names_the_closest(cli, db):
    line = refused_setting(cli, db, "contract=4_33", "hand-and-foot")
    assert "is one of" in line and "did you mean '4_3'?" in line


def test_a_mistyped_side_in_a_named_entry_names_the_closest(cli, db):
    assert cli("new", "classic", "--team", "Ann & Bob", "--team", "Cat & Dan").exit_code == 0
    line = refused(cli, db, "hand", "--yes", "Ann & Bbo: m=10", "Cat & Dan: m=10")
    assert "no side called 'Ann & Bbo'" in line and "did you mean 'Ann & Bob'?" in line


def test_games_of_a_mistyped_player_names_the_closest(cli):
    assert cli("new", "classic", "--team", "Ann", "--team", "Cy & Di").exit_code == 0
    assert cli("new", "samba", "--team", "Eve", "--team", "Fay").exit_code == 0
    result = cli("games", "--player", "Anne")
    assert result.exit_code == 0  # a filter that matches nothing is no error
    assert "No games match." in result.stdout
    assert "No side or player is called 'Anne'; did you mean 'Ann'?" in result.stderr
    side = cli("games", "--player", "cy & dj")
    assert "did you mean 'Cy & Di'?" in side.stderr
    # a known player whose games the other filters leave out, and a name close to none: no note
    known = cli("games", "--player", "ann", "--variant", "samba")
    assert known.exit_code == 0 and "No games match." in known.stdout and known.stderr == ""
    far = cli("games", "--player", "Zebulon")
    assert far.exit_code == 0 and far.stderr == ""
    assert cli("games", "--player", "Anne", "--json").stderr.startswith("No side or player")


def test_a_word_known_but_for_its_case_names_the_known_word(cli, db):
    """Red team round 14: ``SHOW``, ``--format CSV``, ``--status ALL`` and a variant typed
    ``Classic`` were refused with no did-you-mean, as if nothing were close."""
    assert "did you mean 'show'?" in refused(cli, db, "SHOW", code=2)
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0
    assert "did you mean 'csv'?" in refused(cli, db, "export", "--format", "CSV", code=2)
    assert "did you mean 'all'?" in refused(cli, db, "games", "--status", "ALL", code=2)
    line = refused(cli, db, "new", "Classic", "--team", "C", "--team", "D")
    assert "did you mean 'classic'?" in line
    assert "did you mean 'samba'?" in refused(cli, db, "variants", "show", "SAMBA")
