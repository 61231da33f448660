"""What remained English or wrong in Japanese and Turkish (issue 14), and the layouts: Hand and
Foot's rounds, the Japanese colon, a broken variant file's errors, the backups list, the
40/80/120-column layouts of wide characters, the canasta counts of an entry, the refusal of a
change when the game changed meanwhile, the reasons of a failed file operation and the Turkish
words the glossary chose. Every expected text comes from the catalogues (the .po files), and the
English line it replaces is checked absent."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from scorekeeper import i18n
from tests.conftest import PARTNERSHIPS, new_game
from tests.test_languages_cli import catalogue, po
from tests.test_wide_characters import at_width

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("ja", "tr")
#: Japanese and Turkish sides (names are shown as typed).
WIDE = ("--team", "山田 & 佐藤", "--team", "Ayşe & İbrahim")


def console_width(monkeypatch: pytest.MonkeyPatch, width: int) -> None:
    at_width(monkeypatch, width)


def play_two_hands(cli) -> None:
    assert cli("new", "classic", *WIDE).exit_code == 0
    assert cli("hand", "--yes", "m=120 nat=1 out", "m=90 h=20").exit_code == 0
    assert cli("hand", "--yes", "m=300 nat=1 mix=1 r=1 out", "m=50 h=30").exit_code == 0


# -- 1. Hand and Foot is played over rounds (RULES.md §14: "Game end: 4 rounds") ------------


@pytest.mark.parametrize("lang", LANGS)
def test_hand_and_foot_target_is_four_rounds(cli, monkeypatch, lang):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    rounds = po(lang, "{n} round", 4).format(n=4)
    hands = po(lang, "{n} hand", 4).format(n=4)
    assert rounds in ("4回戦", "4 tur")  # the glossary's word for a round
    new = cli("new", "hand-and-foot", "--team", "A", "--team", "B")
    assert new.exit_code == 0, new.output
    for args in (("status",), ("show",), ("variants",)):
        out = cli(*args).stdout
        assert rounds in out, (args, out)
        assert hands not in out, (args, out)
    shown = cli("variants", "show", "hand-and-foot").stdout
    assert po(lang, "Hands in a game") in shown


def test_hand_and_foot_target_in_english_says_rounds(cli):
    assert cli("new", "hand-and-foot", "--team", "A", "--team", "B").exit_code == 0
    out = cli("status").stdout
    assert "4 rounds" in out and "4 hands" not in out


# -- 2. Japanese writes the full-width colon -----------------------------------------------------


def test_no_japanese_translation_has_an_ascii_colon_after_japanese_text():
    bad = []
    for msgid, text in catalogue("ja").items():
        for form in text if isinstance(text, tuple) else (text,):
            if re.search(r"[^\x00-\x7f]:(?: |$)", form or ""):
                bad.append((msgid, form))
    assert not bad


def test_labelled_writes_the_language_colon(monkeypatch):
    assert i18n.labelled("Ann", "120") == "Ann: 120"
    assert i18n.labelled("Ann") == "Ann:"
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    assert i18n.labelled("山田", "120") == "山田：120"
    assert i18n.labelled("山田") == "山田："
    monkeypatch.setenv("SCOREKEEPER_LANG", "tr")
    assert i18n.labelled("Ayşe", "120") == "Ayşe: 120"


def test_japanese_narrow_screens_use_the_full_width_colon(cli, monkeypatch):
    play_two_hands(cli)
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    console_width(monkeypatch, 40)
    games = cli("games").stdout
    assert "  山田 & 佐藤：2,020" in games and "山田 & 佐藤: " not in games
    # a hand's breakdown as a block per side: the side's name is a heading
    result = cli("hand", "--yes", "m=50", "m=120 nat=1 out")
    assert result.exit_code == 0, result.output
    assert "  山田 & 佐藤：\n" in result.stdout and "山田 & 佐藤:" not in result.stdout
    # and its items are separated by the Japanese list mark, not ";"
    assert ";" not in result.stdout
    assert po("ja", "Melded cards") + " 50" + "、" in result.stdout


def test_a_side_error_in_japanese_puts_the_side_before_a_full_width_colon(cli, monkeypatch):
    new_game(cli)
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    result = cli("hand", "m=1x", "m=5")
    assert result.exit_code == 1
    assert "Ann & Bob：" in result.stderr and "Ann & Bob:" not in result.stderr


def test_players_of_a_side_are_listed_in_the_language(cli, monkeypatch):
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    console_width(monkeypatch, 30)  # the pad's header names the players of each side
    out = cli("show").stdout
    want = po("ja", "{side} ({players})").format(side="Ann & Bob", players="Ann、Bob")
    assert want == "Ann & Bob（Ann、Bob）"
    assert want in out and "Ann & Bob (Ann, Bob)" not in out


# -- 3. a broken variant file's errors -------------------------------------------------------


def write_variant(db: Path, name: str, text: str) -> Path:
    folder = db.parent / "config" / "variants"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


BROKEN = {
    # an unknown key (msgspec's "unknown field")
    "unknown": 'title = "House"\nextends = "classic"\nbased_on = "classic"\n',
    # a value of the wrong type
    "wrongtype": 'title = 5\nextends = "classic"\n',
    # not TOML at all
    "nottoml": "x = [\n",
    # an extends that names no variant
    "noparent": 'title = "House"\nextends = "nosuch"\n',
}


def expected(lang: str, case: str, path: Path) -> tuple[str, str]:
    """The translated refusal of the broken file ``case`` (from the .po) and its English."""
    if case == "unknown":
        head = po(lang, "unknown key '{key}' (allowed: {allowed})").split("{allowed}")[0]
        return head.format(key="based_on"), "unknown key 'based_on'"
    if case == "wrongtype":
        said = po(lang, "'{name}' must be {kind}, not {value}").format(
            name="title", kind=po(lang, "text"), value="5"
        )
        return said, "'title' must be text, not 5"
    if case == "nottoml":
        where = po(lang, "variant file {path}").format(path=path)
        said = po(lang, "{where} is not valid TOML at its end ({error})").format(
            where=where, error="Invalid value"
        )
        return said, "is not valid TOML"
    # the file's path, or the variant's name, goes before it
    template = po(lang, "{where}: 'extends' names unknown variant '{parent}'")
    return template.split("{where}")[1].format(parent="nosuch"), "names unknown variant"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_variant_file_is_refused_in_the_language(cli, db, monkeypatch, lang, case):
    path = write_variant(db, "house", BROKEN[case])
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    said, english = expected(lang, case, path)
    for args in (("variants", "check", str(path)), ("new", "house", "--team", "A", "--team", "B")):
        result = cli(*args)
        assert result.exit_code == 3, result.output
        assert said in result.stderr, (args, result.stderr)
        assert english not in result.stderr
        assert "Traceback" not in result.output


def test_a_broken_variant_file_still_reads_in_english(cli, db):
    path = write_variant(db, "house", BROKEN["wrongtype"])
    result = cli("variants", "check", str(path))
    assert result.exit_code == 3
    assert "'title' must be text, not 5" in result.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_a_bad_opening_minimum_table_is_refused_in_the_language(cli, db, monkeypatch, lang):
    text = (
        'title = "House"\nextends = "classic"\n[opening_minimum]\nby = "score"\n'
        "bands = [{points = 50, below = 1000}, {from = 2000, points = 90}]\n"
    )
    path = write_variant(db, "house", text)
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli("variants", "check", str(path))
    assert result.exit_code == 3, result.output
    template = po(
        lang,
        "{where}: opening_minimum bands leave a gap from {below} to {low} (bands[{i}] and"
        " bands[{value}])",
    )
    said = template.format(where=path, below=1000, low=2000, i=0, value=1)
    assert said in result.stderr.replace("\n", "")
    assert "leave a gap" not in result.stderr


# -- 4. the backups list -----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_backups_list_dates_in_the_language_and_the_tables_box(cli, monkeypatch, lang):
    new_game(cli)
    assert cli("hand", "--yes", "m=100 nat=1 out", "m=50").exit_code == 0
    taken = cli.json("backups")["backups"][0]["taken"]
    year, month, day = (int(x) for x in taken[:10].split("-"))
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    out = cli("backups").stdout
    want = f"{year}年{month}月{day}日" if lang == "ja" else f"{day:02d}.{month:02d}.{year}"
    assert want in out and taken[:10] not in out
    assert po(lang, "Taken (UTC)") in out
    # the same box as every other listing (games, stats): a heavy rule under the headings
    games = cli("games").stdout
    assert "━" in out and "━" in games
    assert not set("┏┃┡│└") & set(out)


# -- 5. 40, 80 and 120 columns in Japanese -------------------------------------------------------

DETAIL_LABELS = (
    "Melded cards",
    "Canasta bonuses",
    "Red threes",
    "Going out",
    "Cards left in hand",
    "Hand score",
    "Total",
    "Minimum this hand",
)


@pytest.mark.parametrize("width", [40, 80, 120])
def test_show_detail_keeps_every_japanese_label_whole(cli, monkeypatch, width):
    play_two_hands(cli)
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    console_width(monkeypatch, width)
    out = cli("show", "1", "--detail").stdout
    lines = out.splitlines()
    assert max(cell_len(line) for line in lines) <= width
    for msgid in DETAIL_LABELS:
        label = po("ja", msgid)
        assert any(line.strip().startswith(label) for line in lines), (label, out)
    # every number beside its label: the melded cards of hand 1 (120 and 90)
    melded = [line for line in lines if line.strip().startswith(po("ja", "Melded cards"))]
    assert melded[0].split()[-2:] == ["120", "90"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", [40, 80, 120])
def test_stats_never_cuts_a_heading_inside_a_word(cli, monkeypatch, lang, width):
    play_two_hands(cli)
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    console_width(monkeypatch, width)
    out = cli("stats").stdout
    assert max(cell_len(line) for line in out.splitlines()) <= width
    if "━" not in out:  # a block of lines per record (the narrow layout): no headings
        assert po(lang, "Avg hand") not in out
        return
    msgids = ("Side", "Games", "Wins", "Win rate", "Avg hand", "Best hand", "Red 3s", "Canastas")
    for msgid in msgids:
        for word in po(lang, msgid).split():
            assert word in out, (word, out)  # whole on a line, wrapped at spaces at most


# -- 6. a count of canastas in an entry ----------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_bad_canasta_count_names_the_kind_in_the_language(cli, db, monkeypatch, lang):
    new_game(cli)
    entries = db.parent / "hand.json"
    teams = [{"meld_points": 50, "canastas": {"natural": -1}}, {"meld_points": 5}]
    entries.write_text(json.dumps({"teams": teams}), encoding="utf-8")
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli("hand", "--yes", "--file", str(entries))
    assert result.exit_code == 1, result.output
    what = po(lang, "{side}: {what} ({name}=)").format(
        side="Ann & Bob", what=po(lang, "natural canasta"), name="natural"
    )
    assert what in result.stderr, result.stderr
    assert "natural canastas" not in result.stderr


def test_a_bad_canasta_count_in_english_says_the_plural(cli, db):
    new_game(cli)
    entries = db.parent / "hand.json"
    teams = [{"meld_points": 50, "canastas": {"natural": -1}}, {"meld_points": 5}]
    entries.write_text(json.dumps({"teams": teams}), encoding="utf-8")
    result = cli("hand", "--yes", "--file", str(entries))
    assert "Ann & Bob: natural canastas (natural=)" in result.stderr


# -- 7. the game changed meanwhile -------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_changed_meanwhile_in_the_language(cli, db, monkeypatch, lang):
    from scorekeeper.application import queries, usecases
    from scorekeeper.errors import InputError

    new_game(cli)
    assert cli("hand", "--yes", "m=100 nat=1 out", "m=50").exit_code == 0
    seen = queries.game_to_change(db)
    assert cli("undo").exit_code == 0  # another terminal changes the game
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    with pytest.raises(InputError) as caught:
        usecases.undo(db, seen=seen)
    english = "the game changed meanwhile (another terminal); try again"
    assert caught.value.message == po(lang, english)
    assert caught.value.message != english


# -- the reasons of a failed file operation --------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_missing_file_is_said_in_the_language(cli, db, monkeypatch, lang):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli("import", str(db.parent / "nowhere.json"))
    assert result.exit_code != 0
    assert po(lang, "No such file or directory") in result.stderr
    assert "No such file or directory" not in result.stderr


# -- lists in a sentence -------------------------------------------------------------------------


def test_a_bad_status_lists_the_statuses_with_the_japanese_separator(cli, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    result = cli("games", "--status", "bogus")
    assert result.exit_code != 0
    assert "playing、finished" in result.stderr and "playing, finished" not in result.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_a_contract_not_met_is_said_in_the_language(cli, monkeypatch, lang):
    assert cli("new", "hand-and-foot", "--team", "A", "--team", "B").exit_code == 0
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    result = cli("hand", "--yes", "m=100 out", "m=50")
    assert result.exit_code == 1, result.output
    book = po(lang, "{title} ×{n}").format(title=po(lang, "clean book"), n=2)
    has = po(lang, "{what} (has {has})").format(what=book, has=0)
    assert has in result.stderr, result.stderr
    assert "(has 0)" not in result.stderr


# -- 8. the Turkish words: the seed's, the players' in the glossary ------------------------------


def test_the_glossary_names_the_players_turkish_words_and_the_seeds():
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    for seed, players in (("kaynak", "per"), ("vahşi kart", "joker"), ("stok", "deste")):
        row = next(line for line in glossary.splitlines() if f"| {seed}" in line)
        assert f"players: {players}" in row, row


def test_the_turkish_catalogue_follows_the_glossary():
    for msgid, text in catalogue("tr").items():
        forms = [f for f in (text if isinstance(text, tuple) else (text,)) if f]
        for form in forms:
            # "per" is the players' word for a meld: the seed's "kaynak" is used
            assert not re.search(r"\bper(ler|i|in|e|de)?\b", form, re.I), (msgid, form)
            # "joker" is only the card
            if re.search(r"\bjoker", form, re.I):
                assert re.search(r"joker|\bX\b|wild_jokers", msgid, re.I), (msgid, form)
        if re.search(r"\bstock\b", msgid):
            assert all("stok" in form.lower() for form in forms), (msgid, forms)
            assert not any("deste" in form.lower() for form in forms), (msgid, forms)


# -- percentages -------------------------------------------------------------------------------


def test_percent_as_each_language_writes_it(monkeypatch):
    assert i18n.percent(0.75) == "75%"
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    assert i18n.percent(1.0) == "100%"
    monkeypatch.setenv("SCOREKEEPER_LANG", "tr")
    assert i18n.percent(1.0) == "%100" and i18n.percent(0.5) == "%50"


def test_turkish_stats_write_the_percent_sign_first(cli, monkeypatch):
    new_game(cli)
    assert cli("new", "classic", *PARTNERSHIPS, "--target", "100").exit_code == 0
    assert cli("hand", "--yes", "m=120 nat=1 out", "m=90").exit_code == 0  # Ann & Bob win
    monkeypatch.setenv("SCOREKEEPER_LANG", "tr")
    out = cli("stats").stdout
    assert "%100" in out and "100%" not in out


@pytest.mark.parametrize("width", [40, 80, 120])
def test_the_standings_never_cut_the_japanese_minimum_heading(cli, monkeypatch, width):
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    console_width(monkeypatch, width)
    result = cli("new", "classic", *WIDE)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert max(cell_len(line) for line in out.splitlines()) <= width
    assert "…" not in out
    # whole: as the table's heading, or as the label of the lines under the table
    assert po("ja", "Next opening minimum") in out, out


def test_a_variants_heading_in_japanese_brackets_its_key_full_width(cli, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    first = cli("variants", "show", "samba").stdout.splitlines()[0]
    want = po("ja", "{title} ({name})").format(title=po("ja", "Samba"), name="samba")
    assert first == want and "(samba)" not in first


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", [40, 80, 120])
def test_the_canasta_kinds_of_a_variant_are_never_cut_short(cli, monkeypatch, lang, width):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    console_width(monkeypatch, width)
    out = cli("variants", "show", "samba").stdout
    start = out.index(po(lang, "Canastas (key for hand entries, bonus)"))
    end = out.index(po(lang, "Threes and going out"))
    kinds = out[start:end]
    assert "…" not in kinds
    for title in ("natural canasta", "mixed canasta"):
        assert po(lang, title) in kinds, kinds
    assert max(cell_len(line) for line in out.splitlines()) <= width


def test_a_japanese_note_in_brackets_takes_no_space_before_it(cli, monkeypatch):
    assert i18n.aside("(note)") == " (note)"
    assert i18n.aside("（注）") == "（注）"
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    console_width(monkeypatch, 200)
    out = cli("variants", "show", "samba").stdout
    keys = po("ja", "(--set tie= takes {choices})").split("{choices}")[0]
    assert keys.startswith("（")
    # samba's tie is a draw (RULES.md §4): "引き分け（--set tie= で…", no space between them
    assert po("ja", "draw") + keys in out
    assert " " + keys not in out
