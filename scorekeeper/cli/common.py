"""What every command shares: options, error handling, JSON output, terminal detection."""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from scorekeeper.errors import InputError, ScorekeeperError, UsageError
from scorekeeper.presentation.documents import Document

DbOption = Annotated[
    Path | None,
    typer.Option(
        "--db",
        envvar="SCOREKEEPER_DB",
        help="Database file (default: scorekeeper.json in your user data folder).",
        show_default=False,
    ),
]
JsonOption = Annotated[
    bool, typer.Option("--json", help="Print one JSON document (format 1) instead of tables.")
]
YesOption = Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")]
GameOption = Annotated[
    int | None, typer.Option("--game", "-g", help="Game id (default: the current game).")
]
VariantOption = Annotated[
    str | None, typer.Option("--variant", "-v", help="Variant to use instead of the current game.")
]
ScoreOption = Annotated[int | None, typer.Option(help="A side's score before the hand.")]
RoundOption = Annotated[
    int | None, typer.Option("--round", help="Hand number, where minimums go by round.")
]
EntryFileOption = Annotated[
    str | None, typer.Option("--file", "-f", help="JSON hand entry file; '-' reads stdin.")
]
GuidedOption = Annotated[
    bool, typer.Option("--guided", help="Ask side by side even when input is not a terminal.")
]
SetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        help="Rule override or option, KEY=VALUE (e.g. target=6000, draw_on_tie=true).",
        show_default=False,
    ),
]


def _game_number(err: Exception) -> str:
    """The message for a game id that is not a number (``resume abc``, ``show --game x``),
    else ""."""
    param = getattr(err, "param", None)
    if type(err).__name__ != "BadParameter" or getattr(param, "name", None) != "game_id":
        return ""
    opts = getattr(param, "opts", None) or []
    name = "GAME" if getattr(param, "param_type_name", "") == "argument" else "/".join(opts)
    return f"{name} must be a game number, e.g. 3"


