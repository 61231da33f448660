"""The state ``serve`` keeps (issue 16): :class:`Board` reads the game when its watch says the
files changed, sends each reader the state at once and each change after, keeps the last game
on the page when a file cannot be read, and ends the streams when the server stops."""

from __future__ import annotations

import asyncio
import json

import pytest
from conftest import PARTNERSHIPS

from scorekeeper.application.queries import GameWatch, game
from scorekeeper.errors import DataFileError, NotFound
from scorekeeper.presentation import live

HAND = ("hand", "--yes", "m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70")


def data_of(event: str) -> dict:
    return json.loads(event.split("data: ", 1)[1])


class Damaged:
    """A watch whose game file became unreadable after the first read."""

    def __init__(self, stored):
        self.reads = [stored]

    def changed(self) -> bool:
        return True

    def read(self):
        if self.reads:
            return self.reads.pop()
        raise DataFileError("the database x.json is damaged (not complete JSON)")


def test_a_game_that_does_not_exist_stops_the_command_at_once(cli, db):
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    with pytest.raises(NotFound):
        live.Board(GameWatch(db, 9))


def test_a_file_that_cannot_be_read_is_said_above_the_last_game_read(cli, db):
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    assert cli(*HAND).exit_code == 0
    board = live.Board(Damaged(game(db)))

    async def poll_once():
        board.stopping = lambda: board.version > 1
        await asyncio.wait_for(board.watch_files(), 5)

    asyncio.run(poll_once())
    assert board.version == 2
    assert "The game cannot be read now: the database x.json is damaged" in board.page
    assert "1,305" in board.page  # the game as read last stays below


def test_each_reader_gets_the_state_at_once_then_each_change_then_the_end(cli, db):
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    board = live.Board(GameWatch(db))
    stopped = False
    board.stopping = lambda: stopped

    async def read_stream():
        nonlocal stopped
        watching = asyncio.create_task(board.watch_files())
        stream = board.events()
        first = await asyncio.wait_for(anext(stream), 2)
        await asyncio.to_thread(cli, *HAND)
        second = await asyncio.wait_for(anext(stream), 2)
        stopped = True
        with pytest.raises(StopAsyncIteration):
            await asyncio.wait_for(anext(stream), 3)
        await asyncio.wait_for(watching, 2)
        return first, second

    first, second = asyncio.run(read_stream())
    assert [t["total"] for t in data_of(first)["teams"]] == [0, 0]
    assert [t["total"] for t in data_of(second)["teams"]] == [1305, 140]
    assert second.startswith("event: standings\nid: 2\n")
