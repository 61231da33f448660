"""A failure after the commit point never says the change failed (issue 18: an I/O error while
a module was loaded after the hand was stored gave "unexpected internal error", exit 1, so a
player would enter the hand again). After the commit point every failure is a `Warning:` line
saying what was stored, exit 0; before it, a module the system cannot read is a refusal of the
system (exit 3), never an internal error."""

from __future__ import annotations

import pytest

import scorekeeper.cli.play as play

GAME = ("new", "classic", "--team", "Ann", "--team", "Bob")


def hands(cli) -> int:
    return len(cli.json("show")["hands"])


@pytest.mark.parametrize(
    "failure",
    [
        ImportError("/usr/lib/python3.11/lib-dynload/_struct.so: Input/output error"),
        RuntimeError("something else"),
    ],
)
def test_a_failure_after_the_hand_is_stored_is_a_warning_with_exit_0(cli, db, monkeypatch, failure):
    assert cli(*GAME).exit_code == 0

    def fails(*args, **kwargs):
        raise failure

    with monkeypatch.context() as patch:
        patch.setattr(play, "report_hand", fails)
        result = cli("hand", "--yes", "m=90", "m=50")
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith("Warning:") and "after the hand was stored" in result.stderr
    assert hands(cli) == 1


def test_a_module_the_system_cannot_read_before_the_commit_is_exit_3(cli, db, monkeypatch):
    assert cli(*GAME).exit_code == 0

    def fails(*args, **kwargs):
        raise ImportError("/usr/lib/python3.11/lib-dynload/_struct.so: Input/output error")

    with monkeypatch.context() as patch:
        patch.setattr("scorekeeper.application.usecases.record_hand", fails)
        result = cli("hand", "--yes", "m=90", "m=50")
    assert result.exit_code == 3, result.output
    assert "nothing was changed" in result.stderr and "internal" not in result.stderr
    assert hands(cli) == 0
