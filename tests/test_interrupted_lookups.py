"""A Ctrl-C during ``variants init NAME --from BASE`` says "Interrupted: nothing was changed."
and exits 130 wherever it lands (issue 18, red team, point 11): inside the variant look-up, as
a refusal a Ctrl-C led to (an error raised while the interrupt was being handled is the
interrupt's doing, never "no variant called ..."), and at every system call of the installed
script; the variant file is never written."""

from __future__ import annotations

import pytest
from test_export_atomic import needs_strace, traced

import scorekeeper.variants as variants_module
from scorekeeper.domain import suggest
from scorekeeper.errors import DataFileError, NotFound

INTERRUPTED = "Interrupted: nothing was changed."
COMMAND = ("variants", "init", "house", "--from", "modern")


def interrupted_lookup(*args, **kwargs):
    raise KeyboardInterrupt


def refusal_led_to_by_a_ctrl_c(error):
    def lookup(*args, **kwargs):
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise error("no variant called 'modern'") from None

    return lookup


def said(result) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.strip()]


@pytest.mark.parametrize("where", ["catalog", "read_file", "load_rules", "template"])
def test_a_ctrl_c_inside_the_lookup_is_an_interrupt(cli, monkeypatch, where):
    monkeypatch.setattr(variants_module, where, interrupted_lookup)
    result = cli(*COMMAND[:3], "--from", "classic")
    assert result.exit_code == 130, result.output
    assert said(result) == [INTERRUPTED]
    assert not (variants_module.user_variant_dir() / "house.toml").exists()


def test_a_ctrl_c_inside_the_did_you_mean_is_an_interrupt(cli, monkeypatch):
    monkeypatch.setattr(suggest, "closest", interrupted_lookup)
    result = cli(*COMMAND)
    assert result.exit_code == 130 and said(result) == [INTERRUPTED]


@pytest.mark.parametrize("error", [NotFound, DataFileError])
def test_a_refusal_a_ctrl_c_led_to_says_interrupted(cli, monkeypatch, error):
    monkeypatch.setattr(variants_module, "catalog", refusal_led_to_by_a_ctrl_c(error))
    result = cli(*COMMAND[:3], "--from", "classic")
    assert result.exit_code == 130, result.output
    assert said(result) == [INTERRUPTED]
    assert "no variant" not in result.output


def test_a_refusal_with_no_ctrl_c_is_the_refusal(cli):
    result = cli(*COMMAND)
    assert result.exit_code == 1, result.output
    assert said(result)[0].startswith("Error: no variant called 'modern'")


@needs_strace
@pytest.mark.parametrize("n", [1, 2, 3])
def test_a_ctrl_c_at_a_write_never_reports_a_missing_variant_as_interrupted(env, tmp_path, n):
    """The refusal's own line is written, then the Ctrl-C lands: the command ends saying it
    was interrupted and nothing was changed (exit 130), or, past the end, with the refusal
    alone (exit 1); never a refusal with the exit code of an interrupt and no word of it."""
    result = traced(f"write:signal=SIGINT:when={n}", *COMMAND, env=env)
    lines = said(result)
    assert "Traceback" not in result.stderr
    if result.returncode == 130:
        assert lines and lines[-1] == INTERRUPTED, (n, result.stderr)
    else:
        assert result.returncode == 1, (n, result.returncode, result.stderr)
        assert lines[-1].startswith("Error: no variant called 'modern'")
    assert not (tmp_path / "config" / "variants" / "house.toml").exists()
