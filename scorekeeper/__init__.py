"""scorekeeper: a command-line score keeper for Canasta and its variants.

The package is layered: :mod:`scorekeeper.domain` (pure rules engine), :mod:`scorekeeper.storage`
(TinyDB), :mod:`scorekeeper.presentation` (Rich) and :mod:`scorekeeper.cli` (Typer).
"""

__version__ = "0.1.0"
