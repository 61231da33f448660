"""Storage: the TinyDB database of games (see :mod:`scorekeeper.storage.database`)."""
