"""Names as people read them: the one key by which side and player names are compared, and
the one reading of the fields a keyboard may send in full-width forms (issue 14, point 4).

A name is shown as typed; only its key is compared. Two spellings are one name when they
differ only in Unicode composition (a decomposed "s" + combining cedilla is "ş"), in case
(Turkish dotted and dotless i included: "Işıl", "IŞIL" and "ışıl" are one name), or in spacing
(runs of spaces, surrounding spaces). :func:`ascii_field` reads an entry or option value
(points, cards, one-line entry items) with full-width digits and letters as their ASCII forms.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Sequence

from scorekeeper.i18n import N_, language
from scorekeeper.i18n import gettext as _

#: The refusal of a name that cannot name a variant
#: (:data:`scorekeeper.variant_folders.VARIANT_NAME`): ``variants init`` and a game coming in.
NOT_A_VARIANT_NAME = N_(
    "'{name}' cannot be a variant name: use up to 40 lower-case letters, digits, - and _"
)

#: Every form of i, dotted or dotless, upper or lower case, read as one plain "i" before case
#: folding: Turkish "İ"/"i" and "I"/"ı" are two letters, other languages' "I"/"i" one, and a
#: name typed on either keyboard must meet itself (issue 14: "Işıl" and "IŞIL" and "ışıl").
_I_FORMS = str.maketrans({"İ": "i", "I": "i", "ı": "i"})
#: What casefold leaves of "İ": "i" followed by a combining dot above.
_DOT_ABOVE = "\u0307"
#: The Unicode categories no name may hold a character of: control (line breaks too), format
#: (invisible, direction: U+200B, U+202E), line and paragraph separators (U+2028, U+2029),
#: lone surrogates, unassigned code points (Cn: U+0378, U+2FFFE; the noncharacters U+FFFF,
#: U+FDD0 and U+10FFFF among them) and private-use characters (Co: U+E000), which show as a
#: box, a blank or whatever a font puts there, so that two names could look the same.
NOT_IN_NAMES = frozenset(("Cc", "Cf", "Zl", "Zp", "Cs", "Cn", "Co"))
#: Characters of other categories that show as nothing, so that "Ann" and "Ann" + one of them
#: would be two names a reader cannot tell apart, or a name would look empty: the soft hyphen,
#: the combining grapheme joiner (U+034F), the Hangul fillers (U+115F, U+1160, U+3164,
#: U+FFA0), Khmer's invisible vowels, the Mongolian variation selectors, the blank Braille
#: pattern (U+2800), the musical formatting marks and the tag characters (Unicode's
#: default-ignorable code points, the variation selectors aside, and the blank-looking letters).
_SHOWS_AS_NOTHING = (  # a pattern: re compiles it when first used (bounds.ODD_TEXT)
    "[\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\uffa0"
    "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)
#: The Unicode categories of combining marks (nonspacing, spacing, enclosing): each shows on
#: the character before it, so a name beginning with one ("\u0301") would show as an accent
#: on whatever is printed before the name.
COMBINING_MARKS = frozenset(("Mn", "Mc", "Me"))
#: Why a name beginning with a combining mark is refused (said in :func:`refused_name`).
_BEGINS_WITH_MARK = N_(
    "it begins with a combining mark, which shows only on the character before it; begin it"
    " with a letter, digit or sign"
)
#: The zero-width non-joiner and joiner (U+200C, U+200D): format characters a name may hold,
#: since Persian writes with them ("می‌خواهم") and emoji sequences are joined by them (a family
#: of three is one sign); they change no name ("Ann" with a joiner is "Ann").
JOINERS = frozenset("\u200c\u200d")
#: What a name's key leaves out: the variation selectors, which choose a glyph (the emoji form
#: of "❤"), and the joiners (:data:`JOINERS`); neither changes a name.
_CHANGES_NO_NAME = re.compile("[\u200c\u200d\ufe00-\ufe0f\U000e0100-\U000e01ef]")


def unseen_character(text: str) -> str | None:
    """The first character of ``text`` a name (of a side, a player, a canasta kind, a penalty)
    may not hold, or None: one of the categories :data:`NOT_IN_NAMES`, a character that shows
    as nothing (a name is one line of visible characters, each name told apart by what a reader
    sees), or a combining mark (:data:`COMBINING_MARKS`) that the name begins with (spaces
    aside): it has no letter of the name to show on. The joiners (:data:`JOINERS`) are allowed
    between two characters (:func:`stray_joiner`). Printable text holds none but those that
    show as nothing, taken at once."""
    if text.isascii():
        return next((c for c in text if not " " <= c <= "~"), None)
    mark = begins_with_mark(text)
    if mark is not None:
        return mark
    if text.isprintable() and re.search(_SHOWS_AS_NOTHING, text) is None:
        return None  # the common case, in C: no character of NOT_IN_NAMES is printable
    for c in text:
        if _unseen(c):
            return c
    return stray_joiner(text)


def stray_joiner(text: str) -> str | None:
    """The first joiner (:data:`JOINERS`) of ``text`` that joins nothing, or None: one at the
    start or the end (spaces aside), beside a space or beside another joiner. A joiner stands
    between two characters it joins or keeps apart; alone it shows as nothing, and a terminal
    cannot say how wide it is."""
    core = text.strip()
    last = len(core) - 1
    for i, c in enumerate(core):
        if c in JOINERS and (
            i in (0, last)
            or core[i - 1].isspace()
            or core[i + 1].isspace()
            or core[i - 1] in JOINERS
            or core[i + 1] in JOINERS
        ):
            return c
    return None


def name_refusal(name: str) -> str | None:
    """Why ``name`` (of a side or a player) cannot be one, as the one-line error says it, or
    None: a character :func:`unseen_character` finds, written as its code (``U+200B``); a
    joiner that joins nothing said as such (:func:`stray_joiner`). README, the bounds
    paragraph."""
    odd = unseen_character(name)
    if odd is None:
        return None
    shown = {"name": refused_name(name, reason=False), "code": f"U+{ord(odd):04X}"}
    if odd == begins_with_mark(name):
        return _("the name {name} is refused ({code}): {why}").format(
            **shown, why=_(_BEGINS_WITH_MARK)
        )
    if odd in JOINERS:
        return _(
            "the name {name} holds a joiner ({code}) that joins nothing; a joiner stands between"
            " two characters, never at the start or the end of a name or beside a space"
        ).format(**shown)
    return _(
        "the name {name} holds an invisible or control character ({code}); type names with"
        " visible characters only"
    ).format(**shown)


def begins_with_mark(text: str) -> str | None:
    """The combining mark (:data:`COMBINING_MARKS`) ``text`` begins with, spaces aside, or
    None: a name or a one-line title beginning with one shows it as an accent on whatever is
    printed before it."""
    first = text.lstrip()[:1]
    if first and not first.isascii() and unicodedata.category(first) in COMBINING_MARKS:
        return first
    return None


def _unseen(char: str) -> bool:
    if char in JOINERS:
        return False
    if unicodedata.category(char) in NOT_IN_NAMES:
        return True
    return re.match(_SHOWS_AS_NOTHING, char) is not None


def refused_name(text: str, reason: bool = True) -> str:
    """``text`` quoted for the error that refuses it, each character
    :func:`unseen_character` finds written as its code (``'Ann\\u034f'``), cut to 40 characters
    of the name; for a name beginning with a combining mark, its code and why that is refused
    (``'\\u0301' (it begins with a combining mark, ...)``), unless not ``reason``."""
    mark = begins_with_mark(text)
    lead = len(text) - len(text.lstrip()) if mark is not None else -1
    shown = "".join(
        character_code(c)
        if i == lead or (not " " <= c <= "~" and (c in JOINERS or _unseen(c)))
        else c
        for i, c in enumerate(text[:40])
    )
    quoted = f"'{shown}{'...' if len(text) > 40 else ''}'"
    return f"{quoted} ({_(_BEGINS_WITH_MARK)})" if mark is not None and reason else quoted


def character_code(char: str) -> str:
    """``char`` written as its code, as an escaped text shows it: ``\\xNN`` below U+0100,
    ``\\uNNNN`` below U+10000, else ``\\UNNNNNNNN``."""
    code = ord(char)
    return (
        f"\\x{code:02x}"
        if code < 0x100
        else f"\\u{code:04x}"
        if code < 0x10000
        else f"\\U{code:08x}"
    )


def name_key(text: str) -> str:
    """The key two names are compared by: variation selectors and joiners dropped
    (:data:`JOINERS`), NFC, every i (İ, I, ı, i) as "i", case folded, spacing collapsed to
    single spaces and stripped. Idempotent:
    ``name_key(name_key(x)) == name_key(x)``. Used by every comparison of side and player
    names (sides, players, ``--player``, ``--team``, ``--dealer``, ``stats``, named one-line
    entries). For ASCII text (NFC already, its only i forms "I" and "i") this is its lower
    case with spacing collapsed, taken at once."""
    if text.isascii():
        return " ".join(text.lower().split())
    text = _CHANGES_NO_NAME.sub("", text)
    nfc = unicodedata.normalize("NFC", text).translate(_I_FORMS)
    folded = nfc.casefold().replace("i" + _DOT_ABOVE, "i")
    folded = unicodedata.normalize("NFC", folded).translate(_I_FORMS)
    return " ".join(folded.split())


def same_name(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` are one name to a reader (:func:`name_key`)."""
    return name_key(a) == name_key(b)


