"""The words typed at ``play``'s prompt (README, "A whole game in one session"), read without
any input or output, so they are tested without a terminal.

A line is either a command (:data:`WORDS`: its first word, any case) or a side's one-line entry
(:mod:`scorekeeper.domain.entry_line`; no entry item is called like a command). This module
reads a command's arguments: a hand's number (``edit 2``), a side named at the start
(``fix Cat & Dan m=150``, ``check Ann & Bob: 666 AAA2``), a cutthroat hand's partners
(``Bob,Cat`` or ``2 3``), an opening check's cards and options; and it writes a recorded entry
back as a one-line entry (:func:`entry_line`), to be shown and typed over.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from msgspec import Struct

from scorekeeper.domain.bounds import is_digits, side_place
from scorekeeper.domain.cards import reads_as_cards
from scorekeeper.domain.fields import SESSION_COMMANDS
from scorekeeper.errors import InputError, UsageError
from scorekeeper.i18n import N_, listing, numbered
from scorekeeper.i18n import gettext as _

if TYPE_CHECKING:
    from scorekeeper.domain.entries import SideEntry
    from scorekeeper.domain.game import Game
    from scorekeeper.domain.variant import Variant

#: The session's command words, in the order ``help`` lists them: word -> (form, what it does).
#: The words are typed in English in every language; what they do is translated where shown.
WORDS: dict[str, tuple[str, str]] = {
    "undo": ("undo", N_("take back the last hand ('redo' puts it back)")),
    "redo": ("redo", N_("put back the hand 'undo' took back")),
    "edit": ("edit N", N_("enter hand N again, side by side ('keep' keeps a side's entry)")),
    "fix": (
        "fix [SIDE] [ITEM=VALUE ...]",
        N_("change items of one side's entry in the last hand"),
    ),
    "check": (
        "check [SIDE:] CARDS [--discard CARD] [--out] [--concealed]",
        N_("may these melds be laid down as the side's opening meld?"),
    ),
    "points": ("points CARDS", N_("the card points of cards")),
    "show": ("show [--detail]", N_("the score pad (or every hand's full breakdown)")),
    "rematch": ("rematch", N_("once the game is over: a new game like it, the deal passing on")),
    "help": ("help", N_("this list")),
    "quit": ("quit", N_("end the session (Ctrl-D too); every recorded hand is kept")),
}

#: The placeholders of the command forms (:data:`WORDS`) and the words ``--help`` writes for
#: them (its metavars, :data:`scorekeeper.cli.common.METAVARS`), translated where shown.
PLACEHOLDERS = {
    "ITEM=VALUE": N_("KEY=VALUE"),
    "SIDE": N_("NAME"),
    "CARDS": N_("CARDS"),
    "CARD": N_("CARD"),
    "N": N_("N"),
}
_PLACEHOLDER = re.compile(r"ITEM=VALUE|\b(?:SIDE|CARDS|CARD|N)\b")


def command_form(word: str) -> str:
    """The form of command ``word`` (a key of :data:`WORDS`) as ``help`` shows it: its
    placeholders in the words ``--help`` uses in the language (``fix [名前] [キー=値 ...]``);
    English as written (``fix [SIDE] [ITEM=VALUE ...]``)."""
    from scorekeeper.i18n import language

    form = WORDS[word][0]
    if language() == "en":
        return form
    return _PLACEHOLDER.sub(lambda m: _(PLACEHOLDERS[m[0]]), form)


#: Other words for a command.

ALIASES = {"exit": "quit", "q": "quit", "?": "help"}


#: Typed at a side's prompt in ``edit N``: keep that side's entry as recorded.
KEEP = "keep"
# every word (but '?', which no item's name could be) is one no variant names an item
assert {*WORDS, *ALIASES, KEEP} - {"?"} == SESSION_COMMANDS


class Command(Struct, frozen=True):
    """A command typed at the prompt: its ``word`` (a key of :data:`WORDS`) and the ``rest`` of
    the line (stripped)."""

    word: str
    rest: str = ""


class CheckWords(Struct, frozen=True):
    """``check``'s arguments: the ``side`` named (index, None when none was), the ``cards``
    (card notation, melds separated as ``check`` takes them), the top ``discard`` (one card's
    text or None), ``out`` and ``concealed``."""

    side: int | None
    cards: str
    discard: str | None = None
    out: bool = False
    concealed: bool = False


def command(line: str) -> Command | None:
    """The command ``line`` types (its first word is one of :data:`WORDS` or
    :data:`ALIASES`, any case), or None when the line is an entry (or empty)."""
    from scorekeeper.domain.names import ascii_field

    parts = line.split(maxsplit=1)
    if not parts:
        return None
    word = ascii_field(parts[0]).casefold()  # a full-width ｕｎｄｏ too
    word = ALIASES.get(word, word)
    if word not in WORDS:
        return None
    return Command(word, parts[1].strip() if len(parts) > 1 else "")


def mistyped_command(line: str, variant: Variant) -> str | None:
    """The command word ``line``'s first word was meant to be (``undoo``: ``undo``), when it is
    close to one and names none of ``variant``'s entry items; else None (an entry)."""
    from scorekeeper.domain.entry_line import names_item
    from scorekeeper.domain.names import ascii_field
    from scorekeeper.domain.suggest import closest

    parts = line.split(maxsplit=1)
    if not parts or any(c in parts[0] for c in "=:：") or names_item(variant, parts[0]):
        return None
    typed = ascii_field(parts[0]).casefold()
    starting = [word for word in WORDS if word.startswith(typed)]
    return starting[0] if len(starting) == 1 else closest(typed, WORDS)  # ed: edit


