"""``play`` driven through Typer's runner: standard input is not a terminal, so the session reads
plain lines and records each hand without asking, as ``hand`` does (README, "A whole game in
one session")."""

from __future__ import annotations

import pytest

from tests.conftest import PARTNERSHIPS, database_files

#: RULES.md EX-07: Ann & Bob 220 melded, a natural and a mixed canasta, two red threes, out,
#: 15 left in hand -> 1,305; Cat & Dan 110 melded, one red three, 70 left -> 140.
EX07_A = "m=220 nat=1 mix=1 r=2 out h=15"
EX07_B = "m=110 r=1 h=70"


@pytest.fixture
def game(cli):
    result = cli("new", "classic", *PARTNERSHIPS)
    assert result.exit_code == 0, result.output


def play(cli, *lines, args=()):
    """Run ``play`` with ``lines`` as standard input (no quit added)."""
    return cli("play", *args, input="".join(f"{line}\n" for line in lines))


def totals(cli):
    return [t["total"] for t in cli.json("status")["teams"]]


def errors(result):
    return [line for line in result.stderr.splitlines() if line.startswith("Error: ")]


def test_hands_typed_side_by_side_are_recorded_one_after_another(cli, game):
    # RULES.md EX-07 twice: 1,305 + 1,305 and 140 + 140
    result = play(cli, EX07_A, EX07_B, EX07_A, EX07_B, "quit")
    assert result.exit_code == 0, result.output
    assert totals(cli) == [2610, 280]
    assert cli.json("status")["hands_played"] == 2
    assert "Hand 3 · Ann & Bob> quit" in result.stderr  # the prompt of the hand after them


def test_the_pad_comes_first_and_each_hand_ends_with_the_pads_last_lines(cli, game):
    result = play(cli, EX07_A, EX07_B, "quit")
    out = result.stdout
    assert out.index("No hands recorded yet.") < out.index("1,305")
    # after hand 1 the next minimums (EX-07 totals 1,305 and 140: 50 each, RULES.md §2)
    assert "Next opening minimum: Ann & Bob 50 · Cat & Dan 50" in out
    assert "Next dealer: Cat" in out  # the deal passes to the left: Ann, Cat, Bob, Dan


def test_an_entry_named_for_its_side_is_that_sides_entry(cli, game):
    result = play(cli, f"Cat & Dan: {EX07_B}", EX07_A, "quit")
    assert result.exit_code == 0, result.output
    assert totals(cli) == [1305, 140]
    assert "Hand 1 · Ann & Bob> " + EX07_A in result.stderr  # then the side still to enter


def test_sums_are_points_as_in_one_line_entries(cli, game):
    play(cli, "m=120+85+15 nat=1 mix=1 r=2 out h=10+5", "m=60+50 r=1 h=70", "quit")
    assert totals(cli) == [1305, 140]


def test_a_side_entry_that_cannot_be_read_is_asked_again(cli, game):
    result = play(cli, EX07_A, "m=110 r=1 h=70 nonsense=1", EX07_B, "quit")
    assert result.exit_code == 0
    assert errors(result) == [
        "Error: Cat & Dan: unknown item 'nonsense' for Classic Canasta; items: clean, concealed,"
        " dirty, hand, meld, mixed, natural, out, pure, red, red_three_not_declared"
    ]
    assert totals(cli) == [1305, 140]


def test_a_hand_the_rules_refuse_is_explained_and_entered_again(cli, game):
    # two sides cannot both go out (RULES.md §2), nor go out without a canasta
    result = play(cli, EX07_A, "m=110 out", EX07_A, EX07_B, "quit")
    assert result.exit_code == 0
    assert len(errors(result)) == 1 and "enter it again" in errors(result)[0]
    assert totals(cli) == [1305, 140]


def test_fix_changes_one_item_of_the_last_hand(cli, game):
    # Cat & Dan melded 150, not 110: 150 + 100 - 70 = 180
    result = play(cli, EX07_A, EX07_B, "fix Cat & Dan m=150", "quit")
    assert result.exit_code == 0, result.output
    assert totals(cli) == [1305, 180]


