"""What every command shares: options, error handling, JSON output, terminal detection."""

from __future__ import annotations

import contextlib
import errno
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

import scorekeeper.cli.language as language
from scorekeeper import i18n, progress
from scorekeeper.cli.complete import complete_game, complete_variant
from scorekeeper.common_options import COMMON_OPTIONS as COMMON_OPTIONS
from scorekeeper.common_options import hoist_common_options as hoist_common_options
from scorekeeper.common_options import without_common_options
from scorekeeper.domain.limits import MAX_NUMBER
from scorekeeper.errors import InputError, ScorekeeperError, UsageError, os_reason, refused_file
from scorekeeper.i18n import N_
from scorekeeper.i18n import gettext as _
from scorekeeper.interrupts import command_interrupt, quiet_interrupt
from scorekeeper.presentation.documents import Document, StreamedDocument

language.install()


def whole_number(value: Any) -> int:
    """The whole number an option or argument of type int was given (the converter of every
    one of them): ASCII digits with an optional sign, full-width ones read as ASCII
    (:func:`~scorekeeper.domain.names.ascii_field`, as in entries and ``--set`` values); no
    superscript or circled digit. ValueError for anything else Python's ``int`` would read
    (``1_000``, digits of other scripts such as ``٣٠٠٠``, ``⁵``, ``①``), so Click refuses it
    (exit 2). Leading zeros are no value, however many; a number of more digits than Python
    converts (:data:`_MOST_DIGITS`) is refused as past the bounds (``typer.BadParameter``,
    exit 2), never converted."""
    if not isinstance(value, str):
        return int(value)
    text = value
    if not text.isascii():
        from scorekeeper.domain.names import ascii_field  # not imported for --help

        text = ascii_field(text)
    if not _WHOLE.fullmatch(text):
        raise ValueError(value)
    written = text.strip()
    digits = written.lstrip("+-").lstrip("0")
    if len(digits) > _MOST_DIGITS:
        from scorekeeper.domain.bounds import number_refusal, quoted

        raise typer.BadParameter(number_refusal(quoted(written)))
    magnitude = int(digits or "0")
    return -magnitude if written.startswith("-") else magnitude


#: The most digits an int option's value is converted with: Python converts up to 4,300 either
#: way (int to text and back), and every message that shows a number shows it whole.
_MOST_DIGITS = 4000


_WHOLE = re.compile(r"\s*[+-]?[0-9]+\s*", re.ASCII)
#: Click (as Typer bundles it, pinned) reads every int option and argument with this class's
#: ``_number_class``, IntRange's too.
typer._click.types.IntParamType._number_class = staticmethod(whole_number)  # type: ignore[attr-defined]


def _database_file(given: str | Path) -> Path:
    # a folder, or another database's own file, is refused before anything is read
    from scorekeeper.application.paths import database_file

    return given if isinstance(given, Path) else database_file(given)


DbOption = Annotated[
    Path | None,
    typer.Option(
        "--db",
        envvar="SCOREKEEPER_DB",
        parser=_database_file,
        metavar="FILE",
        help=N_("Database file (default: scorekeeper.json in your user data folder)."),
        show_default=False,
    ),
]
JsonOption = Annotated[
    bool, typer.Option("--json", help=N_("Print one JSON document (format 1) instead of tables."))
]
YesOption = Annotated[bool, typer.Option("--yes", "-y", help=N_("Do not ask for confirmation."))]
GameOption = Annotated[
    int | None,
    typer.Option(
        "--game",
        "-g",
        help=N_("Game id (default: the current game)."),
        autocompletion=complete_game,
    ),
]
VariantOption = Annotated[
    str | None,
    typer.Option(
        "--variant",
        "-v",
        help=N_("Variant to use instead of the current game."),
        autocompletion=complete_variant,
    ),
]
ScoreOption = Annotated[
    int | None,
    typer.Option(help=N_("A side's score before the hand."), min=-MAX_NUMBER, max=MAX_NUMBER),
]
RoundOption = Annotated[
    int | None, typer.Option("--round", help=N_("Hand number, where minimums go by round."))
]
EntryFileOption = Annotated[
    str | None, typer.Option("--file", "-f", help=N_("JSON hand entry file; '-' reads stdin."))
]
GuidedOption = Annotated[
    bool, typer.Option("--guided", help=N_("Ask side by side even when input is not a terminal."))
]
SetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        help=N_("Rule override or option, KEY=VALUE (e.g. target=6000, draw_on_tie=true)."),
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
    name = _("GAME") if getattr(param, "param_type_name", "") == "argument" else "/".join(opts)
    return _("{name} must be a game number, e.g. 3").format(name=name)


