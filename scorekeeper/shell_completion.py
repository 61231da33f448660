"""Shell completion's answers, given without building the command line (bash, zsh, fish).

The completion scripts Typer installs (``scorekeeper --install-completion``) run
``scorekeeper`` with ``_SCOREKEEPER_COMPLETE=complete_bash`` (``complete_zsh``,
``complete_fish``) and the command line typed so far in ``COMP_WORDS`` / ``COMP_CWORD`` (bash)
or ``_TYPER_COMPLETE_ARGS`` (zsh, fish). Building the Typer app to answer costs more than a
keystroke can wait, so :mod:`scorekeeper.__main__` asks :func:`respond` first: it reads the
command line as Click's completion does (the same context, the same value or command to
complete) from ``completion_table.json``, the commands' options, arguments, help lines and
choices as the Typer app declares them, written from the app by ``tools/completion_table.py``
(``tests/test_completion_fast.py`` fails while the file differs from the app). It imports no
Typer, Rich or TinyDB.

The answers that depend on what is stored are here too, once, for both ways of answering (the
Typer app's completion callbacks, :mod:`scorekeeper.cli.complete`, call them): variant names
(built-in and user), the ids of the newest games with their sides, and the side names of a game.
None of them fails: whatever goes wrong, the shell is offered nothing rather than an error.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Mapping, Sequence

TYPE_CHECKING = False  # typing and pathlib are not imported to answer: each costs milliseconds
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

#: How many of the newest games a game id completes to.
GAMES_OFFERED = 20
#: The variable the completion scripts set, and the shells answered here.
COMPLETE_VAR = "_SCOREKEEPER_COMPLETE"
SHELLS = ("bash", "zsh", "fish")
#: The table of the command line (:func:`table`), beside this module.
TABLE_FILE = os.path.join(os.path.dirname(__file__), "completion_table.json")

#: One completion: the value offered and its description (None: none).
Item = tuple[str, str | None]


# --- the answers that depend on what is stored ---------------------------------------------


def variant_choices(incomplete: str) -> list[str]:
    """Built-in and user variant names starting with ``incomplete``, sorted
    (:func:`scorekeeper.variant_folders.variant_files`)."""
    try:
        from scorekeeper.variant_folders import variant_files

        return [name for name in variant_files() if name.startswith(incomplete)]
    except Exception:
        return []


def game_choices(
    db: str | Path | None, incomplete: str, deleted: bool = False
) -> list[tuple[str, str]]:
    """Ids of the :data:`GAMES_OFFERED` newest games not deleted (with ``deleted``: the
    newest deleted ones, what ``restore`` takes), newest first, starting with ``incomplete``,
    each with its sides joined by " / " as the description. ``db``: the database file (None:
    ``SCOREKEEPER_DB`` or the default)."""
    try:
        from scorekeeper.application.completion import games_to_complete

        found = games_to_complete(db, GAMES_OFFERED, deleted)
        return [(str(i), sides) for i, sides in found if str(i).startswith(incomplete)]
    except Exception:
        return []


def side_choices(db: str | Path | None, game_id: int | None, incomplete: str) -> list[str]:
    """Side names of game ``game_id`` (None: the current game), in side order, that start with
    ``incomplete``."""
    try:
        from scorekeeper.application.completion import sides_to_complete

        names = sides_to_complete(db, game_id)
        return [n for n in names if n.startswith(incomplete)]
    except Exception:
        return []


# --- the table ------------------------------------------------------------------------------

_TABLE: dict[str, Any] = {}


def table() -> dict[str, Any]:
    """The command line as the Typer app declares it, read once from :data:`TABLE_FILE`:
    ``{"format": 1, "commands": {path: node}}``, where ``path`` is the command's words after
    ``scorekeeper`` joined by spaces (``""``: the program itself, ``"variants show"``) and a
    node is ``{"help": short help, "hidden": bool, "params": [param, ...]}`` plus, for a group,
    ``"commands": [name, ...]``. A param: ``name``, ``argument`` (else an option), ``opts``,
    ``secondary`` (``--no-x``), ``flag``, ``multiple``, ``nargs``, ``hidden``, ``help``, ``int``
    (its value is a whole number), ``file`` (the shell completes file names) and ``complete``:
    None, ``"variant"``, ``"game"``, ``"side"``, or the fixed choices as ``[value, help]``."""
    if not _TABLE:
        import json

        with open(TABLE_FILE, "rb") as file:
            _TABLE.update(json.loads(file.read()))
    return _TABLE


# --- reading the command line as Click does -------------------------------------------------


class _Refused(Exception):
    """What Click's parser raises and, completing, swallows: the parse stops there."""


