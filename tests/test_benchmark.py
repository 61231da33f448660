"""The benchmark script runs as README gives it and ends with its JSON figures."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "bench.py"
COMMANDS = ("help", "minimum", "status", "hand", "show", "games", "stats")


def test_benchmark_ends_with_one_json_line_of_every_figure(tmp_path):
    # the installed command beside this Python comes first on PATH, as after "Set up"
    bin_dir = os.path.dirname(sys.executable)
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", "")}
    r = subprocess.run(
        [sys.executable, str(BENCH), "--sizes", "1,3", "--runs", "1"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    figures = json.loads(r.stdout.strip().splitlines()[-1])
    assert figures["format"] == 1
    assert figures["python_ms"] > 0
    assert figures["floor_ms"] > figures["python_ms"]
    for name in COMMANDS:
        assert set(figures[f"{name}_ms"]) == {"1", "3"}
        assert all(ms > 0 for ms in figures[f"{name}_ms"].values())
    assert set(figures["peak_rss_mb"]) == {"1", "3"}
    assert all(0 < mb < 1000 for mb in figures["peak_rss_mb"].values())