def test_fix_asks_the_side_and_the_items_when_not_given(cli, game):
    # side 2, 25 left in hand instead of 70: 110 + 100 - 25 = 185
    result = play(cli, EX07_A, EX07_B, "fix", "2", "h=25", "quit")
    assert result.exit_code == 0, result.output
    assert totals(cli) == [1305, 185]
    assert "Cat & Dan now: meld=110 red=1 hand=70" in result.stderr


def test_enter_alone_at_fixs_items_changes_nothing(cli, game, db):
    result = play(cli, EX07_A, EX07_B)
    before = database_files(db)
    result = play(cli, "fix", "2", "", "quit")
    assert result.exit_code == 0, result.output
    assert errors(result) == []
    assert "Fix of hand 1 dropped: nothing changed." in result.output
    assert database_files(db) == before
    assert totals(cli) == [1305, 140]  # RULES.md EX-07


def test_enter_alone_at_fixs_side_changes_nothing_and_the_next_line_is_a_command(cli, game, db):
    # red team: Enter and quit were refused there, so a pipe's every later line was read
    # as a side
    result = play(cli, EX07_A, EX07_B)
    before = database_files(db)
    result = play(cli, "fix", "", "quit")
    assert result.exit_code == 0, result.output
    assert errors(result) == []
    assert "Fix of hand 1 dropped: nothing changed." in result.output
    assert database_files(db) == before


def test_undo_takes_the_last_hand_back_and_redo_puts_it_back(cli, game):
    result = play(cli, EX07_A, EX07_B, "undo", "quit")
    assert totals(cli) == [0, 0] and "Hand 1 taken back" in result.stdout
    play(cli, "redo", "quit")
    assert totals(cli) == [1305, 140]


def test_edit_re_enters_a_hand_side_by_side_and_keep_keeps_a_side(cli, game):
    # hand 1 of two: Ann & Bob kept, Cat & Dan melded 150 (180); hand 2 unchanged (1,305, 140)
    result = play(cli, EX07_A, EX07_B, EX07_A, EX07_B, "edit 1", "keep", "m=150 r=1 h=70", "quit")
    assert result.exit_code == 0, result.output
    assert totals(cli) == [2610, 320]
    assert "recorded: meld=220 natural=1 mixed=1 red=2 out hand=15" in result.stderr


def test_check_judges_an_opening_meld_against_the_sides_minimum(cli):
    # RULES.md EX-01: at 1,600 the minimum is 90, and 6-6-6 + K-K-K-2 = 65 is not enough;
    # below 1,500 (minimum 50) it is
    cli("new", "classic", *PARTNERSHIPS, "--start-score", "1600", "--start-score", "0")
    result = play(cli, "check Ann & Bob: 666 KKK2", "check Cat & Dan 666 KKK2", "quit")
    assert result.exit_code == 0
    assert "Not allowed: melds worth 65 are 25 short of the 90 needed." in result.stdout
    assert "May be laid down: melds worth 65 meet the 50 needed." in result.stdout


def test_check_without_a_side_uses_the_minimum_every_side_needs(cli, game):
    # RULES.md EX-01: 6-6-6 + A-A-A-2 = 95, enough for 50
    result = play(cli, "check 666 AAA2", "quit")
    assert "May be laid down: melds worth 95 meet the 50 needed." in result.stdout


def test_check_naming_a_side_by_its_number_without_its_colon_says_to_write_it(cli, game):
    # a new user typed "check 1 KKK2": '1' was told to be no card ("ten is 10 or T")
    result = play(cli, "check 1 KKK2", "check 2 KKK", "quit")
    assert errors(result) == [
        "Error: '1' is not a card: to name side 1, write its colon: check 1: KKK2"
    ]
    assert "Not allowed: 2: a meld needs at least 3 cards" in result.stdout  # 2 is a deuce


