"""``scorekeeper serve`` through the real server (issue 16): started by the installed console
script on a free loopback port; the page, the event stream, a hand recorded by the CLI in
another process reaching an open stream within a second, following the current game, the
token and read-only rules, 20 clients at once, Ctrl-C. Every request goes to 127.0.0.1."""

from __future__ import annotations

import contextlib
import ipaddress
import threading
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from serving import EX_07, SIDES, EventStream, Server, ok, run


@pytest.fixture
def started(db) -> Iterator[None]:
    ok(db, "new", "classic", *SIDES)
    yield


@pytest.fixture
def serve(db) -> Iterator[type[Server]]:
    servers: list[Server] = []

    def start(*args: str) -> Server:
        server = Server(db, *args)
        servers.append(server)
        return server

    yield start  # type: ignore[misc]
    for server in servers:
        server.stop()


@pytest.fixture(scope="module")
def lan(tmp_path_factory) -> Iterator[Server]:
    """``serve --lan`` of a game after RULES.md EX-07's hand, shared by the tests that only
    read (every request still to 127.0.0.1)."""
    db = tmp_path_factory.mktemp("lan") / "scores.json"
    ok(db, "new", "classic", *SIDES)
    ok(db, "hand", "--yes", *EX_07)
    server = Server(db, "--lan")
    yield server
    server.stop()


def test_the_page_is_the_score_pad_of_the_current_game(lan):
    status, headers, body = lan.get()
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert "Game 1" in body and "Ann &amp; Bob" in body and "Cat &amp; Dan" in body
    assert "1,305" in body and "140" in body  # RULES.md EX-07's totals
    assert "next opening minimum: 50" in body  # below 1,500 (RULES.md §2, minimum table)
    assert "Next dealer: <strong>Cat</strong>" in body  # Ann dealt; the deal passes left
    assert "<script>" in body  # the live part; the page itself is rendered on the server


def test_the_event_stream_gives_the_standings_at_once(lan):
    stream = EventStream(lan)
    try:
        assert stream.status == 200
        assert stream.content_type.startswith("text/event-stream")
        event = stream.next_event()
        assert event["event"] == "standings"
        assert [t["total"] for t in event["data"]["teams"]] == [1305, 140]
        assert event["data"]["next_dealer"] == "Cat"
        assert "1,305" in event["data"]["pad"]
    finally:
        stream.close()


def test_a_hand_recorded_in_another_process_reaches_an_open_stream_within_a_second(
    db, started, serve
):
    server = serve()
    assert server.url.startswith("http://127.0.0.1:")  # loopback only, by default
    stream = EventStream(server)
    try:
        assert [t["total"] for t in stream.next_event()["data"]["teams"]] == [0, 0]
        done = run(db, "hand", "--yes", *EX_07)
        recorded = time.monotonic()
        assert done.returncode == 0, done.stderr
        event = stream.next_event(timeout=1.0)
        assert time.monotonic() - recorded < 1.0
        assert [t["total"] for t in event["data"]["teams"]] == [1305, 140]
        assert event["data"]["hands_played"] == 1
        # undone by the CLI: the stream hears of that too
        ok(db, "undo", "--yes")
        assert [t["total"] for t in stream.next_event(timeout=1.0)["data"]["teams"]] == [0, 0]
    finally:
        stream.close()


def test_it_follows_the_current_game_through_new_and_resume(db, started, serve):
    server = serve()
    stream = EventStream(server)
    try:
        assert stream.next_event()["data"]["game"] == 1
        ok(db, "new", "classic", "--team", "Us", "--team", "Them")
        assert stream.next_event(timeout=1.0)["data"]["game"] == 2
        assert "Us" in server.get()[2]
        ok(db, "resume", "1")
        assert stream.next_event(timeout=1.0)["data"]["game"] == 1
        ok(db, "rematch")
        assert stream.next_event(timeout=1.0)["data"]["game"] == 3
    finally:
        stream.close()


def test_a_game_given_by_id_stays_on_the_page(db, started, serve):
    server = serve("1")
    ok(db, "new", "classic", "--team", "Us", "--team", "Them")
    time.sleep(0.5)
    body = server.get()[2]
    assert "Game 1 " in body and "Them" not in body


def test_without_a_current_game_it_waits_for_one(db, serve):
    server = serve()
    assert "No game yet" in server.get()[2]
    stream = EventStream(server)
    try:
        assert stream.next_event()["data"]["game"] is None
        ok(db, "new", "classic", *SIDES)
        assert stream.next_event(timeout=1.0)["data"]["game"] == 1
    finally:
        stream.close()


def test_every_method_but_get_and_head_is_refused(lan):
    for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
        for path in ("", "events", "anything"):
            status, headers, _ = lan.request(method, lan.base + path)
            assert status == 405 and headers["allow"] == "GET, HEAD", (method, path)
    assert lan.request("HEAD", lan.base)[0] == 200
    assert lan.request("HEAD", lan.base + "events")[0] == 200


