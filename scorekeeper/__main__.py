"""One run of the program: the ``scorekeeper`` console script and ``python -m scorekeeper``.

A command is a short process, and two costs of an ordinary Python process buy it nothing:

- The cyclic garbage collector. Imports and decoding build hundreds of thousands of objects,
  and the collector walks them again and again (at 100,000 games more often than the work
  itself grows); the few reference cycles a short run leaves are given back with the process.
  It is switched off for the run. A command that stays open (a session) switches it back on.
- Interpreter finalization (about a fifth of a quick command's time). By the time a command
  returns, every file it wrote is closed, and synced where the storage promises it
  (:mod:`scorekeeper.storage.files`); so once standard output and standard error are flushed
  the process ends at once, with the command's exit status.

Tests and other callers that run :data:`scorekeeper.cli.app` themselves keep both.
"""

from __future__ import annotations

import signal

from scorekeeper.interrupts import quiet_interrupt

if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
    # a Ctrl-C while starting: exit 130. Set as this module is imported (the console script
    # imports it, then calls main()), so that only the interpreter's own start and the
    # package's first lines (scorekeeper/__init__.py) come before it.
    signal.signal(signal.SIGINT, quiet_interrupt)

import gc  # after the handler: a Ctrl-C during these imports is answered too
import os
import sys


def exit_status(code: object) -> int:
    """The process status of a ``SystemExit`` code, as Python itself gives it: None is 0, an
    integer is itself, anything else is printed on standard error and is 1."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def main() -> None:
    """Run the command line of ``sys.argv`` and end the process with its exit status. A shell
    asking for completions is answered without building the command line
    (:func:`scorekeeper.shell_completion.respond`)."""
    gc.disable()
    if os.environ.get("_SCOREKEEPER_COMPLETE"):
        from scorekeeper.shell_completion import respond

        answered = respond()
        if answered is not None:
            end(answered)
    from scorekeeper.cli import main as run_command_line
    from scorekeeper.cli.common import BROKEN_PIPE

    try:
        run_command_line()
        status = 0
    except SystemExit as done:
        status = exit_status(done.code)
    end(status, BROKEN_PIPE)


def end(status: int, broken_pipe: int = 1) -> None:
    """Flush standard output and standard error and end the process with ``status`` at once;
    ``broken_pipe`` when standard output is a closed pipe, 1 when a stream cannot be
    written."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except BrokenPipeError:
            status = broken_pipe if stream is sys.stdout else status
        except (OSError, ValueError):  # a stream already closed, or a full disk behind it
            status = status or 1
    os._exit(status)


if __name__ == "__main__":
    main()
