"""A side's name may hold a colon (red team round 15: ``new --team "A:B"`` was taken, but no
entry could name that side, and with the sides ``A`` and ``A:B`` the entry ``A:B: m=50``
was read as side A's, "side 'A' has two entries"): a line starts with the longest side's
name it can (README, "One-line entries")."""

from __future__ import annotations


def test_a_side_whose_name_holds_a_colon_is_named_in_its_entry(cli, db):
    assert cli("new", "classic", "--team", "A:B", "--team", "A").exit_code == 0
    doc = cli.json("hand", "--yes", "A:B: m=50", "A: m=70")
    assert [(t["team"], t["meld_points"]) for t in doc["teams"]] == [("A:B", 50), ("A", 70)]
    doc = cli.json("hand", "--yes", "A: m:10", "a:b： m=20")  # any case, a full-width colon
    assert [(t["team"], t["meld_points"]) for t in doc["teams"]] == [("A:B", 20), ("A", 10)]
