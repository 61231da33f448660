"""The live page fits a phone (390 px wide): below 32rem the hands table keeps per side only
the hand score and the total (the opening minimums are on the sides' cards above it), so the
second side's columns are not cut off the right edge."""

from __future__ import annotations

import re

from scorekeeper.application.queries import game
from scorekeeper.presentation import web_pad
from tests.conftest import PARTNERSHIPS


def _page(cli, db) -> str:
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    assert cli("hand", "--yes", "m=220 nat=1 out", "m=110").exit_code == 0
    return web_pad.page(web_pad.event_data(game(db)))


def test_each_sides_minimum_column_is_a_col_the_phone_rule_collapses(cli, db):
    html = _page(cli, db)
    cols = re.search(r"<colgroup>(.*?)</colgroup>", html).group(1)
    # hand, dealer, then per side: score, total, min (two sides)
    assert (
        re.findall(r"<col[^>]*>", cols)
        == ["<col>", "<col>"]
        + [
            "<col>",
            "<col>",
            '<col class="min">',
        ]
        * 2
    )
    narrow = re.search(r"@media \(max-width: (\d+)rem\) \{(.*?)\} \}", web_pad.CSS, re.S)
    assert narrow is not None
    assert int(narrow.group(1)) * 16 >= 390  # a 390 px phone is within the rule
    assert "col.min { visibility: collapse; }" in narrow.group(2)


def test_the_minimums_stay_on_the_sides_cards(cli, db):
    html = _page(cli, db)
    assert html.count('class="minimum"') == 2  # one per side: what the collapsed column held
