"""scorekeeper: a command-line score keeper for Canasta and its variants.

The package is layered: :mod:`scorekeeper.domain` (the pure rules engine),
:mod:`scorekeeper.variants` (the variant files), :mod:`scorekeeper.storage` (TinyDB, behind a
store interface), :mod:`scorekeeper.application` (the use cases), :mod:`scorekeeper.presentation`
(Rich and the JSON documents) and :mod:`scorekeeper.cli` (Typer). README, "Development", maps
them.
"""

__version__ = "0.1.0"

from scorekeeper import imports

imports.install()  # msgspec takes typing's names, not typing_extensions' (module doc)
