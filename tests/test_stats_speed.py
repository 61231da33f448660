"""Statistics of a club, counted fast (issue 17: ``stats`` of 200 players in changing
partnerships within 1.5x the framework floor, the recount at 100,000 games within 1 s): the
figures are what a plain count from the game files gives, whatever the spelling of a name, and
the screens are the ones Rich prints, character for character, at any width and in Japanese.
Behaviour only: no timings here."""

from __future__ import annotations

import json
import random
import sys
import unicodedata
from io import StringIO

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.domain.names import name_key
from scorekeeper.domain.stats import GameFigures, Record, SideFigures, lineups, statistics_from
from scorekeeper.presentation import console as console_module
from scorekeeper.presentation.console import has_controls, visible

# -- the figures are a plain count's ----------------------------------------------------------

#: Classic (RULES.md §2): "m=100 nat=1 out" is 100 melded + 500 for a natural canasta + 100 for
#: going out = 700; "m=50" is 50. "m=200 mix=1 r=2 out" is 200 + 300 (a mixed canasta) + 200
#: (two red threes) + 100 = 800; "m=60 h=20" is 60 - 20 = 40.
HANDS = {
    ("m=100 nat=1 out", "m=50"): (700, 50),
    ("m=200 mix=1 r=2 out", "m=60 h=20"): (800, 40),
}
PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Işıl", "Zoë", "太郎", "花子"]


def club(cli, seed: int, games: int):
    """``games`` classic games between partnerships drawn from :data:`PLAYERS` (a player's
    name sometimes spelled in upper case, as typed by another scorer: one player still), each
    of 1 or 2 hands; the expected figures per side and per player, counted here from the
    hands' scores."""
    draw = random.Random(seed)
    sides: dict[str, dict] = {}
    players: dict[str, dict] = {}
    for _ in range(games):
        four = draw.sample(PLAYERS, 4)
        four = [p.upper() if draw.random() < 0.2 else p for p in four]
        pairs = (four[:2], four[2:])
        names = [f"{p} & {q}" for p, q in pairs]
        args = []
        for name, pair in zip(names, pairs, strict=True):
            args += ["--team", name, "--players", ",".join(pair)]
        assert cli("new", "classic", *args).exit_code == 0
        scores = [[], []]
        for _ in range(draw.randint(1, 2)):
            entries = draw.choice(list(HANDS))
            assert cli("hand", "--yes", *entries).exit_code == 0, entries
            for k in (0, 1):
                scores[k].append(HANDS[entries][k])
        for k in (0, 1):
            for table, name in [(sides, names[k]), *((players, p) for p in pairs[k])]:
                row = table.setdefault(name_key(name), {"games": 0, "hands": [], "red": 0})
                row["name"] = name  # shown as spelled in the most recent game
                row["games"] += 1
                row["hands"] += scores[k]
                row["red"] += 2 * sum(1 for s in scores[k] if s == 800)
    return sides, players


def expected_rows(table: dict[str, dict]) -> dict[str, tuple]:
    return {
        row["name"]: (row["games"], len(row["hands"]), max(row["hands"]), row["red"])
        for row in table.values()
    }


def shown_rows(records: list[dict], key: str) -> dict[str, tuple]:
    return {r[key]: (r["games"], r["hands"], r["best_hand"], r["red_threes"]) for r in records}


@pytest.mark.parametrize("seed", [1, 2])
def test_a_club_s_statistics_are_a_count_of_its_hands(cli, db, seed):
    sides, players = club(cli, seed, games=12)
    doc = json.loads(cli("stats", "--json").output)
    # no game is over (the target is 5,000), so nobody has a win yet
    assert all(r["wins"] == 0 and r["win_rate"] is None for r in doc["players"] + doc["teams"])
    assert shown_rows(doc["teams"], "team") == expected_rows(sides)
    assert shown_rows(doc["players"], "player") == expected_rows(players)


def test_the_recount_without_its_cache_is_the_kept_count(cli, db):
    club(cli, 3, games=10)
    kept = cli("stats", "--json").output
    db.with_name(db.name + ".stats.json").unlink()
    assert cli("stats", "--json").output == kept


# -- the fold is the plain fold ---------------------------------------------------------------

NAMES = st.sampled_from(["Ann", "ann", "ANN ", " Ann", "Işıl", "IŞIL", "ışıl", "Bob", "Zoë"])
KINDS = st.dictionaries(st.sampled_from(["natural", "mixed", "wild"]), st.integers(0, 3))