def test_lan_puts_a_token_in_the_address_and_refuses_requests_without_it(lan):
    token = lan.base.strip("/")
    assert len(token) >= 16 and lan.base == f"/{token}/"
    host = ipaddress.ip_address(urlsplit(lan.url).hostname)  # an address a phone can open
    assert host.version == 4 and not host.is_unspecified
    for path in ("/", "/events", f"/{token[:-1]}/", f"/{token}x/", "/x/" + token + "/"):
        assert lan.request("GET", path)[0] == 403, path
    assert lan.request("POST", "/")[0] == 403  # without the token nothing else is said
    status, _, body = lan.request("GET", f"/{token}/")
    assert status == 200 and "Ann &amp; Bob" in body
    assert lan.request("GET", f"/{token}")[0] == 308  # to the address with its slash
    stream = EventStream(lan)
    try:
        assert stream.status == 200 and stream.next_event()["data"]["game"] == 1
    finally:
        stream.close()
    # the address, then a QR code of it, in half blocks (the output is not a terminal)
    lines = lan.output.splitlines()
    qr = [line for line in lines[1:] if line.strip()]
    assert len(qr) >= 10 and all(set(line) <= set(" \u2580\u2584\u2588") for line in qr)
    assert len({len(line) for line in qr}) == 1  # every row as wide
    assert decoded(qr) == modules(lan.url)  # the code of the very address printed


def decoded(lines: list[str]) -> list[list[int]]:
    """The modules (1 dark) a QR code printed in half blocks shows: each character is two
    modules, one above the other; a block is drawn where a module is light."""
    top = {" ": (1, 1), "\u2580": (0, 1), "\u2584": (1, 0), "\u2588": (0, 0)}
    rows: list[list[int]] = []
    for line in lines:
        rows.append([top[c][0] for c in line])
        rows.append([top[c][1] for c in line])
    return rows


def modules(url: str) -> list[list[int]]:
    """The modules of ``url``'s QR code (segno, error level M) with a quiet zone of 2, and a
    row left blank under it when the rows are odd (half blocks print two rows to a line)."""
    import segno

    code = segno.make(url, error="m")
    rows = [list(row) for row in code.matrix_iter(border=2)]
    if len(rows) % 2:
        rows.append([1] * len(rows[0]))
    return rows


def test_a_second_lan_server_has_another_token(lan, db, started, serve):
    assert serve("--lan").base != lan.base


def test_twenty_clients_loading_the_page_ten_times_each_are_all_answered(lan):
    server = lan
    answers: list[int] = []
    lock = threading.Lock()

    def client() -> None:
        for _ in range(10):
            status, _, body = server.get()
            with lock:
                answers.append(status if "1,305" in body else -status)

    threads = [threading.Thread(target=client) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert answers == [200] * 200


def test_ctrl_c_stops_it_cleanly_with_a_stream_open(db, started, serve):
    server = serve()
    stream = EventStream(server)
    stream.next_event()
    began = time.monotonic()
    code = server.stop()
    assert code == 130  # README, "Exit codes": interrupted
    assert time.monotonic() - began < 5
    assert "Traceback" not in server.errors and "Stopped." in server.errors
    stream.close()


def test_a_game_that_does_not_exist_is_refused_before_listening(db, started):
    done = run(db, "serve", "7", "--port", "0")
    assert done.returncode == 1
    assert done.stderr.startswith("Error: there is no game 7") and "Traceback" not in done.stderr


def test_a_port_in_use_is_refused_in_one_line(db, started, serve):
    server = serve()
    done = run(db, "serve", "--port", str(server.port))
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: cannot listen on port")


def test_a_malformed_chunked_request_gets_400_and_no_traceback(db, started, serve):
    # red team round 15: a GET with "Transfer-Encoding: chunked" and a body that is no chunk
    # got its 400, then the terminal showed a 58-line traceback (anyone on the network could
    # send it)
    import socket

    server = serve()
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
        raw.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")
        answer = raw.recv(64)
    assert answer.startswith(b"HTTP/1.1 400 ")
    page = server.connection()
    page.request("GET", "/")
    assert page.getresponse().status == 200  # it goes on serving
    assert server.stop() == 130
    assert "Traceback" not in server.errors
    assert "Exception in ASGI application" not in server.errors


ODD_REQUESTS = [
    b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
    b"HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\n",
    b"GET /\x00x HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
    b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(32),  # a TLS hello
]


def test_no_client_can_print_on_the_hosts_terminal(db, started, serve):
    # red team round 15b: each of these made uvicorn print a WARNING or ERROR line on the
    # terminal serving the page (one told the host to install software); the client gets its
    # answer (400, or the connection closed) and the host sees nothing
    import socket

    server = serve()
    for request in ODD_REQUESTS:
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
            raw.sendall(request)
            with contextlib.suppress(OSError):
                raw.recv(256)
    page = server.connection()
    page.request("GET", "/")
    assert page.getresponse().status == 200  # it goes on serving
    assert server.stop() == 130
    told = server.errors
    for words in ("WARNING", "ERROR", "Invalid HTTP", "upgrade", "WebSocket", "ASGI"):
        assert words not in told, told
    assert "Traceback" not in told and "Stopped." in told
