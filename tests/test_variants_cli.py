"""The variants commands, every shipped variant, and user variants (issue: every variant)."""

from __future__ import annotations

import json

import pytest
from conftest import refused

from scorekeeper.domain import opening_minimum
from scorekeeper.domain.variant import build_variant
from scorekeeper.variants import catalog, load_rules, load_variant, user_variant_dir

NAMES = [
    "classic",
    "classic-2",
    "classic-3",
    "cutthroat",
    "classic-6",
    "modern-american",
    "samba",
    "bolivia",
    "brazilian",
    "chilean",
    "cuban",
    "italian",
    "uruguay",
    "acaba",
    "mexicana",
    "pennies-from-heaven",
    "hand-and-foot",
]


def test_every_variant_name_of_rules_16c_ships():
    assert set(NAMES) <= {n for n, f in catalog().items() if f.builtin}


@pytest.mark.parametrize("name", NAMES)
def test_variant_shows_in_tables_and_json(cli, name):
    result = cli("variants", "show", name)
    assert result.exit_code == 0, result.output
    assert "Opening minimum" in result.output and "Canastas" in result.output
    doc = cli.json("variants", "show", name)
    assert doc["variant"] == name and doc["rules"]["canastas"]


def test_threes_by_count_are_counted_in_words(cli, monkeypatch):
    """RULES.md §3: Modern American scores 3s by colour, 1/2/3/4 -> 100/300/500/1,000."""
    shown = " ".join(cli("variants", "show", "modern-american").output.split())
    assert "1 three: 100; 2 threes: 300; 3 threes: 500; 4 threes: 1,000" in shown
    assert "1 threes" not in shown
    # Japanese counts 3s with 枚 and, in the black 3s' row, names no red ones
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    rows = cli("variants", "show", "modern-american").output.splitlines()
    black = next(r for r in rows if r.lstrip().startswith("黒い3") and "枚" in r)
    assert "1枚で100" in black and "赤" not in black


@pytest.mark.parametrize("name", NAMES)
def test_variant_rules_round_trip(name):
    rules = load_rules(name)
    v = build_variant(rules, name)
    again = build_variant(json.loads(json.dumps(dict(v.rules))), name)
    assert again == v


# Every band boundary of every variant: (variant, score, points or requirement) from RULES.md.
CLASSIC_EDGES = [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (9000, 120)]
SAMBA_EDGES = [
    (-5, 15),
    (0, 50),
    (1495, 50),
    (1500, 90),
    (2995, 90),
    (3000, 120),
    (6995, 120),
    (7000, 150),
]
BOUNDARIES = (
    [
        (n, s, m)
        for n in ("classic", "classic-2", "classic-3", "cutthroat", "uruguay", "acaba")
        for s, m in CLASSIC_EDGES
    ]
    + [(n, s, m) for n in ("samba", "bolivia", "chilean", "mexicana") for s, m in SAMBA_EDGES]
    + [("classic-6", s, m) for s, m in [(7495, 120), (7500, 150)]]
    + [
        ("modern-american", s, m)
        for s, m in [(-5, 125), (2995, 125), (3000, 155), (4995, 155), (5000, 180)]
    ]
    + [
        ("brazilian", s, m)
        for s, m in [
            (-5, 15),
            (0, 50),
            (1495, 50),
            (1500, 90),
            (2995, 90),
            (3000, 120),
            (4995, 120),
            (5000, 150),
            (6995, 150),
            (7000, "a canasta"),
            (7995, "a canasta"),
            (8000, 200),
            (8995, 200),
            (9000, "a natural canasta"),
        ]
    ]
    + [
        ("cuban", s, m)
        for s, m in [(-5, 15), (0, 50), (1500, 90), (3000, 120), (4995, 120), (5000, 150)]
    ]
    + [
        ("italian", s, m)
        for s, m in [
            (-5, 15),
            (0, 50),
            (1500, 90),
            (3000, 120),
            (4995, 120),
            (5000, 160),
            (7495, 160),
            (7500, 180),
            (9995, 180),
            (10000, 200),
        ]
    ]
    + [
        ("pennies-from-heaven", s, m)
        for s, m in [
            (-5, 15),
            (0, 50),
            (495, 50),
            (500, 90),
            (995, 90),
            (1000, 120),
            (1495, 120),
            (1500, 150),
        ]
    ]
)


@pytest.mark.parametrize(("name", "total", "needed"), BOUNDARIES)
def test_minimum_band_boundaries(cli, name, total, needed):
    v = load_variant(name)
    m = opening_minimum(v, score=total)
    assert (m.points if isinstance(needed, int) else m.text) == needed
    doc = cli.json("minimum", "--variant", name, "--score", str(total))
    key = "points" if isinstance(needed, int) else "requires"
    assert doc["opening_minimum"][key] == needed


def test_minimum_by_round_through_the_cli(cli):
    doc = cli.json("minimum", "--variant", "hand-and-foot", "--round", "3")
    assert doc["opening_minimum"]["points"] == 120
    result = cli("minimum", "--variant", "hand-and-foot", "--score", "100")
    assert result.exit_code == 2 and "--round" in result.stderr