def plain_fold(records, variant=None):
    """Statistics per side and per player the plain way: one record per name key, each
    line-up's figures added to it, the first spelling met kept; sorted by wins, win rate,
    then name (the order ``stats`` promises)."""
    from scorekeeper.domain.stats import merge_record

    players: dict[str, Record] = {}
    sides: dict[str, Record] = {}
    for (game_variant, name, members), record in records.items():
        if variant is not None and game_variant != variant:
            continue
        merge_record(sides.setdefault(name_key(name), Record(name)), record)
        for player in members:
            merge_record(players.setdefault(name_key(player), Record(player)), record)

    def order(r):
        return (-r.wins, -(r.win_rate or 0.0), name_key(r.name))

    return sorted(players.values(), key=order), sorted(sides.values(), key=order)


@st.composite
def lineup_records(draw):
    out = {}
    for _ in range(draw(st.integers(0, 12))):
        name = draw(NAMES)
        members = tuple(draw(st.lists(NAMES, max_size=2, unique_by=name_key)))
        variant = draw(st.sampled_from(["classic", "samba"]))
        games = draw(st.integers(1, 5))
        finished = draw(st.integers(0, games))
        record = Record(
            name,
            games,
            finished,
            draw(st.integers(0, finished)),
            draw(st.integers(games, 3 * games)),
            draw(st.integers(-500, 9000)),
            draw(st.one_of(st.none(), st.integers(-500, 5000))),
            draw(KINDS),
            draw(st.integers(0, 8)),
        )
        out[(variant, name, members)] = record
    return out


def as_data(records):
    import msgspec

    return msgspec.to_builtins(list(records))


@settings(max_examples=200, deadline=None)
@given(lineup_records(), st.sampled_from([None, "classic", "samba", "cuban"]))
def test_statistics_from_line_ups_is_the_plain_fold(records, variant):
    before = as_data(records.values())
    got = statistics_from(records, variant)
    players, sides = plain_fold(records, variant)
    assert as_data(got.players) == as_data(players)
    assert as_data(got.sides) == as_data(sides)
    assert as_data(records.values()) == before  # the line-ups' records are left as they were


SIDES = st.builds(
    SideFigures,
    NAMES,
    st.lists(NAMES, max_size=2, unique_by=name_key).map(tuple),
    st.integers(-1000, 9000),
    st.integers(0, 6),
    st.integers(-1000, 9000),
    st.one_of(st.none(), st.integers(-500, 5000)),
    KINDS.map(lambda kinds: {k: n for k, n in kinds.items() if n}),
    st.integers(0, 4),
)
GAMES = st.builds(
    GameFigures,
    st.sampled_from(["classic", "samba"]),
    st.integers(0, 6),
    st.booleans(),
    st.one_of(st.none(), st.integers(0, 1)),
    st.lists(SIDES, min_size=2, max_size=2),
).map(
    # every side scores every hand: a side's hands are the game's (domain.stats.game_figures)
    lambda g: GameFigures(
        g.variant,
        g.hands,
        g.over,
        g.winner,
        [msgspec.structs.replace(s, hands=g.hands) for s in g.sides],
    )
)


def plain_lineups(games):
    """Each line-up's record the plain way: a record per (variant, name, players), each
    game with hands added side by side."""
    out: dict = {}
    for game in games:
        if not game.hands:
            continue
        for i, side in enumerate(game.sides):
            record = out.setdefault(
                (game.variant, side.name, tuple(side.players)), Record(side.name)
            )
            record.games += 1
            record.finished += game.over
            record.wins += game.over and game.winner == i
            record.hands += side.hands
            record.points += side.points
            if side.best_hand is not None:  # a best of 0 is a best hand, not none
                best = record.best_hand
                record.best_hand = side.best_hand if best is None else max(side.best_hand, best)
            for kind, n in side.canastas.items():
                record.canastas[kind] = record.canastas.get(kind, 0) + n
            record.red_threes += side.red_threes
    return out


@settings(max_examples=200, deadline=None)
@given(st.lists(GAMES, max_size=10))
def test_line_ups_are_the_plain_count(games):
    got = lineups(games)
    expected = plain_lineups(games)
    assert list(got) == list(expected)  # the same line-ups, in the order they were met
    assert as_data(got.values()) == as_data(expected.values())


# -- names folded at C speed where they are ASCII ---------------------------------------------


def folded_the_long_way(text: str) -> str:
    """name_key's reading (issue 14): NFC, every i form as "i", case folded, spacing
    collapsed."""
    forms = str.maketrans({"İ": "i", "I": "i", "ı": "i"})
    nfc = unicodedata.normalize("NFC", text).translate(forms)
    folded = nfc.casefold().replace("i\u0307", "i")
    folded = unicodedata.normalize("NFC", folded).translate(forms)
    return " ".join(folded.split())


@settings(max_examples=500)
@given(st.text(st.characters(max_codepoint=127), max_size=30))
def test_an_ascii_name_s_key_is_the_long_way_s(text):
    assert name_key(text) == folded_the_long_way(text)


