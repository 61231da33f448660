"""The ``--json`` envelope: every JSON document scorekeeper prints is made by :func:`document`.

README, "JSON output": one JSON document on standard output, carrying ``"format": 1``, the
version of every document's shape (pypa/pipx's versioned JSON output). A shape that changes
incompatibly raises :data:`FORMAT` once, here, for every command.
"""

from __future__ import annotations

from typing import Any

#: The version of the JSON documents' shapes (README, "JSON output").
FORMAT = 1


class Document(dict[str, Any]):
    """A ``--json`` document: ``format`` first, then the command's keys in their order.

    A plain dict to :mod:`json`; made only by :func:`document`, which is how
    :func:`scorekeeper.cli.common.emit_json` knows the envelope is there."""


def document(**body: Any) -> Document:
    """The JSON document ``{"format": 1, **body}`` (``body``'s keys in their order).

    Raises TypeError when ``body`` holds a ``format`` key of its own: the envelope owns it."""
    if "format" in body:
        raise TypeError("a document's 'format' is set by document() alone")
    return Document(format=FORMAT, **body)
