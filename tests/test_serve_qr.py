"""The QR code ``serve --lan`` prints of its address (issue 16): half blocks, with escape codes
(white on black) only on a colour terminal, and none on a terminal that cannot show them."""

from __future__ import annotations

import io

from scorekeeper.presentation.live import print_qr

URL = "http://192.168.1.20:8765/token/"


def stream(encoding: str) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding=encoding, errors="strict")


def printed(out: io.TextIOWrapper) -> str:
    out.flush()
    return out.buffer.getvalue().decode(out.encoding)


def test_plain_output_is_half_blocks_and_no_escape_codes():
    out = stream("utf-8")
    assert print_qr(URL, out, colour=False)
    lines = printed(out).splitlines()
    assert len(lines) >= 10 and "\x1b" not in printed(out)
    assert all(set(line) <= set(" \u2580\u2584\u2588") for line in lines)


def test_a_colour_terminal_gets_white_on_black_whatever_its_own_colours():
    out = stream("utf-8")
    assert print_qr(URL, out, colour=True)
    for line in printed(out).splitlines():
        assert line.startswith("\x1b[97;40m") and line.endswith("\x1b[0m")


def test_a_terminal_that_cannot_show_blocks_gets_nothing():
    out = stream("ascii")
    assert not print_qr(URL, out, colour=False)
    assert printed(out) == ""
