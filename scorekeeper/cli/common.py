"""What every command shares: options, error handling, JSON output, terminal detection."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup

from scorekeeper import progress
from scorekeeper.cli.complete import complete_game, complete_variant
from scorekeeper.errors import InputError, ScorekeeperError, UsageError
from scorekeeper.presentation.documents import Document, StreamedDocument

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
    int | None,
    typer.Option(
        "--game",
        "-g",
        help="Game id (default: the current game).",
        autocompletion=complete_game,
    ),
]
VariantOption = Annotated[
    str | None,
    typer.Option(
        "--variant",
        "-v",
        help="Variant to use instead of the current game.",
        autocompletion=complete_variant,
    ),
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


def emit_json(doc: Document | StreamedDocument) -> None:
    """Write one ``--json`` document, made by
    :func:`scorekeeper.presentation.documents.document` (which adds ``"format": 1``), straight
    to standard output (never through Rich), on one line; a
    :func:`~scorekeeper.presentation.documents.streamed` one is written entry by entry.

    Non-ASCII text is written as is on a UTF-8 stream, and as ``\\uXXXX`` escapes (the same
    JSON document) on a stream that cannot encode it. Raises TypeError for anything that did
    not come from ``document()``, so no output skips the envelope."""
    from scorekeeper.presentation.console import can_encode

    utf = can_encode(sys.stdout, "\u2660\U0001f600")
    if isinstance(doc, StreamedDocument):  # written entry by entry, the same text
        for piece in doc.pieces(ensure_ascii=not utf):
            emit_text(piece)
        emit_text("\n")
        return
    if not isinstance(doc, Document):
        raise TypeError("a --json output must be made by presentation.documents.document()")
    emit_text(json.dumps(doc, ensure_ascii=not utf) + "\n")


#: Characters written to standard output at a time by :func:`emit_text`.
CHUNK = 4096


def emit_text(text: str) -> None:
    """Write ``text`` to standard output (as ``typer.echo`` does), a few KiB at a time.

    One large write to a pipe whose reader goes away part-way is cut short without an error
    (Python's buffered writer drops the BrokenPipeError of a partial write); written in pieces
    smaller than its buffer, the closed pipe raises BrokenPipeError, and the command exits
    with its broken-pipe code (:data:`BROKEN_PIPE`). A control character (an escape sequence, a
    direction control) is written escaped (:func:`scorekeeper.presentation.console.visible`):
    JSON escapes them itself, and ``\\uNNNN`` of a direction control means it in JSON too."""
    from scorekeeper.presentation.console import visible

    text = visible(text)
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
    from scorekeeper.domain.names import ascii_field  # not imported for --help

    settings: dict[str, str] = {}
    for item in items or []:
        key, sep, value = ascii_field(item).partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--set takes KEY=VALUE, e.g. --set target=6000; got '{item}'")
        if key.strip() in settings:
            raise UsageError(f"--set {key.strip()} is given twice; give each rule once")
        settings[key.strip()] = value.strip()
    return settings


def read_input(source: str, error: type[ScorekeeperError] = InputError) -> str:
    """The text of the file ``source`` (``-``: standard input) given as input, UTF-8 with or
    without a byte-order mark. ``error`` for a file that cannot be read, is not UTF-8 text, or
    is larger than :data:`scorekeeper.domain.bounds.MAX_INPUT_BYTES` (refused as soon as that
    much is read: ``/dev/zero`` never fills memory)."""
    from scorekeeper.domain.bounds import MAX_INPUT_BYTES

    name = "standard input" if source == "-" else source
    try:
        if source == "-":
            stream = getattr(sys.stdin, "buffer", None)
            if stream is None:  # a text stream (tests): the text as it is
                raw = sys.stdin.read(MAX_INPUT_BYTES + 1).encode("utf-8", "surrogateescape")
            else:
                raw = stream.read(MAX_INPUT_BYTES + 1)
        else:
            with open(source, "rb") as handle:
                raw = handle.read(MAX_INPUT_BYTES + 1)
    except OSError as err:
        raise error(f"cannot read {name}: {err.strerror or err}") from None
    if len(raw) > MAX_INPUT_BYTES:
        raise error(
            f"{name} is larger than {MAX_INPUT_BYTES // 2**20} MiB; an input file is a few"
            " kilobytes"
        )
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise error(f"cannot read {name}: it is not UTF-8 text") from None


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


def caused_by_interrupt(err: BaseException) -> bool:
    """True when ``err`` was raised while handling a Ctrl-C, or by one (Python wraps a
    KeyboardInterrupt raised inside ``__set_name__`` in a RuntimeError)."""
    seen: set[int] = set()
    cause: BaseException | None = err
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def _interrupts(handler: Any) -> None:
    """Set how Ctrl-C is handled (in the main thread only: elsewhere it cannot be)."""
    with contextlib.suppress(ValueError, OSError):  # ValueError: not the main thread
        signal.signal(signal.SIGINT, handler)


def _short(err: BaseException) -> str:
    """An exception as a short one-line text: its type and the first line of its message."""
    lines = str(err).strip().splitlines()
    first = lines[0] if lines else ""
    if len(first) > 160:
        first = first[:157] + "..."
    return f"{type(err).__name__}: {first}" if first else type(err).__name__


#: Options every command that takes them also accepts before the command's name
#: (``scorekeeper --db club.json status``): option -> whether it takes a value.
COMMON_OPTIONS = {"--db": True, "--json": False}


def hoist_common_options(args: Sequence[str]) -> list[str]:
    """``args`` with the :data:`COMMON_OPTIONS` given before the command moved to just after
    its name (``--db X status`` -> ``status --db X``), where the command reads them; given
    again after it, the later one wins, as for any repeated option. Everything else, and all
    after ``--``, stays in place; with no command nothing moves."""
    args = list(args)
    hoisted: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        name = arg.split("=", 1)[0]
        if arg == "--" or not arg.startswith("-"):
            break
        if name in COMMON_OPTIONS:
            takes_value = COMMON_OPTIONS[name] and "=" not in arg
            if takes_value and i + 1 >= len(args):
                break  # --db with nothing after it: the parser's own error
            hoisted += args[i : i + 2] if takes_value else [arg]
            i += 2 if takes_value else 1
            continue
        rest.append(arg)
        i += 1
    if i >= len(args) or args[i] == "--" or not hoisted:
        return args
    return [*rest, args[i], *hoisted, *args[i + 1 :]]


#: What goes where a parameter's value goes in help, by parameter name (Typer would print
#: ``<str>``, ``<int>`` or ``{name}``); a parameter not listed shows its name in capitals.
METAVARS = {
    "db": "FILE",
    "file": "FILE",
    "output": "FILE",
    "game_id": "GAME",
    "variant": "VARIANT",
    "base": "VARIANT",
    "team": "NAME",
    "side": "NAME",
    "dealer": "NAME",
    "player": "NAME",
    "players": "NAMES",
    "partners": "NAMES",
    "target": "POINTS",
    "score": "POINTS",
    "start_score": "POINTS",
    "label": "TEXT",
    "note": "TEXT",
    "settings": "KEY=VALUE",
    "round_": "N",
    "limit": "N",
    "number": "N",
    "discard": "CARD",
    "since": "DAY",
    "port": "PORT",
    "entries": "ENTRY",
    "cards": "CARDS",
}
#: Help's sections of options, in order, with the parameter names each holds; an option in
#: none is under :data:`OTHER_OPTIONS`. One literal per title, for translations.
OPTION_GROUPS = {
    "Entry options": {
        "file",
        "guided",
        "note",
        "partners",
        "side",
        "discard",
        "out",
        "concealed",
    },
    "Game options": {
        "game_id",
        "variant",
        "team",
        "players",
        "target",
        "label",
        "settings",
        "start_score",
        "dealer",
        "score",
        "round_",
        "player",
        "since",
        "status",
        "limit",
        "every",
        "base",
        "force",
        "again",
    },
    "Output options": {"as_json", "fmt", "output", "excel", "detail", "port", "lan"},
    "Database options": {"db"},
}
OTHER_OPTIONS = "Other options"
ARGUMENTS = "Arguments"
#: The environment variables scorekeeper reads, for the main help (one literal each).
ENVIRONMENT_TITLE = "Environment variables"
ENVIRONMENT = {
    "SCOREKEEPER_DB": "the database file, as --db (default: scorekeeper.json in your user data"
    " folder; 'scorekeeper paths' prints it)",
    "SCOREKEEPER_CONFIG": "the folder whose variants/ holds your variant files (default: your"
    " user config folder)",
    "SCOREKEEPER_DEBUG": "1 shows the full traceback of an unexpected error, for a bug report",
    "NO_COLOR": "any value: no colours or styles at all",
    "FORCE_COLOR": "any value but 0: colours and styles even to a pipe or a file",
    "COLUMNS": "the width of tables (default: the terminal's)",
}
COMMON_OPTIONS_NOTE = (
    "--db and --json may come before the command too: scorekeeper --db FILE status"
)
ENVIRONMENT_NOTE = "Environment variables: see 'scorekeeper --help'."


def choices_metavar(name: str) -> str | None:
    """``[csv|json|html]`` for an option whose values are a fixed list (``--format``,
    ``--status``), else None."""
    if name == "fmt":
        from scorekeeper.presentation import formats

        return f"[{'|'.join(formats.names())}]"
    if name == "status":
        return "[playing|finished|won|draw|deleted|all]"
    return None


def name_metavars(params: Sequence[Any]) -> None:
    """Give each parameter without a metavar the one :data:`METAVARS` (or its choices, or its
    name) says, so help shows what goes there: ``--game GAME``, ``--format [csv|json|html]``."""
    for param in params:
        if getattr(param, "metavar", None) is not None or getattr(param, "is_flag", False):
            continue
        name = param.name or ""
        param.metavar = (
            choices_metavar(name)
            or METAVARS.get(name)
            or name.rstrip("_").upper().replace("_", "-")
        )


def argument_usage(param: Any) -> str:
    """An argument in the usage line: ``GAME``, ``[GAME]`` when optional, ``CARDS...``."""
    var = param.metavar or (param.name or "").upper()
    var += "..." if param.nargs != 1 else ""
    return var if param.required else f"[{var}]"


def format_grouped_options(command: Any, ctx: Any, formatter: Any) -> None:
    """Help's arguments, then its options in :data:`OPTION_GROUPS` sections (entry, game,
    output, database, other), each a plain section of Click's formatter."""
    params = command.get_params(ctx)
    name_metavars(params)
    arguments = []
    grouped: dict[str, list[tuple[str, str]]] = {title: [] for title in OPTION_GROUPS}
    grouped[OTHER_OPTIONS] = []
    for param in params:
        record = param.get_help_record(ctx)
        if record is None:
            continue
        if param.param_type_name == "argument":
            arguments.append(record)
            continue
        title = next((t for t, names in OPTION_GROUPS.items() if param.name in names), None)
        grouped[title or OTHER_OPTIONS].append(record)
    if arguments:
        with formatter.section(ARGUMENTS):
            formatter.write_dl(arguments)
    for title, records in grouped.items():
        if records:
            with formatter.section(title):
                formatter.write_dl(records)