#: The full-width forms of ASCII's printable characters (U+FF01-FF5E: "２", "ｍ", "＝") and the
#: ideographic space (U+3000), as their ASCII forms: what a Japanese keyboard sends in place of
#: ASCII. Nothing else: superscripts ("⁵"), circled digits ("①"), fractions and other scripts'
#: digits are no digits to read (README: "A number is otherwise digits 0-9").
_FULL_WIDTH = {0xFF01 + i: 0x21 + i for i in range(0x5E)} | {0x3000: 0x20}


def ascii_field(text: str) -> str:
    """``text`` with the full-width forms of ASCII characters (U+FF01-FF5E, and the
    ideographic space U+3000) read as their ASCII forms: ``"m=２２０"`` -> ``"m=220"``,
    ``"ＫＫＫ"`` -> ``"KKK"``; every other character stays as it is, so a superscript or circled
    digit ("⁵", "①") is no digit (README: numbers are digits 0-9 or full-width digits). For
    entry and option values only, never for names (which keep their spelling)."""
    if text.isascii():
        return text
    return text.translate(_FULL_WIDTH)


class NameFinder:
    """Which of ``names`` (a game's sides or players, in order) a typed name stands for:
    the name with its :func:`name_key`, else the one name that key meets with full-width
    forms read as ASCII (``"ＡＮＮ & ＢＯＢ"`` for "Ann & Bob", as a Japanese keyboard may type
    it: :func:`ascii_field`). Two names of a game differ in more than width (``new`` and
    ``import`` refuse the others); a game kept before that holds both, and the width then
    decides alone. :meth:`find` returns the name's index, or None."""

    def __init__(self, names: Sequence[str]) -> None:
        self.exact: dict[str, int] = {}
        wide: dict[str, list[int]] = {}
        for i, name in enumerate(names):
            self.exact.setdefault(name_key(name), i)
            wide.setdefault(name_key(ascii_field(name)), []).append(i)
        self.wide = {key: found[0] for key, found in wide.items() if len(found) == 1}

    def find(self, typed: str) -> int | None:
        """The index of the name ``typed`` stands for, or None."""
        key = name_key(typed)
        if key in self.exact:
            return self.exact[key]
        return self.wide.get(name_key(ascii_field(typed)))


