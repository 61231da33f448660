"""Text filled into lines by the columns it takes, with Japanese line breaking (kinsoku).

The one place scorekeeper's line breaking is decided (issue 14): help paragraphs and tables
(:mod:`scorekeeper.cli.language`), ``play``'s help and the hints written before a prompt go
through :func:`wrap`; what Rich wraps (a note in the score sheet, a table's cell, a rule's
description) goes through :func:`divide_line`, which stands in for Rich's own while the
language is Japanese (:func:`rich_wraps_japanese`).

A line is cut after a space, or between two characters where one is wide (kana, kanji,
full-width forms: Japanese has no spaces between words), but never so that a line starts with
a closing mark, a prolonged sound mark or a small kana (:data:`NO_LINE_START`: 、 。 ） 」 ］
！ ？ ・ ー っ ャ ...) or ends with an opening mark (:data:`NO_LINE_END`: （ 「 ...); such a
character stays with its neighbour (JIS X 4051's line-start and line-end prohibitions, the
common subset).
"""

from __future__ import annotations

import re
import unicodedata

#: Characters a wrapped line does not start with: closing brackets and quotes, Japanese
#: punctuation, the prolonged sound mark, iteration marks and small kana (full and half width).
NO_LINE_START = frozenset(
    "、。，．）」』】〕〉》］｝〟・：；！？…‥ーゝゞヽヾ々〻"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    "｡｣､･ｰｧｨｩｪｫｬｭｮｯ"
)
#: Characters a wrapped line does not end with: opening brackets and quotes.
NO_LINE_END = frozenset("（「『【〔〈《［｛〝｢")


def is_wide(c: str) -> bool:
    """True for a character that takes two columns (East Asian Width W or F)."""
    return unicodedata.east_asian_width(c) in "WF"


def display_width(text: str) -> int:
    """The terminal columns ``text`` takes: 2 for each wide or full-width character (East
    Asian Width W or F: kana, kanji, full-width forms), 0 for a combining mark, else 1."""
    width = 0
    for c in text:
        if unicodedata.combining(c):
            continue
        width += 2 if is_wide(c) else 1
    return width


def chunks(text: str) -> list[str]:
    """``text`` cut where a line may break (module doc): each piece ends where the next may
    start a line; a space stays at the end of the piece before it. Joined, the pieces are
    ``text``."""
    pieces: list[str] = []
    current = ""
    for c in text:
        held = bool(current) and current.rstrip()[-1:] in NO_LINE_END
        if c in NO_LINE_START and not current and pieces:
            current = pieces.pop()  # after a space: the mark stays with the word before it
            current += c
        elif c.isspace():
            current += c
            if not held:
                pieces.append(current)
                current = ""
        elif c in NO_LINE_START or held:
            current += c
        elif is_wide(c) or (current and is_wide(current[-1])):
            if current:
                pieces.append(current)
            current = c
        else:
            current += c
    if current:
        pieces.append(current)
    return pieces


def wrap(text: str, width: int, indent: str = "", subsequent: str = "") -> list[str]:
    """One paragraph ``text`` filled into lines of at most ``width`` columns (by
    :func:`display_width`), the first starting with ``indent``, the others with
    ``subsequent``; runs of spaces read as one. A piece that cannot be cut (a word, or a
    character held with its marks) longer than a line gets a line of its own. No line but the
    first starts with a character of :data:`NO_LINE_START`, none but the last ends with one of
    :data:`NO_LINE_END`."""
    lines: list[str] = []
    line = indent
    empty = True
    for piece in chunks(" ".join(text.split()) if " " in text else text):
        if not empty and display_width(line + piece.rstrip()) > width:
            lines.append(line.rstrip())
            line, empty = subsequent, True
            piece = piece.lstrip()
        line += piece
        empty = empty and not piece.strip()
    if not empty:
        lines.append(line.rstrip())
    return lines


def fold(text: str, width: int, indent: str = "") -> str:
    """``text`` (its paragraphs split at line breaks) wrapped to ``width`` columns by
    :func:`wrap`, the lines after the first starting with ``indent``, as one string of
    lines; a paragraph that fits is kept exactly as it is."""
    out: list[str] = []
    for paragraph in text.split("\n"):
        if display_width(paragraph) <= width:
            out.append(paragraph)
        else:
            out += wrap(paragraph, width, "", indent) or [""]
    return "\n".join(out)


def divide_line(text: str, width: int, fold: bool = True) -> list[int]:
    """Where Rich cuts one line of ``text`` to fit ``width`` cells, by this module's rules: the
    offsets (character indexes) at which each line after the first starts, breaking only
    between the pieces of :func:`chunks` (so no Japanese line starts with "、" or ends with
    "（"); a piece wider than a line is folded by cells (``fold``) or left to be cropped. The
    shape of Rich's own ``rich._wrap.divide_line``, which breaks only at spaces and folds a
    Japanese sentence anywhere."""
    from rich.cells import cell_len, chop_cells

    breaks: list[int] = []
    offset = 0  # the cells taken on the current line
    start = 0  # where the piece starts in ``text``
    for piece in chunks(text):
        length = cell_len(piece.rstrip())
        if offset + length <= width:
            offset += cell_len(piece)
        elif length > width:
            at = start
            if fold:
                parts = chop_cells(piece, width)
                for k, part in enumerate(parts):
                    if at:
                        breaks.append(at)
                    if k == len(parts) - 1:
                        offset = cell_len(part)
                    else:
                        at += len(part)
            else:
                if at:
                    breaks.append(at)
                offset = cell_len(piece)
        elif offset and start:
            breaks.append(start)
            offset = cell_len(piece)
        start += len(piece)
    return breaks


