"""Reading a hand's entries in every style ``hand`` and ``edit`` accept (README, "One-line
entries", "Hand entry as JSON"): one line per side, a JSON file (``-`` for stdin), or the guided
prompt."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.errors import InputError, RuleError, UsageError
from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import listing

if TYPE_CHECKING:
    from scorekeeper.domain.entries import SideEntry
    from scorekeeper.domain.game import Game


def partner_indexes(game: Game, names: Any) -> tuple[int, ...]:
    """Side indexes of a cutthroat hand's partners, from "Bob,Cat" or "2 3" (read as
    :func:`~scorekeeper.cli.session_words.partner_words` reads them) or a JSON list of names.

    Raises InputError for anything else or a name that is not a side of the game, RuleError
    (exit 1, as the rules engine refuses it) in a variant whose sides are fixed, however the
    partners were given (``--partners``, a JSON file's ``partners``).
    """
    if game.variant.partnerships != "per_hand":
        raise RuleError(
            _(
                "{variant} has fixed sides: partners are named only in variants where they"
                " change each hand (cutthroat)"
            ).format(variant=game.variant.name)
        )
    if isinstance(names, str):
        from scorekeeper.cli.session_words import partner_sides

        return tuple(partner_sides(names, game))
    if isinstance(names, list):  # a JSON file's: names, or the sides' numbers (2, 3)
        names = [str(n) if type(n) is int else n for n in names]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise InputError(_('partners are two players\' names, e.g. "Bob,Cat"'))
    return tuple(game.side_of(n) for n in names)


def read_file_entries(
    game: Game, source: str, text: str | None = None
) -> tuple[list[SideEntry], str, tuple[int, ...]]:
    """Hand entries from a JSON file (``-`` for stdin), in side order, the hand's note, and the
    partners of a cutthroat hand (``"partners": ["Bob", "Cat"]``). ``text``: the file's text
    when it was read already (before the database's lock was taken: a pipe may make it wait).

    Raises InputError for a file that cannot be read, is not JSON, or does not give one entry
    per side (DESIGN.md, "Hand entry as JSON").
    """
    from scorekeeper.cli.common import read_input
    from scorekeeper.domain.bounds import parse_json
    from scorekeeper.domain.reading import entry_from_json

    raw = text if text is not None else read_input(source)
    doc = parse_json(raw, _("standard input") if source == "-" else source)
    if not isinstance(doc, dict) or not isinstance(doc.get("teams"), list):
        raise InputError(
            _('{source}: expected an object with a "teams" list, one entry per side').format(
                source=source
            )
        )
    for key in doc:
        if key not in ("teams", "note", "partners"):
            raise InputError(
                _("{source}: unknown key '{key}' (allowed: teams, note, partners)").format(
                    source=source, key=key
                )
            )
    from scorekeeper.domain.entries import refuse_floats

    refuse_floats(doc["teams"], _("standard input") if source == "-" else source, "teams")
    pair = partner_indexes(game, doc["partners"]) if "partners" in doc else ()
    items = doc["teams"]
    names = game.names
    note = doc.get("note", "")
    if not isinstance(note, str):
        raise InputError(_("{source}: 'note' must be text").format(source=source))
    named = [isinstance(t, dict) and "team" in t for t in items]
    entries: list[Any] = [None] * len(names)
    if any(named):
        if not all(named):
            raise InputError(
                _("{source}: name every side with 'team', or none of them").format(source=source)
            )
        for item in items:
            if not isinstance(item["team"], str):
                raise InputError(_("{source}: 'team' must be a side's name").format(source=source))
            i = game.side_index(item["team"])
            if entries[i] is not None:
                raise InputError(
                    _("{source}: side '{side}' has two entries").format(
                        source=source, side=names[i]
                    )
                )
            entries[i] = entry_from_json(game.variant, item, names[i])
        missing = [n for n, e in zip(names, entries, strict=True) if e is None]
        if missing:
            raise InputError(
                _("{source}: no entry for {sides}; every side needs one").format(
                    source=source, sides=listing(missing)
                )
            )
    else:
        if len(items) != len(names):
            raise InputError(
                _("{source}: this game has {n} sides ({sides}); got {got} entries").format(
                    source=source, n=len(names), sides=listing(names), got=len(items)
                )
            )
        entries = [entry_from_json(game.variant, t, n) for t, n in zip(items, names, strict=True)]
    return list(entries), note, pair


def show_hints(hints: list[str]) -> None:
    """Print each hint on its own line on standard error (never into a ``--json`` document)."""
    for hint in hints:
        print(hint, file=sys.stderr)


def say_if_nobody_scored(entries: Sequence[SideEntry]) -> None:
    """Before a hand's question: say so on standard error when every side's entry is empty
    (Enter at every guided question gives such a hand), so the question is not answered
    with Enter once more unawares."""
    if all(e.says_nothing_else and not e.acaba for e in entries):
        from scorekeeper.cli.language import echo_message

        echo_message(_("Every side's entry is empty: this hand scores 0 for each side."))


def prompts(lines: list[str] | None, file: str | None, guided: bool, interactive: bool) -> bool:
    """True when :func:`read_entries` asks the hand with the guided prompt (no entries, no
    file, and ``--guided`` or a terminal)."""
    return not lines and not file and (guided or interactive)


def read_entries(
    game: Game,
    lines: list[str] | None,
    file: str | None,
    guided: bool,
    interactive: bool,
    partners: str | None = None,
    *,
    defaults: Sequence[SideEntry] | None = None,
    default_partners: tuple[int, ...] = (),
    file_text: str | None = None,
) -> tuple[list[SideEntry], str, tuple[int, ...]]:
    """The entries of the hand ``game`` would record next, a note from a file (else ""), and
    the hand's partners (cutthroat: ``partners`` "Bob,Cat", the file's, or the prompt's).

    ``lines``: one-line entries, one per side; ``file``: a JSON entry file; otherwise the guided
    prompt when ``interactive`` or ``guided``, each answer starting at ``defaults`` (entries in
    side order) and ``default_partners`` where given; ``file_text``: the file's text when it
    was read already (:func:`read_file_entries`). Raises UsageError when no entry style
    applies or two are given, InputError/RuleError for entries that cannot be read.
    """
    entries, note, pair = _read(
        game, lines, file, guided, interactive, defaults, default_partners, file_text
    )
    if partners:
        pair = partner_indexes(game, partners)
    return entries, note, pair


def _read(
    game: Game,
    lines: list[str] | None,
    file: str | None,
    guided: bool,
    interactive: bool,
    defaults: Sequence[SideEntry] | None = None,
    default_partners: tuple[int, ...] = (),
    file_text: str | None = None,
) -> tuple[list[SideEntry], str, tuple[int, ...]]:
    if file and lines:
        raise UsageError(_("give one-line entries or --file, not both"))
    if guided and (file or lines):
        raise UsageError(_("--guided asks for the hand: give it no entries and no --file"))
    if file:
        return read_file_entries(game, file, file_text)
    if lines:
        from scorekeeper.domain.entry_line import order_lines, parse_line

        hints: list[str] = []
        entries = [
            parse_line(game.variant, text, name, hints)
            for text, name in zip(
                order_lines(lines, game.names, game.variant), game.names, strict=True
            )
        ]
        show_hints(hints)
        return entries, "", ()
    if interactive or guided:
        from scorekeeper.cli import prompt

        asked, pair = prompt.ask_hand(game, defaults=defaults, partners=default_partners)
        return asked, "", pair
    raise UsageError(
        _("no hand given: pass one entry per side, --file FILE (- for stdin), or --guided")
    )
