"""--since: relative days as people say them, and ISO dates (issue 15, point 8)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.cli.review import since_date
from scorekeeper.errors import UsageError

TODAY = date(2026, 11, 29)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("today", date(2026, 11, 29)),
        ("Yesterday", date(2026, 11, 28)),
        ("3d", date(2026, 11, 26)),
        ("0d", date(2026, 11, 29)),
        ("2w", date(2026, 11, 15)),
        ("1m", date(2026, 10, 29)),
        ("11m", date(2025, 12, 29)),
        ("1y", date(2025, 11, 29)),
        (" 2Y ", date(2024, 11, 29)),
        ("2026-11-01", date(2026, 11, 1)),
    ],
)
def test_since_reads_days_as_said(text, expected):
    assert since_date(text, today=TODAY) == expected


def test_a_month_back_from_a_long_month_lands_on_the_last_day():
    assert since_date("1m", today=date(2026, 3, 31)) == date(2026, 2, 28)
    assert since_date("1m", today=date(2028, 3, 31)) == date(2028, 2, 29)  # a leap year
    assert since_date("1y", today=date(2028, 2, 29)) == date(2027, 2, 28)
    assert since_date("3m", today=date(2026, 1, 15)) == date(2025, 10, 15)


@pytest.mark.parametrize("text", ["last week", "3", "d", "3x", "-3d", "1.5w", "2026-13-01", "٣d"])
def test_since_refuses_what_it_cannot_read(text):
    with pytest.raises(UsageError) as err:
        since_date(text, today=TODAY)
    message = err.value.message
    assert f"got '{text}'" in message
    assert "yesterday" in message and "1m" in message and "YYYY-MM-DD" in message


def test_since_far_back_is_refused_not_a_crash():
    with pytest.raises(UsageError):
        since_date("99999999d", today=TODAY)
    with pytest.raises(UsageError):
        since_date("30000y", today=TODAY)


@given(st.integers(min_value=0, max_value=1200), st.dates(min_value=date(1000, 1, 1)))
def test_months_back_land_in_the_month_they_name(months, today):
    back = since_date(f"{months}m", today=today)
    assert (today.year * 12 + today.month) - (back.year * 12 + back.month) == months
    assert back.day == today.day or (back.day < today.day and (back + timedelta(days=1)).day == 1)


def test_games_since_today_and_yesterday_through_the_command(cli):
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0
    for text in ("today", "yesterday", "1m", "1y"):
        listed = cli.json("games", "--since", text)
        assert [g["game"] for g in listed["games"]] == [1], text
    refused = cli("games", "--since", "next week")
    assert refused.exit_code == 2 and "Error: --since takes today" in refused.output


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (("games", "--since", ""), "--since"),
        (("games", "--since", "  "), "--since"),
        (("games", "--player", ""), "--player"),
        (("games", "--variant", " "), "--variant"),
        (("stats", "--variant", ""), "--variant"),
    ],
)
def test_a_blank_filter_is_refused_not_read_as_no_filter(cli, args, option):
    """An empty shell variable as a filter's value would list every game, as if no filter
    were given: it is refused, naming the option."""
    assert cli("new", "classic", "--team", "A", "--team", "B").exit_code == 0
    refused = cli(*args)
    assert refused.exit_code == 2
    assert refused.output.startswith(f"Error: {option}") and "got '" in refused.output
    assert "Traceback" not in refused.output
