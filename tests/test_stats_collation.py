"""Equal records in ``stats`` in the reader's alphabet (issue 14, third Turkish reader): in
Turkish Ç comes after C, Ö after O, Ş after S, Ü after U, and dotless ı before dotted i;
``--json`` keeps one order whatever the language (an interface)."""

from __future__ import annotations

import json

import pytest

#: Sides of equal figures (one game each, one hand of the same points, none finished), in
#: the Turkish alphabet (Türk Dil Kurumu): C Ç D ... O Ö ... S Ş ... U Ü.
TURKISH_ORDER = ["Cem", "Çınar", "Deniz", "Ozan", "Ömer", "Sema", "Şule", "Ümit"]


@pytest.fixture
def played(cli, monkeypatch):
    """Four games, each of two sides of one player, every side with the same hand."""
    names = TURKISH_ORDER[::-1]  # entered in the reverse order
    for a, b in zip(names[::2], names[1::2], strict=True):
        assert cli("new", "classic", "--team", a, "--team", b).exit_code == 0
        assert cli("hand", "m=90", "m=90").exit_code == 0
    return names


def in_order(text: str) -> list[str]:
    found = [(text.index(name), name) for name in TURKISH_ORDER if name in text]
    return [name for _, name in sorted(found)]


def test_turkish_stats_lists_equal_sides_in_the_turkish_alphabet(cli, played, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LANG", "tr")
    result = cli("stats")
    assert result.exit_code == 0, result.output
    table = result.output.split("\n\n")[0] if "\n\n" in result.output else result.output
    assert in_order(table) == TURKISH_ORDER


def test_english_stats_keeps_the_order_of_the_name_keys(cli, played, monkeypatch):
    """In English the order is the name keys' (case folded, i forms as one): "cem" <
    "deniz" < "ozan" < "sema" < "çinar" (U+00E7) < "ömer" (U+00F6) < "ümit" (U+00FC) <
    "şule" (U+015F): code points."""
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    result = cli("stats")
    assert result.exit_code == 0, result.output
    table = result.output.split("\n\n")[0] if "\n\n" in result.output else result.output
    assert in_order(table) == [
        "Cem", "Deniz", "Ozan", "Sema", "Çınar", "Ömer", "Ümit", "Şule"
    ]  # fmt: skip


def test_stats_json_has_one_order_in_every_language(cli, played, monkeypatch):
    orders = []
    for lang in ("en", "tr", "ja"):
        monkeypatch.setenv("SCOREKEEPER_LANG", lang)
        result = cli("stats", "--json")
        assert result.exit_code == 0, result.output
        orders.append([t["team"] for t in json.loads(result.stdout)["teams"]])
    assert orders[0] == orders[1] == orders[2]
    assert sorted(orders[0]) == sorted(TURKISH_ORDER)