def test_check_reads_a_side_named_like_cards_as_cards_unless_its_colon_names_it(cli):
    # red team: with a side called "KKK", "check KKK QQQ AAA" took the kings for the side
    assert cli("new", "classic", "--team", "KKK", "--team", "X").exit_code == 0
    result = play(cli, "check KKK QQQ AAA", "check KKK: QQQ AAA", "check 2:666 AAA", "quit")
    assert errors(result) == []
    # kings 30 + queens 30 + aces 60 = 120 for every side; then KKK's queens and aces, 90;
    # then side 2 (X): 6-6-6 + A-A-A = 75
    assert "Classic Canasta · every side · opening minimum 50" in result.stdout
    assert "melds worth 120 meet the 50 needed" in result.stdout
    assert "Classic Canasta · KKK with 0 · opening minimum 50" in result.stdout
    assert "melds worth 90 meet the 50 needed" in result.stdout
    assert "Classic Canasta · X with 0 · opening minimum 50" in result.stdout
    assert "melds worth 75 meet the 50 needed" in result.stdout


def test_fix_takes_a_sides_number_with_its_colon_and_no_space(cli, game):
    result = play(cli, "m=110", "m=60", "fix 1:h=5", "quit")
    assert errors(result) == []
    assert [t["hand_score"] for t in cli.json("show")["hands"][0]["teams"]] == [105, 60]


def test_check_without_a_side_where_minimums_differ_asks_for_the_side(cli):
    cli("new", "classic", *PARTNERSHIPS, "--start-score", "1600", "--start-score", "0")
    result = play(cli, "check 666 KKK2", "quit")
    assert errors(result) == [
        "Error: the sides need different opening minimums: name the side, e.g. check Ann & Bob:"
        " 666 KKK2"
    ]


def test_points_counts_cards_in_the_games_variant(cli, game):
    result = play(cli, "points J 5 X", "quit")
    assert "Total       65" in result.stdout  # RULES.md §1: 10 + 5 + 50


def test_points_refuses_what_the_decks_do_not_hold_as_the_points_command_does(cli, game):
    # RULES.md §16c: classic's two decks hold 4 jokers
    result = play(cli, "points X X X X X", "quit")
    assert "Error: 5 jokers typed; the 2 decks hold 4" in result.stderr
    assert "Total" not in result.stdout


def test_help_lists_every_command_word_and_the_items_of_the_games_variant(cli, game):
    import re

    from scorekeeper.cli.session_words import WORDS

    result = play(cli, "help", "quit")
    for word in WORDS:
        assert re.search(rf"^ {word}\b", result.stdout, re.MULTILINE), word
    # classic (RULES.md §2): red threes and the undeclared red three's -500; no black threes
    assert "red=2 / r=2" in result.stdout and "(-500 each)" in result.stdout
    assert "black=1" not in result.stdout and "special=" not in result.stdout


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("undo", "Error: game 1 has no hand to undo"),
        ("redo", "Error: game 1 has no hand to redo: 'undo' takes a hand back for it"),
        ("edit 3", "Error: there is no hand 3; game 1 has 0 hands"),
        ("edit", "Error: edit takes a hand's number, e.g. edit 2; got ''"),
        ("fix Cat & Dan m=150", "Error: there is no hand to fix yet"),
        ("show everything", "Error: show takes --detail or nothing; not 'everything'"),
        ("points", "Error: points CARDS: give the cards, e.g. points J 5 X"),
        ("points KZ", None),
        ("check", "Error: check CARDS: give the melds, e.g. check 666 AAA2"),
        ("undo now", "Error: undo takes nothing after it; not 'now'"),
        ("rematch", None),
        ("m=KZ", None),
        ("Eve & Fay: m=110", None),
    ],
)
def test_bad_input_is_one_line_and_the_session_goes_on(cli, db, game, line, message):
    before = database_files(db)
    result = play(cli, line, "quit")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    found = errors(result)
    assert len(found) == 1, result.stderr
    if message:
        assert found[0] == message
    assert database_files(db) == before
    assert result.stderr.rstrip().endswith("Hand 1 · Ann & Bob> quit")  # the prompt again


