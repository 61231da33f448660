"""``serve`` in a real browser (issue 16): headless Chromium (Debian's ``chromium``, which
.ci/run installs) opens the page, a hand is recorded by the CLI in another process, and the
page shows the new totals without being reloaded. Chromium is driven over its DevTools protocol
(a websocket on 127.0.0.1, through the ``websockets`` test dependency); the page and its events
come from 127.0.0.1 too."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serving import EX_07, Server, ok

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed (.ci/run installs it with apt-get)"
)


class Page:
    """One Chromium tab over the DevTools protocol: :meth:`evaluate` runs an expression in
    the page and gives its value."""

    def __init__(self, websocket_url: str) -> None:
        from websockets.sync.client import connect

        self.stack = contextlib.ExitStack()
        self.socket = self.stack.enter_context(
            connect(websocket_url, max_size=None, open_timeout=10)
        )
        self.next_id = 0

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv(timeout=10))
            if message.get("id") == self.next_id:
                assert "error" not in message, message
                return message["result"]

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 5) -> Any:
        """The value of ``expression`` once it is truthy; AssertionError after ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            assert time.monotonic() < deadline, f"never true: {expression}"
            time.sleep(0.05)

    def close(self) -> None:
        self.stack.close()


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    """Start headless Chromium on ``url``; gives a function from the url to its :class:`Page`."""
    started: list[subprocess.Popen[str]] = []
    pages: list[Page] = []

    def open_page(url: str) -> Page:
        process = subprocess.Popen(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",  # root in a container has no user namespace sandbox
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--disable-extensions",
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0",
                f"--user-data-dir={tmp_path / 'chromium'}",
                url,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "HOME": str(tmp_path)},
        )
        started.append(process)
        port = None
        deadline = time.monotonic() + 30
        while port is None:
            line = process.stderr.readline()
            assert line or process.poll() is None, "chromium stopped"
            found = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
            if found:
                port = int(found.group(1))
            assert time.monotonic() < deadline, "chromium did not start its DevTools server"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as r:
            targets = json.load(r)
        target = next(t for t in targets if t["type"] == "page")
        page = Page(target["webSocketDebuggerUrl"])
        pages.append(page)
        return page

    yield open_page
    for page in pages:
        page.close()
    for process in started:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        if process.stderr:
            process.stderr.close()


def test_the_page_shows_a_new_hand_without_reloading(db, browser):
    ok(db, "new", "classic", "--team", "<b>Ann</b> & Bob", "--team", "Cat & Dan")
    server = Server(db, "--lan")
    try:
        url = f"http://127.0.0.1:{server.port}{server.base}"
        page = browser(url)
        page.wait_for("document.documentElement.getAttribute('data-live') === 'open'", 15)
        totals = "Array.from(document.querySelectorAll('.total')).map(e => e.textContent)"
        assert page.evaluate(totals) == ["0", "0"]
        # a name is shown as typed, never as markup
        assert page.evaluate("document.querySelector('.side h2').textContent") == "<b>Ann</b> & Bob"
        assert page.evaluate("document.querySelectorAll('.side h2 b').length") == 0
        page.evaluate("window.loadedOnce = 'still this page'")

        ok(db, "hand", "--yes", *EX_07)
        assert page.wait_for(f"{totals}.join() === '1,305,140' && {totals}", 3) == [
            "1,305",
            "140",
        ]  # RULES.md EX-07
        assert page.evaluate("window.loadedOnce") == "still this page"  # not reloaded
        assert page.evaluate("document.title").endswith("Cat & Dan 140")
        assert "Next dealer" not in page.evaluate("document.body.textContent")  # no players
    finally:
        server.stop()
