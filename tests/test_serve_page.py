"""The page ``serve`` shows (issue 16), rendered on the server from the score pad's values:
sides, hands, running totals, next opening minimums, next dealer, winner; names and notes
escaped; a page that works without JavaScript; the events' format."""

from __future__ import annotations

import base64
import hashlib
import json
import re

from conftest import PARTNERSHIPS

from scorekeeper.application.queries import game
from scorekeeper.presentation import web_pad

EX_07 = ("m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70")  # RULES.md EX-07: 1,305 and 140


def played(cli, db, *new_options: str, hands: int = 1, note: str = ""):
    assert cli("new", "classic", *new_options).exit_code == 0
    for _ in range(hands):
        extra = ("--note", note) if note else ()
        result = cli("hand", "--yes", *EX_07, *extra)
        assert result.exit_code == 0, result.output
    return game(db)


def text_of(html: str) -> str:
    """The text a browser shows of an HTML fragment (tags dropped, entities read)."""
    import html as html_module

    return " ".join(html_module.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_the_pad_shows_sides_hands_totals_minimums_and_the_next_dealer(cli, db):
    stored = played(cli, db, *PARTNERSHIPS, hands=2)
    shown = text_of(web_pad.pad_html(stored))
    assert "Ann & Bob (Ann, Bob) vs Cat & Dan (Cat, Dan)" in shown
    assert "Playing, 2 hands played" in shown
    # after two hands of EX-07: 2,610 and 280; 1,500 or more opens with 90 (RULES.md §2)
    assert "Ann & Bob Ann, Bob 2,610 next opening minimum: 90" in shown
    assert "Cat & Dan Cat, Dan 280 next opening minimum: 50" in shown
    assert "Next dealer: Bob" in shown  # Ann, then Cat dealt; Bob sits next
    # a row per hand: number, dealer, then per side score, running total, minimum applied
    assert "1 Ann 1,305 1,305 50 140 140 50" in shown
    assert "2 Cat 1,305 2,610 50 140 280 50" in shown


def test_the_winner_is_announced_and_nothing_is_left_to_open(cli, db):
    stored = played(cli, db, "--team", "Ann & Bob", "--team", "Cat & Dan", "--target", "1000")
    html = web_pad.pad_html(stored)
    assert "Winner: Ann &amp; Bob with 1,305, by 1,165 points" in html
    assert '<div class="side winner" data-side="0">' in html
    assert "next opening minimum" not in html and "Next dealer" not in html


def test_names_and_notes_are_escaped_in_the_page_and_the_events(cli, db):
    evil = "<script>alert(1)</script>"
    stored = played(
        cli, db, "--team", evil, "--team", '"><img src=x onerror=alert(2)>', note="<b>bold</b>"
    )
    data = web_pad.event_data(stored)
    page = web_pad.page(data)
    for html in (page, data["pad"]):
        assert evil not in html and "<img" not in html and "<b>bold" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
        assert "&lt;b&gt;bold&lt;/b&gt;" in html  # the note, under the pad
    assert page.count("<script>") == 1  # the page's own script only
    assert data["teams"][0]["team"] == evil  # the JSON keeps the name as typed
    assert "&lt;script&gt;" in web_pad.page(data).split("<title>")[1].split("</title>")[0]


def test_the_inline_style_and_script_are_the_only_ones_the_policy_allows(cli, db):
    page = web_pad.page(web_pad.event_data(played(cli, db, *PARTNERSHIPS)))
    policy = web_pad.CONTENT_SECURITY_POLICY
    for tag in ("style", "script"):
        body = page.split(f"<{tag}>")[1].split(f"</{tag}>")[0]
        digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        assert f"{tag}-src 'sha256-{digest}'" in policy
    assert "default-src 'none'" in policy and "connect-src 'self'" in policy


def test_the_page_works_without_javascript_and_reads_on_a_phone(cli, db):
    page = web_pad.page(web_pad.event_data(played(cli, db, *PARTNERSHIPS)))
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert '<noscript><meta http-equiv="refresh" content="15"></noscript>' in page
    assert "1,305" in page.split("<script>")[0]  # the totals are in the HTML itself
    assert "@media (min-width:" in page  # a laptop gets the larger layout


def test_an_event_is_one_text_event_stream_message_of_the_standings(cli, db):
    stored = played(cli, db, *PARTNERSHIPS, note="two\nlines")
    text = web_pad.event_text(web_pad.event_data(stored), 7)
    lines = text.split("\n")
    assert lines[:2] == ["event: standings", "id: 7"]
    assert lines[2].startswith("data: ") and text.endswith("\n\n") and len(lines) == 5
    data = json.loads(lines[2][len("data: ") :])
    assert [t["total"] for t in data["teams"]] == [1305, 140]
    assert data["title"] == "Game 1 · Ann & Bob 1,305 · Cat & Dan 140"


def test_with_no_game_the_page_says_it_waits_for_one():
    data = web_pad.event_data(None)
    assert data["game"] is None and "No game yet" in data["pad"]
    shown = text_of(web_pad.event_data(None, "the database is damaged")["pad"])
    assert shown.startswith("the database is damaged")
