"""The breakdown's rows in the variant's words: the special-hand row says what the variant has
(special hands: RULES.md §3.1, Modern American; acaba: §10), and hand-and-foot, whose canasta
kinds are books (its clean, dirty and wild books), calls their bonuses book bonuses."""

from __future__ import annotations


def _detail(cli, variant: str, a: str, b: str) -> str:
    assert cli("new", variant, "--team", "Us", "--team", "Them").exit_code == 0
    result = cli("hand", "--yes", a, b)
    assert result.exit_code == 0, result.output
    return cli("show", "--detail").stdout


def test_modern_american_names_the_row_special_hand(cli):
    out = _detail(cli, "modern-american", "special=garbage", "-")
    assert "Special hand" in out
    assert "acaba" not in out.lower()  # Modern American has no acaba (RULES.md §3)


def test_acaba_names_the_row_acaba(cli):
    out = _detail(cli, "acaba", "acaba", "-")
    assert "Acaba" in out
    assert "Special hand" not in out  # RULES.md §10: classic rules plus acaba, no special hands


def test_hand_and_foot_calls_canasta_bonuses_book_bonuses(cli):
    out = _detail(cli, "hand-and-foot", "m=300 clean=1", "m=100")
    assert "Book bonuses" in out
    assert "Canasta bonuses" not in out


def test_classic_still_says_canasta_bonuses(cli):
    out = _detail(cli, "classic", "m=220 nat=1 out", "m=100")
    assert "Canasta bonuses" in out
