"""The command line in the language in use (issue 14; README, "Languages"): help texts
translated when help is shown, and the texts of Typer and of the Click it carries.

Help texts (commands' docstrings, options' ``help=N_(...)``, metavars, section titles) are
English literals made at import; they are translated only when help is laid out
(:func:`translated_help`), so importing the commands reads no catalogue and the same command
objects speak whatever language is in use when help is shown.

Typer's own texts come two ways. ``typer.core`` translates a few with gettext's module-level
``_`` ("Commands", "[default: ...]", "[required]", "env var: ..."): :func:`install` puts
:func:`scorekeeper.i18n.gettext` in its place, so they come from our catalogue (the msgids are
listed in :data:`TYPER_TEXTS`). The Click that Typer carries writes its messages with
f-strings ("Usage: ", "Missing argument 'x'.", "'abc' is not a valid int."): the help
formatter writes our own "Usage:" and help option text, and :func:`click_message` reads a
command-line error Click wrote in English by the patterns of :data:`CLICK_PATTERNS` and says it
again from the catalogue. English is left exactly as Typer writes it.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

from scorekeeper import i18n
from scorekeeper.i18n import N_
from scorekeeper.i18n import gettext as _
from scorekeeper.presentation import wrapping

#: The msgids ``typer.core`` passes to its gettext ``_`` (translated through our catalogue).
TYPER_TEXTS = (
    N_("Aborted!"),
    N_("Arguments"),
    N_("Options"),
    N_("Commands"),
    N_("Missing command."),
    N_("No such command {name!r}."),
    N_("default: {default}"),
    N_("required"),
    N_("(dynamic)"),
    N_("env var: {var}"),
)
#: The heading of the usage line and the help option's text (Click's, in its words).
USAGE = N_("Usage:")
HELP_OPTION = N_("Show this message and exit.")
OPTIONS_METAVAR = N_("[OPTIONS]")
COMMAND_METAVAR = N_("COMMAND [ARGS]...")

#: Click's English command-line errors, each a pattern and its message with the pattern's
#: groups as fields; the first that matches the whole text is used. ``{inner}`` is a message
#: itself read again by these patterns.
CLICK_PATTERNS: tuple[tuple[str, str], ...] = (
    (r"Invalid value for (?P<hint>.+?): (?P<inner>.+)", N_("Invalid value for {hint}: {inner}")),
    (r"Invalid value: (?P<inner>.+)", N_("Invalid value: {inner}")),
    (r"Missing argument (?P<name>.+?)\.", N_("Missing argument {name}.")),
    (r"Missing option (?P<name>.+?)\.", N_("Missing option {name}.")),
    (r"Missing parameter (?P<name>.+?)\.", N_("Missing parameter {name}.")),
    (
        r"No such option: (?P<name>\S+) \(Possible options: (?P<options>.+)\)",
        N_("No such option: {name} (possible options: {options})"),
    ),
    (r"No such option: (?P<name>\S+)", N_("No such option: {name}")),
    (
        r"Option (?P<name>'[^']*') requires an argument\.",
        N_("Option {name} requires an argument."),
    ),
    (
        r"Option (?P<name>'[^']*') requires (?P<n>\d+) arguments\.",
        N_("Option {name} requires {n} arguments."),
    ),
    (
        r"Option (?P<name>'[^']*') does not take a value\.",
        N_("Option {name} does not take a value."),
    ),
    (
        r"Got unexpected extra argument\(s\) \((?P<args>.*)\)",
        N_("Got unexpected extra arguments ({args})"),
    ),
    (r"(?P<value>.+) is not a valid int\.", N_("{value} is not a whole number.")),
    (r"(?P<value>.+) is not a valid float\.", N_("{value} is not a number.")),
    (
        r"(?P<value>.+) is not a valid (?:int|integer) range\.",
        N_("{value} is not a whole number."),
    ),
    (r"(?P<value>.+) is not a valid float range\.", N_("{value} is not a number.")),
    (
        r"(?P<value>.+) is not a valid boolean\. Recognized values: (?P<values>.+)",
        N_("{value} is not yes or no; one of: {values}"),
    ),
    (r"(?P<value>.+) is not one of (?P<choices>.+)\.", N_("{value} is not one of {choices}.")),
    (
        r"(?P<value>.+) is not in the range (?P<lo>-?\d+)<=x<=(?P<hi>-?\d+)\.",
        N_("{value} is not between {lo} and {hi}."),
    ),
    (r"(?P<value>.+) is not in the range (?P<range>.+)\.", N_("{value} is not in {range}.")),
    (r"No such command (?P<name>.+)\.", N_("No such command {name}.")),
    (r"Missing command\.", N_("Missing command.")),
)


def install() -> None:
    """Make ``typer.core``'s gettext ``_`` ours, so Typer's few translated texts come from the
    scorekeeper catalogue (English: the text itself, as before). Cheap: one assignment."""
    import typer.core

    typer.core._ = _  # type: ignore[attr-defined]


def click_message(text: str) -> str:
    """``text``, a command-line error as Click wrote it in English, in the language in use:
    by the first of :data:`CLICK_PATTERNS` matching all of it; unchanged in English or when no
    pattern matches (a message that is already ours). In English only a value that is no
    number or out of its range is said again (Click's "'abc' is not a valid int range." is
    "'abc' is not a whole number.", "'3,000'" says to type 3000, "1<=x<=10" is "between 1
    and 10"), the rest left as Click writes it."""
    if i18n.language() == "en":
        return _english_number(text)
    for pattern, message in CLICK_PATTERNS:
        match = re.fullmatch(pattern, text, re.DOTALL)
        if match:
            fields = match.groupdict()
            if "inner" in fields:
                fields["inner"] = click_message(fields["inner"])
            for bound in ("lo", "hi"):  # a range's ends, as the language writes numbers
                if bound in fields:
                    fields[bound] = i18n.number(int(fields[bound]))
            plain = grouped_number(fields.get("value", "")) if message == NOT_WHOLE else None
            if plain is not None:
                return _(GROUPED_NUMBER).format(value=fields["value"], plain=plain)
            return _(message).format(**fields)
    return text


def _english_number(text: str) -> str:
    """``text`` with Click's refusal of a value that is no whole number, or of one out of its
    range, at its end said as :func:`click_message` says it in the other languages ("0 is
    not between 1 and 1,000,000,000.", not Click's "1<=x<=1000000000")."""
    bounds = re.search(r" is not in the range (?P<lo>-?\d+)<=x<=(?P<hi>-?\d+)\.$", text)
    if bounds is not None:
        lo, hi = i18n.number(int(bounds["lo"])), i18n.number(int(bounds["hi"]))
        return text[: bounds.start()] + f" is not between {lo} and {hi}."
    match = re.search(r"(?P<value>'[^']*') is not a valid (?:int|integer)(?: range)?\.$", text)
    if match is None:
        return text
    value = match["value"]
    plain = grouped_number(value)
    said = (
        GROUPED_NUMBER.format(value=value, plain=plain)
        if plain is not None
        else NOT_WHOLE.format(value=value)
    )
    return text[: match.start()] + said


#: Click's refusal of a value that is not a whole number (a pattern's message above).
NOT_WHOLE = "{value} is not a whole number."
#: The refusal of a number typed with the language's thousands separator ("'3.000'" in
#: Turkish, as the screens write it): saying how to type it.
GROUPED_NUMBER = N_(
    "{value} is not a whole number: type it without the thousands separator, {plain}."
)


def grouped_number(value: str) -> str | None:
    """The digits of ``value`` (as Click quotes it, "'3.000'") when it is a whole number
    written with the thousands separator of the language in use (:func:`i18n.number`: "3.000"
    in Turkish, "3,000" in Japanese), else None: "3000"."""
    return i18n.ungrouped(value.strip("'\""))


#: What joins the items of a list in a sentence ("1 natural canasta, 2 mixed canastas";
#: Japanese "、").
LIST_SEPARATOR = N_(", ")
#: A side offered by its number in a question (:func:`scorekeeper.i18n.numbered`, which
#: i18n.py's own extraction leaves out): "1 Ann & Bob", Japanese 「1：「山田と佐藤」」.
NUMBERED_SIDE = N_("{number} {side}")

#: Click's mark of a paragraph laid out as written (no rewrapping).
VERBATIM = "\b\n"


def _runs(paragraph: str) -> tuple[str, list[tuple[bool, str]]]:
    """A help paragraph as its ``\\b`` mark and its runs of lines: (True, prose to translate)
    or (False, indented lines of a table of entry items, kept as they are)."""
    mark = VERBATIM if paragraph.startswith(VERBATIM) else ""
    runs: list[tuple[bool, list[str]]] = []
    for line in paragraph[len(mark) :].split("\n"):
        prose = not line.startswith("  ")
        if runs and runs[-1][0] == prose:
            runs[-1][1].append(line)
        else:
            runs.append((prose, [line]))
    return mark, [(prose, "\n".join(lines)) for prose, lines in runs]


def help_messages(text: str) -> list[str]:
    """The msgids of a command's help: the prose of each paragraph (without its ``\\b`` mark and
    the indented tables it may hold); what :func:`help_in_language` translates."""
    return [
        part
        for paragraph in text.split("\n\n")
        for prose, part in _runs(paragraph)[1]
        if prose and part.strip()
    ]


#: A line of a help table: its indented first column, the spaces, and what it means.
_TABLE_LINE = re.compile(r"(\s+\S.*?\s{2,}|\s{8,})(\S.*)")


def _table(lines: str) -> str:
    """The indented lines of a help table with each line's meaning (its second column)
    translated where the catalogue has it (the entry items' meanings are the domain's
    messages); the first column, what is typed, stays."""
    out = []
    for line in lines.split("\n"):
        match = _TABLE_LINE.fullmatch(line)
        if not match:
            out.append(line)
            continue
        lead = " " * display_width(match[1])
        # the table is laid out for 80 columns, as the English one: a longer meaning goes on
        # under itself
        wrapped = wrap_wide(_(match[2]), TABLE_WIDTH, lead, lead)
        out += [match[1] + wrapped[0][len(lead) :], *wrapped[1:]] if wrapped else [line]
    return "\n".join(out)


#: The width a help table of entry items is laid out for (its English lines fit 80 columns).
TABLE_WIDTH = 78


def help_in_language(text: str) -> str:
    """A command's help with the prose of each paragraph translated (:func:`help_messages`)."""
    if i18n.language() == "en":
        return text
    out = []
    for paragraph in text.split("\n\n"):
        mark, runs = _runs(paragraph)
        parts = [_(part) if prose and part.strip() else _table(part) for prose, part in runs]
        out.append(mark + "\n".join(parts))
    return "\n\n".join(out)


@contextlib.contextmanager
def translated_help(item: Any, command: bool = False) -> Iterator[None]:
    """Inside the block, ``item.help`` (a parameter's, or with ``command`` a command's, by
    paragraph) is its translation; it is put back after, so a command keeps its English msgid
    for the next language."""
    original = getattr(item, "help", None)
    if not original or i18n.language() == "en":
        yield
        return
    if command:
        item.help = help_in_language(original)
    else:
        item.help = _(HELP_OPTION if original == "Show this message and exit." else original)
    try:
        yield
    finally:
        item.help = original


#: How help shows a bounded number's range (the refusal's words, "{value} is not between {lo}
#: and {hi}."; the ends are allowed), with its ends as the language writes numbers.
RANGE_BETWEEN = N_("between {lo} and {hi}")
RANGE_AT_LEAST = N_("at least {lo}")
RANGE_AT_MOST = N_("at most {hi}")


def spoken_range(kind: Any) -> str | None:
    """The range of a bounded number type ``kind`` (Click's ``IntRange`` or ``FloatRange``:
    its ``min``, ``max``, ``min_open``, ``max_open``) as help shows it in the language in use:
    "between 1 and 1,000,000,000", "at least 0", "at most 10"; each end through
    :func:`scorekeeper.i18n.number` when it is whole. None for a range with an open end
    (allowed ends only) or no end."""
    lo, hi = getattr(kind, "min", None), getattr(kind, "max", None)
    if getattr(kind, "min_open", False) or getattr(kind, "max_open", False):
        return None

    def end(value: Any) -> str:
        whole = isinstance(value, int) or (isinstance(value, float) and value.is_integer())
        return i18n.number(int(value)) if whole else str(value)

    if lo is not None and hi is not None:
        return _(RANGE_BETWEEN).format(lo=end(lo), hi=end(hi))
    if lo is not None:
        return _(RANGE_AT_LEAST).format(lo=end(lo))
    if hi is not None:
        return _(RANGE_AT_MOST).format(hi=end(hi))
    return None


def help_width(most: int | None = None) -> int | None:
    """The width help is laid out for at a terminal narrower than Click's floor (it lays
    help out for at least 50 columns, which a 40-column terminal then cuts anywhere): the
    terminal's columns less 2, down to 20; None (Click's own width, at most ``most`` or 80)
    at a wider terminal."""
    import shutil

    columns = shutil.get_terminal_size().columns
    if columns - 2 >= 50:
        return None
    return max(min(columns, most or 80) - 2, 20)


def extras_in_language(record: tuple[str, str] | None) -> tuple[str, str] | None:
    """An option's help record (its names, its help) with Click's closing note ("  [default:
    20; between 1 and 1,000]", "  [required]") as Japanese writes it: straight after the
    sentence's "。" (no space), in full-width brackets, its parts joined by "、"
    (「…。［既定：20、1から…］」); unchanged in English and Turkish."""
    if record is None or i18n.language() != "ja":
        return record
    first, text = record
    start = text.rfind("  [")
    if start < 0 or not text.endswith("]"):
        return record
    head, inner = text[:start], text[start + 3 : -1]
    gap = "" if not head or _is_wide(head[-1]) else " "
    return first, f"{head}{gap}［{inner.replace('; ', '、')}］"


@contextlib.contextmanager
def range_in_language(param: Any) -> Iterator[None]:
    """Inside the block, help shows the range of ``param``'s bounded number type (Typer's
    ``min=``/``max=``) in the language's words (:func:`spoken_range`) instead of Click's
    notation ("1<=x<=1000000000"); refusals are unchanged (they say the range through
    :data:`CLICK_PATTERNS`). The one place help's ranges are written."""
    kind = getattr(param, "type", None)
    spoken = spoken_range(kind) if hasattr(kind, "min") and hasattr(kind, "max") else None
    if spoken is None:
        yield
        return
    kind._describe_range = lambda: spoken  # the instance's, over Click's method
    try:
        yield
    finally:
        del kind._describe_range


def short_help(text: str, limit: int) -> str:
    """The first sentence of a command's (translated) help for a group's list of commands, as
    Click makes it; a Japanese sentence ends at "。" (Click knows only ". ")."""
    from typer._click.utils import make_default_short_help

    if i18n.language() == "ja":
        first = text.strip().split("\n\n")[0].replace("\n", "")
        head, stop, _rest = first.partition("。")
        sentence = head + stop
        if display_width(sentence) <= limit:
            return sentence
        while display_width(sentence + "…") > limit:
            sentence = sentence[:-1]
        return sentence + "…"
    if i18n.language() == "en":
        return make_default_short_help(text, limit)
    # an ordinal ("N. elini", "2. oyunda": a number or N, a dot, then a small letter) does not
    # end the sentence: its dot is held apart from Click's sentence ends while it cuts
    held = re.sub(_ORDINAL, lambda m: m[1] + _HELD_DOT, text)
    return make_default_short_help(held, limit).replace(_HELD_DOT, ".")


#: A number or "N" followed by the dot of an ordinal (the next word starts with a small letter).
_ORDINAL = r"\b(\d+|N)\.(?=\s+[a-zçğıöşü])"  # re compiles it when first used
#: A character that stands for an ordinal's dot while Click cuts the first sentence.
_HELD_DOT = "\u2024"


#: The answers a yes-or-no question takes besides English y, yes, n, no (comma-separated, in
#: the language's own words: "e,evet" in Turkish), and the marks after the question.
YES_WORDS = N_("y,yes")
NO_WORDS = N_("n,no")
DEFAULT_YES = N_("[Y/n]")
DEFAULT_NO = N_("[y/N]")


def answers(words: str, english: str) -> set[str]:
    """The set of answers ``words`` (a translated :data:`YES_WORDS` or :data:`NO_WORDS`) and
    the English ones, case folded."""
    return {w.strip().casefold() for w in f"{english},{_(words)}".split(",") if w.strip()}


def confirm(question: str, default: bool) -> bool:
    """Ask a yes-or-no ``question`` on standard error as Click's ``confirm`` does ("Delete game
    3? [y/N]: "), in the language in use: y, yes, n, no are taken in every language, with the
    language's own words (:data:`YES_WORDS`); Enter alone answers ``default``; full-width
    letters read as plain ones; any other answer gets one ``Error:`` line saying what to type,
    and the question again, in English as in every language. Raises ``typer.Abort`` at the end
    of input."""
    import typer

    from scorekeeper.cli.input_lines import bound_prompts, fitted_question
    from scorekeeper.domain.names import ascii_field
    from scorekeeper.presentation.console import visible

    bound_prompts()  # piped answers are read bounded (README, "bounds")
    question = visible(question)  # a path or a name in it never drives the terminal
    yes, no = answers(YES_WORDS, "y,yes"), answers(NO_WORDS, "n,no")
    mark = _(DEFAULT_YES) if default else _(DEFAULT_NO)
    asked = fitted_question(f"{question} {mark}")
    while True:
        try:
            text = typer.prompt(asked, default="", show_default=False, err=True)
        except typer.Abort:  # Ctrl-C or the end of the input: what follows starts a line
            typer.echo("", err=True)
            raise
        answer = ascii_field(text).strip().casefold()
        if not answer:
            return default
        if answer in yes or answer in no:
            return answer in yes
        # which letters to type, in the language's words ("e ya da h ile yanıtlayın")
        said = _("answer y or n (Enter: yes)") if default else _("answer y or n (Enter: no)")
        echo_message(_("Error: {message}").format(message=said))


# -- help laid out by the columns characters take (Japanese) -------------------------------

#: Japanese line breaking and the columns a character takes: the presentation's one home
#: (:mod:`scorekeeper.presentation.wrapping`), named here for help's layout.
display_width = wrapping.display_width
wrap_wide = wrapping.wrap
_is_wide = wrapping.is_wide


def echo_wrapped(message: str, err: bool = True) -> None:
    """Write ``message`` (a hint before a prompt) on standard error (or, ``err`` False,
    standard output) filled to the console's width by the one line-breaking rule
    (:func:`scorekeeper.presentation.wrapping.fold`: at spaces, and in Japanese between
    characters but never before "、" or "）"), so a narrow terminal cuts no word."""
    import typer

    from scorekeeper.presentation.console import console

    width = console(stderr=err).width
    typer.echo(wrapping.fold(message, max(width - 1, 10)), err=err)


def terminal_width(err: bool = True) -> int | None:
    """The columns of the terminal standard error (``err`` False: standard output) writes to;
    None when it writes to a pipe or a file, where a message stays on one line for whatever
    reads it."""
    import sys

    stream = sys.stderr if err else sys.stdout
    try:
        if not stream.isatty():
            return None
    except (AttributeError, ValueError):
        return None
    from scorekeeper.presentation.console import console

    return console(stderr=err).width


def echo_message(message: str, err: bool = True, indent: str = "", subsequent: str = "  ") -> None:
    """Write ``message`` (an error, a warning, a refusal of an answer) on standard error (or
    output), each line starting with ``indent``: at a terminal narrower than a line it is
    filled to the terminal's width by the one line-breaking rule (:func:`wrapping.wrap`:
    at spaces, in Japanese between characters but never before "。" or "）"), the lines
    after the first starting with ``indent`` + ``subsequent``; to a pipe or a file each
    paragraph stays one line."""
    import typer

    width = terminal_width(err)
    out = []
    for paragraph in message.split("\n"):
        line = indent + paragraph
        if width is not None and display_width(line) > width - 1:
            out += wrapping.wrap(paragraph, max(width - 1, 10), indent, indent + subsequent)
        else:
            out.append(line)
    typer.echo("\n".join(out), err=err)


def _join_lines(lines: list[str]) -> str:
    """The lines of a paragraph as one: joined by a space between narrow characters, and by
    nothing next to a wide one (Japanese has no spaces between words)."""
    out = ""
    for line in (part.strip() for part in lines):
        if out and line and not (_is_wide(out[-1]) or _is_wide(line[0])):
            out += " "
        out += line
    return out


def wrap_paragraphs(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` as help lays it out: paragraphs (split at blank lines) filled to ``width``
    columns, a paragraph marked ``\\b`` kept line by line; each line starts with ``indent``."""
    out: list[str] = []
    for paragraph in text.split("\n\n"):
        if out:
            out.append("")
        if paragraph.startswith(VERBATIM) or paragraph.startswith("\b"):
            body = paragraph[1:].lstrip("\n")
            for line in body.split("\n"):  # kept as written, unless wider than the page
                if display_width(indent + line) <= width:
                    out.append(indent + line)
                    continue
                row = _TABLE_LINE.fullmatch(line)
                if row:  # a table's line: its meaning goes on under itself, in its column
                    first = indent + row[1]
                    pad = " " * display_width(first)
                    wrapped = wrap_wide(row[2], width, pad, pad) or [pad]
                    out += [first + wrapped[0][len(pad) :], *wrapped[1:]]
                    continue
                lead = line[: len(line) - len(line.lstrip())]
                out += wrap_wide(line, width, indent + lead, indent + lead) or [indent]

        else:
            out += wrap_wide(_join_lines(paragraph.split("\n")), width, indent, indent)
    return out


def wide_formatter(ctx: Any) -> Any:
    """A help formatter for ``ctx`` that measures text by the columns it takes
    (:func:`display_width`), so Japanese help keeps its columns and its width; Click's own
    formatter counts characters. Made only for Japanese help (English keeps Click's)."""
    from typer._click.formatting import HelpFormatter

    class WideFormatter(HelpFormatter):
        def write_text(self, text: str) -> None:
            indent = " " * self.current_indent
            self.write("\n".join(wrap_paragraphs(text, self.width, indent)) + "\n")

        def write_heading(self, heading: str) -> None:
            # Japanese ends a heading with the full-width colon (i18n.labelled)
            from scorekeeper.i18n import labelled

            self.write(" " * self.current_indent + labelled(heading) + "\n")

        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            head = f"{prefix or ''}{prog} "
            lines = wrap_wide(args, self.width, head, " " * display_width(head))
            self.write("\n".join(lines) + "\n")

        def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
            rows = list(rows)
            first_col = min(max(display_width(r[0]) for r in rows), col_max) + col_spacing
            pad = " " * (first_col + self.current_indent)
            for first, second in rows:
                self.write(" " * self.current_indent + first)
                if not second:
                    self.write("\n")
                    continue
                if display_width(first) <= first_col - col_spacing:
                    self.write(" " * (first_col - display_width(first)))
                else:
                    self.write("\n" + pad)
                lines = wrap_paragraphs(second, max(self.width - first_col - 2, 10))
                self.write(lines[0] + "\n" if lines else "\n")
                for line in lines[1:]:
                    self.write((pad + line).rstrip() + "\n")

    return WideFormatter(width=ctx.terminal_width, max_width=ctx.max_content_width)
