"""The ``serve`` page in the language the server runs in (issue 16, point 1: "in the game's
language"; README, "Languages"): ``lang`` and the texts from the catalogues, the script's
status lines in data attributes, the inline script (and its CSP hash) the same in every
language."""

from __future__ import annotations

import base64
import hashlib
import re
from html import escape
from pathlib import Path

import pytest

from scorekeeper import i18n
from scorekeeper.application.queries import game
from scorekeeper.presentation import web_pad
from tests.conftest import PARTNERSHIPS

LOCALE = Path(__file__).resolve().parent.parent / "scorekeeper" / "locale"
EX_07 = ("m=220 nat=1 mix=1 r=2 out h=15", "m=110 r=1 h=70")  # RULES.md EX-07: 1,305 and 140


def translation(lang: str, message: str) -> str:
    """The catalogue's translation of ``message`` (a one-line msgid of the .po file)."""
    po = (LOCALE / lang / "LC_MESSAGES" / "scorekeeper.po").read_text(encoding="utf-8")
    found = re.search(r'^msgid "' + re.escape(message) + r'"\nmsgstr "(.+)"$', po, re.M)
    assert found, (lang, message)
    return found[1]


def speak(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    monkeypatch.setattr(i18n, "_cache", None)  # read the variables again
    assert i18n.language() == lang


def script_hash(page: str) -> str:
    body = page.split("<script>")[1].split("</script>")[0]
    return "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"


@pytest.fixture
def stored(cli, db):
    assert cli("new", "classic", *PARTNERSHIPS).exit_code == 0
    result = cli("hand", "--yes", *EX_07)
    assert result.exit_code == 0, result.output
    return game(db)


@pytest.mark.parametrize("lang", ["ja", "tr"])
def test_the_page_speaks_the_servers_language(monkeypatch, stored, lang):
    english = web_pad.page(web_pad.event_data(stored))
    assert '<html lang="en">' in english
    assert 'data-open="Live: the scores change here as hands are recorded."' in english

    speak(monkeypatch, lang)
    page = web_pad.page(web_pad.event_data(stored))
    assert f'<html lang="{lang}">' in page
    game_word = translation(lang, "Game {game} · {title} · {target}").split("{game}")[0]
    assert f"<header><h1>{escape(game_word)}1 · " in page
    score = translation(lang, "score")
    assert f"<th>{escape(score)}</th>" in page and "<th>score</th>" not in page
    opened = translation(lang, "Live: the scores change here as hands are recorded.")
    lost = translation(lang, "Connection lost: trying again...")
    assert f'<p id="live" data-open="{escape(opened)}" data-lost="{escape(lost)}">' in page
    assert "Live: the scores" not in page and "Connection lost" not in page
    # the script is the English page's, so the policy's hash still allows it
    assert script_hash(page) == script_hash(english)
    assert f"script-src {script_hash(page)}" in web_pad.CONTENT_SECURITY_POLICY


def test_turkish_groups_the_totals_with_a_dot(monkeypatch, stored):
    speak(monkeypatch, "tr")
    page = web_pad.page(web_pad.event_data(stored))
    assert '<p class="total">1.305</p>' in page  # EX-07's first side (RULES.md)
    assert "1,305" not in page


@pytest.mark.parametrize("lang", ["ja", "tr"])
def test_with_no_game_the_page_waits_in_the_servers_language(monkeypatch, lang):
    speak(monkeypatch, lang)
    page = web_pad.page(web_pad.event_data(None))
    assert f"<h1>{escape(translation(lang, 'No game yet'))}</h1>" in page
    assert f"<title>{escape(translation(lang, 'scorekeeper: no game yet'))}</title>" in page
    assert "<code>scorekeeper new</code>" in page  # the command stays as typed
