"""The one place a Rich console is made, per invocation (never at import time).

What the terminal can take decides the console (httpie's ``Environment`` idea):

- output to a pipe or a file, ``NO_COLOR`` (any non-empty value) and ``TERM=dumb`` give plain
  text with no escape codes at all (not even bold); ``FORCE_COLOR`` (any value but empty or
  ``0``) styles output to a pipe, a file or a dumb terminal too, unless ``NO_COLOR`` is set;
- a stream that cannot encode Unicode (a cp1252 or ASCII-only terminal, ``PYTHONIOENCODING``)
  gets ASCII boxes (Rich picks them for a non-UTF encoding), suit letters instead of suit
  symbols, plain replacements for the few other symbols printed, and ``?`` for any character of
  a name that the encoding does not have: never a UnicodeEncodeError.

A closed pipe (``scorekeeper show | head -1``) raises BrokenPipeError out of the console's
``print`` (Rich's own ``on_broken_pipe`` would exit 1, which README gives to a refusal), for the
command line to exit with its broken-pipe code.

Tests replace :data:`factory` with one that returns a fixed-width, colourless console.
"""

from __future__ import annotations

import codecs
import errno
import functools
import os
import re
import sys
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any

from scorekeeper.domain.bounds import CONTROL_CHARACTERS, FORMAT_CHARACTERS

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

#: Replacements for symbols scorekeeper prints, used when the stream cannot encode them; each is
#: one character, so tables measured before the replacement stay aligned.
ASCII_SYMBOLS = str.maketrans(
    {
        "♠": "s",
        "♥": "h",
        "♦": "d",
        "♣": "c",
        "♤": "s",
        "♡": "h",
        "♢": "d",
        "♧": "c",
        "·": "-",
        "—": "-",
        "–": "-",
        "…": ".",
        "×": "x",
        "≥": ">",
        "≤": "<",
        "→": ">",
        "§": "S",
        "✓": "v",
        "✗": "x",
        "’": "'",
        "“": '"',
        "”": '"',
        "\u00a0": " ",
    }
)

#: What :func:`visible` writes as an escape: control characters but a line break and a tab,
#: the format characters but the joiners U+200C and U+200D
#: (:data:`scorekeeper.domain.bounds.FORMAT_CHARACTERS`: invisible ones such as U+200B and
#: U+2060, and the direction controls: U+202E turns the rest of a line around) and lone
#: surrogates.
_CONTROL = f"[{CONTROL_CHARACTERS}{FORMAT_CHARACTERS}\ud800-\udfff]"  # re compiles it when used


def can_encode(stream: Any, sample: str = "━♠·") -> bool:
    """True when ``stream``'s encoding can write ``sample`` (box lines, suits, the dot)."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        sample.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class EncodingSafeStream:
    """A text stream wrapper that never raises UnicodeEncodeError: characters the underlying
    stream's encoding lacks become their :data:`ASCII_SYMBOLS` replacement, else as many ``?``
    as the character takes columns (two for a wide character), so tables stay aligned."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream
        self.encoding = getattr(stream, "encoding", None) or "ascii"
        try:
            codecs.lookup(self.encoding)
        except LookupError:
            self.encoding = "ascii"

    def write(self, text: str) -> int:
        self._stream.write(self.safe(text))
        return len(text)

    def safe(self, text: str) -> str:
        """``text`` with every character this stream cannot encode replaced."""
        try:
            text.encode(self.encoding)
            return text
        except UnicodeEncodeError:
            pass
        from rich.cells import cell_len

        out = []
        for char in text.translate(ASCII_SYMBOLS):
            try:
                char.encode(self.encoding)
                out.append(char)
            except UnicodeEncodeError:
                out.append("?" * cell_len(char))
        return "".join(out)

    def flush(self) -> None:
        self._stream.flush()

    def isatty(self) -> bool:
        return _isatty(self._stream)

    def fileno(self) -> int:
        return self._stream.fileno()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def colour_forced() -> bool:
    """True when ``FORCE_COLOR`` is set to anything but the empty string or ``0``
    (force-color.org): styled output even to a pipe, a file or a dumb terminal."""
    return os.environ.get("FORCE_COLOR", "").strip() not in ("", "0")


def plain_output(stream: Any) -> bool:
    """True when output to ``stream`` must carry no escape codes: ``NO_COLOR`` set to anything
    but the empty string (no-color.org; it wins over ``FORCE_COLOR``); else False when
    :func:`colour_forced`; else True when not a terminal or ``TERM`` is dumb or unknown."""
    if os.environ.get("NO_COLOR"):
        return True
    if colour_forced():
        return False
    if not _isatty(stream):
        return True
    return os.environ.get("TERM", "").lower() in ("dumb", "unknown")