def hand_number(rest: str, word: str = "edit") -> int:
    """The hand's number ``edit N`` gives (1 is the first hand). UsageError for anything but
    one whole number from 1 to MAX_HANDS (a game holds no more hands)."""
    from scorekeeper.domain.bounds import MAX_HANDS, quoted
    from scorekeeper.domain.names import ascii_field

    text = ascii_field(rest).strip()  # full-width digits (２) too, as everywhere
    digits = text.lstrip("0")  # int() of a 4,300-digit text raises: never made
    if not is_digits(text) or not digits:
        raise UsageError(
            _("{word} takes a hand's number, e.g. {word} 2; got '{text}'").format(
                word=word, text=quoted(text)
            )
        )
    if len(digits) > 9 or int(digits) > MAX_HANDS:
        raise UsageError(
            _("{word} takes a hand's number from 1 to {most}; got '{text}'").format(
                word=word, text=quoted(text), most=MAX_HANDS
            )
        )
    return int(digits)


def split_side(text: str, names: Sequence[str], numbers: bool = False) -> tuple[int | None, str]:
    """The side a command names at the start of ``text`` and the rest of it:
    ``"Cat & Dan m=150"`` and ``"Cat & Dan: m=150"`` -> (1, "m=150") for sides ``names``
    (case and spacing ignored; the longest name that fits wins). With ``numbers`` a side's
    number works too (``"2 m=150"``). Names are found as :class:`~scorekeeper.domain.names.
    NameFinder` finds them (full-width forms too). Returns (None, text) when no side is
    named."""
    index, _head, rest, _colon = named_side(text, names, numbers)
    return index, rest