class Level:
    """One command of the command line being completed (Click's context): its table node,
    the values the parser read (name -> value, a list for a repeated option) and the words left
    after it (for a group: the subcommand and what follows)."""

    def __init__(self, path: str, node: Mapping[str, Any]) -> None:
        self.path = path
        self.node = node
        self.values: dict[str, Any] = {}
        self.rest: list[str] = []

    def given(self, name: str) -> bool:
        """True when the command line gave parameter ``name`` (Click: its source is
        COMMANDLINE)."""
        return self.values.get(name) is not None

    def param(self, name: str) -> Mapping[str, Any] | None:
        return next((p for p in self.node["params"] if p["name"] == name), None)

    def value(self, name: str) -> Any:
        """The value of parameter ``name`` as the command would get it: converted (a whole
        number; None where it is not one), from the environment variable where the command line
        does not give it (``--db``: ``SCOREKEEPER_DB``)."""
        param = self.param(name)
        raw = self.values.get(name)
        if raw is None and param is not None and param.get("envvar"):
            raw = os.environ.get(param["envvar"]) or None
        if raw is None or param is None or not param.get("int"):
            return raw
        try:
            return int(raw)
        except (TypeError, ValueError):
            return None


def split_arg_string(string: str) -> list[str]:
    """Split a command line as a shell would (shlex), keeping an unfinished last word as it is
    (Click's ``split_arg_string``)."""
    import shlex

    lex = shlex.shlex(string, posix=True)
    lex.whitespace_split = True
    lex.commenters = ""
    out = []
    try:
        for token in lex:
            out.append(token)
    except ValueError:
        out.append(lex.token)
    return out


def _unpack_args(args: Sequence[str], spec: Sequence[int]) -> tuple[list[Any], list[str]]:
    """Click's share-out of the positional words over the arguments (``nargs`` each, -1 taking
    what is left): the values in argument order, and the words left over."""
    words: deque[str] = deque(args)
    nargs: deque[int] = deque(spec)
    out: list[Any] = []
    star: int | None = None

    def fetch(queue: deque[Any]) -> Any:
        try:
            return queue.popleft() if star is None else queue.pop()
        except IndexError:
            return None

    while nargs:
        count = fetch(nargs)
        if count == 1:
            out.append(fetch(words))
        elif count > 1:
            taken = [fetch(words) for _ in range(count)]
            if star is not None:
                taken.reverse()
            out.append(tuple(taken))
        else:
            star = len(out)
            out.append(None)
    if star is not None:
        out[star] = tuple(words)
        words = deque()
        out[star + 1 :] = reversed(out[star + 1 :])
    return out, list(words)


def _parse(level: Level, args: list[str]) -> None:
    """Read ``args`` into ``level`` as Click's parser does while completing: options (long,
    ``--x=v``, short and clustered), then the arguments; a group stops at its first positional
    word; an unknown option or a missing value stops the parse where it is."""
    params = level.node["params"]
    long: dict[str, tuple[Mapping[str, Any], bool]] = {}
    short: dict[str, tuple[Mapping[str, Any], bool]] = {}
    for p in params:
        if not p["argument"]:
            for names, const in ((p["opts"], True), (p["secondary"], False)):
                for name in names:
                    one_letter = len(name) == 2 and name[1] != "-"
                    (short if one_letter else long)[name] = (p, const)
    values = level.values
    interspersed = "commands" not in level.node
    largs: list[str] = []
    rargs = list(args)

    def store(found: tuple[Mapping[str, Any], bool], word: str | None) -> bool:
        """Give the option its value (a flag its constant; else the next word, or what is
        left of ``word``); True when that value was the rest of ``word``."""
        param, const = found
        rest = False
        if param["flag"]:
            value: Any = const
        else:
            if word is not None:
                rargs.insert(0, word)
                rest = True
            if not rargs:
                raise _Refused(param["name"])
            value = rargs.pop(0)
        if param["multiple"]:
            values.setdefault(param["name"], []).append(value)
        else:
            values[param["name"]] = value
        return rest

    def option(arg: str) -> None:
        name, equals, explicit = arg.partition("=")
        if name in long:
            if equals and long[name][0]["flag"]:
                raise _Refused(arg)  # a flag takes no value
            store(long[name], explicit if equals else None)
        elif arg[:2] == "--":
            raise _Refused(arg)  # no such option
        else:  # short options, maybe several in one word (-yg 2, -g2)
            for i, letter in enumerate(arg[1:], start=2):
                found = short.get("-" + letter)
                if found is None:
                    raise _Refused(arg)
                if store(found, None if found[0]["flag"] else arg[i:] or None):
                    break

    try:
        while rargs:
            arg = rargs.pop(0)
            if arg == "--":
                break
            if arg[:1] == "-" and len(arg) > 1:
                option(arg)
            elif interspersed:
                largs.append(arg)
            else:
                rargs.insert(0, arg)
                break
        arguments = [p for p in params if p["argument"]]
        shared, largs = _unpack_args(largs + rargs, [p["nargs"] for p in arguments])
        for param, value in zip(arguments, shared, strict=True):
            values[param["name"]] = None if param["nargs"] == -1 and value == () else value
    except _Refused:
        pass
    level.rest = largs


