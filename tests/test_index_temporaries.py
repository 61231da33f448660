"""A Ctrl-C that lands as the index's new temporary file is created leaves no temporary file
behind (issue 18, red team round 9: every temporary file a command makes goes when it is
interrupted; the index is a cache written by a read command too)."""

from __future__ import annotations

from test_temporaries_interrupted import (  # noqa: F401 - fixtures
    INTERRUPTED,
    interrupt_after_creation,
    played,
    temporaries,
)


def test_a_ctrl_c_at_the_index_writers_creation_leaves_no_temporary_file(
    cli,
    db,
    played,  # noqa: F811
    interrupt_after_creation,  # noqa: F811
):
    db.with_name(db.name + ".index.json").unlink()  # the next listing writes it anew
    interrupt_after_creation["prefix"] = f".{db.name}.index.json~"
    result = cli("games", "--all")
    assert result.exit_code == 130, result.output
    assert INTERRUPTED in result.stderr
    assert interrupt_after_creation["prefix"] is None  # the index's temporary file was made
    assert temporaries(db.parent) == []
    assert cli("games", "--all").exit_code == 0  # and the next listing writes the index
    assert db.with_name(db.name + ".index.json").exists()