@functools.cache
def pipe_console_class() -> type[Console]:
    """A Rich Console class whose ``on_broken_pipe`` raises BrokenPipeError (Rich's exits 1) and
    that shows every control character of the text it prints escaped (:func:`visible`)."""
    from rich.console import Console

    class PipeConsole(Console):
        """A console that lets a closed pipe reach the command line as BrokenPipeError."""

        def on_broken_pipe(self) -> None:
            self.quiet = True  # nothing more is written
            raise BrokenPipeError(errno.EPIPE, "the reader of the output went away")

        def _render_buffer(self, buffer: Any) -> str:
            # Every text printed, whatever built it, has its control characters shown escaped
            # (:func:`visible`): only the console's own styles reach the terminal as codes.
            return str(super()._render_buffer(visible_segments(buffer)))

    return PipeConsole


def visible_segments(buffer: Any) -> Any:
    """Rich segments with the control characters of their text shown escaped
    (:func:`visible`); control segments (the console's own cursor moves) stay as they are."""
    from rich.segment import Segment

    for segment in buffer:
        text, style, control = segment
        if not control and has_controls(text):
            yield Segment(visible(text), style, control)
        else:
            yield segment


def _default_factory(stderr: bool = False) -> Console:
    stream: Any = sys.stderr if stderr else sys.stdout
    plain = plain_output(stream)
    terminal = _isatty(stream) or not plain  # FORCE_COLOR styles a pipe as a terminal
    if not can_encode(stream):
        stream = EncodingSafeStream(stream)
    width = None  # Rich's own choice: COLUMNS, else the terminal's width, else 80
    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isdigit() and int(columns) == 0:
        # COLUMNS=0 is no width at all: the terminal's, as if it were unset (80 off a terminal)
        import shutil

        width = shutil.get_terminal_size((80, 24)).columns
    return pipe_console_class()(
        file=stream,
        width=width,
        highlight=False,
        emoji=False,
        safe_box=True,
        legacy_windows=False,
        force_terminal=(True if colour_forced() else None) if terminal else False,
        no_color=plain,
        color_system=None if plain else _colour_system(stream),
    )


def _colour_system(stream: Any) -> str:
    """Rich's colour system for styled output: what a real terminal says it takes, else (a
    pipe or a dumb terminal with FORCE_COLOR) the 16 standard colours."""
    if _isatty(stream) and os.environ.get("TERM", "").lower() not in ("dumb", "unknown"):
        return "auto"
    return "standard"


factory: Callable[..., Console] = _default_factory


def console(stderr: bool = False) -> Console:
    """A Rich console for standard output (or standard error); Rich then wraps Japanese text
    by Japanese line breaking (:func:`~.wrapping.rich_wraps_japanese`)."""
    from scorekeeper.i18n import language
    from scorekeeper.presentation.wrapping import rich_wraps_japanese

    rich_wraps_japanese(language() == "ja")
    return factory(stderr=stderr)


def text(value: str, style: str = "") -> Text:
    """``value`` (a name, a label, a note) as Rich Text, shown exactly as typed: never read as
    markup, and a control character (which could drive the terminal) shown as ``\\xNN``."""
    from rich.text import Text

    return Text(visible(value), style=style)


def print_header(con: Console, value: str, style: str = "") -> None:
    """A header line ``value`` (items joined by " · ") printed on ``con``, broken only between
    its items where it is wider than the console (:func:`.wrapping.header_wrap`), never
    inside a side's name or between a label and its number."""
    from scorekeeper.presentation.wrapping import header_wrap

    for line in header_wrap(value, con.width):
        con.print(text(line, style))


def visible(value: str) -> str:
    """``value`` with each control character but a line break or a tab written as ``\\xNN``
    (and a format character but U+200C and U+200D, a direction control or a lone surrogate,
    which no terminal should take or which show as nothing, as ``\\uNNNN`` or
    ``\\UNNNNNNNN``), so that text typed or stored can never drive the terminal nor hide in
    it. Printable text (most of it) is passed at C speed: every character it escapes is
    a control, format or surrogate character, none of them printable."""
    if value.isprintable():
        return value
    return re.sub(_CONTROL, _escape, value)


def json_visible(text: str) -> str:
    """JSON text ``text`` with each character :func:`visible` escapes written as its JSON
    escape ``\\uNNNN`` (the same JSON value; JSON escapes the other controls itself, and
    these stand only inside its strings). ASCII text is looked at in C: only DEL can be
    there."""
    if text.isascii():
        if "\x7f" not in text:
            return text
    elif text.isprintable():
        return text
    return re.sub(_CONTROL, _json_escape, text)


def _json_escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # beyond the first plane: JSON writes a surrogate pair
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def has_controls(value: str) -> bool:
    """True when :func:`visible` would escape something in ``value``. Every character it
    escapes is a control, format or surrogate character, none of them printable: text that
    is printable but for its line breaks and tabs (most of it) is passed at C speed."""
    if value.replace("\n", "").replace("\t", "").isprintable():
        return False
    return re.search(_CONTROL, value) is not None


def _escape(match: re.Match[str]) -> str:
    from scorekeeper.domain.names import character_code

    return character_code(match.group())
