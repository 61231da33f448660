"""``play``: a table session that stays open for a whole game (README, "A whole game in one
session").

It shows the score pad, asks the next hand side by side (a one-line entry per side, or Enter
for that side's guided questions), shows the hand and the new standings, and asks the next.
The first side's prompt also takes the session's commands (:mod:`.session_words`). Every
change goes through the use cases ``hand``, ``edit``, ``undo``, ``redo`` and ``rematch`` use
(:mod:`scorekeeper.application.usecases`), with the game as the session showed it (a game
changed meanwhile by another terminal is refused, read again and shown), so a hand is stored,
whole, when it is confirmed, and a killed session loses nothing confirmed.

Ctrl-C (or Ctrl-D) while a hand (or an edit) is being typed drops only that hand; at the first
side's prompt Ctrl-C ends the session (exit 130), Ctrl-D ends it (exit 0). A hand not recorded
(refused by the rules, "n" at the question, its game changed meanwhile) comes back with each
side's line to correct; a command at the first prompt drops it. ``play GAME`` makes GAME the
current game, as ``resume`` does. Line editing and history come from the standard
``readline``, imported here only, on a terminal; with standard input not a terminal the
session reads plain lines (each prompt and answer is echoed to standard error) and records
without asking, as ``hand`` does.
"""

from __future__ import annotations

import contextlib
import itertools
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from scorekeeper.cli import language
from scorekeeper.cli import session_words as words
from scorekeeper.cli.common import (
    DbOption,
    YesOption,
    ending,
    error_line,
    interrupt_said,
    stdin_is_terminal,
)
from scorekeeper.cli.input_lines import is_text
from scorekeeper.cli.language import LIST_SEPARATOR, echo_message
from scorekeeper.domain.limits import MAX_HANDS
from scorekeeper.errors import InputError, RuleError, ScorekeeperError, UsageError
from scorekeeper.i18n import N_, listing, numbered
from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import number as figure

if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import Console

    from scorekeeper.application.queries import Seen
    from scorekeeper.domain.entries import SideEntry
    from scorekeeper.domain.game import Game, Hand
    from scorekeeper.domain.records import StoredGame


#: The questions of the hand asked of each side in turn (a field's key: its question).
SIDE_QUESTIONS = {
    "went_out": N_("{side} went out?"),
    "acaba": N_("{side} declared acaba?"),
}


def side_question(key: str, summary: str, side: str) -> str:
    """The yes/no question asking whether ``side`` did what the hand's field ``key`` says
    ("Ann & Bob went out?"), in the language in use; a field without its own question is asked
    by its ``summary`` ("the side ..."), in English."""
    question = SIDE_QUESTIONS.get(key)
    if question is not None:
        return _(question).format(side=side)
    return f"{side} {summary.removeprefix('the side ')}?"


#: The fewest columns ``play``'s help gives a meaning beside what is typed; on a narrower
#: console (40 columns) each meaning goes under what is typed instead.
MEANING_WIDTH = 24


