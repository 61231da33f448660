"""Issue 18, the fifth red team's findings: no redirect of ``serve`` drops the token or echoes a
Host header; shell completion with bad variables prints nothing; ``--db`` before every
command; a bound on the cards of one entry; no line separators in names or labels; ``--db``
never a folder nor another database's own file."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.presentation import live


def one_error_line(result: Any) -> str:
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error:"), result.output
    return lines[0]


# --- 1. serve: no slash redirect ------------------------------------------------------------


def _get(app: Any, path: str, host: str = "127.0.0.1:8000") -> tuple[int, dict[str, str]]:
    """One GET through the ASGI application: status and headers (lower-case names)."""
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", host.encode())],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }
    asyncio.run(app(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    headers = {k.decode().lower(): v.decode() for k, v in start["headers"]}
    return start["status"], headers


def test_events_with_a_trailing_slash_is_not_redirected_without_the_token():
    status, headers = _get(live.application(None, "TOKEN"), "/TOKEN/events/")
    assert status == 404 and "location" not in headers


def test_a_host_header_is_never_echoed_in_a_redirect():
    status, headers = _get(live.application(None), "/events/", host="evil.com")
    assert status == 404
    assert "evil.com" not in " ".join(headers.values())


# --- 2. shell completion with bad variables --------------------------------------------------


def _complete(**env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("COMP_")}
    environ.update(_SCOREKEEPER_COMPLETE="complete_bash", **env)
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper"],
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    "env",
    [
        {"COMP_WORDS": "scorekeeper show ", "COMP_CWORD": "abc"},
        {"COMP_CWORD": "1"},
        {"COMP_WORDS": "scorekeeper show "},
        {"COMP_WORDS": "scorekeeper sh", "COMP_CWORD": "-5"},
        {"COMP_WORDS": "scorekeeper sh", "COMP_CWORD": "7" * 5000},
        {"COMP_WORDS": "scorekeeper sh", "COMP_CWORD": "9"},
    ],
)
def test_completion_with_bad_or_missing_variables_prints_nothing(env):
    done = _complete(**env)
    assert done.returncode == 0
    assert done.stdout == "" and "Traceback" not in done.stderr


def test_completion_with_good_variables_still_answers():
    done = _complete(COMP_WORDS="scorekeeper sh", COMP_CWORD="1")
    assert done.returncode == 0 and "show" in done.stdout.split()


# --- 3. --db before every command ------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [["variants"], ["variants", "show", "classic"], ["variants", "check", "classic"]],
)
def test_db_before_the_variant_commands_is_accepted(cli, tmp_path, args):
    result = cli("--db", str(tmp_path / "other.json"), *args)
    assert result.exit_code == 0, result.output
    assert "classic" in result.output.lower()
    assert not (tmp_path / "other.json").exists()  # the variants read no database


def test_json_and_db_before_variants_show_give_its_json(cli, tmp_path):
    import json

    result = cli("--db", str(tmp_path / "x.json"), "--json", "variants", "show", "classic")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["variant"] == "classic"


# --- 4. a bound on the cards of one entry ----------------------------------------------------


def test_check_with_more_kings_than_two_decks_hold_is_refused_naming_the_bound(cli):
    # classic: 2 decks of 52 cards and 2 jokers each (RULES.md §1): 108 cards
    result = cli("check", "--variant", "classic", "--score", "0", *["K"] * 4000)
    assert result.exit_code == 1
    assert "108" in one_error_line(result) and "2 decks" in one_error_line(result)


def test_points_with_more_cards_than_the_decks_hold_is_refused(cli):
    result = cli("points", "--variant", "classic", *["K"] * 3000)
    assert result.exit_code == 1 and "108" in one_error_line(result)


def test_every_card_the_decks_hold_is_still_accepted(cli):
    # classic's two decks without their red threes: 4 jokers and 8 of every other rank, 104
    # cards; RULES.md §1: jokers 50, twos and aces 20, K to 8 10, 7 to 4 and black threes 5:
    # 200 + 160 + 160 + 480 + 160 + 20 = 1,180
    ranks = ["2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]
    cards = ["X"] * 4 + [r for r in ranks for _ in range(8)] + ["3b"] * 4
    result = cli("points", "--variant", "classic", *cards)
    assert result.exit_code == 0, result.output
    assert "1,180" in result.output
    # one king more than the decks hold is refused (RULES.md §16c deck limits)
    result = cli("points", "--variant", "classic", *cards, "K")
    assert result.exit_code == 1 and "9 kings typed; the 2 decks hold 8" in result.stderr


def _hand_file(tmp_path: Path, melds: str, hand: str) -> str:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({"teams": [{"melds": melds, "hand": hand}, {"meld_points": 0}]}))
    return str(path)


def test_the_bound_holds_for_melds_and_hand_together(cli, tmp_path):
    # 16 decks hold 16 x 54 = 864 cards (RULES.md §1, "decks"): one side cannot have laid down
    # 600 and kept 600 more in hand, though each alone is within the bound
    cli("new", "classic", "--team", "Us", "--team", "Them", "--set", "decks=16")
    six_hundred = " ".join(["AKQJT9"] * 100)
    result = cli("hand", "--yes", "--file", _hand_file(tmp_path, six_hundred, six_hundred))
    assert result.exit_code == 1
    assert "864" in one_error_line(result) and "16 decks" in one_error_line(result)
    assert json.loads(cli("--json", "status").stdout)["hands_played"] == 0


def test_every_card_the_decks_hold_between_melds_and_hand_is_recorded(cli, tmp_path):
    # two decks (RULES.md §1): four of each rank A to 4 melded, the other four of each in hand
    # with the eight twos, four jokers and eight threes: 44 + 64 = 108 cards, all there are
    cli("new", "classic", "--team", "Us", "--team", "Them")
    ranks = "AKQJT987654"
    melds = " ".join(r * 4 for r in ranks)
    hand = " ".join(r * 4 for r in ranks) + " 2222 2222 X X X X 3b 3b 3b 3b 3r 3r 3r 3r"
    result = cli("--json", "hand", "--yes", "--file", _hand_file(tmp_path, melds, hand))
    assert result.exit_code == 0, result.output
    assert json.loads(cli("--json", "status").stdout)["hands_played"] == 1


def test_decks_holding_more_than_the_fixed_bound_are_held_to_it():
    from scorekeeper.domain.cards import parse_cards
    from scorekeeper.domain.limits import MAX_CARDS
    from scorekeeper.errors import InputError

    assert len(parse_cards(" ".join(["K"] * MAX_CARDS), (30, 30 * 54))) == MAX_CARDS
    with pytest.raises(InputError, match=str(MAX_CARDS)):
        parse_cards(" ".join(["K"] * (MAX_CARDS + 1)), (30, 30 * 54))
    with pytest.raises(InputError, match=str(MAX_CARDS)):
        parse_cards("K" * (MAX_CARDS + 1))


def test_checking_melds_grows_linearly_with_the_cards():
    from scorekeeper.domain.cards import parse_melds
    from scorekeeper.domain.melds import check_opening
    from scorekeeper.variants import load_variant

    def calls(n: int, size: int) -> int:
        """The Python and C function calls checking ``n`` cards in melds of ``size`` makes:
        a count, the same on any machine however busy (speed itself is the benchmark's to
        measure). The ranks take turns: 16 decks hold 64 of each (more is refused)."""
        v = load_variant("classic", {"decks": "16"})  # the most decks: 864 cards
        ranks = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]
        text = " | ".join(" ".join([ranks[i % len(ranks)]] * size) for i in range(n // size))
        melds = parse_melds(text, decks=v.held)
        made = [0]

        def count(frame, event, arg):
            if event in ("call", "c_call"):
                made[0] += 1

        sys.setprofile(count)
        try:
            check_opening(v, melds, None)
        finally:
            sys.setprofile(None)
        return made[0]

    # eight times the cards, about eight times the calls; a check comparing each card with
    # each other one would make about 64 times as many: across melds, and within one
    small, large = calls(88, 8), calls(704, 8)
    assert large < 16 * small
    small, large = calls(8, 8), calls(64, 64)
    assert large < 16 * small


def test_a_play_line_of_fifty_thousand_cards_is_refused_at_once(cli):
    cli("new", "classic", "--team", "Us", "--team", "Them")
    line = "check Us: " + " ".join(["K"] * 50_000)
    result = cli("play", input=line + "\nquit\n")
    assert "a line is at most 65,536" in result.output  # issue 18: a piped line's bound


# --- 5. no line or paragraph separators in names or labels -----------------------------------


@pytest.mark.parametrize("separator", ["\u2028", "\u2029"])
def test_a_line_separator_is_refused_in_a_name(cli, db, separator):
    result = cli("new", "classic", "--team", f"Ann{separator}Bob", "--team", "Cat")
    assert result.exit_code == 1 and f"U+{ord(separator):04X}" in one_error_line(result)
    assert not db.exists()


@pytest.mark.parametrize("separator", ["\u2028", "\u2029"])
def test_a_line_separator_is_refused_in_a_label(cli, db, separator):
    result = cli("new", "classic", "--team", "A", "--team", "B", "--label", f"x{separator}y")
    assert result.exit_code == 1 and f"U+{ord(separator):04X}" in one_error_line(result)


def test_the_text_check_refuses_the_separators_and_keeps_plain_line_breaks():
    from scorekeeper.domain.bounds import check_text
    from scorekeeper.errors import InputError

    assert check_text("a\nb\tc", "the note") == "a\nb\tc"
    for separator in ("\u2028", "\u2029"):
        with pytest.raises(InputError):
            check_text(f"a{separator}b", "the note")


# --- 6 and 7. --db is a file of its own ------------------------------------------------------


def test_a_db_path_ending_with_a_slash_is_refused(cli, tmp_path):
    result = cli(
        "--db", str(tmp_path / "s.json") + "/", "new", "classic", "--team", "A", "--team", "B"
    )
    assert result.exit_code == 3 and "a database is a file" in one_error_line(result)
    assert list(tmp_path.iterdir()) == [] or not (tmp_path / "s.json").exists()


@pytest.fixture
def stored(cli, tmp_path) -> Path:
    d = tmp_path / "d" / "s.json"
    d.parent.mkdir()
    assert cli("--db", str(d), "new", "classic", "--team", "A", "--team", "B").exit_code == 0
    assert cli("--db", str(d), "hand", "--yes", "meld=50", "meld=60").exit_code == 0
    return d


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize(
    "inside",
    [
        lambda d: next((d.parent / (d.name + ".backups")).iterdir()),
        lambda d: d.parent / (d.name + ".backups") / "new.json",
        lambda d: d.parent / (d.name + ".games") / "77.json",
        lambda d: d.parent / (d.name + ".games") / "1.json",
        lambda d: d.parent / (d.name + ".lock"),
        lambda d: d.parent / (d.name + ".index.json"),
        lambda d: d.parent / (d.name + ".stats.json"),
        lambda d: d.parent / (d.name + ".journal"),
    ],
)
@pytest.mark.parametrize(
    "command", [["new", "classic", "--team", "X", "--team", "Y"], ["games"], ["stats"]]
)
def test_a_db_inside_another_databases_files_is_refused(cli, stored, inside, command):
    before = _files(stored.parent)
    path = inside(stored)
    result = cli("--db", str(path), *command)
    assert result.exit_code == 3
    assert str(stored) in one_error_line(result)
    assert _files(stored.parent) == before


def test_the_environment_variable_is_held_to_the_same_check(cli, stored, monkeypatch):
    before = _files(stored.parent)
    monkeypatch.setenv("SCOREKEEPER_DB", str(stored.parent / (stored.name + ".lock")))
    result = cli("games")
    assert result.exit_code == 3 and str(stored) in one_error_line(result)
    assert _files(stored.parent) == before


def test_a_database_beside_another_one_is_still_its_own(cli, stored):
    other = stored.parent / "s.json.b"  # its name starts with the other's: still its own file
    assert cli("--db", str(other), "new", "classic", "--team", "A", "--team", "B").exit_code == 0
    assert cli("--db", str(stored), "status").exit_code == 0


# --- 6. smaller ------------------------------------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_an_export_to_a_full_disk_is_a_file_problem(cli):
    cli("new", "classic", "--team", "A", "--team", "B")
    result = cli("export", "--format", "csv", "-o", "/dev/full")
    assert result.exit_code == 3  # README, "Exit codes": 3 is a file that cannot be used
    assert "/dev/full" in one_error_line(result)


def test_variants_init_force_replaces_a_link_never_writes_through_it(cli, tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("keep me\n", encoding="utf-8")
    folder = tmp_path / "config" / "variants"
    folder.mkdir(parents=True)
    link = folder / "mine.toml"
    link.symlink_to(outside)
    assert cli("variants", "init", "mine").exit_code == 1  # the link is a file of that name
    result = cli("variants", "init", "mine", "--force")
    assert result.exit_code == 0, result.output
    assert outside.read_text(encoding="utf-8") == "keep me\n"
    assert not link.is_symlink() and "mine" in link.read_text(encoding="utf-8")


def test_variants_init_does_not_write_through_a_dangling_link(cli, tmp_path):
    outside = tmp_path / "elsewhere.toml"
    folder = tmp_path / "config" / "variants"
    folder.mkdir(parents=True)
    (folder / "mine.toml").symlink_to(outside)
    result = cli("variants", "init", "mine")
    assert result.exit_code == 1 and "--force" in one_error_line(result)
    assert not outside.exists()


def test_a_play_line_that_is_not_utf8_is_said_so(db, tmp_path):
    from serving import environment, script

    env = environment(db)
    run = subprocess.run(
        [*script(), "new", "classic", "--team", "A", "--team", "B"],
        env=env,
        capture_output=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    done = subprocess.run(
        [*script(), "play"], env=env, input=b"\xff\xfe\nquit\n", capture_output=True, timeout=60
    )
    errors = done.stderr.decode("utf-8", "replace")
    assert "not valid UTF-8" in errors and "unknown item" not in errors
