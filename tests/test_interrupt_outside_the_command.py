"""A Ctrl-C outside the command itself says what it left stored (red team round 14, issue 18
point 1): Typer answers a KeyboardInterrupt raised while it makes the command's context, or
closes it, with a silent exit 130 (the Ctrl-C at a module's first import there gave exit 130
and no line, and after a ``delete`` was stored, 130 for a change that was made); and a Ctrl-C
landing inside importlib's module-lock callback, which Python would print as "Exception
ignored" and drop, is sent again once the callback is done."""

from __future__ import annotations

import signal
import threading
import types

import pytest
import typer._click.core as click_core
import typer.core
from conftest import game_doc, new_game

from scorekeeper.interrupts import command_interrupt


def interrupt(*args, **kwargs):
    raise KeyboardInterrupt


def test_a_ctrl_c_while_the_context_is_made_says_nothing_changed(cli, db, monkeypatch):
    new_game(cli)
    monkeypatch.setattr(typer.core.TyperGroup, "make_context", interrupt)
    result = cli("hand", "--yes", "m=50", "m=50")
    assert result.exit_code == 130
    assert result.stderr.strip() == "Interrupted: nothing was changed."
    assert game_doc(db)["hands"] == []


def test_a_ctrl_c_as_the_context_closes_after_a_hand_says_it_is_stored(cli, db, monkeypatch):
    new_game(cli)
    real_close = click_core.Context._close_with_exception_info

    def close(self, *exc_info):
        closed = real_close(self, *exc_info)
        if self.parent is None:  # the root context, closed once the command returned
            raise KeyboardInterrupt
        return closed

    monkeypatch.setattr(click_core.Context, "_close_with_exception_info", close)
    result = cli("hand", "--yes", "m=50", "m=50")
    assert result.exit_code == 0, result.output
    assert "Interrupted after the hand was stored: hand 1 of game 1 is recorded." in result.stderr
    assert len(game_doc(db)["hands"]) == 1


def frame_of(name: str, filename: str) -> types.SimpleNamespace:
    return types.SimpleNamespace(f_code=types.SimpleNamespace(co_name=name, co_filename=filename))


def test_a_ctrl_c_in_importlibs_lock_callback_is_sent_again(monkeypatch):
    sent = []

    class Timer:
        def __init__(self, delay, call, args):
            sent.append((delay, call, args))

        def start(self):
            pass

    monkeypatch.setattr("threading.Timer", Timer)
    command_interrupt(signal.SIGINT, frame_of("cb", "<frozen importlib._bootstrap>"))
    ((delay, call, (signum,)),) = sent
    assert 0 < delay < 0.1 and signum == signal.SIGINT
    # sent again to the main thread, whose mask holds Ctrl-C back around a commit point
    killed = []
    monkeypatch.setattr(
        signal, "pthread_kill", lambda ident, number: killed.append((ident, number))
    )
    call(signum)
    assert killed == [(threading.main_thread().ident, signal.SIGINT)]
    with pytest.raises(KeyboardInterrupt):  # anywhere else: Python's own answer
        command_interrupt(signal.SIGINT, frame_of("cb", "/work/scorekeeper/cli/common.py"))
    with pytest.raises(KeyboardInterrupt):
        command_interrupt(signal.SIGINT, None)
