"""The benchmark's play figure: benchmarks/play_timing.py drives play through a pseudo-terminal."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_installed_script import script

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_play_ms_times_hands_recorded_through_the_session(tmp_path, cli):
    db = tmp_path / "bench.json"
    load("bench").build_database(db, 2)  # two games of ten hands; the second is current
    ms = load("play_timing").play_ms([script()], db, hands=3)
    assert 0 < ms < 10_000
    status = cli.json("status", "--db", str(db))
    assert status["game"] == 2 and status["hands_played"] == 13  # the three hands are kept


def test_play_timing_prints_the_figure_for_a_database(tmp_path):
    db = tmp_path / "bench.json"
    load("bench").build_database(db, 1)
    r = subprocess.run(
        [sys.executable, str(BENCHMARKS / "play_timing.py"), "--db", str(db), "--hands", "2"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert float(r.stdout.strip()) > 0