@settings(max_examples=300)
@given(st.text(max_size=30))
def test_the_quick_look_for_controls_agrees_with_the_escaping(text):
    assert has_controls(text) == (visible(text) != text)


# -- the same screens as Rich's ---------------------------------------------------------------

LONG = "A very long player name that wraps around"
JAPANESE = "とても長い名前の選手さんです本当に長い"


def console(width: int, styled: bool):
    return console_module.pipe_console_class()(
        file=StringIO(),
        width=width,
        color_system="standard" if styled else None,
        force_terminal=styled,
        no_color=not styled,
        highlight=False,
        emoji=False,
        safe_box=True,
        legacy_windows=False,
    )


def rich_narrow(con, title, records) -> str:
    """The narrow statistics as they were printed through Rich, a record at a time (win
    rate as a whole percentage, canastas as "n kind" listed, as README's stats section
    shows them; "1 game, 1 win", the count's form)."""
    from rich.text import Text

    from scorekeeper.i18n import listing
    from scorekeeper.presentation.render import num

    con.print(title, style="bold")
    for r in records:
        rate = "-" if r.win_rate is None else f"{r.win_rate:.0%}"
        players_order = ["natural", "mixed", "wild"]  # natural first, as players count them
        counts = sorted(r.canastas.items(), key=lambda kn: players_order.index(kn[0]))
        kinds = listing([f"{n} {k}" for k, n in counts]) or "-"
        con.print(Text(r.name, style="bold"))
        con.print(
            f"  {r.games} game{'s' * (r.games != 1)}, {r.wins} win{'s' * (r.wins != 1)},"
            f" win rate {rate}\n"
            f"  hands {r.hands}: average {num(r.average_hand)}, best {num(r.best_hand)}\n"
            f"  red threes {r.red_threes}; canastas {kinds}",
            highlight=False,
        )
    con.print("Win rate: wins per finished game. Deleted games are left out.")
    return con.file.getvalue()


RECORDS = [
    Record(LONG, 34, 8, 7, 81, 64000, 2300, {"mixed": 58, "natural": 64}, 29),
    Record(JAPANESE, 2, 0, 0, 3, 410, 165, {}, 3),
    Record("x" * 45, 1, 1, 1, 1, 95, 95, {"natural": 1}, 0),
    Record("花子 & Çağla Öztürk", 10, 4, 2, 25, 9000, 800, {"wild": 1}, 12),
    Record("Ann", 1, 0, 0, 0, 0, None, {}, 0),
]


@pytest.mark.parametrize("styled", [False, True], ids=["plain", "styled"])
@pytest.mark.parametrize("width", [12, 20, 33, 40, 60, 71])
def test_the_narrow_statistics_are_what_rich_prints(width, styled):
    from scorekeeper.domain.stats import Statistics
    from scorekeeper.presentation.sheet import print_stats

    expected = rich_narrow(console(width, styled), "Sides", RECORDS)
    con = console(width, styled)
    print_stats(con, Statistics(players=[], sides=RECORDS))
    assert con.file.getvalue() == expected


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from("ab 日本Ç -x\t"), max_size=60), st.integers(1, 50))
def test_text_lines_are_the_lines_rich_prints(text, width):
    from rich.text import Text

    from scorekeeper.presentation.plain import print_lines, text_lines

    con = console(width, False)
    con.print(Text(text, style="bold"))
    expected = con.file.getvalue()
    con = console(width, False)
    print_lines(con, text_lines(con, text, "bold"))
    assert con.file.getvalue() == expected


WORD = st.sampled_from(["Ann", "&", "Bob", "Player", "12", "x" * 9, "Çağla", "日本"])


@settings(max_examples=100, deadline=None)
@given(
    st.integers(30, 100),
    st.lists(st.lists(WORD, min_size=1, max_size=6).map(" ".join), min_size=1, max_size=40),
)
def test_a_long_table_of_wrapped_names_is_rich_s_table(width, names):
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from scorekeeper.presentation.plain import Column, print_lines, table_lines

    rows = [[name, str(n), f"{n * 37:,}", "-"] for n, name in enumerate(names)]
    headers, justify = ("Side", "Games", "Points", "Canastas"), ("left", "right", "right", "left")
    con = console(width, False)
    table = Table(title="Sides", box=box.SIMPLE_HEAVY, title_justify="left", pad_edge=False)
    for header, side in zip(headers, justify, strict=True):
        table.add_column(Text(header), justify=side, overflow="fold")
    for row in rows:
        table.add_row(*[Text(v) for v in row])
    con.print(table)
    expected = con.file.getvalue()
    con = console(width, False)
    columns = [Column(h, j) for h, j in zip(headers, justify, strict=True)]
    print_lines(con, table_lines(con, columns, rows, box=box.SIMPLE_HEAVY, title="Sides"))
    assert con.file.getvalue() == expected