def stdin_is_terminal() -> bool:
    """True when standard input is a terminal (commands then ask before they change data)."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def emit_json(doc: Document) -> None:
    """Write one ``--json`` document, made by
    :func:`scorekeeper.presentation.documents.document` (which adds ``"format": 1``), straight
    to standard output (never through Rich), on one line.

    Non-ASCII text is written as is on a UTF-8 stream, and as ``\\uXXXX`` escapes (the same
    JSON document) on a stream that cannot encode it. Raises TypeError for anything that did
    not come from ``document()``, so no output skips the envelope."""
    from scorekeeper.presentation.console import can_encode

    if not isinstance(doc, Document):
        raise TypeError("a --json output must be made by presentation.documents.document()")
    utf = can_encode(sys.stdout, "\u2660\U0001f600")
    emit_text(json.dumps(doc, ensure_ascii=not utf) + "\n")


#: Characters written to standard output at a time by :func:`emit_text`.
CHUNK = 4096


def emit_text(text: str) -> None:
    """Write ``text`` to standard output as it is (as ``typer.echo`` does), a few KiB at a time.

    One large write to a pipe whose reader goes away part-way is cut short without an error
    (Python's buffered writer drops the BrokenPipeError of a partial write); written in pieces
    smaller than its buffer, the closed pipe raises BrokenPipeError, and the command exits
    with its broken-pipe code (:data:`BROKEN_PIPE`)."""
    for start in range(0, len(text), CHUNK):
        typer.echo(text[start : start + CHUNK], nl=False)


def report_hand(stored: Any, number: int, as_json: bool) -> None:
    """Print hand ``number`` of a stored game: its ``hand --json`` document; or the game's line
    and the hand's breakdown, with the totals and next opening minimums in the same table when
    it is the last hand (else the standings follow), then the outcome."""
    from scorekeeper.presentation import standings

    if as_json:
        emit_json(standings.hand_json(stored, number))
        return
    from scorekeeper.presentation.console import console

    standings.print_hand_report(console(), stored, number)


def parse_settings(items: list[str] | None) -> dict[str, str]:
    """``--set KEY=VALUE`` items as a dict; UsageError for an item without ``=``."""
    settings: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--set takes KEY=VALUE, e.g. --set target=6000; got '{item}'")
        if key.strip() in settings:
            raise UsageError(f"--set {key.strip()} is given twice; give each rule once")
        settings[key.strip()] = value.strip()
    return settings


def error_line(message: str) -> None:
    """``Error: message`` as one line on stderr (line breaks in the message become spaces, and
    any other control character it quotes from input is written as ``\\xNN``)."""
    from scorekeeper.presentation.console import visible

    typer.echo(f"Error: {visible(' '.join(message.split()))}", err=True)


#: Control characters refused in command-line arguments (tab and line feed are allowed).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def check_arguments(args: Sequence[str]) -> None:
    """InputError for a command-line argument that is not plain text: bytes that are not valid
    UTF-8 (they reach Python as lone surrogates) or a control character such as ESC, which
    would be stored in a name and drive the terminal each time the name is shown."""
    for number, arg in enumerate(args, start=1):
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            raise InputError(
                f"argument {number} is not valid UTF-8 text; type it again as plain text"
            ) from None
        match = _CONTROL.search(arg)
        if match:
            raise InputError(
                f"argument {number} contains a control character ({ord(match.group()):#04x});"
                " names, entries and options are plain text"
            )


def _make_streams_safe() -> None:
    """A terminal whose encoding is not UTF-8 (cp1252, ASCII) replaces characters it cannot show
    instead of failing; Rich output is transliterated more kindly by the console factory."""
    for stream in (sys.stdout, sys.stderr, sys.stdin):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("_", "-")
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None or encoding.startswith("utf"):
            continue
        with contextlib.suppress(Exception):
            reconfigure(errors="replace")


def _short(err: BaseException) -> str:
    """An exception as a short one-line text: its type and the first line of its message."""
    lines = str(err).strip().splitlines()
    first = lines[0] if lines else ""
    if len(first) > 160:
        first = first[:157] + "..."
    return f"{type(err).__name__}: {first}" if first else type(err).__name__


class ScorekeeperGroup(TyperGroup):
    """The command group that turns errors into one line on stderr and an exit code.

    ScorekeeperError: its message and exit code (1, 2, 3, 4); a usage error found while reading
    the command line (unknown option, a value of the wrong type): one line and exit 2; Ctrl-C:
    exit 130; a closed pipe (``| head``): a quiet exit 141 (:data:`BROKEN_PIPE`); any other
    exception: a short message without a traceback or local variables, exit 1
    (``SCOREKEEPER_DEBUG=1`` shows the traceback).
    """

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        _make_streams_safe()
        try:
            check_arguments(sys.argv[1:] if args is None else args)
            result = super().main(args, prog_name, complete_var, False, **extra)
            if sys.stdout is not None:  # None when the command ran with standard output closed
                sys.stdout.flush()  # a closed pipe shows here, not as Python exits
        except ScorekeeperError as err:
            error_line(err.message)
            sys.exit(err.exit_code)
        except typer.TyperException as err:  # the command line could not be read
            if type(err).__name__ == "NoArgsIsHelpError":
                err.show()  # type: ignore[attr-defined]
                sys.exit(0)
            ctx = getattr(err, "ctx", None)
            hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            error_line(f"{_game_number(err) or err.format_message()}{hint}")
            sys.exit(err.exit_code)
        except (KeyboardInterrupt, typer.Abort):
            typer.echo("Interrupted.", err=True)
            sys.exit(130)
        except BrokenPipeError:
            quiet_broken_pipe()
        except SystemExit as done:
            if broken_pipe_exit(done):
                quiet_broken_pipe()
            raise
        sys.exit(result if isinstance(result, int) else 0)

    def invoke(self, ctx: typer.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:  # before Typer's own handler, which exits 1
            quiet_broken_pipe()
        except SystemExit as done:
            if broken_pipe_exit(done):
                quiet_broken_pipe()
            raise
        except ScorekeeperError as err:
            error_line(err.message)
            raise typer.Exit(err.exit_code) from None
        except (KeyboardInterrupt, typer.Abort):
            typer.echo("Interrupted: nothing was changed.", err=True)
            raise typer.Exit(130) from None
        except (typer.Exit, typer.TyperException):
            raise
        except UnicodeDecodeError as err:
            error_line(f"cannot read the input: it is not valid {err.encoding} text")
            raise typer.Exit(1) from None
        except Exception as err:
            if os.environ.get("SCOREKEEPER_DEBUG"):
                raise
            error_line(f"unexpected internal error ({_short(err)}); please report it")
            raise typer.Exit(1) from None


#: Exit code when the reader of standard output goes away (``scorekeeper show | head -1``):
#: 128 + SIGPIPE (13), what a shell reports for a program that a broken pipe stops (README,
#: "Exit codes").
BROKEN_PIPE = 141


def broken_pipe_exit(done: SystemExit) -> bool:
    """True when ``done`` is an exit some library made of a broken pipe: Rich's
    ``Console.on_broken_pipe`` and Typer's handler of EPIPE exit 1 while handling the
    BrokenPipeError, which the exit then carries as its context."""
    cause = done.__context__
    return done.code != BROKEN_PIPE and isinstance(cause, BrokenPipeError)


def quiet_broken_pipe() -> None:
    """The reader of standard output went away: stop at once with :data:`BROKEN_PIPE`, printing
    nothing more (what is still buffered for standard output goes to the null device)."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    sys.exit(BROKEN_PIPE)
