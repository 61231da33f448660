"""Storage: where games are kept, one job per module.

- :mod:`~scorekeeper.storage.store`: the store interface the application sees (``GameStore``,
  ``open_store``) and the way to the backups;
- :mod:`~scorekeeper.storage.database`: the TinyDB file backend behind it (the lock, reading and
  writing a command's changes, migrating, restoring a backup);
- :mod:`~scorekeeper.storage.files`: the file layout beside the database and atomic writes;
- :mod:`~scorekeeper.storage.codec`: a stored game to its JSON document and back;
- :mod:`~scorekeeper.storage.backups`: the backup files (naming, listing, rotating);
- :mod:`~scorekeeper.storage.migrations`: the schema's history, each migration handed what it
  needs;
- :mod:`~scorekeeper.storage.index` and :mod:`~scorekeeper.storage.statistics`: the caches of game
  summaries and of statistics, fed by the application's write step.
"""
