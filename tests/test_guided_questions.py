"""The guided prompt asks what the variant scores and nothing else (issue 12, item 3), asked
through the command line: for every shipped variant, every field the rules score is asked and
none they do not score; canasta kinds are named as a player says them, in the plural.

What each variant scores is read from its rules (the variant files, RULES.md): going out
concealed pays extra only where ``going_out.concealed_bonus`` is not 0 (RULES.md §2: classic
pays 100 more; §4, §8, §9: Samba, Cuban, Italian pay nothing more); threes count where the
variant gives them a value; special hands (§3.1), acaba (§10) and cutthroat partners (§2.2)
where the variant has them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.variants import load_variant

VARIANTS = sorted(
    p.stem
    for p in (Path(__file__).parent.parent / "scorekeeper" / "variants").glob("*.toml")
    if p.stem != "base"
)

#: A question as the prompt prints it: its text, then the default in brackets and a colon.
QUESTION = re.compile(r"(?<![^\s:])([A-Z][^\n\[]*?) \[[^\]\n]*\]:")


def questions(stderr: str) -> list[str]:
    """The questions asked, in order, without their defaults."""
    return QUESTION.findall(stderr)


def asked_of(stderr: str, side: str, next_side: str | None) -> list[str]:
    """The questions asked of one side (its part of standard error, up to the next side)."""
    part = stderr.split(f"\n{side}\n", 1)[1]
    if next_side is not None:
        part = part.split(f"\n{next_side}\n", 1)[0]
    return questions(part)


def _scores(threes) -> bool:
    return threes.each != 0 or bool(threes.totals)


def _side_questions(v, melded: bool) -> list[str]:
    """What a side is asked, from the variant's rules: a special hand first where the variant
    has them, the meld, its canastas (only after meld points), the threes the variant scores,
    the cards left in hand, each penalty kind."""
    out = ["Special hand laid down"] if v.special_hands else []
    out.append("Melded card points")
    if melded:
        out += ["canasta"] * len(v.canastas)
    if _scores(v.red_threes):
        out.append("Red threes")
    if _scores(v.black_threes):
        out.append("Black threes")
    out.append("Points left in hand")
    # penalties of a meld on the table (Modern American's unfinished melds) need a meld
    out += [rule.title for rule in v.penalties.values() if melded or not rule.meld]
    return out


def _matches(asked: list[str], expected: list[str], v) -> bool:
    if len(asked) != len(expected):
        return False
    kinds = iter(v.canastas.values())
    for question, want in zip(asked, expected, strict=True):
        if want == "canasta":
            # one question per canasta kind, in the variant's order
            if next(kinds).title.split(" ")[0].lower() not in question.lower():
                return False
        elif not question.lower().startswith(want.lower()):
            return False
    return True


def _start(cli, name: str) -> None:
    v = load_variant(name)
    sides = ["--team", "A", "--team", "B"]
    if v.sides.min > 2:
        sides += ["--team", "C"]
    assert cli("new", name, *sides).exit_code == 0


def _hand_questions(v) -> list[str]:
    """The hand's questions before the sides', from the rules (RULES.md §2.2, §10, §0)."""
    out = []
    if v.partnerships == "per_hand":
        out.append("Partners this hand?")
    if v.acaba is not None:
        out.append("Which side declared acaba?")
    out.append("Which side went out?")
    return out


@pytest.mark.parametrize("name", VARIANTS)
def test_a_side_is_asked_what_the_variant_scores_and_canastas_only_after_meld(cli, name):
    v = load_variant(name)
    _start(cli, name)
    hand_questions = _hand_questions(v)
    # Nobody went out (nor partners, nor acaba); A: no special hand, melded 50, then Enter (0)
    # for every other question; B and any other side: Enter throughout (no meld).
    answers = "0\n" * len(hand_questions)
    answers += ("\n" if v.special_hands else "") + "50\n" + "\n" * 80
    result = cli("hand", "--guided", "--yes", "--json", input=answers)
    assert result.exit_code == 0, result.output
    asked = questions(result.stderr)
    assert [q for q in asked[: len(hand_questions)]] == [
        q
        + f" ({', '.join(f'{i} {n}' for i, n in enumerate(_names(v), 1))}; "
        + ("two numbers, 0 nobody took the pile)" if q.startswith("Partners") else "0 nobody)")
        for q in hand_questions
    ]
    a = asked_of(result.stderr, "A", "B")
    b = asked_of(result.stderr, "B", "C" if v.sides.min > 2 else None)
    assert _matches(a, _side_questions(v, melded=True), v), a
    assert _matches(b, _side_questions(v, melded=False), v), b
    assert not any("Concealed" in q for q in asked)  # nobody went out


def _names(v) -> list[str]:
    return ["A", "B", "C"][: max(2, v.sides.min)]


@pytest.mark.parametrize("name", VARIANTS)
def test_concealed_is_asked_only_where_going_out_concealed_pays_extra(cli, name):
    v = load_variant(name)
    _start(cli, name)
    # A went out; the answer to "concealed?" (where asked) is no, and every other answer is
    # Enter. A side that went out with nothing is refused and the hand asked again until the
    # input ends: only the first questions matter here.
    answers = "0\n" * (len(_hand_questions(v)) - 1) + "1\nn\n" + "\n" * 80
    result = cli("hand", "--guided", input=answers)
    asked = questions(result.stderr)
    went_out = next(i for i, q in enumerate(asked) if q.startswith("Which side went out?"))
    concealed = asked[went_out + 1].startswith("Concealed")
    assert concealed == (v.going_out.concealed_bonus != 0)


def test_classic_asks_concealed_and_samba_does_not():
    # RULES.md §2: going out concealed scores 200 in all, 100 more; §4: Samba, no concealed bonus.
    assert load_variant("classic").going_out.concealed_bonus == 100
    assert load_variant("samba").going_out.concealed_bonus == 0


def test_the_threes_and_hands_the_rules_name_are_in_their_variants():
    # RULES.md §3 (Modern American: 3s by colour, special hands), §8 (Cuban: captured black
    # threes), §10 (acaba), §2.2 (cutthroat: a partnership each hand).
    assert _scores(load_variant("modern-american").black_threes)
    assert load_variant("modern-american").special_hands
    assert _scores(load_variant("cuban").black_threes)
    assert not _scores(load_variant("classic").black_threes)
    assert load_variant("acaba").acaba is not None
    assert load_variant("cutthroat").partnerships == "per_hand"


def _canasta_questions(cli, name: str) -> list[str]:
    _start(cli, name)
    v = load_variant(name)
    answers = "0\n" * len(_hand_questions(v))
    answers += ("\n" if v.special_hands else "") + "50\n" + "\n" * 80
    result = cli("hand", "--guided", "--yes", input=answers)
    assert result.exit_code == 0, result.output
    a = asked_of(result.stderr, "A", "B")
    return a[a.index(next(q for q in a if q.startswith("Melded"))) + 1 :][: len(v.canastas)]


def test_canasta_kinds_are_named_in_the_plural_as_a_player_says_them(cli):
    # modern-american.toml's kinds (RULES.md §3): natural, mixed, natural aces, sevens, wild,
    # wild of jokers and 2s, wild of seven 2s.
    assert _canasta_questions(cli, "modern-american") == [
        "Natural canastas",
        "Mixed canastas",
        "Natural canastas of aces",
        "Canastas of sevens",
        "Wild-card canastas",
        "Wild canastas of four jokers and three 2s",
        "Wild canastas of seven 2s",
    ]


def test_canastas_of_twos_read_right(cli):
    # RULES.md §9 (Italian: canastas of 2s) and §14 (Hand and Foot: books).
    assert _canasta_questions(cli, "italian")[2:] == [
        "Canastas of seven 2s",
        "Mixed canastas of 2s",
    ]


def test_hand_and_foot_asks_for_books(cli):
    assert _canasta_questions(cli, "hand-and-foot") == ["Clean books", "Dirty books", "Wild books"]


def test_no_label_has_a_plural_made_twice(cli):
    for name in VARIANTS:
        v = load_variant(name)
        if not v.canastas:
            continue
        for label in _canasta_questions(cli, name):
            assert not re.search(r"ss\b|2ss|sevenss|acess", label), (name, label)


def test_typed_melds_say_the_canastas_they_make(cli):
    # RULES.md EX-07 typed as cards: KKKKKKK is a natural canasta, 888882X a mixed one.
    _start(cli, "classic")
    answers = "1\nn\nKKKKKKK 888882X QQQ\n2\n7 9\n0\n9992 AAA\n1\nX 5 5 K\n0\n"
    result = cli("hand", "--guided", "--json", input=answers)
    assert result.exit_code == 0, result.output
    assert "counted from the cards: 1 natural canasta, 1 mixed canasta" in result.stderr
    assert "counted from the cards: no canasta" in result.stderr


def test_counts_and_plurals_are_said_right():
    from scorekeeper.domain.fields import counted, plural

    assert counted(1, "red three") == "1 red three"
    assert counted(2, "red three") == "2 red threes"
    assert counted(2, "natural canasta of aces") == "2 natural canastas of aces"
    assert counted(3, "canasta of sevens") == "3 canastas of sevens"
    assert counted(2, "escalera (seven-card sequence)") == "2 escaleras (seven-card sequences)"
    assert plural("canasta of seven 2s") == "canastas of seven 2s"
    # a title with no noun the table knows is not guessed at
    assert plural("the big one") is None
    assert counted(2, "the big one") == "the big one: 2"


def test_a_refusal_counts_red_threes_and_canastas_in_words(cli):
    # RULES.md §11 (Mexicana): a side goes out with two canastas and at least as many red
    # threes as canastas; one red three is too few.
    _start(cli, "mexicana")
    result = cli("hand", "m=600 nat=1 mix=1 r=1 out", "-")
    assert result.exit_code == 1
    assert "went out with 1 red three and 2 canastas;" in result.stderr


def test_variants_show_says_the_kinds_needed_to_go_out_in_words(cli):
    # RULES.md §13 (Pennies from Heaven): one canasta of each of four kinds to go out.
    text = " ".join(cli("variants", "show", "pennies-from-heaven").stdout.split())
    assert "1 canasta of sevens" in text


@pytest.mark.parametrize("name", ["classic", "samba", "cuban", "italian"])
def test_play_asks_concealed_only_where_going_out_concealed_pays_extra(cli, name):
    """The questions ``play`` asks on an empty line are the guided prompt's (README, "play"):
    RULES.md §2, classic pays 100 more for going out concealed; §4, §8, §9, Samba, Cuban and
    Italian pay nothing more, so they never ask (new-user round 14: Samba asked)."""
    v = load_variant(name)
    _start(cli, name)
    # Enter at A's prompt: "A went out? [y/N]" y, then "Concealed?" (where asked) n
    result = cli("play", input="\ny\nn\n" + "\n" * 40 + "quit\n")
    said = result.output + result.stderr
    assert "went out?" in said
    assert ("Concealed" in said) == (v.going_out.concealed_bonus != 0), said
