"""The options every command that takes them also accepts before the command's name
(``scorekeeper --db club.json status``; README, "Commands"), and how they are moved to where the
command reads them. The command line (:mod:`scorekeeper.cli`) parses with it, and shell
completion (:mod:`scorekeeper.shell_completion`) reads a command line as it does; it imports
nothing, so completion stays quick."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

#: Options every command that takes them also accepts before the command's name
#: (``scorekeeper --db club.json status``): option -> whether it takes a value.
COMMON_OPTIONS = {"--db": True, "--json": False}


def hoist_common_options(
    args: Sequence[str], accepts: Callable[[str], Collection[str] | None] | None = None
) -> list[str]:
    """``args`` with the :data:`COMMON_OPTIONS` given before the command moved to just after
    its name (``--db X status`` -> ``status --db X``), where the command reads them; given
    again after it, the later one wins, as for any repeated option. Everything else, and all
    after ``--``, stays in place; with no command nothing moves. ``accepts(command)``, where
    given, names the options that command takes (None: all of them, e.g. a group that decides
    for its own commands): one it does not take is dropped, as meaning nothing there
    (``--db X variants`` -> ``variants``; README, "Commands")."""
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
            hoisted.append(args[i : i + 2] if takes_value else [arg])
            i += 2 if takes_value else 1
            continue
        rest.append(arg)
        i += 1
    if i >= len(args) or args[i] == "--" or not hoisted:
        return args
    taken = accepts(args[i]) if accepts is not None else None
    kept = [words for words in hoisted if taken is None or words[0].split("=")[0] in taken]
    return [*rest, args[i], *(word for words in kept for word in words), *args[i + 1 :]]


def without_common_options(args: Sequence[str], own: Collection[str]) -> list[str]:
    """``args`` without the :data:`COMMON_OPTIONS` (and the value ``--db`` takes) that a
    group does not take itself (``own``: its options' names): what a group given them before
    no command of its own reads (``variants --db X`` lists the variants)."""
    kept: list[str] = []
    words = iter(args)
    for arg in words:
        name = arg.split("=")[0]
        if name in COMMON_OPTIONS and name not in own:
            if COMMON_OPTIONS[name] and "=" not in arg:
                next(words, None)
            continue
        kept.append(arg)
    return kept
