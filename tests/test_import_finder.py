"""msgspec takes Python's own typing names, so no command pays for importing
typing_extensions (scorekeeper.imports); every other importer still gets it."""

from __future__ import annotations

import subprocess
import sys


def run(code: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    return result.stdout.strip()


def test_msgspec_loads_without_typing_extensions():
    out = run(
        "import sys, scorekeeper, msgspec, msgspec._utils as u\n"
        "print('typing_extensions' in sys.modules, u._get_type_hints.__module__,"
        " u.Required.__module__)"
    )
    assert out == "False typing typing"


def test_other_importers_still_get_typing_extensions():
    out = run(
        "import scorekeeper, msgspec, typing_extensions\n"
        "print(typing_extensions.__name__, hasattr(typing_extensions, 'TypedDict'))"
    )
    assert out == "typing_extensions True"


def test_structs_read_their_fields_as_before():
    # a Struct with a default and an optional field decodes and refuses as msgspec documents
    out = run(
        "import scorekeeper, msgspec\n"
        "class S(msgspec.Struct):\n"
        "    a: int\n"
        "    b: str | None = None\n"
        "print(msgspec.json.decode(b'{\"a\": 1}', type=S))\n"
        "try:\n"
        '    msgspec.json.decode(b\'{"a": "x"}\', type=S)\n'
        "except msgspec.ValidationError as e:\n"
        "    print(e)\n"
    )
    assert out.splitlines() == ["S(a=1, b=None)", "Expected `int`, got `str` - at `$.a`"]


def test_the_finder_is_installed_once():
    out = run(
        "import sys, importlib, scorekeeper, scorekeeper.imports as m\n"
        "m.install(); m.install()\n"
        "print(sum(isinstance(f, m.MsgspecTypingFinder) for f in sys.meta_path))"
    )
    assert out == "1"
