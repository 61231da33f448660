"""``python -m scorekeeper`` runs the command-line interface."""

from scorekeeper.cli import main

main()
