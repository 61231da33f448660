"""Benchmark figure of ``scorekeeper play``: the time from a confirmed hand to the next prompt.

:func:`play_ms` starts ``scorekeeper play`` on a pseudo-terminal against a database, types
``hands`` small hands into its current game (one line per side, then Enter at "Record hand
N? [Y/n]") and times each from that Enter to the next hand's prompt appearing: the hand stored
(lock, read, write, fsync, backups, caches), shown with the standings, and the game read again.
It returns the median in milliseconds. The hands stay recorded: put the database back
afterwards where later figures must not see them (``bench.py``'s ``Snapshot.put_back``).

Run alone: ``python benchmarks/play_timing.py --db PATH`` prints the figure for that
database (``bench.py``'s ``build_database`` builds one of any size).
"""

from __future__ import annotations

import argparse
import os
import re
import select
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path

#: What each side of the game types, in side order (further sides type "-"): RULES.md §1
#: values, as bench.py's hand: 60 melded, a red three, 15 in hand; 45 melded, 20 in hand.
ENTRIES = ("m=60 r=1 h=15", "m=45 h=20")

#: The session's prompts: a side's ("Hand 3 · Ann & Bob> "), the confirmation, a game over.
SIDE_PROMPT = re.compile(rb"Hand (\d+) \xc2\xb7 [^\n]*> $")
CONFIRM = re.compile(rb"Record hand (\d+)\? \[Y/n\] $")
OVER = re.compile(rb"Game \d+ is over> $")


def _controlling_terminal() -> None:  # in the child: the pseudo-terminal becomes its terminal
    import fcntl
    import termios

    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class _Terminal:
    """A command on a pseudo-terminal 100 columns wide, read as it writes."""

    def __init__(self, cmd: list[str], env: Mapping[str, str]) -> None:
        import fcntl
        import struct
        import termios

        master, child = os.openpty()
        fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 100, 0, 0))
        self.proc = subprocess.Popen(
            cmd,
            stdin=child,
            stdout=child,
            stderr=child,
            env=dict(env),
            preexec_fn=_controlling_terminal,
            close_fds=True,
        )
        os.close(child)
        self.fd = master
        self.pending = b""

    def wait_for(self, *patterns: re.Pattern[bytes], timeout: float = 60) -> re.Match[bytes]:
        """Read until one of ``patterns`` matches the end of what was shown since the last
        match; returns that match."""
        end = time.monotonic() + timeout
        while True:
            for pattern in patterns:
                found = pattern.search(self.pending)
                if found:
                    self.pending = b""
                    return found
            ready, _, _ = select.select([self.fd], [], [], max(0.0, end - time.monotonic()))
            if not ready:
                raise RuntimeError(f"play showed no prompt; it showed {self.pending[-400:]!r}")
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                raise RuntimeError(f"play ended; it showed {self.pending[-400:]!r}")
            self.pending += chunk

    def type(self, line: str) -> None:
        os.write(self.fd, line.encode() + b"\r")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.type("quit")
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        os.close(self.fd)


def play_ms(
    scorekeeper_cmd: list[str],
    db: Path,
    hands: int = 9,
    *,
    env: Mapping[str, str] | None = None,
) -> float:
    """Median milliseconds from a confirmed hand (the Enter at "Record hand N? [Y/n]") to the
    next prompt of ``scorekeeper play`` on database ``db``, over ``hands`` hands recorded into
    its current game (a two-side game that none of them ends; bench.py's games are).

    ``scorekeeper_cmd``: how to run scorekeeper (``["/path/to/scorekeeper"]`` or
    ``[sys.executable, "-m", "scorekeeper"]``); ``env``: its environment (default: this
    process's, with ``NO_COLOR``). Raises RuntimeError when the session does not show the
    prompts expected (no current game, a game over)."""
    environment = dict(os.environ if env is None else env)
    environment.setdefault("NO_COLOR", "1")
    environment.setdefault("TERM", "xterm")
    session = _Terminal([*scorekeeper_cmd, "play", "--db", str(db)], environment)
    times: list[float] = []
    try:
        session.wait_for(SIDE_PROMPT)
        for _ in range(hands):
            session.type(ENTRIES[0])
            side = 1
            while True:
                found = session.wait_for(SIDE_PROMPT, CONFIRM)
                if found.re is CONFIRM:
                    break
                session.type(ENTRIES[side] if side < len(ENTRIES) else "-")
                side += 1
            start = time.perf_counter()
            session.type("")  # Enter: record it
            found = session.wait_for(SIDE_PROMPT, OVER)
            times.append((time.perf_counter() - start) * 1000)
            if found.re is OVER:
                raise RuntimeError("the game ended; time play on a game the hands do not end")
    finally:
        session.close()
    return round(statistics.median(times), 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True, help="database whose current game")
    parser.add_argument("--hands", type=int, default=9, help="hands to time (median)")
    args = parser.parse_args()
    beside = Path(sys.executable).with_name("scorekeeper")
    exe = str(beside) if os.access(beside, os.X_OK) else shutil.which("scorekeeper")
    cmd = [exe] if exe else [sys.executable, "-m", "scorekeeper"]
    print(play_ms(cmd, args.db, args.hands))


if __name__ == "__main__":
    main()
