"""Helpers for the tests of ``serve``: the real server started by the installed console script
on a free loopback port, a reader of its event stream, and the CLI run in another process.
Every request goes to 127.0.0.1."""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

#: The two sides of RULES.md EX-07 with their players (seats Ann, Cat, Bob, Dan).
SIDES = ("--team", "Ann & Bob", "--team", "Cat & Dan", "--players", "Ann,Bob")
SIDES += ("--players", "Cat,Dan")
#: RULES.md EX-07: 220 melded, a natural and a mixed canasta, two red threes, out, 15 left
#: (1,305); 110 melded, one red three, 70 left (140).
EX_07 = ("meld=220 natural=1 mixed=1 red=2 out hand=15", "meld=110 red=1 hand=70")


def script() -> list[str]:
    """The installed console script (beside this Python, as in CI, or on PATH)."""
    beside = os.path.join(os.path.dirname(sys.executable), "scorekeeper")
    if os.access(beside, os.X_OK):
        return [beside]
    found = shutil.which("scorekeeper")
    assert found, "the scorekeeper console script is not installed"
    return [found]


def environment(db: Path) -> dict[str, str]:
    env = {**os.environ, "SCOREKEEPER_DB": str(db), "NO_COLOR": "1"}
    env.pop("SCOREKEEPER_DEBUG", None)
    return env


def run(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """A scorekeeper command in its own process (as from another terminal)."""
    return subprocess.run(
        [*script(), *args], env=environment(db), capture_output=True, text=True, timeout=60
    )


def ok(db: Path, *args: str) -> str:
    done = run(db, *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


class Server:
    """``scorekeeper serve --port 0 ARGS`` running: ``url`` is the address it printed,
    ``output`` its standard output up to and with that line (and the QR code with --lan)."""

    def __init__(self, db: Path, *args: str) -> None:
        self.process = subprocess.Popen(
            [*script(), "serve", "--port", "0", *args],
            env=environment(db),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.output = ""
        self.errors = ""
        threading.Thread(target=self._read, args=("output",), daemon=True).start()
        threading.Thread(target=self._read, args=("errors",), daemon=True).start()
        deadline = time.monotonic() + 20
        # the address (and the QR code) are printed, and flushed, before this line
        while "Ctrl-C stops it." not in self.errors:
            assert self.process.poll() is None, self.errors
            assert time.monotonic() < deadline, "serve did not print its address"
            time.sleep(0.02)
        seen = None
        while seen != self.output or "Serving" not in self.output:  # the other stream's reader
            assert time.monotonic() < deadline, "serve did not print its address"
            seen = self.output
            time.sleep(0.1)
        found = re.search(r"http://\S+", self.output)
        assert found, (self.output, self.errors)
        self.url = found.group()
        parts = urlsplit(self.url)
        self.port = parts.port
        self.base = parts.path  # "/" or "/TOKEN/"

    def _read(self, name: str) -> None:
        stream = self.process.stdout if name == "output" else self.process.stderr
        for line in stream:
            setattr(self, name, getattr(self, name) + line)

    def connection(self, timeout: float = 10) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)

    def request(self, method: str, path: str) -> tuple[int, dict[str, str], str]:
        """One request to 127.0.0.1: status, headers (lower-case names), body."""
        conn = self.connection()
        try:
            conn.request(method, path)
            response = conn.getresponse()
            body = response.read().decode("utf-8")
            headers = {k.lower(): v for k, v in response.getheaders()}
            return response.status, headers, body
        finally:
            conn.close()

    def get(self, path: str = "") -> tuple[int, dict[str, str], str]:
        """GET a path under the page's own address (``events`` is the stream)."""
        return self.request("GET", self.base + path)

    def stop(self) -> int:
        """Ctrl-C (SIGINT), as at the terminal; the exit code."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=10)
        finally:
            if self.process.poll() is None:
                self.process.kill()


class EventStream:
    """An open ``/events`` stream of ``server``: :meth:`next_event` reads one event."""

    def __init__(self, server: Server) -> None:
        self.conn = server.connection()
        self.conn.request("GET", server.base + "events", headers={"Accept": "text/event-stream"})
        self.response = self.conn.getresponse()
        self.status = self.response.status
        self.content_type = self.response.getheader("Content-Type", "")

    def next_event(self, timeout: float = 5) -> dict[str, Any]:
        """The next event (comment lines skipped): ``event``, ``id`` and ``data`` (decoded
        JSON). TimeoutError when none comes within ``timeout`` seconds."""
        self.conn.sock.settimeout(timeout)
        fields: dict[str, Any] = {}
        while True:
            line = self.response.fp.readline()
            if not line:
                raise ConnectionError("the event stream ended")
            text = line.decode("utf-8").rstrip("\n")
            if not text:
                if fields:
                    fields["data"] = json.loads(fields["data"])
                    return fields
                continue
            if text.startswith(":"):
                continue
            name, _, value = text.partition(": ")
            fields[name] = value

    def close(self) -> None:
        self.conn.close()