class ScorekeeperCommand(TyperCommand):
    """A command whose help says what goes where (VARIANT, NAME, ``[csv|json|html]``), groups
    its options (:data:`OPTION_GROUPS`) and ends by pointing to the environment variables."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        params = self.get_params(ctx)
        name_metavars(params)
        pieces = [self.options_metavar] if self.options_metavar else []
        pieces += [argument_usage(p) for p in params if p.param_type_name == "argument"]
        return pieces

    def format_options(self, ctx: Any, formatter: Any) -> None:
        format_grouped_options(self, ctx, formatter)

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        super().format_epilog(ctx, formatter)
        formatter.write_paragraph()
        formatter.write_text(ENVIRONMENT_NOTE)


#: The refusal of an unknown command (one literal, for translations; a did-you-mean follows).
NO_SUCH_COMMAND = "no command '{name}'"


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
        progress.reset()
        console_script = signal.getsignal(signal.SIGINT) is progress.quiet_interrupt
        _interrupts(signal.default_int_handler)
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
            sys.exit(interrupted())
        except BrokenPipeError:
            quiet_broken_pipe()
        except SystemExit as done:
            if broken_pipe_exit(done):
                quiet_broken_pipe()
            raise
        finally:
            # what the command did is said: a Ctrl-C while the console script's Python shuts
            # down must not turn its exit code into "killed by SIGINT"
            _interrupts(signal.SIG_IGN if console_script else signal.default_int_handler)
        sys.exit(result if isinstance(result, int) else 0)

    def format_options(self, ctx: Any, formatter: Any) -> None:
        format_grouped_options(self, ctx, formatter)
        self.format_commands(ctx, formatter)

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        super().format_epilog(ctx, formatter)
        if ctx.parent is not None:
            formatter.write_paragraph()
            formatter.write_text(ENVIRONMENT_NOTE)
            return
        formatter.write_paragraph()
        formatter.write_text(COMMON_OPTIONS_NOTE)
        with formatter.section(ENVIRONMENT_TITLE):
            formatter.write_dl(list(ENVIRONMENT.items()))

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """Click's look-up of the command ``args[0]``; an unknown one is refused with the
        closest command's name (did-you-mean, as git does), every command counted, even those
        not built yet."""
        try:
            return super().resolve_command(ctx, args)
        except typer.TyperException as err:
            name = args[0] if args else ""
            if name and hasattr(err, "message") and self.get_command(ctx, name) is None:
                from scorekeeper.domain.suggest import hint

                known = self.list_commands(ctx)
                err.message = NO_SUCH_COMMAND.format(name=name) + hint(name, known)
            raise

    def invoke(self, ctx: typer.Context) -> Any:
        try:
            return self._invoke(ctx)
        finally:
            print_warnings()

    def _invoke(self, ctx: typer.Context) -> Any:
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
            raise typer.Exit(interrupted()) from None
        except (typer.Exit, typer.TyperException):
            raise
        except UnicodeDecodeError as err:
            error_line(f"cannot read the input: it is not valid {err.encoding} text")
            raise typer.Exit(1) from None
        except Exception as err:
            if caused_by_interrupt(err):  # e.g. a class being defined as Ctrl-C came
                raise typer.Exit(interrupted()) from None
            if os.environ.get("SCOREKEEPER_DEBUG"):
                raise
            error_line(f"unexpected internal error ({_short(err)}); please report it")
            raise typer.Exit(1) from None


#: Exit code of a Ctrl-C that stopped a command before its change was stored (README, "Exit
#: codes"); one after it exits 0, the change being stored.
INTERRUPTED = 130


def interrupted() -> int:
    """Say on standard error what a Ctrl-C left stored, and return the exit code: 0 when the
    command's change had passed its commit point ("Interrupted after the hand was stored: hand 3
    of game 1 is recorded."), else :data:`INTERRUPTED` ("Interrupted: nothing was changed.")."""
    done = progress.stored()
    if done is None:
        typer.echo("Interrupted: nothing was changed.", err=True)
        return INTERRUPTED
    typer.echo(f"Interrupted after {done}.", err=True)
    return 0


def print_warnings() -> None:
    """Print each warning the command collected (:func:`scorekeeper.progress.warn`) as a line
    ``Warning: ...`` on standard error."""
    from scorekeeper.presentation.console import visible

    for message in progress.warnings():
        with contextlib.suppress(OSError, ValueError):
            typer.echo(f"Warning: {visible(' '.join(message.split()))}", err=True)


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
