"""``serve`` has help with an example, and README documents it (issue 16)."""

from __future__ import annotations

from test_docs import README


def test_serve_help_has_an_example(cli):
    result = cli("serve", "--help")
    assert result.exit_code == 0 and "Example: scorekeeper serve --lan" in result.output


def test_readme_documents_serve_in_the_commands_table_and_its_section():
    assert "| `serve [GAME]` |" in README
    section = README.split("## Scores on every phone", 1)[1].split("\n## ", 1)[0]
    for words in ("--lan", "QR code", "token", "403", "405", "127.0.0.1", "--port", "130"):
        assert words in section, words
