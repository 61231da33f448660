"""The console script's answer to a Ctrl-C while it is still starting.

It imports nothing (not even :mod:`contextlib` or :mod:`typing`), so that
:mod:`scorekeeper.__main__` can set it as the SIGINT handler first of all, as it is imported:
the interpreter's own start (and the console script's first line) is the only moment a Ctrl-C
still ends in Python's own report.
"""

from __future__ import annotations


def quiet_interrupt(signum: int, frame: object) -> None:
    """SIGINT handler of the console script while it is still starting (set by
    :mod:`scorekeeper.__main__` before anything else is imported): nothing was done
    yet, so say so and exit 130 without a traceback of the imports it cut short.
    :class:`scorekeeper.cli.common.ScorekeeperGroup` puts Python's own handler back."""
    import os

    said = "Interrupted: nothing was changed."
    try:  # the signal may land while the translations themselves are being imported
        from scorekeeper.i18n import gettext as _

        said = _(said)
    except Exception:
        pass
    os.write(2, (said + "\n").encode("utf-8", "replace"))
    os._exit(130)


def command_interrupt(signum: int, frame: object) -> None:
    """SIGINT handler while a command runs (set by :class:`scorekeeper.cli.common.
    ScorekeeperGroup`): KeyboardInterrupt, as Python's own handler raises, except where Python
    would drop it. Inside importlib's module-lock callback (a weak reference's callback, run as
    a module imported on first use is let go) a KeyboardInterrupt is printed as "Exception
    ignored" and lost, the command running on as if no Ctrl-C came; there the signal is sent
    again a few milliseconds later, once the callback is done."""
    code = getattr(frame, "f_code", None)
    if getattr(code, "co_name", "") == "cb" and "importlib" in getattr(code, "co_filename", ""):
        import threading

        threading.Timer(0.005, _to_main_thread, (signum,)).start()
        return
    raise KeyboardInterrupt


def _to_main_thread(signum: int) -> None:
    """Send ``signum`` again, to the main thread itself where the system can (a signal sent to
    the process may be taken by this thread, which does not hold Ctrl-C back while a change is
    put in place, as the main thread then does)."""
    import os
    import signal
    import threading

    if hasattr(signal, "pthread_kill"):
        signal.pthread_kill(threading.main_thread().ident or 0, signum)
    else:
        os.kill(os.getpid(), signum)
