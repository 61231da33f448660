"""scorekeeper: a command-line score keeper for Canasta and its variants.

The package is layered: :mod:`scorekeeper.domain` (the pure rules engine),
:mod:`scorekeeper.variants` (the variant files), :mod:`scorekeeper.storage` (TinyDB, behind a
store interface), :mod:`scorekeeper.application` (the use cases), :mod:`scorekeeper.presentation`
(Rich and the JSON documents) and :mod:`scorekeeper.cli` (Typer). README, "Development", maps
them.
"""

__version__ = "0.1.0"


def quiet_interrupt(signum: int, frame: object) -> None:
    """Ctrl-C while the console script is still starting: nothing was done yet; exit 130."""
    import os

    os.write(2, b"Interrupted: nothing was changed.\n")
    os._exit(130)


def _guard_start() -> None:
    """Run as the ``scorekeeper`` console script, a Ctrl-C before the command line takes over
    (:class:`scorekeeper.cli.common.ScorekeeperGroup` restores Python's own handler) exits 130
    quietly instead of printing a traceback of the imports it cut short."""
    import sys

    if sys.argv and sys.argv[0].replace("\\", "/").rsplit("/", 1)[-1].startswith("scorekeeper"):
        import signal

        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, quiet_interrupt)


_guard_start()
