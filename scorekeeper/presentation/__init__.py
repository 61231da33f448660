"""Presentation: Rich output and the ``--json`` shapes of DESIGN.md."""
