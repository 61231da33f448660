"""Presentation: what the commands print, on a terminal (Rich) and as ``--json`` documents.

- :mod:`.view`: the one view of a hand (:class:`~.view.HandView`) and the game's heading,
  plain values built from the game's scored hands; every output of a game renders them.
- :mod:`.documents`: the ``--json`` envelope; every JSON document is made by
  :func:`~.documents.document`, which adds ``"format": 1``.
- :mod:`.formats`: the score sheet's output formats, registered by name (``export --format``):
  :mod:`~.formats.terminal_sheet` (``show``), :mod:`~.formats.csv_sheet`,
  :mod:`~.formats.html_sheet`, :mod:`~.formats.json_sheet` (``show --json`` and the export).
- :mod:`.standings`: the game's line, one hand's breakdown, the standings and the outcome
  (``new``, ``hand``, ``status``, ``undo``...) and ``hand --json``, ``status --json``.
- :mod:`.hands`: the side-by-side table of hands and its fast layouts.
- :mod:`.sheet`: the games list, statistics and the chart.
- :mod:`.render`: what the outputs share (numbers, dates, tables, the cards a side typed) and
  the minimums table.
- :mod:`.variants`: ``variants`` and ``variants show`` (every rule of a variant, and its JSON).
- :mod:`.cards`: ``points`` and ``check``.
- :mod:`.console`: the one console factory (and what a closed pipe does).
- :mod:`.export`: reading a JSON export back (``import``).
"""
