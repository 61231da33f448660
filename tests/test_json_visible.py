"""``--json`` output never carries a character that could drive a terminal: the controls and
direction characters JSON leaves as they are (DEL, C1 controls, U+202E...) are written as
their ``\\uNNNN`` escapes, which JSON reads back as the same text (README, "JSON output")."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.presentation.console import json_visible, visible

ODD = "\x7f\x85\x9b\u061c\u200e\u200f\u202a\u202e\u2066\u2069"


@given(st.lists(st.text(alphabet=st.sampled_from(ODD) | st.characters()), max_size=4))
def test_escaped_json_reads_back_as_the_same_value_and_shows_no_control(texts):
    for ensure_ascii in (False, True):
        try:
            raw = json.dumps(texts, ensure_ascii=ensure_ascii)
        except UnicodeEncodeError:
            continue
        shown = json_visible(raw)
        assert json.loads(shown) == texts
        assert visible(shown) == shown  # nothing left that visible would escape


def test_del_and_a_direction_control_are_written_as_json_escapes():
    assert json_visible(json.dumps(["a\x7fb", "c\u202ed"], ensure_ascii=False)) == (
        '["a\\u007fb", "c\\u202ed"]'
    )
