"""The bounds every input is held to, wherever it comes from: the command line (``--set``, a
one-line entry), a hand's JSON file, an import, a variant file, a stored file.

A number a Canasta score sheet can need is far below :data:`MAX_NUMBER` (a billion points): a
larger one is refused at the boundary with the bound in the message, so no computation ever
meets an integer too long to print (Python refuses to turn one of over 4,300 digits into
text). Data nested deeper than :data:`MAX_DEPTH` levels is refused, as is a file larger than
:data:`MAX_INPUT_BYTES`, before it fills memory. Pure: no files, no printing.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from scorekeeper.domain.limits import MAX_DEPTH as MAX_DEPTH
from scorekeeper.domain.limits import MAX_GAME_BYTES as MAX_GAME_BYTES
from scorekeeper.domain.limits import MAX_HANDS as MAX_HANDS
from scorekeeper.domain.limits import MAX_INPUT_BYTES as MAX_INPUT_BYTES
from scorekeeper.domain.limits import MAX_NAME as MAX_NAME
from scorekeeper.domain.limits import MAX_NUMBER as MAX_NUMBER
from scorekeeper.domain.limits import MAX_PLAYERS as MAX_PLAYERS
from scorekeeper.domain.limits import MAX_SIDES as MAX_SIDES
from scorekeeper.domain.limits import MAX_TEXT as MAX_TEXT
from scorekeeper.errors import InputError, ScorekeeperError
from scorekeeper.i18n import N_, number
from scorekeeper.i18n import gettext as _

#: Characters of a value quoted in an error message, at most.
QUOTED = 40
#: A whole number as every input writes it: ASCII digits with an optional sign.
_WHOLE = re.compile(r"[+-]?[0-9]+")


#: Digits with separators between them (``1,200``, ``1_0``, ``2.5``): a number, however
#: typed, that is no plain run of digits (:func:`is_digits`).
SEPARATED_NUMBER = re.compile(r"-?[0-9]+(?:[,._][0-9]+)+")


def is_digits(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits (0-9) and nothing else: ``str.isdigit``
    also takes other scripts' digits (``٣``) and superscripts (``²``, which ``int`` refuses).
    Full-width digits are read as ASCII before this, where input allows them
    (:func:`scorekeeper.domain.names.ascii_field`)."""
    return text.isascii() and text.isdigit()


def side_place(text: str, sides: int) -> int | None:
    """The index of the side ``text`` names by its place in seating order (``"2"``, a
    full-width ``"２"``, with the colon a named entry writes after it or not, ``"2:"``: 1 is
    the first of ``sides``), or None when it names none. Every surface that takes a side's
    number reads it here; no side is named by a number (with its colon or not:
    :meth:`scorekeeper.domain.game.Game.check_coming_in`), so a name is never read so."""
    from scorekeeper.domain.names import ascii_field

    place = ascii_field(text).strip().removesuffix(":").rstrip()
    if is_digits(place) and len(place) <= 4 and 1 <= int(place) <= sides:
        return int(place) - 1
    return None


def quoted(value: Any) -> str:
    """``value`` as text for an error message, cut to :data:`QUOTED` characters."""
    text = str(value) if not isinstance(value, int) or abs(value) < 10**QUOTED else "(huge)"
    return text if len(text) <= QUOTED else text[: QUOTED - 3] + "..."


#: The refusal of a whole number typed with the thousands separator of the language in use
#: (``3,000``; Turkish ``3.000``), saying how to type it: an entry's item or a ``--set`` rule.
TYPED_WITHOUT_SEPARATOR = N_(
    "'{key}' takes a whole number typed without the thousands separator ({plain}), not '{value}'"
)


def number_refusal(where: str) -> str:
    """The refusal of a number out of bounds at ``where``."""
    return _(
        "{where}: a number is too large (numbers are at most {most} either way, far beyond"
        " any score)"
    ).format(where=where, most=number(MAX_NUMBER))


def check_number(value: int, where: str, error: type[ScorekeeperError] = InputError) -> int:
    """``value`` when ``|value| <= MAX_NUMBER``; else ``error`` naming ``where`` and the bound."""
    if -MAX_NUMBER <= value <= MAX_NUMBER:
        return value
    raise error(number_refusal(where))