def _entry_read_as_option(err: Exception, args: Sequence[str], ctx: Any) -> str:
    """For an unknown option that is an entry beginning with '-' (``"- m=50"``, ``"-5"``,
    ``"-m=50"``: no option holds a space, begins with a digit or, with one dash, an '='), the
    message saying so and how to give it (after ``--``); else ""."""
    name = getattr(err, "option_name", None)
    if type(err).__name__ != "NoSuchOption" or not name:
        return ""
    for arg in args:
        entry_like = " " in arg or arg[1:2].isdigit() or ("=" in arg and arg[:2] != "--")
        if arg.startswith(name) and arg.startswith("-") and entry_like:
            command = getattr(ctx, "command_path", "") or "scorekeeper"
            return _(
                "'{arg}' begins with '-', so it is read as an option; entries that begin with"
                " '-' go after '--', e.g. {command} -- '{arg}'"
            ).format(arg=arg, command=command)
    return ""


def _missing_argument(err: Exception) -> str:
    """Outside English, the message for a missing argument, named by the word help shows for
    it (:data:`METAVARS`: ``'VARYANT'``, ``'ゲーム'``), not by its parameter's name; else ""."""
    param = getattr(err, "param", None)
    if type(err).__name__ != "MissingParameter" or i18n.language() == "en":
        return ""
    if getattr(param, "param_type_name", "") != "argument":
        return ""
    word = METAVARS.get(param.name or "")
    name = _(word) if word else (param.name or "").upper()
    return _("Missing argument {name}.").format(name=f"'{name}'")


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
    JSON document) on a stream that cannot encode it; a control or direction character JSON
    leaves as it is (DEL, U+202E) is written as its ``\\uXXXX`` escape too
    (:func:`scorekeeper.presentation.console.json_visible`). Raises TypeError for anything
    that did not come from ``document()``, so no output skips the envelope."""
    from scorekeeper.presentation.console import can_encode, json_visible

    utf = can_encode(sys.stdout, "\u2660\U0001f600")
    if isinstance(doc, StreamedDocument):  # written entry by entry, the same text
        for piece in doc.pieces(ensure_ascii=not utf):
            emit_text(json_visible(piece), checked=True)
        emit_text("\n", checked=True)
        return
    if not isinstance(doc, Document):
        raise TypeError("a --json output must be made by presentation.documents.document()")
    emit_text(json_visible(json.dumps(doc, ensure_ascii=not utf)) + "\n", checked=True)


#: Characters written to standard output at a time by :func:`emit_text`.
CHUNK = 4096


def emit_text(text: str, checked: bool = False, utf8: bool = False) -> None:
    """Write ``text`` to standard output, a few KiB at a time, then flush it.

    One large write to a pipe whose reader goes away part-way is cut short without an error
    (Python's buffered writer drops the BrokenPipeError of a partial write); written in pieces
    no larger than its buffer, the closed pipe raises BrokenPipeError, and the command exits
    with its broken-pipe code (:data:`BROKEN_PIPE`). A control character (an escape sequence, a
    direction control) is written escaped (:func:`scorekeeper.presentation.console.visible`),
    unless ``checked`` says the text holds none already. Nothing is written when there is no
    standard output, but for a file's text (``utf8``): then DataFileError (exit 3), as the file
    could not be written. ``utf8``: the text is a file's (an export), written as UTF-8 bytes
    whatever the output's own encoding ("Files are always UTF-8"), never with ``?`` for what
    that encoding lacks."""
    out = sys.stdout
    if out is None:
        if utf8:
            from scorekeeper.errors import DataFileError

            raise DataFileError(
                _(
                    "there is no standard output to write to; nothing was written: give"
                    " --output FILE"
                )
            )
        return
    if not checked:
        from scorekeeper.presentation.console import has_controls, visible

        if has_controls(text):
            text = visible(text)
    buffer = getattr(out, "buffer", None)
    whole: str | bytes = text
    if utf8 and buffer is not None and (out.encoding or "").lower().replace("-", "") != "utf8":
        out.flush()
        out, whole = buffer, text.encode("utf-8")
    for start in range(0, len(whole), CHUNK):
        out.write(whole[start : start + CHUNK])
    out.flush()


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


def variant_minimum(variant: Any, score: int | None, round_: int | None) -> Any:
    """The opening meld minimum (:class:`~scorekeeper.domain.minimums.Minimum`) of
    ``variant`` for ``--score`` or ``--round``, the one its rule goes by (RULES.md §2: by the
    side's score; Hand and Foot: by the round). UsageError naming the option the rule needs,
    or for a round past the variant's last."""
    from scorekeeper.domain.limits import MAX_HANDS
    from scorekeeper.domain.minimums import opening_minimum
    from scorekeeper.i18n import number

    title = _(variant.title)
    by = variant.opening_minimum.by
    if score is not None and round_ is not None:  # one of them would be left unread
        raise UsageError(
            _("give --score or --round, not both: {variant} goes by {which}").format(
                variant=title, which="--round" if by == "round" else "--score"
            )
        )
    if by == "round" and round_ is None:
        raise UsageError(
            _("{variant} sets its minimum by round: give --round N").format(variant=title)
        )
    if by == "round" and round_ is not None and round_ < 1:
        raise UsageError(_("rounds are numbered from 1, not {round}").format(round=round_))
    if by == "round" and round_ is not None and round_ > MAX_HANDS:
        raise UsageError(
            _("a game holds at most {most} hands; --round {round} is past them").format(
                most=number(MAX_HANDS), round=number(round_)
            )
        )
    if by == "round" and variant.hands and round_ is not None and round_ > variant.hands:
        raise UsageError(
            _("{variant} is played over {n} rounds; --round {round} is past them").format(
                variant=title, n=variant.hands, round=round_
            )
        )
    if by == "score" and score is None and round_ is not None:
        raise UsageError(
            _("{variant} sets its minimum by the side's score: give --score N, not --round").format(
                variant=title
            )
        )
    if by == "score" and score is None:
        raise UsageError(_("give the side's score with --score N (e.g. --score 1650)"))
    return opening_minimum(variant, score=score, round=round_)


def parse_settings(items: list[str] | None) -> dict[str, str]:
    """``--set KEY=VALUE`` items as a dict; UsageError for an item without ``=``."""
    from scorekeeper.domain.names import ascii_field  # not imported for --help

    settings: dict[str, str] = {}
    for item in items or []:
        key, sep, value = ascii_field(item).partition("=")
        if not sep or not key.strip():
            raise UsageError(
                _("--set takes KEY=VALUE, e.g. --set target=6000; got '{item}'").format(item=item)
            )
        if key.strip() in settings:
            raise UsageError(
                _("--set {key} is given twice; give each rule once").format(key=key.strip())
            )
        settings[key.strip()] = value.strip()
    return settings


def read_input(
    source: str, error: type[ScorekeeperError] = InputError, limit: int | None = None
) -> str:
    """The text of the file ``source`` (``-``: standard input) given as input, UTF-8 with or
    without a byte-order mark. ``error`` for a file that cannot be read, is not UTF-8 text, or
    is larger than ``limit`` bytes (:data:`scorekeeper.domain.bounds.MAX_INPUT_BYTES` unless
    given; refused as soon as that much is read: ``/dev/zero`` never fills memory)."""
    from scorekeeper.domain.bounds import MAX_INPUT_BYTES

    most = limit or MAX_INPUT_BYTES
    name = _("standard input") if source == "-" else source
    try:
        if source == "-":
            stream = getattr(sys.stdin, "buffer", None)
            if stream is None:  # a text stream (tests): the text as it is
                raw = sys.stdin.read(most + 1).encode("utf-8", "surrogateescape")
            else:
                raw = stream.read(most + 1)
        else:
            with open(source, "rb") as handle:
                raw = handle.read(most + 1)
    except OSError as err:
        reason = os_reason(err)
        raise error(_("cannot read {name}: {reason}").format(name=name, reason=reason)) from None
    if len(raw) > most:
        raise error(
            _("{name} is larger than {size} MiB, more than this command reads").format(
                name=name, size=most // 2**20
            )
        )
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise error(_("cannot read {name}: it is not UTF-8 text").format(name=name)) from None


def error_line(message: str) -> None:
    """``Error: message`` as one line on stderr (:func:`error_text`); at a terminal narrower
    than the line, filled to its width (:func:`language.echo_message`)."""
    language.echo_message(_("Error: {message}").format(message=error_text(message)))


def error_text(message: str) -> str:
    """``message`` as an error says it: one line (line breaks become spaces), any other
    control character it quotes from input written as ``\\xNN``, a long text quoted in it cut
    to an excerpt and the whole to :data:`MAX_ERROR` characters, its middle left out (a long
    path is cut, the reason after it kept; README: "An ``Error:`` line quotes what was typed
    only as a short excerpt")."""
    from scorekeeper.domain.bounds import quoted
    from scorekeeper.presentation.console import visible

    text = " ".join(message.split())
    if len(text) > QUOTED_RUN:  # what was typed is quoted as a short excerpt only
        text = _QUOTED_RUN.sub(lambda m: f"'{quoted(m[1])}'", text)
        if len(text) > MAX_ERROR:  # its end kept: the reason ("File name too long") is there
            half = (MAX_ERROR - 5) // 2
            text = text[:half] + " ... " + text[-half:]
    return visible(text)


#: Characters of an ``Error:`` message at most (far more than any refusal says): text typed
#: and quoted in it (``'...'``) is cut to a short excerpt first, so a 64 KiB line typed is
#: never echoed back whole.
MAX_ERROR = 1000
#: A quoted run longer than this (characters; a path or a name is shorter) is cut to an excerpt
#: (:func:`scorekeeper.domain.bounds.quoted`).
QUOTED_RUN = 200
_QUOTED_RUN = re.compile(rf"(?<!\w)'([^'\s][^']{{{QUOTED_RUN},}})'(?!\w)")


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
                _("argument {number} is not valid UTF-8 text; type it again as plain text").format(
                    number=number
                )
            ) from None
        match = _CONTROL.search(arg)
        if match:
            raise InputError(
                _(
                    "argument {number} contains a control character ({code});"
                    " names, entries and options are plain text"
                ).format(number=number, code=f"{ord(match.group()):#04x}")
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


#: What goes where a parameter's value goes in help, by parameter name (Typer would print
#: ``<str>``, ``<int>`` or ``{name}``); a parameter not listed shows its name in capitals.
METAVARS = {
    "db": N_("FILE"),
    "file": N_("FILE"),
    "output": N_("FILE"),
    "game_id": N_("GAME"),
    "variant": N_("VARIANT"),
    "base": N_("VARIANT"),
    "name": N_("VARIANT"),
    "team": N_("NAME"),
    "side": N_("NAME"),
    "dealer": N_("NAME"),
    "player": N_("NAME"),
    "players": N_("NAMES"),
    "partners": N_("NAMES"),
    "target": N_("POINTS"),
    "score": N_("POINTS"),
    "start_score": N_("POINTS"),
    "label": N_("TEXT"),
    "note": N_("TEXT"),
    "settings": N_("KEY=VALUE"),
    "round_": N_("N"),
    "limit": N_("N"),
    "number": N_("N"),
    "discard": N_("CARD"),
    "since": N_("DAY"),
    "port": N_("PORT"),
    "entries": N_("ENTRY"),
    "cards": N_("CARDS"),
}
#: Help's sections of options, in order, with the parameter names each holds; an option in
#: none is under :data:`OTHER_OPTIONS`. One literal per title, for translations.
OPTION_GROUPS = {
    N_("Entry options"): {
        "file",
        "guided",
        "note",
        "partners",
        "side",
        "discard",
        "out",
        "concealed",
    },
    N_("Game options"): {
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
    N_("Output options"): {"as_json", "fmt", "output", "excel", "detail", "port", "lan"},
    N_("Database options"): {"db"},
}
OTHER_OPTIONS = N_("Other options")
ARGUMENTS = N_("Arguments")
#: The environment variables scorekeeper reads, for the main help (one literal each).
ENVIRONMENT_TITLE = N_("Environment variables")
ENVIRONMENT = {
    "SCOREKEEPER_DB": N_(
        "the database file, as --db (default: scorekeeper.json in your user data"
        " folder; 'scorekeeper paths' prints it)"
    ),
    "SCOREKEEPER_CONFIG": N_(
        "the folder whose variants/ holds your variant files (default: your user config folder)"
    ),
    "SCOREKEEPER_DEBUG": N_("1 shows the full traceback of an unexpected error, for a bug report"),
    "NO_COLOR": N_("any value: no colours or styles at all"),
    "FORCE_COLOR": N_("any value but 0: colours and styles even to a pipe or a file"),
    "COLUMNS": N_("the width of tables (default: the terminal's)"),
    "SCOREKEEPER_LANG": N_(
        "the language: ja (Japanese), tr (Turkish) or en; else LANGUAGE, LC_ALL, LC_MESSAGES,"
        " LANG decide"
    ),
}
COMMON_OPTIONS_NOTE = N_(
    "--db and --json may come before the command too: scorekeeper --db FILE status"
)
ENVIRONMENT_NOTE = N_("Environment variables: see 'scorekeeper --help'.")


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
        word = METAVARS.get(name)
        param.metavar = (
            choices_metavar(name)
            or (_(word) if word else None)
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
        with language.translated_help(param), language.range_in_language(param):
            record = language.extras_in_language(param.get_help_record(ctx))
        if record is None:
            continue
        if param.param_type_name == "argument":
            arguments.append(record)
            continue
        title = next((t for t, names in OPTION_GROUPS.items() if param.name in names), None)
        grouped[title or OTHER_OPTIONS].append(record)
    # Click's first column of at most 30 columns, narrower at a narrow terminal (its text
    # then starts under a longer option, indented, rather than in a column a word wide)
    first = max(min(30, formatter.width - 40), 12)
    if arguments:
        with formatter.section(_(ARGUMENTS)):
            formatter.write_dl(arguments, col_max=first)
    for title, records in grouped.items():
        if records:
            with formatter.section(_(title)):
                formatter.write_dl(records, col_max=first)


class SpokenHelp:
    """Help in the language in use (:mod:`scorekeeper.cli.language`): the usage line's
    heading, the command's help and its first sentence in a group's list, translated as help
    is laid out (a mixin for :class:`ScorekeeperCommand` and :class:`ScorekeeperGroup`)."""

    help: str | None

    def get_help(self, ctx: Any) -> str:
        if ctx.terminal_width is None:
            ctx.terminal_width = language.help_width(ctx.max_content_width)
        if i18n.language() != "ja":
            return super().get_help(ctx)  # type: ignore[misc]
        formatter = language.wide_formatter(ctx)
        self.format_help(ctx, formatter)  # type: ignore[attr-defined]
        return str(formatter.getvalue()).rstrip("\n")

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        prefix = _(language.USAGE) + " "
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=prefix)

    def format_help_text(self, ctx: Any, formatter: Any) -> None:
        with language.translated_help(self, command=True):
            super().format_help_text(ctx, formatter)  # type: ignore[misc]

    def get_short_help_str(self, limit: int = 45) -> str:
        if getattr(self, "short_help", None) or not self.help:
            return super().get_short_help_str(limit)  # type: ignore[misc]
        return language.short_help(language.help_in_language(self.help), limit).strip()


def help_option_names(command: Any, ctx: Any) -> list[str]:
    """The names of a command's help option (``-h``, ``--help``), in the program's order, less
    any a parameter of the command takes. Click's own come in a set's order, which changes
    from run to run, and shell completion would offer them so."""
    taken = {name for p in command.params for name in (*p.opts, *p.secondary_opts)}
    return [name for name in ctx.help_option_names if name not in taken]


class ScorekeeperCommand(SpokenHelp, TyperCommand):
    """A command whose help says what goes where (VARIANT, NAME, ``[csv|json|html]``), groups
    its options (:data:`OPTION_GROUPS`) and ends by pointing to the environment variables."""

    def get_help_option_names(self, ctx: Any) -> list[str]:
        return help_option_names(self, ctx)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        name_metavars(self.get_params(ctx))  # a refusal names a value as usage does: 'N'
        return super().parse_args(ctx, args)

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        params = self.get_params(ctx)
        name_metavars(params)
        pieces = [_(self.options_metavar)] if self.options_metavar else []
        pieces += [argument_usage(p) for p in params if p.param_type_name == "argument"]
        return pieces

    def format_options(self, ctx: Any, formatter: Any) -> None:
        format_grouped_options(self, ctx, formatter)

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        super().format_epilog(ctx, formatter)
        formatter.write_paragraph()
        formatter.write_text(_(ENVIRONMENT_NOTE))


#: The refusal of an unknown command (one literal, for translations; a did-you-mean follows).
NO_SUCH_COMMAND = N_("no command '{name}'")


class ScorekeeperGroup(SpokenHelp, TyperGroup):
    """The command group that turns errors into one line on stderr and an exit code.

    ScorekeeperError: its message and exit code (1, 2, 3, 4); a usage error found while reading
    the command line (unknown option, a value of the wrong type): one line and exit 2; Ctrl-C:
    exit 130; a closed pipe (``| head``): a quiet exit 141 (:data:`BROKEN_PIPE`); any other
    exception: a short message without a traceback or local variables, exit 1
    (``SCOREKEEPER_DEBUG=1`` shows the traceback).
    """

    def get_help_option_names(self, ctx: Any) -> list[str]:
        return help_option_names(self, ctx)

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
        started = signal.getsignal(signal.SIGINT)
        console_script = started is quiet_interrupt
        # started with Ctrl-C ignored (a shell's background job): it stays ignored throughout
        ignored = started is signal.SIG_IGN
        _said.clear()
        given = list(sys.argv[1:] if args is None else args)
        # "- " (a side that scored nothing, with a space typed after it) is the entry "-",
        # never an option named "- "
        given = ["-" if arg.strip() == "-" else arg for arg in given]
        try:
            if not ignored:  # inside the try: a Ctrl-C as it is put in place is said too
                _interrupts(command_interrupt)
            check_arguments(given)
            result = super().main(given, prog_name, complete_var, False, **extra)
            if result == INTERRUPTED and not _said:
                # Typer's own answer to a Ctrl-C outside the command (while it makes the
                # context, or closes it): exit 130 unsaid; say what the Ctrl-C left stored
                result = interrupted()
            if sys.stdout is not None:  # None when the command ran with standard output closed
                sys.stdout.flush()  # a closed pipe shows here, not as Python exits
        except ScorekeeperError as err:
            if caused_by_interrupt(err):  # a refusal a Ctrl-C led to: the Ctrl-C is what happened
                sys.exit(interrupted())
            error_line(err.message)
            sys.exit(err.exit_code)
        except typer.TyperException as err:  # the command line could not be read
            if type(err).__name__ == "NoArgsIsHelpError":
                err.show()  # type: ignore[attr-defined]
                sys.exit(0)
            ctx = getattr(err, "ctx", None)
            hint = ""
            if ctx is not None:
                hint = _(" (see '{command} --help')").format(command=ctx.command_path)
            message = (
                _game_number(err)
                or _missing_argument(err)
                or _entry_read_as_option(err, given, ctx)
                or language.click_message(err.format_message())
            )

            error_line(message + hint)
            sys.exit(err.exit_code)
        except (KeyboardInterrupt, typer.Abort) as err:
            sys.exit(stopped(err))
        except BrokenPipeError:
            quiet_broken_pipe()
        except OSError as err:  # standard output could not be written at the end
            sys.exit(system_refused(err))
        except SystemExit as done:
            if broken_pipe_exit(done):
                quiet_broken_pipe()
            raise
        finally:
            # what the command did is said: a Ctrl-C while the console script's Python shuts
            # down must not turn its exit code into "killed by SIGINT"
            _interrupts(signal.SIG_IGN if console_script or ignored else signal.default_int_handler)
        sys.exit(result if isinstance(result, int) else 0)

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = super().collect_usage_pieces(ctx)
        return [_(language.OPTIONS_METAVAR) if p == "[OPTIONS]" else p for p in pieces[:-1]] + [
            _(pieces[-1]) if pieces and pieces[-1] == language.COMMAND_METAVAR else pieces[-1]
        ]

    def format_options(self, ctx: Any, formatter: Any) -> None:
        format_grouped_options(self, ctx, formatter)
        self.format_commands(ctx, formatter)

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        super().format_epilog(ctx, formatter)
        if ctx.parent is not None:
            formatter.write_paragraph()
            formatter.write_text(_(ENVIRONMENT_NOTE))
            return
        formatter.write_paragraph()
        formatter.write_text(_(COMMON_OPTIONS_NOTE))
        with formatter.section(_(ENVIRONMENT_TITLE)):
            formatter.write_dl([(name, _(text)) for name, text in ENVIRONMENT.items()])

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Click's reading of ``args``, with --db and --json given before the command moved to
        the command (README, "Commands"); at every level, so that ``scorekeeper --db X backups
        restore 1`` restores in X, not in the database the group would have read. A command
        that does not take one ignores it (``scorekeeper --db X variants``); so does a group
        given one before no command of its own (``variants`` listing the variants)."""
        if ctx.parent is not None:
            bare = self._without_common_options(args)
            if not any(a and not a.startswith("-") for a in bare):
                args = bare
        return super().parse_args(ctx, hoist_common_options(args, self._options_of(ctx)))

    def _options_of(self, ctx: Any) -> Any:
        def options(name: str) -> set[str] | None:
            command = self.get_command(ctx, name)
            if command is None or isinstance(command, TyperGroup):
                return None  # unknown (Click's own error), or a group: it decides
            return {opt for param in command.params for opt in getattr(param, "opts", ())}

        return options

    def _without_common_options(self, args: list[str]) -> list[str]:
        own = {opt for param in self.params for opt in getattr(param, "opts", ())}
        return without_common_options(args, own)

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
                err.message = _(NO_SUCH_COMMAND).format(name=name) + hint(name, known)
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
            if caused_by_interrupt(err):  # e.g. "no variant" because a Ctrl-C cut the look-up
                raise typer.Exit(interrupted()) from None
            error_line(err.message)
            raise typer.Exit(err.exit_code) from None
        except (KeyboardInterrupt, typer.Abort) as err:
            raise typer.Exit(stopped(err)) from None
        except (typer.Exit, typer.TyperException):
            raise
        except UnicodeDecodeError as err:
            error_line(
                _("cannot read the input: it is not valid {encoding} text").format(
                    encoding=err.encoding
                )
            )
            raise typer.Exit(1) from None
        except OSError as err:
            raise typer.Exit(system_refused(err)) from None
        except ImportError as err:  # a module of the program the system could not read
            refused = OSError(errno.EIO, str(err).split(": ")[-1] or type(err).__name__)
            raise typer.Exit(system_refused(refused)) from None
        except Exception as err:
            if caused_by_interrupt(err):  # e.g. a class being defined as Ctrl-C came
                raise typer.Exit(interrupted()) from None
            if os.environ.get("SCOREKEEPER_DEBUG"):
                raise
            done = progress.stored()
            if done is not None:  # the change is stored: a script must not make it again
                said = _(
                    "Warning: unexpected internal error ({error}), after {done}; please report it"
                )
                from scorekeeper.presentation.console import visible

                with contextlib.suppress(OSError, ValueError):
                    typer.echo(visible(said.format(error=_short(err), done=done)), err=True)
                raise typer.Exit(0) from None
            error_line(
                _("unexpected internal error ({error}); please report it").format(error=_short(err))
            )
            raise typer.Exit(1) from None


#: Exit code of a Ctrl-C that stopped a command before its change was stored (README, "Exit
#: codes"); one after it exits 0, the change being stored.
INTERRUPTED = 130


def interrupted() -> int:
    """Say on standard error what a Ctrl-C left stored, and return the exit code: 0 when the
    command's change had passed its commit point ("Interrupted after the hand was stored: hand 3
    of game 1 is recorded."), else :data:`INTERRUPTED` ("Interrupted: nothing was changed.").
    A Ctrl-C more, from here to the command's end, is ignored (:func:`ending`)."""
    ending()
    done = progress.stored()
    if done is None:
        typer.echo(_("Interrupted: nothing was changed."), err=True)
        _said.append(True)
        return INTERRUPTED
    from scorekeeper.presentation.console import visible

    typer.echo(visible(_("Interrupted after {done}.").format(done=done)), err=True)
    _said.append(True)
    return 0


def ending() -> None:
    """Ignore Ctrl-C from now to the command's end (its group puts the handler back as it
    returns): a command ending on a Ctrl-C is saying what the first one left, and a second
    one must not cut that short, leaving the exit code of "nothing was changed" on a change
    that was stored (issue 18, a double Ctrl-C)."""
    _interrupts(signal.SIG_IGN)


#: What a command says when its input ends before the answers it asked for (README, "Exit
#: codes"): nothing was asked for that changed anything yet.
INPUT_ENDED = N_("the input ended before every question was answered; nothing was changed")


def stopped(err: BaseException) -> int:
    """Say why a command stopped at a prompt, and return the exit code: Click's ``Abort``
    raised at the end of the input (a pipe run dry, Ctrl-D on a terminal) is no interrupt: it
    says :data:`INPUT_ENDED` and exits 1; a Ctrl-C is said by :func:`interrupted`."""
    ended = isinstance(err, typer.Abort) and isinstance(err.__context__, EOFError)
    if ended and progress.stored() is None:
        _said.append(True)
        error_line(_(INPUT_ENDED))
        return 1
    return interrupted()


def interrupt_said() -> typer.Exit:
    """The exit 130 of a command that has said on its own what a Ctrl-C left (``play``'s
    "Session ended…", ``serve``'s "Stopped."): raise it, and nothing more is said of the
    Ctrl-C."""
    _said.append(True)
    return typer.Exit(INTERRUPTED)


#: Whether what a Ctrl-C left has been said in this run (a list, so no ``global`` is needed).
_said: list[bool] = []


def system_refused(err: OSError) -> int:
    """Say on standard error what a refusal of the system (a file that cannot be read, a lock
    that fails, standard output on a full disk or a terminal gone) left stored, and return the
    exit code. Before the commit point nothing was changed: ``Error: ...`` and exit 3 (README,
    "Exit codes"). After it the change is stored, so a script must not make it again:
    ``Warning: ..., after the hand was stored: ...`` and exit 0, as for a Ctrl-C then. What
    standard output still holds is dropped, so that the end of the process does not fail on
    it again."""
    reason = os_reason(err) if err.strerror else type(err).__name__
    name = refused_file(err)
    if name:
        name = os.fsdecode(name) if isinstance(name, bytes) else str(name)
        reason = _("{file}: {reason}").format(file=name, reason=reason)
    with contextlib.suppress(OSError, ValueError):
        if sys.stdout is not None:
            try:
                sys.stdout.flush()
            except OSError:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())
    done = progress.stored()
    if done is None:
        error_line(_("the system refused ({reason}); nothing was changed").format(reason=reason))
        return 3
    from scorekeeper.presentation.console import visible

    said = _("Warning: the system refused ({reason}), after {done}.")
    with contextlib.suppress(OSError, ValueError):
        typer.echo(visible(said.format(reason=reason, done=done)), err=True)
    return 0


def print_warnings() -> None:
    """Print each warning the command collected (:func:`scorekeeper.progress.warn`) as a line
    ``Warning: ...`` on standard error."""
    from scorekeeper.presentation.console import visible

    for message in progress.warnings():
        with contextlib.suppress(OSError, ValueError):
            text = visible(" ".join(message.split()))
            language.echo_message(_("Warning: {message}").format(message=text))


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
