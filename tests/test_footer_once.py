"""``status`` gives the next opening minimums once, in the score pad's last lines (issue 12,
item 1: "status ends with the same last lines"), and ``show --detail`` ends with them too, as
``show`` does. Classic after a first hand: both sides below 1,500 need 50 (RULES.md §2)."""

from __future__ import annotations

from tests.conftest import PARTNERSHIPS

LINE = "Next opening minimum: Ann & Bob 50 · Cat & Dan 50"


def _game(cli) -> None:
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    assert cli("hand", "--yes", "m=220 nat=1 out", "m=100").exit_code == 0


def test_status_gives_the_next_minimums_once(cli):
    _game(cli)
    out = cli("status").stdout
    assert out.count("Next opening minimum") == 1
    lines = out.strip().splitlines()
    assert lines[-2:] == [LINE, "Next dealer: Cat"]  # RULES.md §2: the deal passes to the left


def test_show_detail_ends_with_the_pads_last_lines(cli):
    _game(cli)
    detail = cli("show", "--detail").stdout.strip().splitlines()
    pad = cli("show").stdout.strip().splitlines()
    assert detail[-2:] == [LINE, "Next dealer: Cat"]
    assert pad[-2:] == detail[-2:]


def test_a_hand_recorded_in_play_gives_the_next_minimums_once(cli):
    # piped play prints each recorded hand's breakdown, which ends with the next minimums:
    # the pad's last lines then give only the next dealer
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    out = cli("play", input="m=220 nat=1 out\nm=100\nquit\n").stdout
    after = out[out.index("Hand 1") :]
    assert after.count("Next opening minimum") == 1
    assert after.strip().splitlines()[-1] == "Next dealer: Cat"