def read_whole_number(text: str, where: str, error: type[ScorekeeperError] = InputError) -> int:
    """The whole number written in ``text`` (ASCII digits with an optional sign, spaces around
    them ignored), held to :data:`MAX_NUMBER` before it is converted (a text of thousands of
    digits is refused at once). Raises ValueError for text that is no whole number (as Python
    would read it too: ``1_000``, other scripts' digits such as ``٣٠٠٠``; full-width digits are
    read as ASCII before, in entries and options only), ``error`` for one too large."""
    written = text.strip()
    if not _WHOLE.fullmatch(written):
        raise ValueError(text)
    digits = written.lstrip("+-").lstrip("0")  # leading zeros, however many, are no value
    if len(digits) > len(str(MAX_NUMBER)) and digits.isdigit():
        raise error(number_refusal(where))
    value = int(digits) if digits else 0
    return check_number(-value if written.startswith("-") else value, where, error)


def check_hands(count: int, where: str, error: type[ScorekeeperError] = InputError) -> int:
    """``count`` (the hands a game holds, or would hold) when at most :data:`MAX_HANDS`; else
    ``error`` naming ``where`` (no place when it is "") and the bound (README, the bounds
    paragraph)."""
    if count <= MAX_HANDS:
        return count
    said = _("a game holds at most {most} hands, not {n}").format(
        most=number(MAX_HANDS), n=number(count)
    )
    raise error(f"{where}: {said}" if where else said)


def check_sides(sides: int, players: int, error: type[ScorekeeperError] = InputError) -> None:
    """``error`` for a game coming in (an import) with more than :data:`MAX_SIDES` sides or
    :data:`MAX_PLAYERS` players, the bounds a variant file is held to (README, the bounds
    paragraph)."""
    if sides > MAX_SIDES or players > MAX_PLAYERS:
        raise error(
            _("a game has at most {sides} sides and {players} players, not {n} and {m}").format(
                sides=MAX_SIDES, players=MAX_PLAYERS, n=number(sides), m=number(players)
            )
        )


