"""A Ctrl-C while the console script starts: its handler is set before anything heavy is
imported, so only the interpreter's own start can still end in a traceback (issue 18: every
failure is one line, never a traceback)."""

from __future__ import annotations

import ast
import subprocess
import sys


def test_the_start_handler_is_set_before_any_heavy_import():
    """The module holding the handler imports nothing; main() sets it before its first
    import of the package's own modules."""
    code = (
        "import sys; before = set(sys.modules); import scorekeeper.interrupts; "
        "print(sorted(set(sys.modules) - before))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    new = ast.literal_eval(out.stdout)  # a list of module names
    assert [m for m in new if m.startswith("scorekeeper")] == [
        "scorekeeper",
        "scorekeeper.imports",  # the package's import finder: it imports nothing
        "scorekeeper.interrupts",
    ]
    for heavy in ("contextlib", "typing", "pathlib", "typer", "rich"):
        assert heavy not in new


def test_a_ctrl_c_while_starting_says_nothing_changed_and_exits_130():
    """The handler itself, called as the signal would call it: one line, exit 130."""
    code = (
        "import signal, scorekeeper.interrupts as i; "
        "signal.signal(signal.SIGINT, i.quiet_interrupt); "
        "import os; os.kill(os.getpid(), signal.SIGINT); import time; time.sleep(5)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 130
    assert done.stderr == "Interrupted: nothing was changed.\n"


def test_only_the_packages_first_lines_are_imported_before_the_handler():
    """Importing the console script's module (what the script does before calling main())
    sets the handler before it imports anything but the package itself, the handler's module
    and ``signal``: a Ctrl-C during every later import is answered with exit 130 (red team
    round 10: a traceback from ``__main__.py``'s own imports)."""
    code = (
        "import signal, sys\n"
        "seen = []\n"
        "class Watch:\n"
        "    @staticmethod\n"
        "    def find_spec(name, path=None, target=None):\n"
        "        default = signal.getsignal(signal.SIGINT) is signal.default_int_handler\n"
        "        seen.append((name, default))\n"
        "sys.meta_path.insert(0, Watch)\n"
        "import scorekeeper.__main__\n"
        "from scorekeeper.cli import app\n"
        "print(repr(seen))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    seen = ast.literal_eval(out.stdout)  # (module name, handler still Python's own) pairs
    before = [name for name, default in seen if default]
    first = {"scorekeeper", "scorekeeper.imports", "scorekeeper.__main__", "scorekeeper.interrupts"}
    assert set(before) <= first
    assert "scorekeeper.cli" in [name for name, default in seen if not default]