def resolve(args: list[str]) -> list[Level]:
    """The commands ``args`` (the complete words after ``scorekeeper``) go through, outermost
    first, each read as Click reads it (its ``_resolve_context``). The program moves ``--db``
    and ``--json`` given before the command to after it, as it does when it runs
    (:func:`scorekeeper.common_options.hoist_common_options`), keeping those the command does
    not take no further, as the program's group does (:func:`_group_reads`)."""
    commands = table()["commands"]
    level = Level("", commands[""])
    _parse(level, _group_reads(level, args))  # as the program's group reads them
    levels = [level]
    while level.rest and "commands" in level.node:
        name = level.rest[0]
        if name not in level.node["commands"]:
            break
        path = f"{level.path} {name}".strip()
        sub = Level(path, commands[path])
        _parse(sub, _group_reads(sub, level.rest[1:]))
        levels.append(sub)
        level = sub
    return levels


def _group_reads(level: Level, args: list[str]) -> list[str]:
    """``args`` as the group of ``level`` reads them (``ScorekeeperGroup.parse_args``): the
    common options (``--db``, ``--json``) it does not take itself dropped when no command
    follows, else moved to after the command that follows, where that command takes them (an
    unknown command: all of them)."""
    from scorekeeper.common_options import hoist_common_options, without_common_options

    if "commands" not in level.node:
        return args
    commands = table()["commands"]
    own = {o for p in level.node["params"] for o in p["opts"] + p["secondary"]}
    bare = without_common_options(args, own)
    if not any(a and not a.startswith("-") for a in bare):
        return bare

    def accepts(name: str) -> set[str] | None:
        sub = commands.get(f"{level.path} {name}".strip())  # the root's path is ""
        if sub is None or "commands" in sub:
            return None  # unknown, or a group: it decides
        return {o for p in sub["params"] for o in p["opts"] + p["secondary"]}

    return hoist_common_options(args, accepts)


def _offered_names(level: Level, incomplete: str) -> list[Item]:
    """What a command offers for ``incomplete`` in place of a value: its subcommands (a group)
    and, for a word that starts like an option, the options not given yet (a repeatable one
    always), with their help."""
    commands = table()["commands"]
    items: list[Item] = []
    for name in level.node.get("commands", ()):
        sub = commands[f"{level.path} {name}".strip()]
        if name.startswith(incomplete) and not sub["hidden"]:
            items.append((name, sub["help"]))
    if incomplete and not incomplete[0].isalnum():
        for p in level.node["params"]:
            if p["argument"] or p["hidden"] or (not p["multiple"] and level.given(p["name"])):
                continue
            items += [
                (o, p["help"]) for o in p["opts"] + p["secondary"] if o.startswith(incomplete)
            ]
    return items


def _database(levels: Sequence[Level]) -> str | None:
    """The ``--db`` of the command line (the innermost command's that has one and is given, or
    ``SCOREKEEPER_DB``), else None."""
    for level in reversed(levels):
        value = level.value("db")
        if value is not None:
            return str(value)
    return None


def _values_of(param: Mapping[str, Any], levels: Sequence[Level], incomplete: str) -> list[Item]:
    """What the parameter ``param`` of the innermost command offers for ``incomplete``."""
    kind = param["complete"]
    found: Sequence[Any]
    if kind is None:
        return [(incomplete, None)] if param["file"] else []
    if kind == "variant":
        found = variant_choices(incomplete)
    elif kind in ("game", "deleted_game"):
        found = game_choices(_database(levels), incomplete, kind == "deleted_game")
    elif kind == "side":
        found = side_choices(_database(levels), levels[-1].value("game_id"), incomplete)
    else:
        found = kind
    items = [(f, None) if isinstance(f, str) else (f[0], f[1]) for f in found]
    return [item for item in items if item[0].startswith(incomplete)]


