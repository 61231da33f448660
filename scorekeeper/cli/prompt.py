"""The guided ``hand`` prompt: asks side by side only what the variant scores, as the one
table of entry fields (:data:`scorekeeper.domain.fields.FIELDS`) declares it: no concealed
question where going out concealed pays nothing extra, no canastas after 0 meld points, a
special hand first (then nothing more of that side), acaba, black threes where they count and
cutthroat partners where the variant has them. Canasta kinds are named as a player says them,
in the plural ("Natural canastas of aces").

Every answer is checked as it is typed and asked again when it is wrong; a hand that breaks a
rule as a whole (two sides out, going out without the canastas) is explained and entered again,
each question starting at the answer just given. ``edit`` starts every answer at the hand as
recorded (``defaults``), and :func:`confirm_hand` lets "n" go back to the answers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import typer

from scorekeeper.cli.language import LIST_SEPARATOR, confirm, echo_message, echo_wrapped
from scorekeeper.domain.bounds import SEPARATED_NUMBER, is_digits
from scorekeeper.domain.cards import card_points, parse_cards, parse_melds
from scorekeeper.domain.entries import SideEntry
from scorekeeper.domain.fields import (
    CANASTAS,
    FIELDS,
    PENALTIES,
    POINTS_OR_CARDS,
    SPECIAL_HAND,
    YES_NO,
    EntryField,
    counted,
    plural,
    sentence,
)
from scorekeeper.domain.reading import entry_from_json
from scorekeeper.errors import InputError, ScorekeeperError
from scorekeeper.i18n import N_, language, number, numbered, ungrouped
from scorekeeper.i18n import gettext as _

if TYPE_CHECKING:
    from scorekeeper.domain.game import Game
    from scorekeeper.domain.variant import Variant


def prompted(question: str, default: str, show_default: bool = True) -> str:
    """One answer to ``question`` on standard error (Click's prompt); a Ctrl-C or the end of
    the input ends the prompt's line first, so what is said next starts a line of its own.
    Raises ``typer.Abort`` then, and InputError for an answer that is not UTF-8 text."""
    from scorekeeper.cli.input_lines import bound_prompts, fitted_question, is_text

    bound_prompts()  # piped answers are read bounded (README, "bounds")
    marker = f" [{default}]" if show_default and default != "" else ""
    question = fitted_question(question, marker)
    try:
        answer = typer.prompt(question, default=default, show_default=show_default, err=True)
    except typer.Abort:
        typer.echo("", err=True)
        raise
    if not is_text(answer):  # asked again, as play's prompt does
        raise InputError(_("the line is not valid UTF-8 text; type it again"))
    return answer


def _ask(question: str, parse: Any, default: str = "0") -> Any:
    """Ask until ``parse(answer)`` succeeds; ``parse`` raises ScorekeeperError or ValueError.
    Full-width digits and letters (a Japanese keyboard's ``２２０``) read as plain ones."""
    from scorekeeper.domain.names import ascii_field

    while True:
        try:
            answer = prompted(question, default)  # InputError: a piped line far too long
            return parse(ascii_field(answer).strip())
        except (ScorekeeperError, ValueError) as err:
            from scorekeeper.cli.common import error_text

            echo_message(error_text(str(err)), indent="  ")  # what was typed: an excerpt


def _count(limit: int, what: str, why: str = "") -> Any:
    """Parse a count from 0 to ``limit`` of ``what``; ``why`` says where the limit comes from
    ("the red threes in the decks")."""
    because = _(" ({why})").format(why=why) if why else ""

    def parse(text: str) -> int:
        if not is_digits(text):
            raise ValueError(
                _("{what}: type a count from 0 to {limit}").format(what=what, limit=limit)
            )
        n = int(text) if len(text) <= 12 else limit + 1  # a 4,300-digit int() raises
        if n > limit:
            raise ValueError(
                _("{what}: at most {limit}{because}").format(
                    what=what, limit=limit, because=because
                )
            )
        return n

    return parse


def _penalty_limit(variant: Variant, f: EntryField, key: str) -> tuple[int, str]:
    """The most times a side can have penalty ``key``, and why: its ``most``, else, for a
    penalty charged per card left in hand (``in_hand``), the cards of those ranks in the decks
    (hand-and-foot's red threes: 2 per deck); else the field's limit."""
    rule = variant.penalties[key]
    if rule.most:
        return rule.most, ""
    if rule.in_hand:
        words = [
            _(many) if (many := plural(rank.replace("_", " "))) else f"{rank}s"
            for rank in rule.in_hand
        ]
        return sum(variant.cards_of(r) for r in rule.in_hand), _("the {cards} in the decks").format(
            cards=_(" and ").join(words)
        )
    return f.limit(variant), ""


def _points_or_cards(game: Game, what: str, melds: bool, going_out: bool = False) -> Any:
    v = game.variant

    def parse(text: str) -> tuple[int, str | None]:
        plain = ungrouped(text.strip()) or text.strip()  # 1,200 (Turkish 1.200) is 1200
        if SEPARATED_NUMBER.fullmatch(plain) or (plain[:1] == "-" and is_digits(plain[1:])):
            raise ValueError(_("{what}: a whole number, 0 or more, or the cards").format(what=what))
        text = " ".join(text.split("/"))  # melds may be separated by '/' as in one-line entries
        if is_digits(plain):
            n = int(plain) if len(plain) <= 12 else v.deck_points + 1  # never a huge int()
            if n % v.point_step or n > v.deck_points:
                raise ValueError(
                    _("{what}: a multiple of {step} up to {most}, or the cards").format(
                        what=what, step=v.point_step, most=number(v.deck_points)
                    )
                )
            return n, None
        if melds:
            # each meld judged as it is typed (legal, one meld per rank): asked again if not
            entry_from_json(v, {"melds": text, "went_out": going_out}, what)
            return sum(card_points(v.cards, m) for m in parse_melds(text, decks=v.held)), text
        return card_points(v.cards, parse_cards(text, v.held)), text

    return parse


def _special_hand(game: Game, f: EntryField) -> Any:
    """Parse an answer to the special-hand question: its number in the list, or its key."""
    keys = list(game.variant.special_hands)

    def parse(text: str) -> str | None:
        if text.lower() in ("", "0", "-", "none", "no"):
            return None
        if is_digits(text) and len(text) <= 4 and 1 <= int(text) <= len(keys):
            return keys[int(text) - 1]
        if text not in keys:
            raise ValueError(
                _("{what}: a number from 1 to {n} (or its key), or Enter for none").format(
                    what=_(f.title), n=len(keys)
                )
            )
        return text

    return parse


def special_choices(variant: Variant) -> str:
    """The variant's special hands as the prompt lists them: numbered, by title ("1 seven
    natural pairs, 2 ...")."""
    return _(LIST_SEPARATOR).join(
        f"{i} {_(hand.title) if hand.title else key}"
        for i, (key, hand) in enumerate(variant.special_hands.items(), start=1)
    )


def _text(value: Any, empty: str = "0") -> str:
    """An earlier answer as the default of its question: a number or card text as typed."""
    if value is None or value is False:
        return empty
    return str(value)


def _ask_field(game: Game, f: EntryField, obj: dict[str, Any], was: Mapping[str, Any]) -> None:
    """Ask one side's field ``f`` (:data:`FIELDS`) and put its answer into ``obj`` (JSON);
    ``was``: the side's earlier answers (JSON), each question's default."""
    v = game.variant
    english = language() == "en"
    if f.kind == POINTS_OR_CARDS:
        what = f.key if english else _(f.title)
        parse = _points_or_cards(game, what, f.grouped, bool(obj.get("went_out")))
        typed = was.get(f.cards_key)
        default = typed if isinstance(typed, str) and typed else _text(was.get(f.points_key))
        points, cards = _ask(f"  {_(f.question)}", parse, default)
        obj[f.cards_key if cards else f.points_key] = cards or points
    elif f.kind == CANASTAS:
        canastas = {}
        earlier = was.get(f.json[0]) or {}
        for key, kind in v.canastas.items():
            # a kind is named in the plural in English; the other languages say how many
            many = plural(kind.title) if english else None
            label = (
                sentence(many)
                if many
                else _("{kind}: how many").format(kind=sentence(_(kind.title)))
            )
            question = f.question.format(kinds=label)
            n = _ask(f"  {question}", _count(f.limit(v), label), _text(earlier.get(key)))
            if n:
                canastas[key] = n
        obj[f.json[0]] = canastas
    elif f.kind == PENALTIES:
        penalties = {}
        earlier = was.get(f.json[0]) or {}
        for key, rule in v.penalties.items():
            if rule.meld and not (obj.get("meld_points") or obj.get("melds")):
                continue  # a penalty of a meld on the table: the side melded nothing
            if rule.in_hand and _holds_nothing(v, obj):
                continue  # a card kept in hand: a player alone who went out holds none
            title = sentence(_(rule.title))
            question = _(f.question).format(kind=title, points=number(rule.points))
            limit, why = _penalty_limit(v, f, key)
            n = _ask(f"  {question}", _count(limit, title, why), _text(earlier.get(key)))
            if n:
                penalties[key] = n
        obj[f.json[0]] = penalties
    elif f.kind == SPECIAL_HAND:
        question = _(f.question).format(choices=special_choices(v))
        default = _text(was.get(f.json[0]), "")
        special = _ask(f"  {question}", _special_hand(game, f), default=default)
        if special:
            obj[f.json[0]] = special
    elif f.kind == YES_NO:
        default = bool(was.get(f.json[0]))
        obj[f.json[0]] = confirm(f"  {_(f.question)}", default=default)
    else:
        parse = _count(f.limit(v), f.question.lower() if english else _(f.title))
        obj[f.json[0]] = _ask(f"  {_(f.question)}", parse, _text(was.get(f.json[0])))


def _counted_canastas(game: Game, obj: dict[str, Any], key: str, name: str) -> str:
    """What the typed melds under JSON ``key`` make, in words ("1 natural canasta, 2 mixed
    canastas"; "no canasta")."""
    v = game.variant
    made = entry_from_json(v, {key: obj[key], "went_out": bool(obj.get("went_out"))}, name)
    if language() == "en":
        counts = [counted(n, v.canastas[k].title) for k, n in made.canastas.items() if n]
    else:  # "ナチュラルカナスタ：1": no plural of a kind's name to guess at
        counts = [
            _("{kind}: {n}").format(kind=_(v.canastas[k].title), n=n)
            for k, n in made.canastas.items()
            if n
        ]
    return _(LIST_SEPARATOR).join(counts) or _("no canasta")


def asked_fields(variant: Variant, which: str) -> list[EntryField]:
    """The fields of :data:`FIELDS` the prompt asks in ``variant``, asked ``which`` way
    (``side``, ``which``, ``with``), in the order it asks them: those the variant has
    (``used``) and scores (``prompted``), a field that stands alone (``alone``) first."""
    asked = [f for f in FIELDS if f.asked == which and f.used(variant) and f.prompted(variant)]
    return sorted(asked, key=lambda f: not f.alone)


def ask_side(
    game: Game,
    index: int,
    answers: dict[str, Any],
    *,
    default: SideEntry | Mapping[str, Any] | None = None,
    others: Sequence[Mapping[str, Any]] = (),
) -> SideEntry:
    """Ask one side's entry, field by field as :func:`asked_fields` lists those the variant
    uses and scores; ``answers``: what the hand's questions (who went out...) already say of
    this side (JSON). ``default``: the side's earlier entry (or its JSON), whose values each
    question starts at (``edit``, or answers given before); else every answer starts at 0.
    ``others``: what is known of the other sides (JSON), so that no special hand is offered
    once a side went out or laid one (a special hand ends the hand at once, and nobody goes
    out: RULES.md §3, "Special hands").

    A field that stands alone (a special hand) is asked first, and once given nothing more is
    asked; canastas are not asked after 0 meld points (a canasta's cards are among the meld
    points: the hand check ``meld_points_hold_canastas``) nor when the melds were typed as
    cards (they are counted from them, and said).
    Raises ScorekeeperError when the answers together cannot be read as an entry.
    """
    v = game.variant
    name = game.names[index]
    was = default.to_json() if isinstance(default, SideEntry) else dict(default or {})
    typer.echo(f"\n{name}", err=True)
    obj: dict[str, Any] = dict(answers)
    ended = any(o.get("went_out") or o.get("special_hand") for o in (obj, *others))
    for f in asked_fields(v, "side"):
        if f.kind == SPECIAL_HAND and ended:
            continue  # the hand did not end with a special hand
        if f.unless and f.unless in obj:
            made = _counted_canastas(game, obj, f.unless, name)
            what = f.key if language() == "en" else _(f.title)
            said = _("({what} are counted from the cards: {made})").format(what=what, made=made)
            typer.echo(f"  {said}", err=True)
            continue
        if f.needs and not obj.get(f.needs):
            continue
        if "hand_points" in f.json and _holds_nothing(v, obj):
            continue  # a player alone who went out holds no card (RULES.md §0)
        _ask_field(game, f, obj, was)
        if f.alone and obj.get(f.json[0]):
            break  # a special hand replaces the side's whole score (RULES.md §3.1)
    return entry_from_json(v, obj, name)


def _holds_nothing(variant: Variant, obj: Mapping[str, Any]) -> bool:
    """Whether the side answered so far (``obj``, JSON) holds no card: it went out, and
    every side is one player (:func:`~scorekeeper.domain.scoring.went_out_holding_nothing`
    refuses cards left in its hand); its questions about cards in hand are not asked."""
    return bool(obj.get("went_out")) and variant.sides_alone


def _picked(defaults: Sequence[Mapping[str, Any]], key: str) -> int:
    """The number (1 is the first side) of the side whose earlier answer under ``key`` is yes,
    else 0."""
    return next((i + 1 for i, d in enumerate(defaults) if d.get(key)), 0)


def _side_number(game: Game) -> Any:
    """Parse a side of ``game`` as its number (1 is the first), its name or a player's (as
    :meth:`Game.side_of` reads them), or 0 for nobody; returns the number."""

    def parse(text: str) -> int:
        if text.strip() == "0":
            return 0
        try:
            return game.side_of(text) + 1
        except InputError:
            raise ValueError(
                _("type a side's number from 1 to {n} or its name, or 0 for nobody").format(
                    n=len(game.sides)
                )
            ) from None

    return parse


def _ask_which(
    game: Game, choices: str, defaults: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """Ask the hand's questions (:data:`FIELDS` asked ``which`` and ``with``): which side went
    out, concealed or not (where it pays extra), which side declared acaba. Fields that end
    the hand on their own (``alone``) come first. ``defaults``: each side's earlier answers
    (JSON). Returns what they say of each side (JSON keys)."""
    v = game.variant
    names = game.names
    answers: list[dict[str, Any]] = [{} for _ in names]
    for f in asked_fields(v, "which"):
        was = _picked(defaults, f.json[0])
        question = _("{question} ({choices}; 0 nobody)").format(
            question=_(f.question), choices=choices
        )
        pick = _ask(question, _side_number(game), str(was))
        if f.alone:
            if pick:
                answers[pick - 1][f.json[0]] = True
                return answers
            continue
        for i, side in enumerate(answers):
            side[f.json[0]] = pick == i + 1
        for w in asked_fields(v, "with"):
            if w.implies != f.key:
                continue
            earlier = bool(pick) and bool(defaults[pick - 1].get(w.json[0]))
            yes = bool(pick) and confirm(_(w.question), default=earlier)
            for i, side in enumerate(answers):
                side[w.json[0]] = yes and pick == i + 1
    return answers


def _ask_partners(game: Game, choices: str, default: tuple[int, ...]) -> tuple[int, ...]:
    def parse(text: str) -> tuple[int, ...]:
        if text in ("", "0"):
            return ()
        picks = text.replace(",", " ").split()
        if len(picks) != 2 or not all(is_digits(p) for p in picks):
            raise ValueError(
                _("type the two partners' numbers, e.g. 2 3, or 0 if nobody took the pile")
            )
        pair = tuple(int(p) - 1 for p in picks)
        if len(set(pair)) != 2 or not all(0 <= p < len(game.names) for p in pair):
            raise ValueError(_("two different numbers from 1 to {n}").format(n=len(game.names)))
        return pair

    was = " ".join(str(i + 1) for i in default) or "0"
    question = _("Partners this hand? ({choices}; two numbers, 0 nobody took the pile)").format(
        choices=choices
    )
    return _ask(question, parse, was)


def ask_hand(
    game: Game,
    *,
    defaults: Sequence[SideEntry] | None = None,
    partners: tuple[int, ...] = (),
) -> tuple[list[SideEntry], tuple[int, ...]]:
    """Ask the whole hand (and, in cutthroat, the hand's partners); asks again when the hand
    breaks a rule, starting at the answers just given. ``defaults``: the entries (in side
    order) and ``partners`` (side indexes) each answer starts at, as ``edit`` passes the hand
    recorded; else every answer starts at 0 and nobody. Returns the entries in side order and
    the partners."""
    names = game.names
    choices = _(LIST_SEPARATOR).join(numbered(names))

    earlier: list[dict[str, Any]] = [e.to_json() for e in defaults] if defaults else []
    earlier += [{} for _ in names[len(earlier) :]]
    pair_was = partners
    while True:
        echo_wrapped(
            _("Hand {number}: answer for each side (Enter keeps the answer in []).").format(
                number=game.next_hand
            )
        )
        pair: tuple[int, ...] = ()
        if game.variant.partnerships == "per_hand":
            pair = _ask_partners(game, choices, pair_was)
        answers = _ask_which(game, choices, earlier)
        if any(f.alone and side.get(f.json[0]) for f in FIELDS for side in answers):
            entries = [
                entry_from_json(game.variant, a, n) for a, n in zip(answers, names, strict=True)
            ]
        else:
            entries = []
            for i in range(len(names)):
                known = [a for k, a in enumerate(answers) if k != i]
                known += [e.to_json() for e in entries]
                entries.append(ask_side(game, i, answers[i], default=earlier[i], others=known))
        try:
            game.score(entries, pair)
        except ScorekeeperError as err:
            from scorekeeper.cli.common import error_text

            echo_message(  # broken between words to the terminal's width
                _(
                    "That hand cannot be recorded: {error}. Enter it again (Enter keeps an answer)."
                ).format(error=error_text(str(err))),
                subsequent="",
            )
            earlier, pair_was = [e.to_json() for e in entries], pair
            continue
        return entries, pair


def confirm_hand(question: str) -> bool | None:
    """Ask ``question`` ("Record this hand?") once the hand has been shown: True to go ahead
    (Enter, y, yes), False to go back to the answers (n, no: they are asked again, each
    starting at the answer just given), None to give up and change nothing (q, quit). The
    language's own words for yes and no (:data:`scorekeeper.cli.language.YES_WORDS`) are taken
    too, and :data:`QUIT_WORDS`."""
    from scorekeeper.cli.language import NO_WORDS, YES_WORDS, answers

    words: dict[str, bool | None] = dict.fromkeys(answers(QUIT_WORDS, "q,quit"))
    words.update(dict.fromkeys(answers(NO_WORDS, "n,no"), False))
    words.update(dict.fromkeys(answers(YES_WORDS, "y,yes"), True))

    def parse(text: str) -> bool | None:
        if text.casefold() not in words:
            raise ValueError(_("y to go ahead, n to change the answers, q to give up"))
        return words[text.casefold()]

    # Enter's answer shown in the language's letter (Turkish "e", the first of its words)
    yes = _(YES_WORDS).split(",")[0].strip() or "y"
    return _ask(
        _("{question} (y yes, n change the answers, q give up)").format(question=question),
        parse,
        yes,
    )


#: The answers that give up, besides English q and quit (comma-separated).
QUIT_WORDS = N_("q,quit")