def named_side(
    text: str, names: Sequence[str], numbers: bool = False
) -> tuple[int | None, str, str, bool]:
    """:func:`split_side`'s side and rest, with the name as typed and whether a colon
    followed it: ``"KKK 666"`` with a side called KKK -> (0, "KKK", "666", False), which
    ``check`` reads as cards (:func:`check_words`)."""
    from scorekeeper.domain.names import NameFinder

    stripped = text.strip()
    finder = NameFinder(names)
    found: list[tuple[int, int, str, str, bool]] = []  # (length typed, side, head, rest, colon)
    for at in (i for i, c in enumerate(stripped) if c in ":："):  # "A:B: m=50": sides A, A:B
        side = finder.find(stripped[:at])
        if side is not None:
            found.append((at, side, stripped[:at], stripped[at + 1 :].strip(), True))
    words = stripped.split()
    for k in range(len(words), 0, -1):
        head = " ".join(words[:k])
        side = finder.find(head)
        if side is not None:
            found.append((len(head), side, head, " ".join(words[k:]), False))
            break
    if found:
        _, index, head, rest, colon = max(found, key=lambda f: f[0])  # the longest that fits
        return index, head, rest, colon
    place = side_place(words[0], len(names)) if words else None
    if numbers and place is not None:  # "2", "２", "2:" too
        return place, words[0], " ".join(words[1:]), words[0].endswith((":", "："))
    glued = re.fullmatch(r"([^:：]+)[:：](.+)", words[0]) if numbers and words else None
    place = side_place(glued[1], len(names)) if glued else None
    if glued and place is not None:  # "2:h=5", as the entry "2:h=5" names side 2
        return place, glued[1], " ".join([glued[2], *words[1:]]), True
    return None, "", stripped, False


def side_choice(text: str, names: Sequence[str]) -> int:
    """A side chosen by its number (1 is the first) or its name. InputError otherwise."""
    index, rest = split_side(text, names, numbers=True)
    if index is None or rest:
        choices = listing(numbered(names))
        raise InputError(
            _("'{text}' is no side: type a side's number or name ({choices})").format(
                text=text.strip(), choices=choices
            )
        )
    return index


def partner_words(text: str) -> list[str]:
    """A cutthroat hand's partners as typed (RULES.md §2.2), one word each: split at commas
    when there is one (``"Ann Lee,Bob"``), else at spaces (``"2 3"``); none for ``""``,
    ``"0"`` or ``"-"`` (nobody took the pile). Each word names a side as
    :meth:`scorekeeper.domain.game.Game.side_of` reads it: a player's or a side's name, or a
    side's number."""
    stripped = text.strip().replace("，", ",")  # a full-width comma too
    if stripped in ("", "0", "-"):
        return []
    parts = stripped.split(",") if "," in stripped else stripped.split()
    words = [p.strip() for p in parts if p.strip()]
    if not words:  # " , ": no nobody, no partner either
        raise InputError(_("name exactly two different players as this hand's partners"))
    return words


def partner_sides(text: str, game: Game) -> list[int]:
    """The sides of a cutthroat hand's partners as typed (:func:`partner_words`), each read as
    :meth:`~scorekeeper.domain.game.Game.side_of` reads a name; a name holding a comma is
    read whole where one comma alone splits the text into two names of the game
    (``"Lee, Ann,Bob"``: the sides "Lee, Ann" and "Bob"). InputError for a word naming
    nobody."""
    stripped = text.strip()
    pairs: list[list[int]] = []
    for at in (i for i, c in enumerate(stripped) if c == ","):
        try:
            pairs.append([game.side_of(stripped[:at].strip()), game.side_of(stripped[at + 1 :])])
        except InputError:
            continue
    if len(pairs) == 1:
        return pairs[0]
    return [game.side_of(word) for word in partner_words(text)]


def partners(text: str, game: Game) -> tuple[int, ...]:
    """A cutthroat hand's two partners (RULES.md §2.2) as side indexes, typed at ``play``'s
    question (:func:`partner_words`: ``"Bob,Cat"``, ``"2 3"``); () when nobody took the pile.
    InputError for a word naming nobody, or for anything but two different sides."""
    picked = partner_sides(text, game)
    if picked and (len(picked) != 2 or picked[0] == picked[1]):
        raise InputError(
            _(
                "give the two partners of this hand, e.g. 2 3 or Bob,Cat (Enter: nobody took"
                " the pile)"
            )
        )
    return tuple(picked)


