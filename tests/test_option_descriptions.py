"""An option's description, as ``variants show`` prints it, states the variant's own figures
(RULES.md §4: six red threes count 1,000 in Samba, Bolivia, Chilean and Mexicana, 1,200 in
Brazilian and Italian; short of the canastas that make them plus, the option makes six cost a
flat 600)."""

from __future__ import annotations

import pytest

from scorekeeper.variants import load_variant

SIX_RED_THREES = {
    "samba": 1000,
    "bolivia": 1000,
    "chilean": 1000,
    "mexicana": 1000,
    "brazilian": 1200,
    "italian": 1200,
}


@pytest.mark.parametrize("name", sorted(SIX_RED_THREES))
def test_red_threes_minus_100_each_names_the_variants_own_six(name):
    variant = load_variant(name)
    text = variant.options["red_threes_minus_100_each"].description
    six = f"{SIX_RED_THREES[name]:,}"
    assert "-600" in text
    assert f"not -{six}" in text
    assert f"+{six}" in text or "keep their table" in text