def test_the_end_of_the_input_in_the_middle_of_a_hand_drops_only_that_hand(cli, db, game):
    play(cli, EX07_A, EX07_B)
    before = database_files(db)
    result = play(cli, "m=90")  # then the input ends
    assert result.exit_code == 0
    assert "Hand 2 dropped: nothing recorded." in result.stderr
    assert database_files(db) == before
    assert totals(cli) == [1305, 140]


def test_a_won_game_says_so_refuses_more_hands_and_offers_a_rematch(cli, game):
    # Ann & Bob start from 4,000 in a new game: 4,000 + 1,305 = 5,305 reaches 5,000 (RULES.md §2)
    cli("new", "classic", *PARTNERSHIPS, "--start-score", "4000", "--start-score", "0")
    result = play(cli, EX07_A, EX07_B, EX07_A, "rematch", EX07_A, EX07_B, "quit")
    assert result.exit_code == 0, result.output
    assert "Winner: Ann & Bob with 5,305, by 5,165 points" in result.stdout
    assert "Game over: 'rematch' starts the next game like this one" in result.stdout
    assert errors(result)[0].startswith("Error: game 2 is over: 'rematch' starts the next game")
    assert "Game 3 started: a rematch of game 2." in result.stderr
    status = cli.json("status")
    assert status["game"] == 3 and [t["total"] for t in status["teams"]] == [1305, 140]
    assert [t["team"] for t in status["teams"]] == ["Ann & Bob", "Cat & Dan"]


def test_undoing_the_winning_hand_in_the_session_reopens_the_game(cli):
    cli("new", "classic", *PARTNERSHIPS, "--start-score", "4000", "--start-score", "0")
    play(cli, EX07_A, EX07_B, "undo", "quit")
    status = cli.json("status")
    assert status["status"] == "playing" and status["winner"] is None


def test_cutthroat_asks_the_hands_partners(cli):
    # RULES.md §2.2: each partner records the partnership's whole total, (100 - 20) + (50 - 10)
    cli("new", "cutthroat", "--team", "Ann", "--team", "Bob", "--team", "Cat")
    result = play(cli, "m=200 nat=1 mix=1 out", "m=100 h=20", "m=50 h=10", "Bob,Cat", "quit")
    assert result.exit_code == 0, result.output
    sheet = cli.json("show")
    assert sheet["hands"][0]["partners"] == ["Bob", "Cat"]
    assert [t["hand_score"] for t in sheet["hands"][0]["teams"]] == [1100, 120, 120]


def test_play_of_another_game_makes_it_the_current_game(cli, game):
    cli("new", "classic", "--team", "Eve", "--team", "Fay")
    play(cli, EX07_A, EX07_B, "quit", args=("1",))
    assert cli.json("status")["game"] == 1  # as 'resume 1' does (issue 12)
    assert [t["total"] for t in cli.json("status", "--game", "1")["teams"]] == [1305, 140]


def test_play_with_no_game_is_refused_before_the_session(cli, db):
    result = cli("play", input="quit\n")
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: no current game")


def test_play_has_help_with_an_example_and_readme_documents_it(cli):
    from pathlib import Path

    result = cli("play", "--help")
    assert result.exit_code == 0 and "Example" in result.output
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    assert "`play [GAME]`" in readme and "A whole game in one session" in readme


def test_a_game_read_again_after_a_change_that_is_not_the_one_stored_refuses_the_next(cli, db):
    # the session reads the game again while its prompt waits; when that read finds another
    # game than the one its change stored (a change in between), the next change is refused
    from scorekeeper.application import queries, usecases
    from scorekeeper.cli.session import CHANGED, Session
    from scorekeeper.domain.entry_line import parse_line
    from scorekeeper.domain.game import Hand
    from scorekeeper.errors import InputError

    cli("new", "classic", *PARTNERSHIPS)
    session = Session(db, None, yes=True)
    shown = queries.game(db)
    v = shown.game.variant
    shown.game.add(Hand((parse_line(v, EX07_A), parse_line(v, EX07_B))))  # never stored
    session.after_change(shown)
    assert session.seen.fingerprint == CHANGED
    with pytest.raises(InputError, match="changed meanwhile"):
        usecases.record_hand(db, usecases.HandInput(shown.game.hands[0].entries), seen=session.seen)
    assert cli.json("status")["hands_played"] == 0


