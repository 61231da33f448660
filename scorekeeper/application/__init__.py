"""The application layer: what each command does, between reading its arguments and showing its
result.

:mod:`scorekeeper.application.queries` reads (a game, the games list, statistics, backups);
:mod:`scorekeeper.application.usecases` changes (start a game, record, edit, undo or redo a
hand, delete, restore, resume, import, restore a backup), every change through one write step
that checks "the game changed meanwhile" one way, keeps ``finished`` true to the outcome,
saves, and feeds the summaries index and the statistics cache. Both take plain values (the
database path or None for the default, ids, parsed entries, options), open the store through
:mod:`scorekeeper.storage.store`, and return result values that the CLI renders.
"""