def help_table(
    title: str,
    headings: tuple[str, str],
    rows: list[tuple[str, str]],
    width: int,
    no_wrap: bool = False,
) -> Any:
    """A two-column table of ``play``'s help for a console ``width`` columns wide: the first
    column (what is typed) at most a third of the width unless ``no_wrap`` (broken only at
    spaces, a word never split), the second (what it means) filled into the rest by the
    columns each character takes and the language's line-breaking rules
    (:func:`scorekeeper.presentation.wrapping.wrap`: no Japanese line starts with "ー" or
    "）"). Where that leaves the meaning fewer than :data:`MEANING_WIDTH` columns, one column
    instead: each row what is typed, and under it, indented, what it means."""
    from rich.text import Text

    from scorekeeper.presentation.console import visible
    from scorekeeper.presentation.render import plain_table
    from scorekeeper.presentation.wrapping import display_width, wrap

    longest = max(display_width(w) for first, _m in rows for w in first.split() or [""])
    widest = max(display_width(first) for first, _m in rows)
    cap = widest if no_wrap else max(width // 3, longest)
    first_width = max(min(widest, cap), display_width(headings[0]))
    # the table's edges, padding and column rule take 5 columns (a simple box, no edge padding)
    second_width = max(width - first_width - 5, 10)
    table = plain_table(title)
    if second_width < MEANING_WIDTH:
        # the edges and padding of a one-column table take 2 columns, the meaning's indent 2
        room = max(width - 2, 10)
        table.add_column(Text(f"{headings[0]}\n  {headings[1]}"), width=room, overflow="fold")
        for first, meaning in rows:
            lines = wrap(visible(first), room) or [""]
            lines += wrap(visible(meaning), room, "  ", "  ") or [""]
            table.add_row(Text("\n".join(lines)))
        return table
    table.add_column(headings[0], width=first_width, overflow="fold")
    table.add_column(headings[1], width=second_width, overflow="fold")
    for first, meaning in rows:
        lines = wrap(visible(first), first_width) or [""]
        said = wrap(visible(meaning), second_width) or [""]
        table.add_row(Text("\n".join(lines)), Text("\n".join(said)))
    return table


#: Said once the game is over (won or drawn).
GAME_OVER = N_("Game over: 'rematch' starts the next game like this one, 'quit' ends the session.")


def play(
    game_id: Annotated[
        int | None,
        typer.Argument(help=N_("Game id (default: the current game)."), show_default=False),
    ] = None,
    yes: YesOption = False,
    db: DbOption = None,
) -> None:
    """Keep score of a whole game in one session: the score pad, then each hand asked side by
    side and stored when confirmed, until you type quit.

    \b
    At a side's prompt: its one-line entry (as for 'hand', e.g. m=220 nat=1
    out h=15, or "Cat & Dan: m=110 h=70"), or Enter to be asked its questions.
    At the first side's prompt, a command: undo, redo, edit N, fix [SIDE]
    [ITEM=VALUE ...], check [SIDE:] CARDS, points CARDS, show, help, quit;
    rematch once the game is over. Ctrl-C or Ctrl-D drops the hand being
    typed; at the first side's prompt it ends the session. A hand not
    recorded comes back to correct. GAME becomes the current game.
    Example: scorekeeper play
    """
    import gc

    gc.enable()  # a session stays open: it collects its reference cycles (scorekeeper.__main__)
    if game_id is not None:
        from scorekeeper.application.usecases import resume

        over = resume(db, game_id).game.outcome.over
        said = (
            _("Game {game} is the current game; it is over.")
            if over
            else _("Game {game} is the current game: 'scorekeeper hand' records to it.")
        )
        echo_message(said.format(game=game_id))
    Session(db, game_id, yes).run()


class LineReader:
    """Reads the session's lines from standard input: through ``readline`` (line editing,
    history of entries and commands, a line given to type over) on a terminal, else plain
    lines, each echoed after its prompt on standard error so a piped session reads as one."""

    def __init__(self, terminal: bool) -> None:
        self.terminal = terminal
        self.readline: Any = None
        if terminal:
            try:
                import readline
            except ImportError:  # a Python built without it: plain lines still work
                return
            readline.set_auto_history(False)  # only entries and commands go into the history
            readline.parse_and_bind("set enable-bracketed-paste off")  # no escapes for scripts
            self.readline = readline

    def read(
        self,
        prompt: str,
        history: bool = False,
        prefill: str = "",
    ) -> str:
        """One line typed after ``prompt`` (its line end taken off); ``history``: keep it for
        the up arrow; ``prefill``: text put on the line to type over (terminal only). Raises
        EOFError at the end of the input, KeyboardInterrupt on Ctrl-C; piped, InputError for
        a line longer than :data:`scorekeeper.cli.input_lines.MAX_LINE` characters and
        ``typer.Exit(1)`` past MAX_INPUT_BYTES of input (:func:`.input_lines.read_line`).

        The readline hook runs no Python code of its own (a ``functools.partial`` of a C
        function): CPython drops an exception raised in a hook, so a Ctrl-C landing in one
        would be lost and the prompt would wait on."""
        import functools

        sys.stdout.flush()
        sys.stderr.flush()
        rl = self.readline
        if not self.terminal:
            from scorekeeper.cli.input_lines import read_line

            try:
                line = read_line()  # bounded: a long line is refused, a huge input ends
            except UnicodeDecodeError:
                raise InputError(_("the line is not valid UTF-8 text; type it again")) from None
            if not line:
                raise EOFError
            text = line.rstrip("\r\n")
            if not is_text(text):
                typer.echo(prompt, err=True)
                raise InputError(_("the line is not valid UTF-8 text; type it again"))
            from scorekeeper.presentation.console import visible

            # echoed as the console shows typed text: a control or direction character of a
            # piped line never drives the terminal
            typer.echo(f"{prompt}{visible(text)}", err=True)
            return text
        if rl is not None and prefill:
            rl.set_startup_hook(functools.partial(rl.insert_text, prefill))
        try:
            text = input(prompt)
        except UnicodeDecodeError:
            raise InputError(_("the line is not valid UTF-8 text; type it again")) from None
        finally:
            if rl is not None and prefill:
                rl.set_startup_hook(None)
        if not is_text(text):
            raise InputError(_("the line is not valid UTF-8 text; type it again"))
        if rl is not None and history and text.strip():
            rl.add_history(text)
        return text

    def yes_no(self, question: str, default: bool) -> bool:
        """A yes/no answer to ``question`` (Enter gives ``default``); asked again otherwise.
        y, yes, n and no in every language, and the language's own words
        (:data:`scorekeeper.cli.language.YES_WORDS`); full-width letters read as plain ones.
        q or quit gives up what is being typed, as Ctrl-C does (``typer.Abort``), as ``hand``'s
        question takes q."""
        import scorekeeper.cli.language as language
        from scorekeeper.domain.names import ascii_field

        hint = _(language.DEFAULT_YES) if default else _(language.DEFAULT_NO)
        yes = language.answers(language.YES_WORDS, "y,yes")
        no = language.answers(language.NO_WORDS, "n,no")
        while True:
            answer = ascii_field(self.read(f"{question} {hint} ")).strip().casefold()
            if not answer:
                return default
            if answer in yes:
                return True
            if answer in no:
                return False
            if words.command(answer) == words.Command("quit", ""):
                raise typer.Abort
            error_line(
                _("answer y or n (Enter: yes)") if default else _("answer y or n (Enter: no)")
            )


@contextlib.contextmanager
def interrupts_held() -> Iterator[list[int]]:
    """Hold Ctrl-C back while a change is written, so a hand reported recorded is recorded;
    the list yielded holds the signals that came meanwhile."""
    import signal

    caught: list[int] = []
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:  # started ignoring it: it stays so
        yield caught
        return
    try:
        previous = signal.signal(signal.SIGINT, lambda number, frame: caught.append(number))
    except ValueError:  # not the main thread: nothing to hold back
        yield caught
        return
    try:
        yield caught
    finally:
        signal.signal(signal.SIGINT, previous)


#: Said when the session ends at its first prompt (Ctrl-C, Ctrl-D, the end of the input).
ENDED = N_("Session ended; every recorded hand is kept.")


def what_changed(before: StoredGame, after: StoredGame) -> str:
    """What another terminal changed in a game, from ``before`` to ``after``, as a clause:
    "hand 2 was recorded", "hands 3-4 were taken back", "hand 1 was changed"..."""
    old, new = before.game.hands, after.game.hands

    def hands(first: int, last: int, one: str, more: str) -> str:
        if first == last:
            return _(one).format(first=first)
        return _(more).format(first=first, last=last)

    if after.deleted and not before.deleted:
        return _("game {game} was deleted in another terminal").format(game=after.id)
    if len(new) > len(old) and new[: len(old)] == old:
        return hands(
            len(old) + 1,
            len(new),
            N_("hand {first} was recorded in another terminal"),
            N_("hands {first}-{last} were recorded in another terminal"),
        )
    if len(new) < len(old) and old[: len(new)] == new:
        return hands(
            len(new) + 1,
            len(old),
            N_("hand {first} was taken back in another terminal"),
            N_("hands {first}-{last} were taken back in another terminal"),
        )
    changed = [i + 1 for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b]
    if changed and len(new) == len(old):
        return hands(
            changed[0],
            changed[-1],
            N_("hand {first} was changed in another terminal"),
            N_("hands {first}-{last} were changed in another terminal"),
        )
    return _("the game was changed in another terminal")


#: The fingerprint of a game known to have changed since it was shown: no stored game has it.
CHANGED = "changed meanwhile"


def changed_seen(stored: StoredGame) -> Seen:
    """``stored`` as a game that changed since it was shown: a change made with it is
    refused as changed meanwhile."""
    from scorekeeper.application.queries import Seen

    return Seen(stored, CHANGED)


def same_game(a: StoredGame, b: StoredGame) -> bool:
    """True when two reads of a game hold the same game: the same hands, undone hands and
    outcome, label and deletion."""
    return (
        a.id == b.id
        and a.game.hands == b.game.hands
        and a.redo == b.redo
        and a.finished == b.finished
        and a.deleted == b.deleted
        and a.label == b.label
    )


class Session:
    """One ``play`` session on game ``game_id`` (None: the current game) of database ``db``.

    ``seen`` is the game as the session last read and showed it: every change is made against
    it (refused when another command changed the game meanwhile). ``confirm``: whether each
    hand and correction is shown and asked before it is stored (on a terminal, unless
    ``--yes``). Raises NotFound (no such game) or InputError (a deleted game) when it starts.
    """

    def __init__(self, db: Path | None, game_id: int | None, yes: bool = False) -> None:
        from scorekeeper.application import queries

        self.db = db
        self._seen: Seen = queries.game_to_change(db, game_id)
        self._shown: StoredGame = self._seen.stored
        self._stale = False  # changed since it was read: to be read again
        self._reading: Any = None  # the thread reading the game again after a change
        self._read: list[Any] = []  # what it read (a Seen), or the error it met
        self.game_id = self._shown.id
        terminal = stdin_is_terminal()
        self.confirm = terminal and not yes
        self.lines = LineReader(terminal)
        #: What Ctrl-C drops while something is being typed (a hand, an edit).
        self.dropping = _("Nothing changed.")
        #: A hand not recorded (refused, answered "n", or its game changed meanwhile): its
        #: entries and partners, offered again at the prompts to correct.
        self.again: tuple[list[SideEntry], tuple[int, ...]] | None = None

    # -- reading and showing the game -------------------------------------------------------

    @property
    def stored(self) -> StoredGame:
        """The game as the session shows it: as read, or as the last change stored it."""
        return self._shown

    @property
    def seen(self) -> Seen:
        """The game shown with the fingerprint of its stored form, which the next change is
        made against. After a change the game is read again as the next prompt shows
        (:meth:`after_change`); when that read finds a game other than the one the change
        stored (another terminal changed it in between), the next change is refused as
        changed meanwhile, as ``hand`` refuses it."""
        if self._stale:
            self.read_in_background()
            self._reading.join()
            self._reading = None
            self._stale = False
            found = self._read.pop() if self._read else None
            if isinstance(found, BaseException) or found is None:
                self._seen = changed_seen(self._shown)
                if isinstance(found, ScorekeeperError):
                    raise found
            elif same_game(found.stored, self._shown):
                self._seen = found
            else:
                self._seen = changed_seen(self._shown)
        return self._seen

    def read_again(self) -> None:
        """Read the game again now (when it changed meanwhile, or another game is played)."""
        from scorekeeper.application import queries

        if self._reading is not None:
            self._reading.join()
            self._reading = None
        self._stale = False
        self._seen = queries.game_to_change(self.db, self.game_id)
        self._shown = self._seen.stored

    def after_change(self, stored: StoredGame) -> None:
        """A change stored ``stored``: show it at once; the game (with its fingerprint) is
        read again as the next prompt shows (:meth:`read_in_background`), so the time from
        a confirmed hand to the next prompt is the change's and its report's only."""
        self._shown = stored
        self._read = []
        self._stale = True

    def read_in_background(self) -> None:
        """Start reading the game again after a change, unless that has started already. The
        thread starts with Ctrl-C blocked (:func:`scorekeeper.progress.interrupts_held`), so
        the kernel hands a Ctrl-C to the main thread, whose prompt it ends: one taken by this
        thread would wake no prompt."""
        if not self._stale or self._reading is not None:
            return
        import threading

        from scorekeeper import progress
        from scorekeeper.application import queries

        def read() -> None:
            try:
                self._read.append(queries.game_to_change(self.db, self.game_id))
            except Exception as err:  # handed to the next change, which reports it
                self._read.append(err)

        self._reading = threading.Thread(target=read, name="scorekeeper-reread", daemon=True)
        with progress.interrupts_held():
            self._reading.start()

    def con(self) -> Console:
        from scorekeeper.presentation.console import console

        return console()

    def show_pad(self, detail: bool = False) -> None:
        """The score pad, as ``show`` prints it (``show --detail``: every hand's breakdown)."""
        from scorekeeper.presentation import formats

        formats.find("sheet" if detail else "pad", file=False).renderer()(self.con(), self.stored)

    def show_state(self, con: Console, minimums_shown: bool = False) -> None:
        """After a change: the outcome (and the offer of a rematch) once the game is over,
        else the pad's last lines (each side's next opening minimum, unless ``minimums_shown``
        by the hand's breakdown just above, and the next dealer)."""
        from scorekeeper.presentation import standings
        from scorekeeper.presentation.console import text

        stored = self.stored
        standings.print_outcome(con, stored, dealer=False)
        if stored.game.outcome.over:
            con.print(text(_(GAME_OVER)))
            return
        for line in standings.footer_lines(stored, minimums_shown):
            con.print(text(line))

    def show_hand(self, number: int) -> None:
        """Hand ``number`` as recorded: its breakdown (with the totals and next minimums when
        it is the last hand), then the state of the game."""
        from scorekeeper.presentation import standings
        from scorekeeper.presentation.view import hand_view

        con = self.con()
        game = self.stored.game
        last = number == len(game.hands)
        standings.print_breakdown(con, hand_view(game, number), standings=last)
        if last:
            self.show_state(con, minimums_shown=True)
        else:
            self.show_standings(con)

    def show_standings(self, con: Console) -> None:
        """The totals and next opening minimums, the outcome or the next dealer (as ``status``
        shows them), and the offer of a rematch once the game is over."""
        from scorekeeper.presentation import standings
        from scorekeeper.presentation.console import text

        standings.print_standings(con, self.stored)
        if self.stored.game.outcome.over:
            con.print(text(_(GAME_OVER)))

    def prompt(self) -> str:
        """The first side's prompt (which takes commands too), or the prompt of a game over."""
        game = self.stored.game
        if game.outcome.over:
            return _("Game {game} is over> ").format(game=self.game_id)
        if game.full:
            return _("Game {game} is full> ").format(game=self.game_id)
        return _("Hand {number} · {side}> ").format(number=game.next_hand, side=game.names[0])

    # -- the loop ---------------------------------------------------------------------------

    def run(self) -> None:
        """Show the pad and take lines until quit, the end of the input or Ctrl-C (exit 130)."""
        self.show_pad()
        if self.stored.game.outcome.over:  # no entry to type: what the session can still do
            language.echo_wrapped(_(GAME_OVER))
        else:
            language.echo_wrapped(
                _(
                    "Type each side's entry (e.g. m=220 nat=1 out h=15), Enter to be asked, or"
                    " a command ('help' lists them)."
                )
            )
        while True:
            try:
                if not self.turn():
                    return
            except KeyboardInterrupt:
                self.end_interrupted()

    def turn(self) -> bool:
        """One prompt and what its line asks; False to end the session. A Ctrl-C while a hand
        or an edit is typed drops only that; one at the prompt, or once a change is stored and
        until the next prompt, ends the session (:meth:`end_interrupted`)."""
        from scorekeeper import progress

        offered = words.entry_line(self.again[0][0]) if self.again is not None else ""
        self.read_in_background()
        progress.reported()  # what was stored so far is shown: a Ctrl-C now stores nothing new
        try:
            line = self.lines.read(self.prompt(), history=True, prefill=offered)
        except EOFError:
            typer.echo("\n" + _(ENDED), err=True)
            return False
        except ScorekeeperError as err:  # a line that is not text
            error_line(err.message)
            return True
        typed = line[len(offered) :] if offered and line.startswith(offered) else ""
        if typed.strip() and words.command(typed.strip()) is not None:
            line = typed.strip()  # a command typed after the hand offered again: the command
        self.dropping = _("Nothing changed.")
        try:
            return self.take(line)
        except (KeyboardInterrupt, typer.Abort):
            if progress.stored() is not None:
                self.end_interrupted()
            typer.echo(f"\n{self.dropping}", err=True)
        except EOFError:  # Ctrl-D in a hand drops it; the end of piped input ends
            typer.echo(f"\n{self.dropping}", err=True)
            if not self.lines.terminal:
                typer.echo(_(ENDED), err=True)  # as at the prompt: what is kept
                return False
        except ScorekeeperError as err:
            error_line(err.message)
            self.changed_meanwhile(err)
        return True

    def end_interrupted(self) -> NoReturn:
        """End the session on a Ctrl-C, exit 130 (README, "play"): say what the change made
        since the last prompt stored ("Interrupted after the hand was stored: hand 3 of game 1
        is recorded."), or, when none was, that every recorded hand is kept."""
        from scorekeeper import progress
        from scorekeeper.presentation.console import visible

        ending()
        done = progress.stored()
        if done is None:
            typer.echo("\n" + _(ENDED), err=True)
        else:
            typer.echo("\n" + visible(_("Interrupted after {done}.").format(done=done)), err=True)
        raise interrupt_said()

    def changed_meanwhile(self, err: ScorekeeperError) -> None:
        """When a change was refused because the game changed meanwhile: read it again and
        show it."""
        from scorekeeper.application.usecases import CHANGED_MEANWHILE

        if err.message == _(CHANGED_MEANWHILE):
            try:
                self.read_again()
            except ScorekeeperError as gone:  # deleted meanwhile: said, and the prompt again
                error_line(gone.message)
                return
            self.show_pad()

    def take(self, line: str) -> bool:
        """Act on one line typed at the first prompt; False to end the session."""
        found = words.command(line)
        if found is not None and self.again is not None:
            number = self.stored.game.next_hand
            self.again = None
            typer.echo(
                _("Hand {number} dropped: nothing recorded.").format(number=number), err=True
            )
        if found is None:
            meant = words.mistyped_command(line, self.stored.game.variant)
            if meant is not None:
                raise InputError(
                    _("'{word}' is no command and no item; did you mean '{meant}'?").format(
                        word=line.split()[0], meant=meant
                    )
                )
            game = self.stored.game
            if game.outcome.over or game.full:
                self.again = None  # a hand offered again has no place in a game taking none
                if not line.strip():
                    return True
                said = (
                    _(
                        "game {game} is over: 'rematch' starts the next game, 'quit' ends"
                        " (edit, fix and undo still correct it)"
                    )
                    if game.outcome.over
                    else _(
                        "game {game} is full: a game holds at most {most} hands; 'quit' ends"
                        " (edit, fix and undo still correct it)"
                    )
                )
                raise InputError(said.format(game=self.game_id, most=figure(MAX_HANDS)))
            self.enter_hand(line)
            return True
        if found.word == "quit":
            self.no_arguments("quit", found.rest)
            return False
        getattr(self, f"do_{found.word}")(found.rest)
        return True

    # -- a hand, side by side ---------------------------------------------------------------

    def read_sides(
        self,
        game: Game,
        number: int,
        first: str | None = None,
        old: Hand | None = None,
        offered: list[SideEntry] | None = None,
    ) -> list[SideEntry]:
        """Each side's entry of hand ``number`` (``game``: the game before it), asked side by
        side: a one-line entry (which may name its side: ``Cat & Dan: m=110``, then that side's
        entry it is), or Enter for the side's guided questions. ``first``: the line typed at
        the first prompt; ``old``: the recorded hand (``edit``), whose entries the prompts give
        to type over, and which ``keep`` keeps; ``offered``: the entries of a hand not recorded,
        given to type over the same way. A side's entry that cannot be read is asked again; a
        side's guided questions start at its recorded (or offered) entry."""
        from scorekeeper.cli.entries import show_hints
        from scorekeeper.domain.entry_line import parse_line, split_name

        names = game.names
        entries: dict[int, SideEntry] = {}
        line = first
        while len(entries) < len(names):
            i = next(k for k in range(len(names)) if k not in entries)
            earlier = old.entries if old is not None else offered
            recorded = words.entry_line(earlier[i]) if earlier is not None else ""
            if line is None:
                if old is not None and self.lines.readline is None:
                    said = _("recorded: {entry} ('keep' keeps it)").format(entry=recorded)
                    typer.echo(f"  {said}", err=True)
                prompt = _("Hand {number} · {side}> ").format(number=number, side=names[i])
                line = self.lines.read(prompt, True, recorded)
                found = words.command(line)
                if found is not None:
                    error_line(
                        _(
                            "'{word}' is a command: finish hand {number} first, or press"
                            " Ctrl-C to drop it"
                        ).format(word=found.word, number=number)
                    )
                    line = None
                    continue
            try:
                if old is not None and line.strip().casefold() == words.KEEP:
                    entries[i] = old.entries[i]
                elif not line.strip():
                    entries[i] = self.guided_side(
                        game, i, entries, earlier[i] if earlier is not None else None
                    )
                else:
                    name, rest = split_name(line, names, game.variant)
                    target = names.index(name) if name is not None else i
                    if target in entries:
                        raise InputError(
                            _("{side} has its entry for this hand already").format(
                                side=names[target]
                            )
                        )
                    hints: list[str] = []
                    entries[target] = parse_line(game.variant, rest, names[target], hints)
                    show_hints(hints)
                    if target != i:  # another side's entry: said, as the prompt stays
                        said = _("{side}'s entry is taken.").format(side=names[target])
                        typer.echo(f"  {said}", err=True)
            except ScorekeeperError as err:
                if line is first and not entries:
                    raise  # the line typed at the first prompt: back to it (commands work)
                error_line(err.message)
            line = None
        return [entries[k] for k in range(len(names))]

    def guided_side(
        self,
        game: Game,
        index: int,
        entries: dict[int, SideEntry],
        default: SideEntry | None = None,
    ) -> SideEntry:
        """One side's guided questions (:func:`scorekeeper.cli.prompt.ask_side`), after the
        hand's questions that concern it: whether it went out (unless another side did),
        concealed or not, and whether it declared acaba (which ends its entry). ``default``:
        the side's recorded entry (``edit``), whose values every question starts at (Enter
        keeps them)."""
        from scorekeeper.cli import prompt
        from scorekeeper.domain.reading import entry_from_json

        v = game.variant
        name = game.names[index]
        answers: dict[str, Any] = {}
        was = default.to_json() if default is not None else {}
        someone_out = any(e.went_out or e.special_hand for e in entries.values())
        along = prompt.asked_fields(v, "with")
        for f in prompt.asked_fields(v, "which"):
            said = side_question(f.key, f.summary, name)
            if f.alone:
                if self.lines.yes_no(said, bool(was.get(f.json[0]))):
                    return entry_from_json(v, {f.json[0]: True}, name)
                continue
            if someone_out:
                continue
            yes = self.lines.yes_no(said, bool(was.get(f.json[0])))
            answers[f.json[0]] = yes
            for w in along:
                if w.implies == f.key:
                    earlier = bool(was.get(w.json[0]))
                    answers[w.json[0]] = yes and self.lines.yes_no(f"  {_(w.question)}", earlier)
        others = [e.to_json() for e in entries.values()]
        return prompt.ask_side(game, index, answers, others=others, default=default)

    def ask_partners(
        self, game: Game, old: tuple[int, ...] = (), keeping: bool = False
    ) -> tuple[int, ...]:
        """A cutthroat hand's partners (RULES.md §2.2), by names or numbers; Enter: nobody
        took the pile (in ``edit``, ``keeping``: the partners recorded, given to type over,
        or said, where the line cannot be edited, for ``keep`` to keep, none too)."""
        names = game.names
        choices = _(LIST_SEPARATOR).join(numbered(names))
        recorded = ",".join(names[i] for i in old)
        if keeping and self.lines.readline is None:  # no line to type over: said, and 'keep'
            said = _("recorded: {entry} ('keep' keeps it)").format(entry=recorded or "-")
            typer.echo(f"  {said}", err=True)
        while True:
            question = _("Partners this hand ({choices}; Enter: nobody took the pile)> ")
            line = self.lines.read(question.format(choices=choices), False, recorded)
            if keeping and line.strip().casefold() == words.KEEP:
                return old
            try:
                return words.partners(line, game)
            except ScorekeeperError as err:
                error_line(err.message)

    def enter_hand(self, first: str) -> None:
        """Read the next hand side by side (``first``: what was typed at the first prompt),
        show it and ask (on a terminal), then record it as ``hand`` does. A hand not recorded
        (the rules refuse it as a whole, "n" at the question, or the game changed meanwhile in
        another terminal) is offered again (:meth:`offer_again`): back at the first prompt,
        each side's line holds its entry to correct, and a command drops the hand."""
        from scorekeeper.application import usecases

        game = self.stored.game
        number = game.next_hand
        self.dropping = _("Hand {number} dropped: nothing recorded.").format(number=number)
        offered, offered_pair = self.again if self.again is not None else (None, ())
        self.again = None
        try:
            entries = self.read_sides(game, number, first, offered=offered)
        except ScorekeeperError:
            if offered is not None:  # the first line cannot be read: still offered
                self.again = (offered, offered_pair)
            raise
        pair: tuple[int, ...] = ()
        if game.variant.partnerships == "per_hand":
            pair = self.ask_partners(game, offered_pair)
        try:
            breakdowns = game.score(entries, pair)
        except RuleError as err:
            error_line(
                _("hand {number} cannot be recorded: {error}; enter it again").format(
                    number=number, error=err.message
                )
            )
            self.offer_again(entries, pair)
            return
        from scorekeeper.cli.entries import say_if_nobody_scored

        if not self.confirm:
            say_if_nobody_scored(entries)  # no question: said all the same
        else:
            from scorekeeper.presentation import standings
            from scorekeeper.presentation.view import proposed_view

            shown = proposed_view(game, number, breakdowns, entries, pair)
            standings.print_breakdown(self.con(), shown)
            say_if_nobody_scored(entries)
            if not self.lines.yes_no(_("Record hand {number}?").format(number=number), True):
                self.offer_again(entries, pair)
                return
        before = self.stored
        try:
            with interrupts_held() as caught:
                stored = usecases.record_hand(
                    self.db, usecases.HandInput(entries, "", pair), seen=self.seen
                )
        except InputError as err:
            if err.message != _(usecases.CHANGED_MEANWHILE):
                raise
            error_line(err.message)
            self.read_again()
            self.show_pad()
            said = _("Meanwhile {what}.").format(what=what_changed(before, self.stored))
            echo_message(said)
            self.offer_again(entries, pair)
            return
        self.changed(stored, number, caught, shown=self.confirm)

    def offer_again(self, entries: list[SideEntry], pair: tuple[int, ...]) -> None:
        """Keep a hand not recorded to be offered again at the prompts, and say so in one
        line."""
        if self.stored.game.outcome.over:  # ended meanwhile: no hand is offered any more
            self.again = None
            echo_message(_("The hand typed is not recorded: the game is over."))
            return
        self.again = (entries, pair)
        number = self.stored.game.next_hand
        if self.lines.readline is not None:
            said = _(
                "Hand {number} not recorded: each side's line is back to correct (Enter keeps"
                " it); a command at the first prompt drops the hand."
            )
            echo_message(said.format(number=number))
        else:
            said = _("Hand {number} not recorded: type it again, or a command to drop it.")
            echo_message(said.format(number=number))

    def changed(
        self,
        stored: StoredGame,
        number: int,
        caught: list[int],
        shown: bool = False,
        done: str = N_("Hand {number} recorded. Totals: {totals}"),
    ) -> None:
        """After hand ``number`` was recorded or changed (``stored``: the game now): show it
        and the standings; ``shown``: the hand was shown just before the question, so the
        totals follow in one line (``done``: "Hand 3 recorded. Totals: ...", a message with
        fields ``number`` and ``totals``) instead of the breakdown again. Ends the session
        (:meth:`end_interrupted`) if Ctrl-C came while it was written."""
        self.after_change(stored)
        if shown:
            from scorekeeper.presentation.console import text
            from scorekeeper.presentation.render import num

            con = self.con()
            game = stored.game
            totals = " · ".join(
                f"{n} {num(t)}" for n, t in zip(game.names, game.totals, strict=True)
            )
            con.print(text(_(done).format(number=number, totals=totals)))
            self.show_state(con)
        else:
            self.show_hand(number)
        if caught:
            self.end_interrupted()

    # -- corrections ------------------------------------------------------------------------

    def replace(self, number: int, new_hand: Hand) -> None:
        """Put ``new_hand`` in place of hand ``number`` (``edit``, ``fix``): checked first (a
        refusal changes nothing), shown and asked on a terminal, then stored as ``edit``
        stores it."""
        from scorekeeper.application import usecases
        from scorekeeper.domain.game import Game

        game = self.stored.game
        trial = Game(game.variant, game.sides, list(game.hands), first_dealer=game.first_dealer)
        trial.replace(number, new_hand)  # raises when the change breaks a rule
        if self.confirm:
            from scorekeeper.presentation import render, standings
            from scorekeeper.presentation.console import text
            from scorekeeper.presentation.view import hand_view

            con = self.con()
            con.print(_("Hand {number} would become:").format(number=number))
            standings.print_breakdown(con, hand_view(trial, number))
            totals = listing(
                f"{n} {render.num(t)}" for n, t in zip(trial.names, trial.totals, strict=True)
            )
            con.print(text(_("Totals would be: {totals}").format(totals=totals)))
            if not self.lines.yes_no(_("Replace hand {number}?").format(number=number), True):
                typer.echo(_("Nothing changed."), err=True)
                return
        with interrupts_held() as caught:
            stored = usecases.edit_hand(self.db, number, new_hand, seen=self.seen)
        self.changed(
            stored, number, caught, self.confirm, N_("Hand {number} replaced. Totals: {totals}")
        )

    def do_edit(self, rest: str) -> None:
        """``edit N``: hand N entered again, side by side, each prompt giving the side's
        recorded entry to type over (``keep`` keeps it; Enter on an empty line asks)."""
        from scorekeeper.application import usecases
        from scorekeeper.domain.game import Game, Hand

        number = words.hand_number(rest)
        stored = self.stored
        old = usecases.hand_to_edit(stored, number)
        game = stored.game
        self.dropping = _("Edit of hand {number} dropped: nothing changed.").format(number=number)
        earlier = Game(
            game.variant, game.sides, list(game.hands[: number - 1]), first_dealer=game.first_dealer
        )
        entries = self.read_sides(earlier, number, None, old)
        pair = old.partners
        if game.variant.partnerships == "per_hand":
            pair = self.ask_partners(earlier, old.partners, keeping=True)
        self.replace(number, Hand(tuple(entries), old.note, old.recorded_at, pair))

    def do_fix(self, rest: str) -> None:
        """``fix [SIDE] [ITEM=VALUE ...]``: change only those items of one side's entry in the
        last hand (as ``edit N --side``); the side and the items are asked when not given."""
        from scorekeeper.cli.entries import show_hints
        from scorekeeper.domain.amend import amend_side
        from scorekeeper.domain.game import Hand

        game = self.stored.game
        if not game.hands:
            raise InputError(_("there is no hand to fix yet"))
        number = len(game.hands)
        old = game.hands[-1]
        names = game.names
        index, items = words.split_side(rest, names, numbers=True)
        self.dropping = _("Fix of hand {number} dropped: nothing changed.").format(number=number)
        if index is None and items:
            named = " ".join(itertools.takewhile(lambda w: "=" not in w, items.split()))
            if named:  # "fix 3 m=5", "fix Eve m=5": said as no side, as edit --side says it
                words.side_choice(named, names)
            raise UsageError(
                _("fix: name the side first, e.g. fix {side} m=150 (sides: {sides})").format(
                    side=names[-1], sides=listing(names)
                )
            )
        if index is None:
            index = 0 if len(names) == 1 else self.ask_side_choice(names)
        if index is None:  # Enter alone: no side to fix
            echo_message(self.dropping)
            return
        if not items:
            said = _("{side} now: {entry}").format(
                side=names[index], entry=words.entry_line(old.entries[index])
            )
            typer.echo(f"  {said}", err=True)
            question = _("Items to change for {side} (e.g. m=150 h=20)> ")
            items = self.lines.read(question.format(side=names[index]))
            if not items.strip():  # Enter alone: nothing to change
                echo_message(self.dropping)
                return
        hints: list[str] = []
        entries = amend_side(game.variant, old.entries, names, index, items, hints)
        show_hints(hints)
        self.replace(number, Hand(tuple(entries), old.note, old.recorded_at, old.partners))

    def ask_side_choice(self, names: list[str]) -> int | None:
        """Which side, by number or name; asked again until it is one. None for Enter alone
        (none: the command is dropped)."""
        choices = _(LIST_SEPARATOR).join(numbered(names))
        while True:
            line = self.lines.read(
                _("Which side? ({choices}; Enter: none)> ").format(choices=choices)
            )
            if not line.strip():
                return None
            try:
                return words.side_choice(line, names)
            except ScorekeeperError as err:
                error_line(err.message)

    def do_undo(self, rest: str) -> None:
        """``undo``: take back the last hand (``redo`` puts it back)."""
        from scorekeeper.application import usecases
        from scorekeeper.presentation.console import text

        self.no_arguments("undo", rest)
        number = len(self.stored.game.hands)
        with interrupts_held() as caught:
            self.after_change(usecases.undo(self.db, seen=self.seen))
        con = self.con()
        con.print(text(_("Hand {number} taken back ('redo' puts it back).").format(number=number)))
        self.show_standings(con)
        if caught:
            self.end_interrupted()

    def do_redo(self, rest: str) -> None:
        """``redo``: put back the hand ``undo`` took back."""
        from scorekeeper.application import usecases

        self.no_arguments("redo", rest)
        number = self.stored.game.next_hand
        with interrupts_held() as caught:
            stored = usecases.redo(self.db, seen=self.seen)
        self.changed(stored, number, caught)

    def do_rematch(self, rest: str) -> None:
        """``rematch``: once the game is over, a new game like it (``rematch``), shown."""
        from scorekeeper.application import usecases

        self.no_arguments("rematch", rest)
        if not self.stored.game.outcome.over:
            raise InputError(
                _(
                    "game {game} is still being played: 'rematch' starts the next game once"
                    " it is over"
                ).format(game=self.game_id)
            )
        with interrupts_held() as caught:
            started = usecases.rematch(self.db, self.game_id)
        previous = self.game_id
        self.game_id = started.stored.id
        self.read_again()
        said = _("Game {game} started: a rematch of game {previous}.")
        echo_message(said.format(game=self.game_id, previous=previous))
        self.show_pad()
        if caught:
            self.end_interrupted()

    # -- counting cards, showing, help ------------------------------------------------------

    def do_check(self, rest: str) -> None:
        """``check [SIDE:] CARDS``: each meld's verdict and whether the legal melds reach the
        side's opening minimum (as ``check --team``); with no side named, the minimum every
        side needs, when they all need the same."""
        from scorekeeper.domain.bounds import side_place
        from scorekeeper.domain.cards import parse_cards, parse_melds
        from scorekeeper.domain.melds import check_opening
        from scorekeeper.presentation.cards import print_check

        stored = self.stored
        game = stored.game
        asked = words.check_words(rest, game.names)
        if game.outcome.over:
            raise RuleError(
                _("game {game} is over; 'scorekeeper check --variant V --score N'").format(
                    game=stored.id
                )
            )
        minimums = game.next_minimums()
        index = asked.side
        if index is None and len(game.names) == 1:
            index = 0
        if index is None and any(m != minimums[0] for m in minimums):
            raise UsageError(
                _(
                    "the sides need different opening minimums: name the side, e.g. check"
                    " {side}: {cards}"
                ).format(side=game.names[0], cards=asked.cards)
            )
        by_round = game.variant.opening_minimum.by == "round"
        context = {
            "team": _("every side") if index is None else game.names[index],
            "score": None if index is None else game.totals[index],
            "round": game.next_hand if by_round else None,
        }
        top = None
        if asked.discard is not None:
            found = parse_cards(asked.discard)
            if len(found) != 1:
                raise InputError(
                    _("--discard takes one card, the top of the pile; got '{card}'").format(
                        card=asked.discard
                    )
                )
            top = found[0]
        try:
            melds = parse_melds(asked.cards, decks=game.variant.held)
        except InputError:
            first, *others = asked.cards.split(maxsplit=1) or [""]
            place = side_place(first, len(game.names)) if asked.side is None else None
            if place is None:
                raise
            raise InputError(  # "check 1 KKK2": a side's number, which takes its colon
                _(
                    "'{first}' is not a card: to name side {n}, write its colon: check {n}: {cards}"
                ).format(first=first, n=place + 1, cards=others[0] if others else "CARDS")
            ) from None
        result = check_opening(
            game.variant,
            melds,
            minimums[index or 0],
            discard=top,
            going_out=asked.out or asked.concealed,
            concealed=asked.concealed,
        )
        print_check(self.con(), game.variant, result, context)

    def do_points(self, rest: str) -> None:
        """``points CARDS``: each card's points and the total, in the game's variant."""
        from scorekeeper.domain.melds import cards_to_count
        from scorekeeper.presentation.cards import print_points

        if not rest.strip():
            raise UsageError(_("points CARDS: give the cards, e.g. points J 5 X"))
        v = self.stored.game.variant
        print_points(self.con(), v, cards_to_count(v, rest), v.hand_values)

    def do_show(self, rest: str) -> None:
        """``show``: the score pad; ``show --detail``: every hand's breakdown."""
        if rest.strip().casefold() not in ("", "--detail", "detail"):
            raise UsageError(
                _("show takes --detail or nothing; not '{text}'").format(text=rest.strip())
            )
        self.read_again()
        self.show_pad(detail=bool(rest.strip()))

    def do_help(self, rest: str) -> None:
        """``help``: the items of a one-line entry the game's variant takes, and the
        commands."""
        from scorekeeper.domain.fields import CANASTAS, FIELDS, PENALTIES
        from scorekeeper.presentation.console import text

        v = self.stored.game.variant
        rows: list[tuple[str, str]] = []
        for f in FIELDS:
            if f.kind == CANASTAS:
                kinds = " ".join(f"{key}=1" for key in v.canastas)
                rows.append((kinds, _(f.summary)))
            elif f.kind == PENALTIES:
                for key, rule in v.penalties.items():
                    each = _("{kind} ({points} each)").format(
                        kind=_(rule.title), points=figure(rule.points)
                    )
                    rows.append((f"{key}=1", each))
            elif f.used(v):
                form = f"{f.syntax} / {f.short}" if f.short else f.syntax
                rows.append((form, _(f.summary)))
        rows.append(("-", _("the side scored nothing")))
        con = self.con()
        title = _("At a side's prompt: its one-line entry, or Enter to be asked")
        con.print(help_table(title, (_("item"), _("meaning")), rows, con.width, no_wrap=True))
        rows = [(words.command_form(word), _(what)) for word, (_form, what) in words.WORDS.items()]
        headings = (_("command"), _("what it does"))
        title = _("At the first side's prompt, a command")
        con.print(help_table(title, headings, rows, con.width))

        con.print(
            text(
                _(
                    "Ctrl-C or Ctrl-D drops the hand being typed; at the first side's prompt it"
                    " ends."
                )
            )
        )

    @staticmethod
    def no_arguments(word: str, rest: str) -> None:
        if rest.strip():
            raise UsageError(
                _("{word} takes nothing after it; not '{text}'").format(
                    word=word, text=rest.strip()
                )
            )