def test_a_game_read_again_after_a_change_that_is_the_one_stored_takes_the_next(cli, db):
    from scorekeeper.application import usecases
    from scorekeeper.cli.session import Session
    from scorekeeper.domain.entry_line import parse_line

    cli("new", "classic", *PARTNERSHIPS)
    session = Session(db, None, yes=True)
    v = session.stored.game.variant
    entries = (parse_line(v, EX07_A), parse_line(v, EX07_B))
    stored = usecases.record_hand(db, usecases.HandInput(entries), seen=session.seen)
    session.after_change(stored)
    usecases.record_hand(db, usecases.HandInput(entries), seen=session.seen)
    assert totals(cli) == [2610, 280]  # RULES.md EX-07 twice


def test_a_line_that_is_not_text_is_one_error_and_no_traceback(cli, db, game):
    before = database_files(db)
    result = cli("play", input=b"\xff\xfe m=110\nquit\n")
    assert result.exit_code == 0
    assert errors(result) == ["Error: the line is not valid UTF-8 text; type it again"]
    assert "Traceback" not in result.output
    assert database_files(db) == before


def test_a_finished_game_opened_by_play_is_called_over_not_playable(cli):
    # a classic game to 1,000 won in one hand (RULES.md EX-07: 1,305 to 140)
    assert cli("new", "classic", *PARTNERSHIPS, "--target", "1000").exit_code == 0
    assert cli("hand", "--yes", EX07_A, EX07_B).exit_code == 0
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    result = play(cli, "quit", args=("1",))
    assert result.exit_code == 0, result.output
    assert "Game 1 is the current game; it is over." in result.output
    assert "'scorekeeper hand' records to it" not in result.output
    assert "Type each side's entry" not in result.output
    assert "Game over: 'rematch' starts the next game" in result.output


def test_an_imported_finished_game_is_offered_to_show_not_to_play(cli, tmp_path):
    assert cli("new", "classic", *PARTNERSHIPS, "--target", "1000").exit_code == 0
    assert cli("hand", "--yes", EX07_A, EX07_B).exit_code == 0
    out = tmp_path / "g.json"
    assert cli("export", "1", "-o", str(out)).exit_code == 0
    result = cli("import", str(out), "--again")
    assert result.exit_code == 0, result.output
    assert "Imported as game 2; 'scorekeeper show 2' shows it." in result.stdout
    assert "resume" not in result.stdout


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("undoo", "undo"),
        ("qiut", "quit"),
        ("edti 2", "edit"),
        ("shwo", "show"),
        ("ed 1", "edit"),  # the start of one command word
        ("ｕｎｄｏｏ", "undo"),  # full-width letters read as plain ones
    ],
)
def test_a_mistyped_command_is_answered_with_the_command(cli, game, typed, meant):
    result = play(cli, typed, "quit")
    assert result.exit_code == 0, result.output
    word = typed.split()[0]
    assert errors(result) == [f"Error: '{word}' is no command and no item; did you mean '{meant}'?"]


def test_the_start_of_two_items_is_refused_as_such_not_taken_for_a_command(cli, game):
    result = play(cli, "re", "quit")
    assert errors(result) == [
        "Error: Ann & Bob: 're' could be red (red threes) or red_three_not_declared (a penalty);"
        " type more of it"
    ]


def test_a_full_width_command_word_is_the_command(cli, game):
    result = play(cli, EX07_A, EX07_B, "ｕｎｄｏ", "quit")
    assert result.exit_code == 0, result.output
    assert totals(cli) == [0, 0] and "Hand 1 taken back" in result.stdout