def item_key(text: str) -> str:
    """The key an item of a one-line entry (``nat``, a canasta kind or alias, a penalty) is
    looked up by: full-width forms read as ASCII (:func:`ascii_field`), every i (İ, I, ı) as
    "i", lower case: ``"MİXED"``, ``"ｍｉｘｅｄ"`` and ``"mixed"`` name one item. A variant file
    names no two items alike under it (:func:`scorekeeper.variants.check_names`). Variation
    selectors and joiners change no item, as they change no name (:func:`name_key`)."""
    if not text.isascii():
        text = _CHANGES_NO_NAME.sub("", text)
    return ascii_field(text).translate(_I_FORMS).lower()


#: Turkish letters placed in the alphabet (a b c ç d e f g ğ h ı i j … o ö … s ş t u ü …): each
#: as (the Latin letter it follows or precedes, its place there); dotless ı comes before i.
_TURKISH_PLACES = {
    "ç": (ord("c"), 1),
    "ğ": (ord("g"), 1),
    "ı": (ord("i"), 0),
    "i": (ord("i"), 1),
    "ö": (ord("o"), 1),
    "ş": (ord("s"), 1),
    "ü": (ord("u"), 1),
}
#: Turkish lower case of the two capital i's (Python's lower() reads "I" as "i").
_TURKISH_LOWER = str.maketrans({"I": "ı", "İ": "i"})


