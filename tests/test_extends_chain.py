"""A variant's ``extends`` chain is bounded (README, "Variants": a variant builds on at most
16 others): a longer chain is refused naming the file (exit 3), and listing many variants
that extend each other reads each variant's files at most that many times over, never once
per variant per variant beneath it."""

from __future__ import annotations

import pytest

from scorekeeper.domain.limits import MAX_EXTENDS


def chain(tmp_path, length: int):
    folder = tmp_path / "config" / "variants"
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(1, length + 1):
        parent = "classic" if i == 1 else f"v{i - 1}"
        (folder / f"v{i}.toml").write_text(
            f'extends = "{parent}"\ntitle = "V {i}"\n', encoding="utf-8"
        )
    return folder


def test_a_variant_builds_on_at_most_16_others(cli, tmp_path):
    assert MAX_EXTENDS == 16
    folder = chain(tmp_path, 17)
    # v16 builds on v15 .. v1 and classic: 16 variants
    ok = cli("variants", "check", str(folder / "v16.toml"))
    assert ok.exit_code == 0, ok.output
    assert cli("new", "v16", "--team", "A", "--team", "B").exit_code == 0
    refused = cli("variants", "check", str(folder / "v17.toml"))
    assert refused.exit_code == 3
    assert refused.stderr.strip() == (
        f"Error: {folder / 'v17.toml'}: 'extends' builds on more than 16 variants"
        " (v17 -> v16 -> v15 -> ...); a variant builds on at most 16"
    )
    started = cli("new", "v17", "--team", "A", "--team", "B")
    assert started.exit_code == 3 and "at most 16" in started.stderr


@pytest.mark.parametrize("length", [40, 80])
def test_listing_a_long_chain_reads_files_in_proportion_to_its_length(
    cli, tmp_path, monkeypatch, length
):
    import scorekeeper.variants as variants

    chain(tmp_path, length)
    reads = []
    real = variants.read_file
    monkeypatch.setattr(variants, "read_file", lambda path: reads.append(path) or real(path))
    listed = cli("variants")
    assert listed.exit_code == 0, listed.output
    user = [p for p in reads if "config" in str(p)]
    # each variant reads itself and at most 16 beneath it
    assert len(user) <= length * (MAX_EXTENDS + 1)
    assert "at most 16" in listed.output.replace("\n", " ")