@pytest.mark.parametrize("width", [40, 80, 120])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_club_s_screen_lists_every_side_and_player(cli, db, monkeypatch, width, language):
    sides, players = club(cli, 4, games=8)
    monkeypatch.setenv("SCOREKEEPER_LANG", language)

    def sized(stderr: bool = False):
        con = console(width, False)
        con.file = sys.stderr if stderr else sys.stdout
        return con

    monkeypatch.setattr(console_module, "factory", sized)
    output = cli("stats").output
    from rich.cells import cell_len

    assert all(cell_len(line) <= width for line in output.splitlines())
    flat = " ".join(output.split())
    for table in (sides, players):
        for row in table.values():
            # a name may be broken over lines where it does not fit: its words all show
            assert all(word in flat for word in row["name"].split())


# -- a hand costs the same whatever the history ------------------------------------------------


def role(path, folder) -> str:
    """A file's part in the database: its name beside the database with every number (a game
    id, a backup's time) as N."""
    import re

    return re.sub(r"\d+", "N", str(path.relative_to(folder)))


def files_a_hand_touches(cli, db, monkeypatch) -> tuple[dict[str, int], dict[str, int]]:
    """(read, written): each file of the database's folder a hand opens for reading, and each
    it leaves written, by :func:`role`, with its size in bytes."""
    import builtins
    import io
    import os
    import time

    read: dict[str, int] = {}
    real = io.open

    def recording(file, mode="r", *args, **kwargs):
        handle = real(file, mode, *args, **kwargs)
        name = os.fspath(file) if isinstance(file, (str, os.PathLike)) else ""
        if "r" in mode and "+" not in mode and name.startswith(str(db.parent)):
            read[role(Path(name), db.parent)] = os.fstat(handle.fileno()).st_size
        return handle

    from pathlib import Path

    start = time.time_ns()
    with monkeypatch.context() as patch:
        patch.setattr(io, "open", recording)
        patch.setattr(builtins, "open", recording)
        assert cli("hand", "--yes", "m=100 nat=1 out", "m=50").exit_code == 0
    written = {
        role(f, db.parent): f.stat().st_size
        for f in db.parent.rglob("*")
        if f.is_file() and f.stat().st_mtime_ns >= start
    }
    return read, written


@pytest.mark.parametrize("history", [1, 40])
def test_a_hand_reads_and_writes_nothing_that_grows_with_the_history(
    cli, db, monkeypatch, tmp_path, history
):
    def played(games: int):
        for _ in range(games):
            assert cli("new", "classic", "--team", "Ann", "--team", "Bob").exit_code == 0
            assert cli("hand", "--yes", "m=100 nat=1 out", "m=50").exit_code == 0
        assert cli("stats").exit_code == 0  # the statistics counted, then kept by each hand
        return files_a_hand_touches(cli, db, monkeypatch)

    small = played(1)
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "large" / "scores.json"))
    db = tmp_path / "large" / "scores.json"
    large = played(history)
    for before, after in zip(small, large, strict=True):  # what is read, then what is written
        assert set(after) == set(before)
        # the numbers in them (the next game id, the statistics' sums) have a digit or two
        # more: never a game's worth of bytes more
        assert all(after[name] <= before[name] + 16 for name in after), (before, after)
    # the statistics stay exact: Ann won every hand's 700 (RULES.md §2), Bob 50
    doc = json.loads(cli("stats", "--json").output)
    ann = next(r for r in doc["teams"] if r["team"] == "Ann")
    assert (ann["games"], ann["hands"], ann["best_hand"]) == (history, history + 1, 700)


def test_a_hand_decodes_only_the_line_ups_it_touches(cli, db, monkeypatch):
    import scorekeeper.domain.stats as stats_module

    for n in range(30):  # 60 line-ups: each game's sides are new names
        assert cli("new", "classic", "--team", f"A{n}", "--team", f"B{n}").exit_code == 0
        assert cli("hand", "--yes", "m=100 nat=1 out", "m=50").exit_code == 0
    assert cli("stats").exit_code == 0
    made = []

    class Counted(stats_module.Record):
        def __post_init__(self):
            made.append(self.name)

    with monkeypatch.context() as patch:
        patch.setattr(stats_module, "Record", Counted)
        assert cli("hand", "--yes", "m=100 nat=1 out", "m=50").exit_code == 0
    # the game's two line-ups, as they were and with the hand: never the 58 others
    assert set(made) <= {"A29", "B29"}, made
    doc = json.loads(cli("stats", "--json").output)
    a29 = next(r for r in doc["teams"] if r["team"] == "A29")
    assert (a29["hands"], a29["best_hand"]) == (2, 700)
    assert len(doc["teams"]) == 60