def check_game_size(size: int, where: str, error: type[ScorekeeperError] = InputError) -> int:
    """``size`` (the bytes of a game as it is stored) when at most :data:`MAX_GAME_BYTES`;
    else ``error`` naming ``where`` (no place when it is "") and the bound, so that every game
    kept can be exported within :data:`MAX_INPUT_BYTES` and imported again."""
    if size <= MAX_GAME_BYTES:
        return size
    said = _(
        "the game would take {size} KiB stored; a game takes at most {most} KiB (so that its"
        " export can be imported again)"
    ).format(size=number(-(-size // 1024)), most=number(MAX_GAME_BYTES // 1024))
    raise error(f"{where}: {said}" if where else said)


class _PastBound:
    """A number the JSON reader met beyond :data:`MAX_NUMBER`, left unconverted (thousands of
    digits cost nothing) until :func:`check_data` refuses it, naming where it stands."""

    __slots__ = ()


_PAST_BOUND = _PastBound()


def _place(where: str, path: tuple[Any, ...]) -> str:
    """``where``, then the place in its data of ``path`` (a chain ``(parent, key)``, innermost
    last): ``game.json: hands[0].teams[1].meld_points``."""
    keys: list[Any] = []
    while path:
        path, key = path
        keys.append(key)
    place = ""
    for key in reversed(keys):
        place += f"[{key}]" if isinstance(key, int) else (f".{key}" if place else str(key))
    return f"{where}: {quoted(place)}" if place else where


def _beyond(value: Any) -> bool:
    """True for a number past :data:`MAX_NUMBER` either way, or a float that is not finite."""
    if isinstance(value, int):
        return abs(value) > MAX_NUMBER
    return isinstance(value, float) and (not math.isfinite(value) or abs(value) > MAX_NUMBER)


def check_data(data: Any, where: str, error: type[ScorekeeperError] = InputError) -> None:
    """``error`` naming ``where`` when ``data`` (plain JSON or TOML data) holds a number
    beyond :data:`MAX_NUMBER` (naming where in the data it stands: ``hands[0].total``), a float
    that is not finite, or tables and lists nested deeper than :data:`MAX_DEPTH`, or text (a
    value or a key) holding a character of :data:`ODD_TEXT`."""
    stack: list[tuple[Any, int, tuple[Any, ...]]] = [(data, 1, ())]
    while stack:
        value, depth, path = stack.pop()
        if isinstance(value, dict):
            if depth > MAX_DEPTH:
                raise error(nesting_refusal(where))
            for key, item in value.items():
                if isinstance(key, str):
                    check_text(key, where, error)
                stack.append((item, depth + 1, (path, key)))
        elif isinstance(value, list | tuple):
            if depth > MAX_DEPTH:
                raise error(nesting_refusal(where))
            stack.extend((item, depth + 1, (path, i)) for i, item in enumerate(value))
        elif isinstance(value, str):
            check_text(value, where, error)
        elif isinstance(value, bool):
            continue
        elif isinstance(value, float) and not math.isfinite(value):
            raise error(
                _("{where}: {value} is no number a rule or an entry takes").format(
                    where=_place(where, path), value=str(value)
                )
            )
        elif value is _PAST_BOUND or _beyond(value):
            raise error(number_refusal(_place(where, path)))


#: The format characters (Unicode category Cf, as of Unicode 14) but the zero-width non-joiner
#: and joiner (U+200C, U+200D: Persian writes with them, emoji sequences are joined by them), as
#: a regular-expression class body: invisible characters (U+200B, U+2060, U+FEFF, the soft
#: hyphen U+00AD, the tag characters U+E0001-E007F) that would make two texts look the same or a
#: text look empty, and the direction controls (U+202E turns the rest of a line around). README:
#: no text typed may hold "a control, format or direction character". Shared with the escaping
#: of everything printed (:func:`scorekeeper.presentation.console.visible`).
FORMAT_CHARACTERS = (
    "\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b\u200e\u200f"
    "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd"
    "\U00013430-\U00013438\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001"
    "\U000e0020-\U000e007f"
)
#: The control characters but a line break and a tab, as a regular-expression class body (an
#: escape sequence would drive the terminal). Shared as :data:`FORMAT_CHARACTERS` is.
CONTROL_CHARACTERS = "\x00-\x08\x0b-\x1f\x7f-\x9f"
#: Characters no text from any input may hold: control characters but a line break and a tab
#: (an escape sequence would drive the terminal), the format characters
#: (:data:`FORMAT_CHARACTERS`: invisible and direction characters), the line and paragraph
#: separators U+2028 and U+2029 (line breaks that a terminal does not show as one: a line break
#: is a plain one) and lone surrogates (no valid text).
#: A pattern, not compiled here: ``re`` compiles it when first used and keeps it (compiling its
#: Unicode classes at import would cost every command, most of which never need it).
ODD_TEXT = f"[{CONTROL_CHARACTERS}\u2028\u2029{FORMAT_CHARACTERS}\ud800-\udfff]"
#: The control characters and direction controls of :data:`ODD_TEXT`, said as "a control
#: character" in a refusal (the rest, but lone surrogates, as "a format character").
_CONTROLS = f"[{CONTROL_CHARACTERS}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"


def check_text(value: str, where: str, error: type[ScorekeeperError] = InputError) -> str:
    """``value`` when it holds none of :data:`ODD_TEXT`, does not begin with a combining mark
    (:func:`scorekeeper.domain.names.begins_with_mark`: it would show on whatever is printed
    before the text) and is at most :data:`MAX_TEXT` characters long; else ``error`` naming
    ``where`` and the character by its code. The rule every text from the command line, a file
    or an import is held to (labels, notes, titles); names are held to a stricter one,
    :func:`scorekeeper.domain.names.unseen_character`."""
    if len(value) > MAX_TEXT:
        raise error(
            _("{where}: a text is {n} characters long; texts are at most {most}").format(
                where=where, n=number(len(value)), most=number(MAX_TEXT)
            )
        )
    # every character of ODD_TEXT is unprintable: printable text (most of it) passes in C
    match = None if value.isprintable() else re.search(ODD_TEXT, value)
    if match is None:
        if value.isascii():
            return value
        from scorekeeper.domain.names import begins_with_mark

        mark = begins_with_mark(value)
        if mark is None:
            return value
        raise error(
            _(
                "{where}: the text begins with a combining mark ({code}), which shows only on the"
                " character before it; begin it with a letter, digit or sign"
            ).format(where=where, code=f"U+{ord(mark):04X}")
        )
    code = ord(match.group())
    if 0xD800 <= code <= 0xDFFF:
        raise error(
            _("{where}: the text is not valid text ({code} stands alone)").format(
                where=where, code=f"U+{code:04X}"
            )
        )
    shown = quoted(re.sub(ODD_TEXT, _escape, value.replace("\n", " ").replace("\t", " ")))
    if re.match(_CONTROLS, match.group()):
        raise error(
            _(
                "{where}: the text '{text}' holds a control character ({code}); text is plain:"
                " line breaks and tabs are fine, escape and direction characters are not"
            ).format(where=where, text=shown, code=f"U+{code:04X}")
        )
    raise error(
        _(
            "{where}: the text '{text}' holds an invisible format character ({code}), which"
            " shows as nothing; text is plain: letters, digits, signs, spaces, line breaks"
            " and tabs (and the joiners U+200C and U+200D)"
        ).format(where=where, text=shown, code=f"U+{code:04X}")
    )


def _escape(match: re.Match[str]) -> str:
    from scorekeeper.domain.names import character_code

    return character_code(match.group())


def nesting_refusal(where: str) -> str:
    """The refusal of data nested too deep at ``where``."""
    return _("{where}: nested too deep (tables and lists go at most {most} levels deep)").format(
        where=where, most=MAX_DEPTH
    )


def _pairs(where: str, error: type[ScorekeeperError]) -> Any:
    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in items:
            if key in out:
                raise error(
                    _("{where}: the key '{key}' is given twice; give each key once").format(
                        where=where, key=quoted(key)
                    )
                )
            out[key] = value
        return out

    return pairs


def parse_json(text: str, where: str, error: type[ScorekeeperError] = InputError) -> Any:
    """The JSON data of ``text``, held to every bound: ``error`` naming ``where`` for text that
    is not JSON, a key given twice in one object, a number beyond :data:`MAX_NUMBER` (refused
    before it is converted), ``NaN`` or ``Infinity``, or nesting deeper than :data:`MAX_DEPTH`.
    ``text`` is as its reader decoded it, which takes the one byte-order mark a file may begin
    with (:func:`scorekeeper.cli.common.read_input`): a mark still at the start is a second one,
    refused as it is in a variant file."""

    def whole(digits: str) -> int | _PastBound:
        # JSON's grammar writes no leading zero: more digits than the bound's are past it
        if len(digits.lstrip("-")) > len(str(MAX_NUMBER)):
            return _PAST_BOUND
        value = int(digits)
        return value if -MAX_NUMBER <= value <= MAX_NUMBER else _PAST_BOUND

    def decimal(text: str) -> float | _PastBound:
        # a number past what a float holds (1e400) is past the bound, not "inf"
        value = float(text)
        return value if math.isfinite(value) else _PAST_BOUND

    def constant(name: str) -> Any:
        raise error(
            _("{where}: '{name}' is not a number JSON allows").format(where=where, name=name)
        )

    if text.startswith("\ufeff"):
        raise error(
            _(
                "{where} begins with a second byte-order mark (U+FEFF); a file may begin with one"
            ).format(where=where)
        )
    try:
        data = json.loads(
            text,
            object_pairs_hook=_pairs(where, error),
            parse_int=whole,
            parse_float=decimal,
            parse_constant=constant,
        )
    except json.JSONDecodeError as err:
        raise error(
            _("{where} is not valid JSON: {error} (line {line})").format(
                where=where, error=err.msg, line=err.lineno
            )
        ) from None
    except RecursionError:
        raise error(nesting_refusal(where)) from None
    except ValueError:
        raise error(_("{where} is not valid JSON").format(where=where)) from None
    check_data(data, where, error)
    return data