def completions(args: list[str], incomplete: str) -> list[Item]:
    """The completions of ``incomplete`` after the complete words ``args``: what Click's
    ``ShellComplete.get_completions`` gives for the Typer app (its ``_resolve_incomplete``: an
    option's value, the first argument still open, else the command's subcommands and
    options)."""
    levels = resolve(args)
    level = levels[-1]
    args = list(args)
    if incomplete == "=":
        incomplete = ""
    elif "=" in incomplete and incomplete[:1] == "-":
        name, _, incomplete = incomplete.partition("=")
        args.append(name)
    if "--" not in args and incomplete[:1] == "-":
        return _offered_names(level, incomplete)
    params = level.node["params"]
    for p in params:
        if p["argument"] or p["flag"]:
            continue
        last = [a for a in reversed(args)][: p["nargs"]]
        option = next((a for a in last if a[:1] == "-"), None)
        if option is not None and option in p["opts"]:
            return _values_of(p, levels, incomplete)
    for p in params:
        if p["argument"] and (p["nargs"] == -1 or not level.given(p["name"])):
            return _values_of(p, levels, incomplete)
    return _offered_names(level, incomplete)


# --- the shells' protocol -------------------------------------------------------------------


def shell_words(shell: str, environ: Mapping[str, str]) -> tuple[list[str], str] | None:
    """The complete words after the program's name and the word being completed, from the
    variables the shell's completion script sets (Typer's scripts); None when they do not say
    it (bash: ``COMP_WORDS`` missing, or ``COMP_CWORD`` missing or not the index of a word
    after the program's name), which is answered with nothing."""
    if shell == "bash":
        line, position = environ.get("COMP_WORDS"), environ.get("COMP_CWORD", "")
        digits = position.isascii() and position.isdigit() and len(position) <= 9
        if line is None or not digits:
            return None
        words = split_arg_string(line)
        at = int(position)
        if not 1 <= at <= len(words):
            return None
        return words[1:at], (words[at] if at < len(words) else "")
    line = environ.get("_TYPER_COMPLETE_ARGS", "")
    words = split_arg_string(line)[1:]
    if words and not line.endswith(" "):
        return words[:-1], words[-1]
    return words, ""


def format_item(shell: str, value: str, help: str | None) -> str:
    """One completion as the shell's script reads it (Typer's formats; a description is given
    as it is, on one line; for bash, which inserts it as it is, a value quoted as the shell
    reads it back)."""
    if shell == "bash":
        # bash puts the answer into the line as it is: a side name such as "Ann & Bob" or
        # "O'Brien" is quoted, or the line would run in the background or open a quote
        import shlex

        return shlex.quote(value) if value else value
    if shell == "fish":
        if not help:
            return value
        import re

        return value + "\t" + re.sub(r"\s", " ", help)

    def escape(text: str) -> str:
        for plain, escaped in (('"', '""'), ("'", "''"), ("$", "\\$"), ("`", "\\`")):
            text = text.replace(plain, escaped)
        return text.replace(":", r"\\:")

    return f'"{escape(value)}":"{escape(help)}"' if help else f'"{escape(value)}"'


def answer(shell: str, environ: Mapping[str, str]) -> tuple[str | None, int]:
    """What the program prints for a completion request of ``shell`` and its exit status
    (None: nothing printed), as Typer's ``complete`` answers: bash one value a line; zsh an
    ``_arguments`` call (``_files`` when nothing matches); fish the values with their
    descriptions, or for ``is-args`` only the status (0: there are completions); nothing, and
    status 0, when the shell's variables do not say what was typed."""
    typed = shell_words(shell, environ)
    if typed is None:
        return None, 0
    args, incomplete = typed
    items = completions(args, incomplete)
    lines = [format_item(shell, value, help) for value, help in items]
    if shell == "bash":
        return "\n".join(lines), 0
    if shell == "zsh":
        return ("_arguments '*: :((" + "\n".join(lines) + "))'" if lines else "_files"), 0
    action = environ.get("_TYPER_COMPLETE_FISH_ACTION", "")
    if action == "is-args":
        return None, 0 if lines else 1
    return ("\n".join(lines) if action == "get-args" else ""), 0


def respond(environ: Mapping[str, str] | None = None) -> int | None:
    """Answer the completion request of the environment (:data:`COMPLETE_VAR` is
    ``complete_bash``, ``complete_zsh`` or ``complete_fish``) on standard output and return
    the exit status; None when it is no such request, or one this cannot answer (the caller
    then lets the Typer app answer it, as it answers ``source_bash``)."""
    env = os.environ if environ is None else environ
    instruction, _, shell = env.get(COMPLETE_VAR, "").partition("_")
    if instruction != "complete" or shell not in SHELLS:
        return None
    try:
        text, status = answer(shell, env)
    except Exception:
        return None
    if text is not None:
        import sys

        sys.stdout.write(text + "\n")
    return status
