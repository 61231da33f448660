"""Lines read from standard input when it is not a terminal (a pipe, a file, ``/dev/zero``),
held to bounds (README, "bounds"): one line is at most :data:`MAX_LINE` characters (a longer
one is read to its end, dropped and refused with one line), and the whole input at most
:data:`scorekeeper.domain.bounds.MAX_INPUT_BYTES` (past it the command ends, exit 1, with one
line). Memory stays bounded whatever comes in: no line is ever held whole before its length
is known.

``play`` reads its lines here (:class:`scorekeeper.cli.session.LineReader`); the guided
questions and confirmations (Click's prompts) read here through :func:`bound_prompts`. A
terminal's input is left to ``input`` and ``readline`` as it is.
"""

from __future__ import annotations

import re
import sys

#: The most characters of one line read from standard input (64 KiB): far more than any
#: entry, command or answer needs.
MAX_LINE = 64 * 1024


class _Consumed:
    """Bytes of standard input read so far by :func:`read_line` in this process (of the
    stream ``stream``)."""

    stream: object = None
    total = 0
    #: Whether a prompt written without its line end is waiting for the line being read.
    prompt_open = False


def _over_budget() -> None:
    """End the command: standard input is larger than MAX_INPUT_BYTES (exit 1, one line)."""
    import typer

    from scorekeeper.domain.bounds import MAX_INPUT_BYTES
    from scorekeeper.i18n import gettext as _

    said = _("standard input is larger than {mib} MiB; input is at most {mib} MiB").format(
        mib=MAX_INPUT_BYTES // 2**20
    )
    start = "\n" if _Consumed.prompt_open else ""  # a prompt Click wrote ends its line first
    typer.echo(start + _("Error: {message}").format(message=said), err=True)
    raise typer.Exit(1)


def _chunk(size: int) -> str:
    """Up to ``size`` characters of standard input, to the end of a line at most, counted
    against the whole input's bound (which ends the command when passed); one byte-order
    mark (U+FEFF) at the start of the input is dropped (README: standard input may begin with
    one, as a hand's file may)."""
    from scorekeeper.domain.bounds import MAX_INPUT_BYTES

    if _Consumed.stream is not sys.stdin:  # another standard input (a test's run): its own
        _Consumed.stream, _Consumed.total = sys.stdin, 0
    first = _Consumed.total == 0
    chunk = sys.stdin.readline(size)
    _Consumed.total += len(chunk.encode("utf-8", "surrogatepass"))
    if first and chunk.startswith("\ufeff"):
        chunk = chunk[1:]  # one byte-order mark may begin the input (README), as in a file
    if _Consumed.total > MAX_INPUT_BYTES:
        _over_budget()
    return chunk


def read_line() -> str:
    """One line of standard input with its line end (``""`` at the end of the input), read
    at most :data:`MAX_LINE` + 1 characters at a time. Raises InputError for a longer line
    (read to its end and dropped, so the next line is read next), UnicodeDecodeError for
    bytes the stream cannot decode, ``typer.Exit(1)`` (after one ``Error:`` line) once the
    whole input passes MAX_INPUT_BYTES."""
    from scorekeeper.errors import InputError
    from scorekeeper.i18n import gettext as _
    from scorekeeper.i18n import number

    line = _chunk(MAX_LINE + 1)
    if len(line) <= MAX_LINE or line.endswith("\n"):
        return line
    while line and not line.endswith("\n"):
        line = _chunk(MAX_LINE + 1)
    raise InputError(
        _("the line is longer than {most} characters; a line is at most {most}").format(
            most=number(MAX_LINE)
        )
    )


