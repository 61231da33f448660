"""The one table of a side's entry fields: :data:`FIELDS` declares each field once.

Per field: its key, the names the one-line grammar knows it by (README, "One-line entries"),
its JSON key(s) (DESIGN.md, "Hand entry as JSON"), the kind of its value, when a variant uses
it, the guided prompt's question and its help text. The line grammar
(:mod:`scorekeeper.domain.entry_line`), the JSON reader (:mod:`scorekeeper.domain.entries`),
the guided prompt (:mod:`scorekeeper.cli.prompt`), ``hand --help`` and ``edit --help``
(:func:`document`) and README's table (:func:`readme_table`) are built from it, so adding a
field is one row here (a field that changes the score also needs its scoring rule).

This module imports nothing heavy: ``scorekeeper --help`` builds the help text from it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from scorekeeper.i18n import N_

if TYPE_CHECKING:
    from scorekeeper.domain.variant import Variant

# -- kinds of value ---------------------------------------------------------------------------

#: A whole number, 0 or more (``red=2``, ``"red_threes": 2``).
COUNT = "count"
#: Card points, or the cards themselves (``meld=340`` / ``meld=KKKK2/QQQ``): two JSON keys.
POINTS_OR_CARDS = "points_or_cards"
#: Yes or no (``out``, ``"went_out": true``).
YES_NO = "yes_no"
#: Counts per canasta kind of the variant, by key or alias (``natural=1``).
CANASTAS = "canastas"
#: Counts per penalty kind of the variant (``red_three_not_declared=1``).
PENALTIES = "penalties"
#: The key of one of the variant's special hands (``special=garbage``).
SPECIAL_HAND = "special_hand"

KINDS = (COUNT, POINTS_OR_CARDS, YES_NO, CANASTAS, PENALTIES, SPECIAL_HAND)


def _always(variant: Variant) -> bool:
    return True


def _no_limit(variant: Variant) -> int:
    return 99


class EntryField(Struct, frozen=True):
    """One field of a side's entry, declared once.

    ``key``: the field's name, and the :class:`SideEntry` attribute holding its value (a key
    that is no attribute keeps its value in :attr:`SideEntry.other`). ``kind``: one of
    :data:`KINDS`. ``json``: its JSON key(s); for :data:`POINTS_OR_CARDS` (points key, cards
    key). ``names``: what the one-line grammar calls it, full name first, then short forms
    (canasta and penalty kinds are named by the variant). ``used``: whether a variant has it
    (grammar, prompt); ``refused``: the reader's message for a value given where it is not used
    (``{variant}``: the variant's name), empty to leave that to the hand's checks. ``question``:
    the guided prompt's question; ``asked``: ``side`` (asked of each side), ``which`` (one
    question per hand: which side), ``with`` (a yes/no asked of the side ``implies`` names).
    ``limit``: the largest count the prompt takes. ``grouped``: cards form melds. ``alone``:
    the side gives nothing else (acaba, a special hand): the prompt asks it first, and asks
    nothing more of the side (acaba: of the hand) once it is given. ``implies``: the yes/no
    field this one sets too (concealed: went out). ``unless``: the prompt skips this field when
    that JSON key was answered (canastas are counted from typed melds). ``prompted``: whether
    the prompt asks it in a variant that has it (``used``): only where it can change the score
    (concealed: where going out concealed pays extra). ``needs``: the prompt asks this field
    only when the answer under that JSON key is not 0 (no canastas without meld points).
    ``title``: what a player calls the field ("red threes"), for messages.
    ``syntax``/``short``: the line form
    and its short form; ``summary``: its meaning in a few words (``hand --help``); ``help``: its
    meaning in full (README).
    """

    key: str
    kind: str
    json: tuple[str, ...]
    syntax: str
    summary: str
    help: str
    names: tuple[str, ...] = ()
    short: str = ""
    question: str = ""
    asked: str = "side"
    used: Callable[[Variant], bool] = _always
    refused: str = ""
    limit: Callable[[Variant], int] = _no_limit
    grouped: bool = False
    alone: bool = False
    implies: str = ""
    unless: str = ""
    prompted: Callable[[Variant], bool] = _always
    needs: str = ""
    title: str = ""

    @property
    def points_key(self) -> str:
        return self.json[0]

    @property
    def cards_key(self) -> str:
        return self.json[-1]


def _scores_red_threes(v: Variant) -> bool:
    return v.red_threes.scored


def _scores_black_threes(v: Variant) -> bool:
    return v.black_threes.scored


def _has_special_hands(v: Variant) -> bool:
    return bool(v.special_hands)


def _has_acaba(v: Variant) -> bool:
    return v.acaba is not None


def _pays_concealed(v: Variant) -> bool:
    return v.going_out.concealed_bonus != 0


def _canastas_in_decks(v: Variant) -> int:
    return v.deck_cards // 7


def _red_threes_in_decks(v: Variant) -> int:
    return v.cards_of("red_three")


def _black_threes_in_decks(v: Variant) -> int:
    return v.cards_of("black_three")


#: The words ``play`` reads as commands at its first prompt, their short forms, and ``keep``
#: (a side's entry kept in ``edit``; :mod:`scorekeeper.cli.session_words` says what each
#: does): no canasta kind or penalty of a variant is named so, or it would be a command at one
#: prompt and an item at the next.
SESSION_COMMANDS = frozenset(
    ("undo", "redo", "edit", "fix", "check", "points", "show", "rematch", "help", "quit", "exit")
) | {"q", "keep"}

#: The one table of entry fields, in the order the prompt asks them and JSON lists them.
FIELDS: list[EntryField] = [
    EntryField(
        "meld",
        POINTS_OR_CARDS,
        ("meld_points", "melds"),
        title=N_("meld points"),
        syntax="meld=340",
        short="m=340",
        summary=N_("melded card points, or the cards (m=KKKK2/QQQ)"),
        help=N_(
            "card points of everything the side melded, canastas included; `meld=KKKKKKK/QQQ2`"
            " gives the cards instead, `/` between melds (canastas are then counted from melds of"
            " 7 or more cards unless you give them)"
        ),
        names=("meld", "m"),
        question=N_("Melded card points (or the cards, e.g. KKKK2 QQQ)"),
        grouped=True,
    ),
    EntryField(
        "canastas",
        CANASTAS,
        ("canastas",),
        title=N_("canastas"),
        syntax="natural=1 mixed=2",
        short="nat=1 mix=2",
        summary=N_("canastas by kind (key, alias or unique prefix)"),
        help=N_("canastas by kind: the variant's keys and aliases (`clean`, `dirty`...)"),
        question="{kinds}",
        limit=_canastas_in_decks,
        unless="melds",
        needs="meld_points",
    ),
    EntryField(
        "red_threes",
        COUNT,
        ("red_threes",),
        title=N_("red threes"),
        syntax="red=2",
        short="r=2",
        summary=N_("red threes laid out"),
        help=N_("red threes laid out"),
        names=("red", "r"),
        question=N_("Red threes"),
        used=_scores_red_threes,
        limit=_red_threes_in_decks,
    ),
    EntryField(
        "black_threes",
        COUNT,
        ("black_threes",),
        title=N_("black threes"),
        syntax="black=1",
        short="b=1",
        summary=N_("black threes laid out (variants that score them)"),
        help=N_("black threes laid out (variants that score them)"),
        names=("black", "b"),
        question=N_("Black threes"),
        used=_scores_black_threes,
        limit=_black_threes_in_decks,
    ),
    EntryField(
        "went_out",
        YES_NO,
        ("went_out",),
        title=N_("going out"),
        syntax="out",
        short="o",
        summary=N_("the side went out"),
        help=N_("the side went out"),
        names=("out", "o"),
        question=N_("Which side went out?"),
        asked="which",
    ),
    EntryField(
        "concealed",
        YES_NO,
        ("concealed",),
        title=N_("going out concealed"),
        syntax="concealed",
        short="c",
        summary=N_("went out concealed, in one turn"),
        help=N_("went out concealed, in one turn (implies `out`)"),
        names=("concealed", "c"),
        question=N_("Concealed (the whole hand melded in one turn)?"),
        asked="with",
        implies="went_out",
        prompted=_pays_concealed,
    ),
    EntryField(
        "hand",
        POINTS_OR_CARDS,
        ("hand_points", "hand"),
        title=N_("points left in hand"),
        syntax="hand=25",
        short="h=25",
        summary=N_("points left in hands, or the cards (h=J/5/X)"),
        help=N_(
            "points left in all the side's hands (deducted); `hand=J/5/X` gives the cards"
            " (`X` is a joker)"
        ),
        names=("hand", "h"),
        question=N_("Points left in hand (or the cards)"),
    ),
    EntryField(
        "penalties",
        PENALTIES,
        ("penalties",),
        title=N_("penalties"),
        syntax="red_three_not_declared=1",
        summary=N_("a penalty kind of the variant"),
        help=N_("a penalty kind of the variant (`variants show` lists them)"),
        question=N_("{kind} ({points} each)"),
    ),
    EntryField(
        "special_hand",
        SPECIAL_HAND,
        ("special_hand",),
        title=N_("special hand"),
        syntax="special=garbage",
        summary=N_("a special hand the side laid down"),
        help=N_(
            "a special hand the side laid down, by key (variants that have them); it replaces"
            " the side's whole score"
        ),
        names=("special",),
        question=N_("Special hand laid down ({choices}; Enter for none)"),
        used=_has_special_hands,
        alone=True,
    ),
    EntryField(
        "acaba",
        YES_NO,
        ("acaba",),
        title=N_("acaba"),
        syntax="acaba",
        summary=N_("the side declared acaba"),
        help=N_(
            "the side declared acaba (variants with acaba): the opponents score its points,"
            " and nothing else counts"
        ),
        names=("acaba",),
        question=N_("Which side declared acaba?"),
        asked="which",
        used=_has_acaba,
        refused=N_("{variant} has no acaba declaration"),
        alone=True,
    ),
]


# -- words -------------------------------------------------------------------------------------

#: The plural of each noun a canasta kind's title is named by ("natural canasta of aces": the
#: canasta), declared once; a rank's plural is :data:`scorekeeper.domain.cards.RANK_WORDS`.
NOUN_PLURALS: dict[str, str] = {
    "canasta": "canastas",
    "book": "books",
    "samba": "sambas",
    "escalera": "escaleras",
    "bolivia": "bolivias",
    "sequence": "sequences",
    "meld": "melds",
    "three": "threes",
    "hand": "hands",
    "pair": "pairs",
}


def plural(title: str) -> str | None:
    """``title`` (a singular name: "natural canasta of aces", "red three") in the plural, as a
    player says it: its first noun of :data:`NOUN_PLURALS` put in the plural ("natural
    canastas of aces", "canastas of seven 2s", "red threes"), and likewise in a gloss in
    brackets ("escaleras (seven-card sequences)"); None when the title (before any gloss) has
    no such noun (a title of a user's variant: then it is not guessed at)."""
    name, bracket, gloss = title.partition(" (")
    many = _first_noun_plural(name)
    if many is None:
        return None
    if bracket:
        gloss = _first_noun_plural(gloss) or gloss
    return many + bracket + gloss


def _first_noun_plural(text: str) -> str | None:
    words = text.split(" ")
    for i, word in enumerate(words):
        bare = word.strip("()[],;:")
        if bare.lower() in NOUN_PLURALS:
            many = NOUN_PLURALS[bare.lower()]
            if bare[:1].isupper():
                many = many[:1].upper() + many[1:]
            words[i] = word.replace(bare, many, 1)
            return " ".join(words)
    return None


def counted(n: int, title: str) -> str:
    """``n`` of ``title`` as a player says it: "1 red three", "2 red threes", "0 natural
    canastas"; a title :func:`plural` cannot put in the plural reads "title: n"."""
    if n == 1:
        return f"1 {title}"
    many = plural(title)
    return f"{n} {many}" if many else f"{title}: {n}"


def counted_kind(n: int, title: str) -> str:
    """``n`` of a canasta kind (or any thing) whose English ``title`` a variant gives: English
    "2 natural canastas" (:func:`counted`); in another language the title translated and the
    count after it ("ナチュラルカナスタ ×2", "doğal kanasta ×2")."""
    from scorekeeper.i18n import gettext as _
    from scorekeeper.i18n import language

    if language() == "en":
        return counted(n, title)
    return _("{title} ×{n}").format(title=_(title), n=n)


def sentence(text: str) -> str:
    """``text`` with its first letter a capital, the rest as written ("Canasta of 2s")."""
    return text[:1].upper() + text[1:]


@contextlib.contextmanager
def extra_field(new: EntryField) -> Iterator[EntryField]:
    """Add ``new`` to :data:`FIELDS` for the ``with`` block, then take it out again (for tests
    and trials of a field before it joins the table)."""
    FIELDS.append(new)
    _redocument()
    try:
        yield new
    finally:
        FIELDS.remove(new)
        _redocument()


def entry_keys() -> tuple[str, ...]:
    """Every key a side's JSON object may have: ``team`` and each field's JSON keys."""
    return ("team", *(key for f in FIELDS for key in f.json))


def by_json_key() -> dict[str, EntryField]:
    """Each JSON key of the table, mapped to its field (worked out once per state of the
    table: every entry read asks for it)."""
    global _BY_JSON_KEY
    if _BY_JSON_KEY is None:
        _BY_JSON_KEY = {key: f for f in FIELDS for key in f.json}
    return _BY_JSON_KEY


_BY_JSON_KEY: dict[str, EntryField] | None = None


def field_named(key: str) -> EntryField:
    """The field of the table with ``key``; KeyError if there is none."""
    return next(f for f in FIELDS if f.key == key)


def help_lines() -> list[str]:
    """The entry items for ``hand --help`` and ``edit --help``: one line per field, its line
    form and summary (a long form puts the summary on a line of its own)."""
    lines = []
    for f in FIELDS:
        form = f"{f.syntax} / {f.short}" if f.short else f.syntax
        if len(form) > 20:
            lines += [form, f"{'':<20}{f.summary}"]
        else:
            lines.append(f"{form:<20}{f.summary}")
    return lines


#: Where :func:`document` puts the entry items in a command's docstring.
ITEMS_MARK = "{entry items}"
_DOCUMENTED: list[tuple[Callable[..., Any], str]] = []


def _fill(template: str) -> str:
    out = []
    for line in template.split("\n"):
        if line.strip() == ITEMS_MARK:
            indent = line[: len(line) - len(line.lstrip())]
            out += [indent + item for item in help_lines()]
        else:
            out.append(line)
    return "\n".join(out)


def document(command: Callable[..., Any]) -> Callable[..., Any]:
    """Put the entry items (:func:`help_lines`) into ``command``'s docstring where a line reads
    :data:`ITEMS_MARK`, and keep them current when the table changes (:func:`extra_field`).
    Returns ``command``."""
    template = command.__doc__ or ""
    _DOCUMENTED.append((command, template))
    command.__doc__ = _fill(template)
    return command


def _redocument() -> None:
    """The table changed (:func:`extra_field`): forget what was worked out from it, and fill
    the documented commands' help again."""
    global _BY_JSON_KEY
    _BY_JSON_KEY = None
    for command, template in _DOCUMENTED:
        command.__doc__ = _fill(template)


def readme_table() -> str:
    """README's one-line entries table (Markdown), one row per field."""
    rows = ["| item | short | meaning |", "|---|---|---|"]
    for f in FIELDS:
        item = " ".join(f"`{part}`" for part in f.syntax.split())
        short = " ".join(f"`{part}`" for part in f.short.split())
        rows.append(f"| {item} | {short} | {f.help} |".replace("|  |", "| |"))
    return "\n".join(rows)


def empty_value(f: EntryField, key: str) -> Any:
    """What field ``f`` holds under JSON key ``key`` when nothing was given."""
    if f.kind == POINTS_OR_CARDS:
        return 0 if key == f.points_key else None
    return {COUNT: 0, YES_NO: False, CANASTAS: {}, PENALTIES: {}, SPECIAL_HAND: None}[f.kind]
