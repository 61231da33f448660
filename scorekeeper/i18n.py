"""The language scorekeeper speaks: English, Japanese or Turkish (issue 14).

Messages are English in the code and translated through gettext catalogues,
``scorekeeper/locale/<lang>/LC_MESSAGES/scorekeeper.mo`` (compiled from the ``.po`` files
beside them; README, "Languages"). The language is ``SCOREKEEPER_LANG`` when set, else the
first of the standard locale variables that is set (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``): ``ja...`` is Japanese, ``tr...`` Turkish, anything else (``C``, ``POSIX``, ``en``,
another language) English. ``LANGUAGE`` may list several (``tr:en``): its first Japanese,
Turkish, English, ``C`` or ``POSIX`` entry decides.

For English nothing is read and gettext is not imported: :func:`gettext` returns its argument.

API for the other modules:

- ``gettext(message)``, imported as ``_`` (``from scorekeeper.i18n import gettext as _``):
  the translation of one message (a literal string, so extraction finds it);
  format after translating: ``_("{n} hands").format(n=3)``, never ``_(f"...")``.
- ``ngettext(singular, plural, n)``: the form for ``n`` by the catalogue's Plural-Forms.
- ``N_(message)``: marks a literal for extraction without translating it (module-level
  constants); translate it where it is used, with ``_(constant)``.
- ``number(n)``: an integer with the language's thousands separator (``5,190``, ``5.190``).
- ``date(day)``: a calendar date as the language writes it (``2026-12-01``, ``2026年12月1日``,
  ``01.12.2026``).
- ``language()``: ``"en"``, ``"ja"`` or ``"tr"``.
- ``aside(note)``: a bracketed note after a text: ``" (note)"``, Japanese ``"（note）"`` with no
  space before its full-width bracket.
- ``percent(fraction)``: ``"75%"``, Turkish ``"%75"``.
- ``labelled(label, value)``: ``"Target: 5,000"``, ``"目標点：5,000"``; ``labelled(label)``
  alone is a heading, ``"Ann:"``, ``"山田："`` (Japanese writes the full-width colon, no space).
- ``quoted(name)``, ``names_joined(names)``: names set in a sentence (Japanese 「…」).
- ``with english(): ...``: English inside the block whatever the environment says (for what
  must stay English, such as a ``--json`` document's texts).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

#: The languages that have a catalogue.
LANGUAGES = ("ja", "tr")
#: The variables read, in order of precedence.
VARIABLES = ("SCOREKEEPER_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
#: The catalogues' domain (the .mo file's name).
DOMAIN = "scorekeeper"
#: Thousands separator per language (CLDR: Turkish groups with a dot).
_GROUPING = {"tr": "."}

_cache: tuple[tuple[str | None, ...], str, Any] | None = None
#: How many :class:`english` blocks are open.
_english = 0


def _code(value: str) -> str:
    """``ja_JP.UTF-8`` -> ``ja``; ``C.UTF-8`` -> ``c``."""
    return value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].strip().lower()


def choose(values: dict[str, str | None] | None = None) -> str:
    """The language the variables (default: the environment) choose: ``"en"``, ``"ja"`` or
    ``"tr"`` (module docstring). Reads nothing else."""
    env = os.environ if values is None else values
    for name in VARIABLES:
        value = env.get(name)
        if not value:
            continue
        items = value.split(":") if name == "LANGUAGE" else [value]
        for item in items:
            code = _code(item)
            if code in LANGUAGES:
                return code
            if name != "LANGUAGE" or code in ("en", "c", "posix"):
                return "en"
    return "en"


def locale_folder() -> str:
    """The folder holding ``<lang>/LC_MESSAGES/scorekeeper.mo``."""
    return os.path.join(os.path.dirname(__file__), "locale")


def _state() -> tuple[str, Any]:
    """The language and its translations (None for English, or a missing catalogue), read
    again only when one of :data:`VARIABLES` changed."""
    global _cache
    if _english:
        return "en", None
    key = tuple(os.environ.get(name) for name in VARIABLES)
    if _cache is None or _cache[0] != key:
        lang = choose()
        translations = None
        if lang != "en":
            import gettext as gnu

            path = os.path.join(locale_folder(), lang, "LC_MESSAGES", DOMAIN + ".mo")
            try:
                with open(path, "rb") as f:
                    translations = gnu.GNUTranslations(f)
            except OSError:
                translations = None
        _cache = (key, lang, translations)
    return _cache[1], _cache[2]


def language() -> str:
    """The language in use: ``"en"``, ``"ja"`` or ``"tr"``."""
    return _state()[0]


def gettext(message: str) -> str:
    """``message`` in the language in use (itself in English, or where the catalogue has no
    translation)."""
    translations = _state()[1]
    return message if translations is None else translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n``: English ``singular`` for 1, else ``plural``;
    in another language the catalogue's form for ``n`` by its Plural-Forms header."""
    translations = _state()[1]
    if translations is None:
        return singular if n == 1 else plural
    return translations.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for extraction into the catalogues and return it untranslated (for
    constants made at import time; translate with :func:`_` where they are used)."""
    return message


def number(n: int) -> str:
    """The integer ``n`` as the language writes it: thousands grouped with "," in English and
    Japanese (``5,190``), with "." in Turkish (``5.190``); a minus sign as typed (``-1,200``)."""
    text = f"{n:,}"
    separator = _GROUPING.get(language())
    return text if separator is None else text.replace(",", separator)


def ungrouped(text: str) -> str | None:
    """The digits of ``text`` when it is a whole number written as :func:`number` writes it in
    the language in use, its thousands grouped ("1,200" in English and Japanese, "1.200" in
    Turkish; an optional sign), else None: ``"1200"``. ``"1_200"``, ``"1,20"``, a first group
    with a leading zero (``"0,005"``, a decimal where a comma is the decimal mark) or, in
    Turkish, ``"1,200"`` are no such number."""
    import re

    mark = _GROUPING.get(language(), ",")
    if re.fullmatch(r"[-+]?[1-9][0-9]{0,2}(?:" + re.escape(mark) + r"[0-9]{3})+", text):
        return text.replace(mark, "")
    return None


def aside(note: str) -> str:
    """A bracketed ``note`` (already translated) to put after a text: a space before it, but
    where it opens with a full-width bracket (Japanese "（", which carries its own space)."""
    return note if note.startswith(("（", "「")) else " " + note


def percent(fraction: float) -> str:
    """``fraction`` (0.75) as a whole percentage as the language writes it: ``"75%"`` in
    English and Japanese, ``"%75"`` in Turkish (the sign before the number)."""
    whole = f"{fraction:.0%}"[:-1]
    return f"%{whole}" if language() == "tr" else f"{whole}%"


def date(day: Any) -> str:
    """The calendar date ``day`` (a :class:`datetime.date`) as the language writes it: ISO
    ``2026-12-01`` in English, ``2026年12月1日`` in Japanese, ``01.12.2026`` in Turkish."""
    lang = language()
    if lang == "ja":
        return f"{day.year}年{day.month}月{day.day}日"
    if lang == "tr":
        return f"{day.day:02d}.{day.month:02d}.{day.year}"
    return day.isoformat()


class english:
    """``with english():`` everything inside speaks English (nested blocks too)."""

    def __enter__(self) -> None:
        global _english
        _english += 1

    def __exit__(self, *exc: object) -> None:
        global _english
        _english -= 1


class Message(str):
    """An English sentence that remembers how it was made, to be said again in another language.

    ``Message(template, **values)`` is the English text ``template.format(**values)`` (a plain
    ``str`` everywhere: ``--json`` documents and comparisons see English); :meth:`translated`
    says it in the language in use: the catalogue's ``template`` with the values in that
    language (integers through :func:`number`, a nested :class:`Message` translated, a list or
    tuple joined by the language's list separator, :func:`listing`). Mark the template for
    extraction where it is written: ``Message(N_("a meld needs {n} cards"), n=3)``.
    """

    template: str
    values: dict[str, Any]

    def __new__(cls, template: str, **values: Any) -> Message:
        with english():
            text = _fill(template, values)
        self = super().__new__(cls, text)
        self.template = template
        self.values = values
        return self

    def translated(self) -> str:
        """This message in the language in use (English inside :class:`english`)."""
        return _fill(gettext(self.template), self.values)


def _value(value: Any) -> str:
    if isinstance(value, Message):
        return value.translated()
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return number(value)
    if isinstance(value, list | tuple):
        return listing([_value(v) for v in value])
    return str(value)


def _fill(template: str, values: dict[str, Any]) -> str:
    if not values:
        return template
    return template.format(**{key: _value(value) for key, value in values.items()})


def say(text: str | None) -> str:
    """``text`` in the language in use: a :class:`Message` translated, any other string as it
    is (already in the language, or a name). None reads as the empty string."""
    if text is None:
        return ""
    return text.translated() if isinstance(text, Message) else text


def listing(items: Iterable[str]) -> str:
    """Items joined by the language's list separator: ``"a, b"`` in English and Turkish,
    ``"a、b"`` in Japanese (the catalogue's translation of ", ")."""
    return gettext(", ").join(items)


def quoted(name: str) -> str:
    """A ``name`` (as typed) set in a sentence: Japanese 「name」, so that where the sentence
    runs on with no spaces the name stands apart ("「Ann & Bob」と「Cat & Dan」の両方が");
    English and Turkish write the name as it is."""
    return f"「{name}」" if language() == "ja" else name


def numbered(names: Iterable[str]) -> list[str]:
    """``names`` offered by number in a question, 1 first: ``["1 Ann & Bob", "2 Cat & Dan"]``;
    Japanese ``["1：「山田と佐藤」", ...]`` (the catalogue's "{number} {side}", each name
    :func:`quoted`). Join them with :func:`listing` or the list separator."""
    return [
        gettext("{number} {side}").format(number=i, side=quoted(name))
        for i, name in enumerate(names, start=1)
    ]


def names_joined(names: Iterable[str]) -> str:
    """``names`` joined as a sentence joins them: ``"Ann & Bob and Cat & Dan"``, Japanese
    ``"「Ann & Bob」と「Cat & Dan」"`` (each :func:`quoted`, the catalogue's " and ")."""
    return gettext(" and ").join(quoted(name) for name in names)


def labelled(label: str, value: str | None = None) -> str:
    """``label`` and its ``value`` as the language writes a label: ``"Ann: 120"`` in English
    and Turkish, ``"山田：120"`` in Japanese (the full-width colon "：" and no space); without a
    ``value``, the label as a heading: ``"Ann:"``, ``"山田："``. A ``value`` that is a
    :class:`Message` gives a Message (English as a ``str``, said again in the language by
    :func:`say`)."""
    if isinstance(value, Message):
        return _Labelled(label, value)
    if language() == "ja":
        return f"{label}：{value}" if value is not None else f"{label}："
    return f"{label}: {value}" if value is not None else f"{label}:"


def unlabelled(text: str, label: str) -> str:
    """``text`` without ``label`` and its colon at its start, as English writes it
    (``"--set: "``) or a catalogue does (Japanese ``"--set："``): a message said again under
    another label is not labelled twice."""
    for head in (f"{label}: ", f"{label}：", f"{label}:"):
        if text.startswith(head):
            return text[len(head) :]
    return text


def separator() -> str:
    """What separates the items of a line of figures (each holding a number whose thousands
    are grouped with "," or "."): ``"; "`` in English and Turkish, ``"、"`` in Japanese."""
    return "、" if language() == "ja" else "; "


class _Labelled(Message):
    """A :class:`Message` after a label (:func:`labelled`): ``"Ann: <message>"`` in English,
    the label and the message translated by :func:`labelled` in the language in use."""

    def __new__(cls, label: str, value: Message) -> _Labelled:
        self = super().__new__(cls, "{label}: {value}", label=label, value=value)
        return self

    def translated(self) -> str:
        """The label and the message said in the language in use."""
        return labelled(self.values["label"], self.values["value"].translated())
