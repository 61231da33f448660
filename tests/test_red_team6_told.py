"""How a database's file is told from a cache, a journal or a lock by its bytes alone
(README, "Where data lives"): any JSON object of tables is a database; a cache's header line,
a journal and an empty lock never are."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.storage.files import encode, is_database_file

names = st.text(min_size=1, max_size=30)
documents = st.dictionaries(st.text(max_size=10), st.integers() | st.text(max_size=10), max_size=3)
tables = st.dictionaries(
    names,
    st.dictionaries(st.integers(1, 10**6).map(str), documents, max_size=3),
    min_size=1,
    max_size=3,
)


@given(data=tables, pretty=st.booleans())
def test_any_object_of_tables_is_a_database(tmp_path_factory, data, pretty: bool) -> None:
    file = tmp_path_factory.mktemp("told") / "x.index.json"
    raw = json.dumps(data, indent=2).encode() if pretty else encode(data)
    file.write_bytes(raw)
    assert is_database_file(file)


@given(fmt=st.integers(0, 99), rest=st.text(max_size=40))
def test_a_cache_header_is_no_database(tmp_path_factory, fmt: int, rest: str) -> None:
    file = tmp_path_factory.mktemp("told") / "x.stats.json"
    file.write_bytes(json.dumps({"format": fmt, "seal": rest}).encode() + b"\n{}")
    assert not is_database_file(file)


def test_a_journal_a_lock_and_nothing_are_no_database(tmp_path: Path) -> None:
    journal = tmp_path / "x.journal"
    journal.write_bytes(json.dumps({"renames": [["a", "b"]], "removals": [], "kept": []}).encode())
    lock = tmp_path / "x.lock"
    lock.write_bytes(b"")
    assert not is_database_file(journal)
    assert not is_database_file(lock)
    assert not is_database_file(tmp_path / "missing.json")
    assert not is_database_file(tmp_path)  # a folder