def test_quit_takes_nothing_after_it(cli, game):
    result = play(cli, "quit now", "quit")
    assert errors(result) == ["Error: quit takes nothing after it; not 'now'"]
    assert result.exit_code == 0


def test_an_items_short_name_is_still_an_entry(cli, game):
    # 'o' and 'c' (out, concealed) are close to no command word: read as entries
    result = play(cli, "m=50 nat=1 o", "m=60", "quit")
    assert result.exit_code == 0, result.output
    assert errors(result) == []
    assert totals(cli) == [50 + 500 + 100, 60]  # RULES.md §2: natural canasta 500, out 100


def test_input_ending_in_a_hand_drops_it_and_says_the_session_ended(cli, game):
    # red team: the hand was said dropped, but not that the session ended and what is kept
    result = play(cli, "m=50")
    assert result.exit_code == 0, result.output
    said = result.stderr.strip().splitlines()
    assert said[-2:] == [
        "Hand 1 dropped: nothing recorded.",
        "Session ended; every recorded hand is kept.",
    ]
    assert totals(cli) == [0, 0]


def edit_kept_piped(cli, partners: str, *entries: str):
    """A cutthroat hand recorded with ``partners``, then ``edit 1`` in a piped ``play`` with
    'keep' at every question (no line to type over); returns the session and the hand shown."""
    result = cli("new", "cutthroat", "-t", "Ann", "-t", "Bob", "-t", "Cat", "--target", "50000")
    assert result.exit_code == 0, result.output
    assert cli("hand", "--yes", "--partners", partners, *entries).exit_code == 0
    result = play(cli, "edit 1", "keep", "keep", "keep", "keep", "quit")
    assert result.exit_code == 0, result.output
    assert errors(result) == []
    return result, cli.json("show")["hands"][0]


def test_edit_without_a_line_to_type_over_keeps_a_cutthroat_hands_partners(cli):
    # red team: piped (no line editing), Enter at the partners question meant nobody, and
    # 'keep' was refused: the partners and the scores of the hand changed unasked.
    # RULES.md §2.2: Bob and Cat partners, their melds added: 60 + 70 = 130 each
    result, shown = edit_kept_piped(cli, "2 3", "m=150 nat=2 out", "m=60", "m=70")
    assert "recorded: Bob,Cat ('keep' keeps it)" in result.stderr
    assert shown["partners"] == ["Bob", "Cat"]
    assert [t["hand_score"] for t in shown["teams"]] == [1250, 130, 130]


def test_edit_keeps_a_cutthroat_hand_recorded_with_no_partners(cli):
    # red team: 'keep' was read as a side's name where the hand had no partners
    _result, shown = edit_kept_piped(cli, "-", "m=150", "m=120 nat=2 out", "m=50 h=10")
    assert shown["partners"] == []
    # RULES.md §2: 150; 120 + 2 natural canastas (1,000) + going out (100); 50 - 10
    assert [t["hand_score"] for t in shown["teams"]] == [150, 1220, 40]


def test_fix_naming_no_side_says_so(cli, game):
    # a new user: "fix 3 m=5" was told to name the side first
    result = play(cli, EX07_A, EX07_B, "fix 3 m=5", "fix Eve m=5", "quit")
    assert errors(result) == [
        "Error: '3' is no side: type a side's number or name (1 Ann & Bob, 2 Cat & Dan)",
        "Error: 'Eve' is no side: type a side's number or name (1 Ann & Bob, 2 Cat & Dan)",
    ]
    assert totals(cli) == [1305, 140]  # RULES.md EX-07, unchanged


def test_another_sides_named_entry_at_a_prompt_is_said_taken(cli, game):
    # a new user: "2:m=0 r=1 h=55" at the first side's prompt came back to that prompt with
    # nothing said, as if the line were lost
    result = play(cli, "2: m=60", "m=50", "quit")
    assert "  Cat & Dan's entry is taken." in result.stderr
    assert [t["hand_score"] for t in cli.json("show")["hands"][0]["teams"]] == [50, 60]