def prompt_input(prompt: str) -> str:
    """``input(prompt)`` for Click's prompts: on a terminal the built-in ``input`` itself;
    else ``prompt`` (the question's last character: the copy of Click writes the rest) written
    to standard error, where every question of the package is asked, then one bounded line
    (:func:`read_line`) read, echoed after the prompt, and returned without its line end.
    EOFError at the end of input."""
    from scorekeeper.errors import ScorekeeperError

    try:
        terminal = sys.stdin.isatty()
    except (AttributeError, ValueError, OSError):
        terminal = False
    if terminal:
        return input(prompt)
    sys.stderr.write(prompt)
    sys.stderr.flush()
    _Consumed.prompt_open = bool(prompt)
    try:
        line = read_line()
    except ScorekeeperError:
        sys.stderr.write("\n")  # the refusal starts a line of its own
        raise
    finally:
        _Consumed.prompt_open = False
    if not line:
        raise EOFError
    answer = line[:-1] if line.endswith("\n") else line
    from scorekeeper.presentation.console import visible

    # the answer after its prompt, as a terminal would show it typed (README, "play"): a
    # transcript of piped answers reads question by question, and a control or direction
    # character of a piped line never drives the terminal
    shown = visible(answer.rstrip("\r")) if is_text(answer) else ""  # not text: said next
    sys.stderr.write(f"{shown}\n")
    return answer


#: A space inside a quoted name while a question is broken into lines (no break at it).
_HELD = "\ue000"  # a private-use character, which no name holds


def fitted_question(question: str, marker: str = "") -> str:
    """``question`` broken into lines that fit the terminal asking it (standard error), so
    that no word, and not the default in brackets (``marker``, which Click writes after it:
    ``" [0]"``) nor the ``": "`` after that, is cut at the terminal's edge (README,
    "Terminals"); as it is when standard error is no terminal (a transcript keeps one line
    per question). Japanese is broken as its text is (:func:`~scorekeeper.presentation.
    wrapping.wrap`)."""
    try:
        if not sys.stderr.isatty():
            return question
    except (AttributeError, ValueError, OSError):
        return question
    import shutil

    from scorekeeper.presentation.wrapping import display_width, wrap

    width = shutil.get_terminal_size().columns - 1  # the cursor's column after ": "
    tail = f"{marker}: "
    if display_width(question + tail) <= width:
        return question
    indent = question[: len(question) - len(question.lstrip())]  # "  Red threes": kept
    end = f"{marker}:".strip()  # "[0]:", a piece wrap never cuts
    # a name in quotes ("「Cat & Dan」", "'Cat & Dan'") is not broken at its spaces
    held = re.sub(r"「[^」]*」|'[^']*'", lambda m: m[0].replace(" ", _HELD), question.strip())
    lines = wrap(f"{held}{marker}:", width, indent, indent)
    if not lines or not lines[-1].endswith(end):
        return question
    lines = [line.replace(_HELD, " ") for line in lines]
    lines[-1] = lines[-1][: len(lines[-1]) - len(end)].rstrip()  # Click writes it itself
    if not lines[-1].strip():  # the marker alone on its line: Click writes " [0]: " there
        lines[-1] = indent[:-1]
    return "\n".join(lines)


def bound_prompts() -> None:
    """Make ``typer.prompt`` and ``typer.confirm`` (Click's prompts, in the copy of Click the
    installed Typer uses) read through :func:`prompt_input`, unless something else (the test
    runner) has put its own reader in place of the built-in ``input``."""
    import typer

    for ask in (typer.prompt, typer.confirm):
        termui = sys.modules.get(getattr(ask, "__module__", ""))
        if termui is not None and getattr(termui, "visible_prompt_func", None) is input:
            termui.visible_prompt_func = prompt_input  # type: ignore[attr-defined]


def is_text(line: str) -> bool:
    """False for a line read with bytes that are not UTF-8 (standard input decodes them as
    lone surrogates, U+DC80 to U+DCFF): it is said so ("the line is not valid UTF-8 text"),
    not read as an unknown item or quoted as ``\\udcff``."""
    return line.isascii() or not any("\ud800" <= c <= "\udfff" for c in line)