def _turkish_place(char: str) -> tuple[int, int]:
    if char in _TURKISH_PLACES:
        return _TURKISH_PLACES[char]
    if char.isascii():
        return ord(char), 0
    base = unicodedata.normalize("NFD", char)[0]  # é after e, before the next letter
    return ord(base), 2


def collation_key(name: str, lang: str | None = None) -> tuple:
    """The key names are put in order by for a reader of ``lang`` (default: the language in
    use, :func:`scorekeeper.i18n.language`); the one home of name order (``stats``' tie-break
    among equal records). Turkish follows its alphabet: "Cem" < "Çınar" < "Deniz", "Ozan" <
    "Ömer" < "Sema" < "Şule" < "Ümit", dotless before dotted "Ilgaz" < "Irmak" < "Işık" <
    "İpek" (Turkish Language Association's alphabet; issue 14, third Turkish reader). Other
    languages order by :func:`name_key` (English unchanged). The key ends with
    :func:`name_key`, so two names compare equal only when they are one name. A tuple."""
    if lang is None:
        lang = language()
    key = name_key(name)
    if lang != "tr":
        return (key,)
    text = " ".join(unicodedata.normalize("NFC", name).translate(_TURKISH_LOWER).lower().split())
    return tuple(_turkish_place(c) for c in text), key


def collation(lang: str) -> Callable[[str], tuple] | None:
    """The key names are put in order by for a reader of ``lang`` (:func:`collation_key` for
    that language), or None where that order is :func:`name_key`'s own (every language but
    Turkish): what a list shown to a reader sorts its equal records by."""
    if lang != "tr":
        return None
    return functools.partial(collation_key, lang=lang)


def check_typed_names(names: list[str], error: type[Exception] | None = None) -> None:
    """``error`` (default InputError) unless each of ``names`` (of sides and players) is held
    to the bounds of a name typed on the command line: at most
    :data:`~scorekeeper.domain.limits.MAX_NAME` characters, and no character
    :func:`unseen_character` finds (control, format, separator, or showing as nothing). A new
    game (``new``) and every game coming in are held to them; a stored game is read past
    them, its names shown escaped (README, the bounds paragraph)."""
    from scorekeeper.domain.limits import MAX_NAME
    from scorekeeper.errors import InputError
    from scorekeeper.i18n import number

    refuse = error or InputError
    for name in names:
        if not isinstance(name, str):
            continue  # the game's own checks name a value of the wrong kind
        if len(name) > MAX_NAME:
            raise refuse(
                _("the name '{name}' is {n} characters long; names are at most {most}").format(
                    name=name[:20] + "...", n=number(len(name)), most=number(MAX_NAME)
                )
            )
        refusal = name_refusal(name)
        if refusal is not None:
            raise refuse(refusal)
