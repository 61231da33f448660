"""What a command has done so far, for the command line to report even when it is cut short.

A command that changes the database passes one commit point: the rename that puts its change
in place (the game file of a one-file change, or the journal of a change of several files,
which the next command completes; :mod:`scorekeeper.storage.files`). Before it, nothing stored
has changed; after it, the change is stored. The application says beforehand what will then be
true (:func:`expect`, e.g. "hand 3 of game 1 is recorded"); the write layer marks the commit
point (:func:`commit_passed`) with Ctrl-C held back around the rename and the mark
(:func:`interrupts_held`), so an interrupt lands either before both or after both; and the
command line, on Ctrl-C, says which (:func:`stored`). Warnings the write layer cannot let stop
a command (a backup that could not be kept) are collected here for the command line to print
on standard error (:func:`warn`, :func:`warnings`).

:data:`before_file_change` is a test hook: when set, the write layer calls it with the kind of
change (``"create"``, ``"rename"``, ``"unlink"``, ``"backup"``) and the path before each change
of a file, so that a test can interrupt or kill a command before each of its file changes in
turn. It imports nothing from the package but the language layer (:mod:`scorekeeper.i18n`,
which imports nothing itself), so every layer may use it.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

#: Test hook called before each change of a file (kind, path); None in normal use.
before_file_change: Callable[[str, Path], None] | None = None

_expected: list[str] = []
_stored: list[str] = []
_warnings: list[str] = []


def reset() -> None:
    """Forget everything (the start of a command)."""
    _expected.clear()
    _stored.clear()
    _warnings.clear()


def expect(said: str) -> None:
    """What will be true once the coming change passes its commit point, as a clause after
    "Interrupted after ...", e.g. "the hand was stored: hand 3 of game 1 is recorded"."""
    _expected[:] = [said]


def commit_passed() -> None:
    """The commit point of the change announced by :func:`expect` has passed: it is stored."""
    if _expected:
        _stored.append(_expected.pop())
    else:
        from scorekeeper.i18n import gettext as _

        _stored.append(_("the change was stored"))


def reported() -> None:
    """What was stored so far has been reported (a session's next prompt): from now on
    :func:`stored` is None until another change passes its commit point."""
    _expected.clear()
    _stored.clear()


def changes_stored() -> int:
    """How many changes have passed their commit point since :func:`reported` (or the start
    of the command): a count to compare before and after a change is written."""
    return len(_stored)


def stored() -> str | None:
    """What the command stored (the last change whose commit point passed); None when
    nothing was stored."""
    return _stored[-1] if _stored else None


def warn(message: str) -> None:
    """A warning to print on standard error (once), e.g. a backup that could not be kept."""
    if message not in _warnings:
        _warnings.append(message)


def warnings() -> list[str]:
    """The warnings collected so far, in order; taking them forgets them."""
    taken = list(_warnings)
    _warnings.clear()
    return taken


def file_change(kind: str, path: Path) -> None:
    """Called by the write layer before each change of a file: runs the test hook, if any."""
    if before_file_change is not None:
        before_file_change(kind, path)


@contextmanager
def interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) back while the block runs, on a POSIX system (the calling
    thread's signal mask): an interrupt during the block is delivered as soon as it ends.
    Elsewhere a plain block."""
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:
        yield
        return
    old = mask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, old)