def rich_wraps_japanese(japanese: bool) -> None:
    """Make Rich wrap text by :func:`divide_line` while ``japanese`` (the language in use is
    Japanese), else by its own rules (English and Turkish lines are cut at spaces, as Rich
    does). Called where the console is made (:func:`~.console.console`), so every text Rich
    wraps, in a table's cell or a paragraph, keeps Japanese line breaking."""
    import rich.text

    original = _RICH.setdefault("divide_line", rich.text.divide_line)
    rich.text.divide_line = divide_line if japanese else original


#: Rich's own line divider, kept while :func:`divide_line` stands in for it.
_RICH: dict[str, object] = {}


#: What separates the items of a header line ("Game 1 · Classic Canasta · target 5,000").
HEADER_SEPARATOR = " · "


def header_wrap(text: str, width: int) -> list[str]:
    """A header line ``text`` (items joined by " · ": the game, the variant, the target, a
    side's name with its minimum) filled into lines of at most ``width`` columns, broken only
    between items, so that no name ("Ayşe & İbrahim") or label with its number ("目標点
    5,000") is split; a line broken there ends with the "·" (where it fits). An item wider
    than a line is cut after its label ("Next opening minimum:") when its parts then fit,
    else filled by :func:`wrap`. A line that fits is returned as it is."""
    if display_width(text) <= width:
        return [text]
    mark = HEADER_SEPARATOR.rstrip()
    lines: list[str] = []

    def flush(line: str) -> None:
        fits = display_width(line + mark) <= width
        lines.append(line + mark if fits else line.rstrip())

    items = text.split(HEADER_SEPARATOR)
    line = ""
    for n, item in enumerate(items):
        tail = mark if n < len(items) - 1 else ""
        joined = line + HEADER_SEPARATOR + item if line else item
        if display_width(joined + tail) <= width:
            line = joined
            continue
        if line:
            flush(line)
        if display_width(item + tail) <= width:
            line = item
            continue
        label, rest = _labelled(item, width)
        if label:  # "Next opening minimum:" on a line, the names and numbers on the next
            lines.append(label)
            line = rest
        else:
            *full, line = wrap(item, width) or [""]
            lines += full
    if line:
        lines.append(line)
    return lines


def _labelled(item: str, width: int) -> tuple[str, str]:
    """``item`` ("Label: value") cut after its label's colon ("：" in Japanese) when each part
    then fits ``width``; else ``("", item)``."""
    for mark in ("：", ": "):
        label, found, rest = item.partition(mark)
        label += found.rstrip()
        if found and display_width(label) <= width and display_width(rest) <= width:
            return label, rest
    return "", item


#: A terminal colour code (SGR), which takes no column.
_SGR = "\x1b["


def squeeze(line: str, width: int) -> str:
    """``line`` of a drawing laid out by counting characters (plotext's chart) brought back to
    ``width`` columns where its wide characters (a Japanese name in the legend, the title)
    made it wider: spaces taken out after the last wide character (keeping one), then what
    the legend hides of the drawing there, then spaces before it; colour codes ("\\x1b[...m")
    kept and counted as no column. A line no wider than ``width`` is returned as it is."""
    atoms: list[str] = []
    i = 0
    while i < len(line):
        if line.startswith(_SGR, i):
            end = line.find("m", i)
            end = len(line) - 1 if end < 0 else end
            atoms.append(line[i : end + 1])
            i = end + 1
        else:
            atoms.append(line[i])
            i += 1

    def columns(atom: str) -> int:
        return 0 if atom.startswith(_SGR) else display_width(atom)

    excess = sum(columns(a) for a in atoms) - width
    if excess <= 0:
        return line
    wide = [n for n, a in enumerate(atoms) if not a.startswith(_SGR) and is_wide(a)]
    start = wide[-1] + 2 if wide else len(atoms)
    after = range(start, len(atoms) - 1)  # never the last (a border)
    spaces = [n for n in after if atoms[n] == " "]
    spaces += [n for n in after if atoms[n] not in " │┤┐┘" and not atoms[n].startswith(_SGR)]
    spaces += [n for n in range(len(atoms) - 1, -1, -1) if atoms[n] == " " and n < start]
    for n in sorted(spaces[:excess], reverse=True):
        del atoms[n]
    return "".join(atoms)


def squeeze_drawing(text: str) -> str:
    """Each line of a drawing ``text`` (plotext's chart) :func:`squeeze`-d to the width of its
    lines that hold no wide character (the frame), so a Japanese name in the legend leaves
    the legend's right border in line with the frame's."""
    lines = text.split("\n")

    def plain(line: str) -> str:
        return re.sub(r"\x1b\[[0-9;]*m", "", line)

    narrow = [display_width(plain(line)) for line in lines if not any(map(is_wide, plain(line)))]
    if not narrow:
        return text
    width = max(narrow)
    return "\n".join(squeeze(line, width) for line in lines)