def check_words(rest: str, names: Sequence[str]) -> CheckWords:
    """``check``'s arguments (:class:`CheckWords`): an optional side first, by its name
    (``Ann & Bob:`` or ``Ann & Bob``) or its number with a colon (``2:``; a number alone is a
    card), then the cards, with ``--discard CARD`` (``-d``), ``--out`` and ``--concealed``
    anywhere. UsageError for no cards, an unknown option or a ``--discard`` without its card;
    InputError for a number past the sides."""
    side, head, remaining, colon = named_side(rest, names)
    if side is not None and not colon and reads_as_cards(head):  # a side called KKK: kings
        side, remaining = None, rest.strip()
    named = re.match(r"\s*([^:：]+?)\s*[:：](?=\s|$)(.*)", remaining)
    glued = re.match(r"\s*([0-9０-９]+)[:：](\S.*)", remaining)  # "2:666 AAA": side 2
    if side is None and not named and glued:
        named = glued
    if side is None and named:  # "2: KKK": side 2 ("2 KKK" is a deuce); "Zed: KKK": no side
        side, remaining = side_choice(named[1], names), named[2]
    cards: list[str] = []
    discard = None
    out = concealed = False
    tokens = iter(remaining.split())
    for token in tokens:
        low = token.casefold()
        if low in ("--discard", "-d"):
            discard = next(tokens, None)
            if discard is None:
                raise UsageError(_("--discard takes the top card of the pile, e.g. --discard 9"))
        elif low.startswith("--discard="):
            discard = token.partition("=")[2]
        elif low == "--out":
            out = True
        elif low == "--concealed":
            concealed = True
        elif low.startswith("--"):
            raise UsageError(
                _("check takes --discard CARD, --out and --concealed; not '{token}'").format(
                    token=token
                )
            )
        else:
            cards.append(token)
    if not cards:
        raise UsageError(_("check CARDS: give the melds, e.g. check 666 AAA2"))
    return CheckWords(side, " ".join(cards), discard, out, concealed)


def entry_line(entry: SideEntry) -> str:
    """A recorded entry written as a one-line entry that reads back as the same entry
    (README, "One-line entries"): each field as its full name (``meld=220 natural=1 red=2 out
    hand=15``), typed cards as tokens of cards joined by ``-`` with ``/`` between melds
    (``meld=K-K-K-K-2/Q-Q-Q``), canasta and penalty kinds as the entry gave them; ``-`` for a
    side that scored nothing."""
    from scorekeeper.domain.fields import (
        CANASTAS,
        FIELDS,
        PENALTIES,
        POINTS_OR_CARDS,
        SPECIAL_HAND,
        YES_NO,
    )

    given = entry.to_json()
    items: list[str] = []
    for f in FIELDS:
        if f.kind == POINTS_OR_CARDS:
            cards = entry.value(f.cards_key)
            if given.get(f.cards_key) is not None and cards is not None:
                groups = cards if f.grouped else [(c,) for c in cards]
                text = "/".join("-".join(str(c) for c in group) for group in groups)
                items.append(f"{f.names[0]}={text}")
            elif given.get(f.points_key):
                items.append(f"{f.names[0]}={given[f.points_key]}")
        elif f.kind in (CANASTAS, PENALTIES):
            counts = given.get(f.json[0]) or {}
            items += [f"{kind}={n}" for kind, n in counts.items() if n]
        elif f.kind == YES_NO:
            if given.get(f.json[0]):
                items.append(f.names[0])
        elif f.kind == SPECIAL_HAND:
            if given.get(f.json[0]):
                items.append(f"{f.names[0]}={given[f.json[0]]}")
        elif given.get(f.json[0]):
            items.append(f"{f.names[0]}={given[f.json[0]]}")
    return " ".join(items) or "-"
