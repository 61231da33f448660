"""The ``--json`` envelope: every JSON document scorekeeper prints is made by :func:`document`.

README, "JSON output": one JSON document on standard output, carrying ``"format": 1``, the
version of every document's shape (pypa/pipx's versioned JSON output). A shape that changes
incompatibly raises :data:`FORMAT` once, here, for every command.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
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


#: Entries of a streamed document's list written at a time.
_BATCH = 256


class StreamedDocument:
    """A ``--json`` document whose last key holds a list given entry by entry (``games --all
    --json`` over a long history): :meth:`pieces` gives its text piece by piece, the same text
    as ``json.dumps`` of the whole :class:`Document`, without holding the whole list. Made
    only by :func:`streamed`."""

    def __init__(
        self, body: dict[str, Any], key: str, encoded: Callable[[bool], Iterable[str]]
    ) -> None:
        self.body = body
        self.key = key
        self.encoded = encoded

    def pieces(self, ensure_ascii: bool) -> Iterator[str]:
        """The document's JSON text (as ``json.dumps(doc, ensure_ascii=ensure_ascii)``, on one
        line) in pieces; go through it once."""
        import json
        from itertools import islice

        empty = json.dumps(Document(format=FORMAT, **self.body, **{self.key: []}))
        cut = empty.rindex("[]")
        yield empty[: cut + 1]
        entries = iter(self.encoded(ensure_ascii))
        sep = ""
        while batch := list(islice(entries, _BATCH)):
            yield sep + ", ".join(batch)
            sep = ", "
        yield empty[cut + 1 :]


def streamed(key: str, encoded: Callable[[bool], Iterable[str]], **body: Any) -> StreamedDocument:
    """The document ``{"format": 1, **body, key: [...]}`` (README, "JSON output") whose list
    is given entry by entry: ``encoded(ensure_ascii)`` yields each entry's JSON text as
    ``json.dumps(entry, ensure_ascii=ensure_ascii)`` gives it (:class:`StreamedDocument`).
    TypeError for a ``format`` key."""
    if "format" in body or key == "format":
        raise TypeError("a document's 'format' is set by document() alone")
    return StreamedDocument(body, key, encoded)
