"""The live score pad served over HTTP (``serve``): a read-only page and its event stream.

An ASGI application (Starlette, served by uvicorn; imported only by ``serve``, so no other
command pays for them) with two addresses: ``/``, the page
(:func:`scorekeeper.presentation.web_pad.page`), and ``/events``, server-sent events
(``text/event-stream``): the game's state at once, then a new state within a second of each
change. A :class:`Board` keeps the state: it asks its watch (a
:class:`~scorekeeper.application.queries.GameWatch`) every :data:`POLL` seconds whether the
game's files changed (a stat of two files), reads the game again only when they did, and tells
every open stream when what the page shows changed.

Read-only by construction: no address changes anything, and any method but GET and HEAD is
refused with 405. With a ``token`` (``serve --lan``) every address is under ``/TOKEN/``, and a
request without it gets 403 before anything else is looked at.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import socket
from collections.abc import AsyncIterator, Callable
from typing import IO, TYPE_CHECKING, Any

from scorekeeper.errors import ScorekeeperError, os_reason
from scorekeeper.i18n import gettext as _
from scorekeeper.presentation import web_pad

if TYPE_CHECKING:
    from scorekeeper.application.queries import GameWatch
    from scorekeeper.domain.records import StoredGame

#: Seconds between two looks at the game's files.
POLL = 0.2

#: Seconds of silence after which an event stream sends a comment line (so proxies and phones
#: keep the connection open, and a stream whose reader went away is noticed).
KEEPALIVE = 15.0

#: The headers of every page and stream: never cached, never framed, no referrer (the token is
#: in the address).
HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}

#: Methods answered; any other gets 405.
READ_METHODS = ("GET", "HEAD")


class Board:
    """What the page shows now, kept up to date from ``watch``: ``data`` (the state an event
    carries, :func:`~scorekeeper.presentation.web_pad.event_data`), ``version`` (1 for the
    first state, one more at each change) and ``page`` (the page's HTML for it).

    ``stopping`` (a function) says when the server is shutting down: the streams then end.
    Raises what the watch's first read raises (NotFound, DataFileError)."""

    def __init__(self, watch: GameWatch, stopping: Callable[[], bool] = lambda: False) -> None:
        self.watch = watch
        self.stopping = stopping
        self.version = 0
        self.data: dict[str, Any] = {}
        self.page = ""
        self._tick: asyncio.Event | None = None
        self._last: StoredGame | None = None
        self._show(self.watch.read())  # the first read's errors are the command's

    def _read(self) -> tuple[StoredGame | None, str]:
        """The game as stored now with no problem; or, when it cannot be read now, the game
        as read last with a line saying why (the page shows it above the game)."""
        try:
            return self.watch.read(), ""
        except ScorekeeperError as err:
            return self._last, _("The game cannot be read now: {error}").format(error=err.message)
        except Exception as err:  # the page stays up, and says so, whatever went wrong
            return self._last, _("The game cannot be read now ({error}).").format(
                error=type(err).__name__
            )

    def _show(self, stored: StoredGame | None, problem: str = "") -> bool:
        if not problem:
            self._last = stored
        data = web_pad.event_data(stored, problem)
        if data == self.data:
            return False
        self.data = data
        self.page = web_pad.page(data)
        self.version += 1
        return True

    def tick(self) -> asyncio.Event:
        """The event set at the next change (or when the server stops)."""
        if self._tick is None:
            self._tick = asyncio.Event()
        return self._tick

    def _announce(self) -> None:
        tick, self._tick = self.tick(), asyncio.Event()
        tick.set()

    async def watch_files(self) -> None:
        """Look at the game's files every :data:`POLL` seconds until the server stops; read the
        game (in a worker thread) when they changed, and wake the streams when the page
        changed."""
        while not self.stopping():
            await asyncio.sleep(POLL)
            if not self.watch.changed():
                continue
            # the files are read in a worker thread; the page is made here, between events
            if self._show(*await asyncio.to_thread(self._read)):
                self._announce()
        self._announce()  # the streams see the server stopping

    async def events(self) -> AsyncIterator[str]:
        """The event stream of one reader: the state now, then each new state, with a comment
        line after :data:`KEEPALIVE` seconds of silence; it ends when the server stops."""
        sent = 0
        loop = asyncio.get_running_loop()
        quiet_since = loop.time()
        while not self.stopping():
            if self.version != sent:
                sent = self.version
                yield web_pad.event_text(self.data, sent)
                quiet_since = loop.time()
            elif loop.time() - quiet_since >= KEEPALIVE:
                yield ": still here\n\n"
                quiet_since = loop.time()
            tick = self.tick()
            if self.version == sent:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(tick.wait(), timeout=1.0)


def _plain(status: int, message: str, extra: dict[str, str] | None = None) -> Any:
    from starlette.responses import PlainTextResponse

    return PlainTextResponse(message + "\n", status, headers={**HEADERS, **(extra or {})})


class Guard:
    """ASGI middleware in front of the pages: a request outside ``/TOKEN/`` (when there is a
    ``token``) gets 403; then any method but GET and HEAD gets 405. The token is compared in
    constant time and taken off the path before the routes see it."""

    def __init__(self, app: Any, token: str | None) -> None:
        self.app = app
        self.token = token

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return

        closing = False

        async def sending(message: dict[str, Any]) -> None:
            nonlocal closing
            if closing:
                return
            try:
                await send(message)
            except Exception:  # the server can no longer answer (a malformed request it has
                # answered 400 itself and is closing): nothing more reaches the client, and
                # the page's own answer is dropped quietly, never a traceback on the terminal
                closing = True

        await self._guarded(scope, receive, sending)

    async def _guarded(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        path = scope["path"]
        if self.token is not None:
            first, slash, rest = path[1:].partition("/")
            if not secrets.compare_digest(first.encode(), self.token.encode()):
                response = _plain(403, "Forbidden: open the address that 'serve --lan' printed.")
                await response(scope, receive, send)
                return
        if scope["method"] not in READ_METHODS:
            response = _plain(
                405, _("Method not allowed: this page is read-only."), {"Allow": "GET, HEAD"}
            )
            await response(scope, receive, send)
            return
        if self.token is not None:
            if not slash:  # /TOKEN: the page's own address ends with a slash
                from starlette.responses import RedirectResponse

                await RedirectResponse(f"/{self.token}/", 308)(scope, receive, send)
                return
            scope = {**scope, "path": "/" + rest}
        await self.app(scope, receive, send)


def application(board: Board, token: str | None = None) -> Any:
    """The ASGI application: ``/`` (the page), ``/events`` (the stream), behind
    :class:`Guard`; ``board`` watches the files while it runs."""
    from contextlib import asynccontextmanager

    from starlette.applications import Starlette
    from starlette.responses import HTMLResponse, Response, StreamingResponse
    from starlette.routing import Route

    async def page(request: Any) -> Any:
        headers = {**HEADERS, "Content-Security-Policy": web_pad.CONTENT_SECURITY_POLICY}
        return HTMLResponse(board.page, headers=headers)

    async def events(request: Any) -> Any:
        headers = {**HEADERS, "X-Accel-Buffering": "no"}
        if request.method == "HEAD":
            return Response(b"", headers=headers, media_type="text/event-stream")
        return StreamingResponse(board.events(), headers=headers, media_type="text/event-stream")

    @asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        task = asyncio.create_task(board.watch_files())
        try:
            yield
        finally:
            task.cancel()

    app = Starlette(
        routes=[Route("/", page, methods=["GET"]), Route("/events", events, methods=["GET"])],
        lifespan=lifespan,
    )
    # No slash redirects: Starlette's would build an absolute address from the Host header
    # (echoing it) and from the path the routes see (without the token), so /TOKEN/events/
    # is a plain 404 instead.
    app.router.redirect_slashes = False
    return Guard(app, token)


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host`` and ``port`` (0: a free port), listening. InputError when
    the port is taken or cannot be used."""
    from scorekeeper.errors import InputError

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as err:
        sock.close()
        raise InputError(
            _(
                "cannot listen on port {port} ({error}): give another with --port N (0 picks a"
                " free one)"
            ).format(port=port, error=os_reason(err))
        ) from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def lan_address() -> str:
    """This machine's address on its local network (the one its route out uses; nothing is
    sent), else 127.0.0.1."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: connecting a UDP socket sends nothing
        address = probe.getsockname()[0]
    except OSError:
        address = ""
    finally:
        probe.close()
    if not address or address.startswith("0."):
        try:
            address = socket.gethostbyname(socket.gethostname())
        except OSError:
            address = "127.0.0.1"
    return address


def print_qr(url: str, out: IO[str], colour: bool) -> bool:
    """``url`` as a QR code on ``out``, for a phone's camera (segno), two rows of modules to a
    line in Unicode half blocks, the light modules drawn: right on a dark terminal as it is;
    with ``colour``, in white on black by escape codes, so right on a light terminal too.
    False, printing nothing, when ``out`` cannot encode the blocks."""
    import io

    import segno

    from scorekeeper.presentation.console import can_encode

    if not can_encode(out, "\u2580\u2584\u2588"):
        return False
    drawn = io.StringIO()
    segno.make(url, error="m").terminal(out=drawn, border=2, compact=True)
    for line in drawn.getvalue().splitlines():
        out.write(f"\x1b[97;40m{line}\x1b[0m\n" if colour else f"{line}\n")
    return True


def _one_client(record: Any) -> bool:
    """The filter of uvicorn's log (``uvicorn.error``) while serving: what it logs of one
    client's connection (a request that is not HTTP, a bad chunked body, an upgrade to a
    protocol not served, from the code of its protocols) is dropped, since that client got its
    answer (400, or the connection closed) and anyone on the network could otherwise print
    lines on the host's terminal; a failure of the page itself there is one line, with no
    traceback. What the server logs of itself (starting, stopping) is kept."""
    import os

    if f"{os.sep}protocols{os.sep}" not in record.pathname:
        return True
    if record.exc_info is None:
        return False
    kind = record.exc_info[0].__name__ if record.exc_info[0] else "error"
    record.msg = _("a request for the page failed ({kind})").format(kind=kind)
    record.args = ()  # this record is only this line's
    record.exc_info = record.exc_text = record.stack_info = None
    return True


def serve(board: Board, sock: socket.socket, token: str | None = None) -> None:
    """Serve ``board`` on the listening socket ``sock`` until Ctrl-C (or SIGTERM), which
    stops it cleanly: the streams end, the connections close; then KeyboardInterrupt is
    raised for the command to exit with 130."""
    import uvicorn

    config = uvicorn.Config(
        application(board, token),
        log_level="warning",
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=2,
        server_header=False,
    )
    server = uvicorn.Server(config)
    import logging

    logging.getLogger("uvicorn.error").addFilter(_one_client)  # after the config set it up
    board.stopping = lambda: server.should_exit
    server.run(sockets=[sock])
    if not server.started:
        raise ScorekeeperError(_("the server could not start (see the lines above)"))
    raise KeyboardInterrupt  # uvicorn returns after a signal (older) or raises it again
