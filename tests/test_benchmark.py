"""The benchmark script runs as README gives it and ends with its JSON figures."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "bench.py"
COMMANDS = ("help", "minimum", "status", "hand", "show", "games", "stats", "check", "points")
COMMANDS += ("export",)
HISTORY = ("games_variant", "games_all_json", "stats_recount")


def test_benchmark_ends_with_one_json_line_of_every_figure(tmp_path):
    # the installed command beside this Python comes first on PATH, as after "Set up"
    bin_dir = os.path.dirname(sys.executable)
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", "")}
    # one tiny size: every row and key is still made, in half the time two sizes take
    tiny = ["--sizes", "2", "--runs", "1", "--long-hands", "12", "--club-players", "6"]
    r = subprocess.run(
        [sys.executable, str(BENCH), *tiny, "--cache", str(tmp_path / "cache")],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert r.returncode == 0, r.stderr
    figures = json.loads(r.stdout.strip().splitlines()[-1])
    assert figures["format"] == 1
    assert figures["python_ms"] > 0
    assert figures["floor_ms"] > figures["python_ms"]
    for name in COMMANDS:
        assert set(figures[f"{name}_ms"]) == {"2"}
        assert all(ms > 0 for ms in figures[f"{name}_ms"].values())
        assert set(figures["ratio"][name]) == {"2"}
        assert all(0 < r < 100 for r in figures["ratio"][name].values())
        assert all(0 < mb < 1000 for mb in figures["rss_mb"][name].values())
    assert set(figures["peak_rss_mb"]) == {"2"}
    for name in HISTORY:
        assert set(figures["history_ms"][name]) == {"2"}
        assert set(figures["history_rss_mb"][name]) == {"2"}
    assert set(figures["cold_ms"]["copied_folder"]) == {"2"}
    assert set(figures["long_ratio"]) == {"show_500_hands", "stats_200_players"}
    assert set(figures["play_ms"]) == {"2"}
    assert all(ms > 0 for ms in figures["play_ms"].values())