@pytest.mark.parametrize("name", NAMES)
def test_each_option_changes_only_what_it_names(name):
    base = load_variant(name)
    for option, spec in base.rules.get("options", {}).items():
        choices = list(spec.get("choices", {})) if "choices" in spec else ["true"]
        for choice in choices:
            changed = load_rules(name, {option: choice})
            patch = spec["choices"][choice] if "choices" in spec else spec.get("set", {})
            touched = {path.split(".")[0] for path in patch}
            for key, value in base.rules.items():
                if key in touched or key == "chosen_options":
                    continue
                assert changed[key] == value, f"{name} {option}={choice} changed {key}"


def test_a_setting_that_breaks_the_rules_names_the_setting(cli, db):
    msg = refused(
        cli, db, "minimum", "-v", "classic", "--score", "1600", "--set", "target=0", code=2
    )
    assert "--set target=0" in msg and "classic.toml" not in msg
    msg = refused(
        cli, db, "new", "classic", "--team", "A", "--team", "B", "--set", "decks=0", code=2
    )
    assert "decks" in msg
    msg = refused(
        cli,
        db,
        "new",
        "classic",
        "--team",
        "A",
        "--team",
        "B",
        "--set",
        "canastas.natural.bonus=-500",
        code=2,
    )
    assert "cannot be negative" in msg


def test_a_setting_without_a_value_is_a_usage_error(cli, db):
    refused(cli, db, "minimum", "-v", "classic", "--score", "0", "--set", "vienna", code=2)


def test_user_variant_made_with_init_edited_checked_and_played(cli):
    # "classic with natural canastas worth 600" (issue: every variant, done when).
    result = cli("variants", "init", "house", "--from", "classic")
    assert result.exit_code == 0, result.output
    path = user_variant_dir() / "house.toml"
    text = path.read_text(encoding="utf-8")
    assert 'extends = "classic"' in text
    text = text.replace(
        '# [canastas.natural]\n# title = "natural canasta"\n# bonus = 500',
        "[canastas.natural]\nbonus = 600",
    )
    path.write_text(text, encoding="utf-8")
    assert cli("variants", "check", str(path)).exit_code == 0
    listing = cli.json("variants")
    assert any(v["name"] == "house" and not v["builtin"] for v in listing["variants"])
    cli("new", "house", "--team", "A", "--team", "B")
    doc = cli.json("hand", "m=100 nat=1 out", "m=50")
    assert doc["teams"][0]["canasta_bonus"] == 600
    assert doc["teams"][0]["hand_score"] == 100 + 600 + 100
    # Editing the file later changes no game already started.
    path.write_text(text.replace("bonus = 600", "bonus = 900"), encoding="utf-8")
    status = cli.json("status")
    assert status["teams"][0]["total"] == 800


def test_variants_check_names_the_file_and_key(cli, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "bad"\nextends = "classic"\n[going_out]\nbonuss = 100\n')
    result = cli("variants", "check", str(bad))
    assert result.exit_code == 3
    assert str(bad) in result.stderr and "going_out.bonuss" in result.stderr


def test_init_refuses_a_builtin_name_and_an_existing_file(cli):
    assert cli("variants", "init", "samba").exit_code == 1
    assert cli("variants", "init", "mine").exit_code == 0
    again = cli("variants", "init", "mine")
    assert again.exit_code == 1 and "exists" in again.stderr


def test_a_user_file_that_extends_the_builtin_of_its_own_name(cli):
    folder = user_variant_dir()
    folder.mkdir(parents=True)
    (folder / "classic.toml").write_text(
        'name = "classic"\nextends = "classic"\n[canastas.natural]\nbonus = 600\n'
    )
    doc = cli.json("variants", "show", "classic")
    assert doc["rules"]["canastas"]["natural"]["bonus"] == 600
    doc = cli.json("variants", "show", "classic-2")  # builds on the user's classic
    assert doc["rules"]["canastas"]["natural"]["bonus"] == 600
    listed = {v["name"]: v["builtin"] for v in cli.json("variants")["variants"]}
    assert listed["classic"] is False and listed["classic-2"] is True


def test_cutthroat_hand_with_partners_through_the_cli(cli):
    cli("new", "cutthroat", "--team", "Ann", "--team", "Bob", "--team", "Cat")
    doc = cli.json(
        "hand", "--partners", "Bob,Cat", "m=120 r=1 h=20", "m=200 nat=1 r=2 out", "m=90 mix=1 h=15"
    )
    scores = [t["hand_score"] for t in doc["teams"]]
    shared = 290 + 800 + 100 - 15
    assert scores == [200, shared + 200, shared]


def test_games_of_each_variant_record_to_their_end(cli):
    # Samba to 10,000: start near the target and go out with two canastas.
    cli("new", "samba", "--team", "A", "--team", "B", "--start-score", "9000", "--start-score", "0")
    doc = cli.json("hand", "m=200 nat=2 out", "m=100")
    assert doc["teams"][0]["total"] == 9000 + 200 + 1000 + 200 and doc["winner"] == "A"
