"""Cards and the card notation of DESIGN.md ("Card notation").

Ranks ``A K Q J 10 9 8 7 6 5 4`` (``T`` for ten), ``2``, threes with a colour or suit (``3r``,
``3b``, ``3h 3d 3c 3s``), jokers ``X`` (``JK``, ``JOKER``); an optional suit after the rank
(``s h d c`` or ``♠ ♥ ♦ ♣``). Tokens are separated by spaces; a meld may be one token of
single-character ranks (``KKK2``, ``TTT``) or of cards joined by ``-`` (``K-K-K-2``, ``10-10-10``,
the way rule books write melds). Where cards form melds, ``|`` separates melds; without any ``|``
each token is one meld. Letters are read in either case.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from msgspec import Struct

from scorekeeper.domain.limits import MAX_CARDS
from scorekeeper.domain.names import ascii_field
from scorekeeper.errors import InputError
from scorekeeper.i18n import N_
from scorekeeper.i18n import gettext as _

#: Canonical rank symbols, high to low, and the card-value key each uses in a variant.
RANK_KEYS: dict[str, str] = {
    "X": "joker",
    "2": "two",
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "10": "ten",
    "9": "nine",
    "8": "eight",
    "7": "seven",
    "6": "six",
    "5": "five",
    "4": "four",
    "3b": "black_three",
    "3r": "red_three",
}
#: How a player names cards of each card-value key in the plural.
RANK_WORDS: dict[str, str] = {
    "joker": N_("jokers"),
    "two": N_("twos"),
    "ace": N_("aces"),
    "king": N_("kings"),
    "queen": N_("queens"),
    "jack": N_("jacks"),
    "ten": N_("tens"),
    "nine": N_("nines"),
    "eight": N_("eights"),
    "seven": N_("sevens"),
    "six": N_("sixes"),
    "five": N_("fives"),
    "four": N_("fours"),
    "black_three": N_("black threes"),
    "red_three": N_("red threes"),
}
SUITS = {"s": "s", "h": "h", "d": "d", "c": "c", "♠": "s", "♥": "h", "♦": "d", "♣": "c"}
SUITS.update({"♤": "s", "♡": "h", "♢": "d", "♧": "c"})
_SINGLE = {"A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "2", "X"}
#: What a card token may be, as error messages say it.
ALLOWED = N_(
    "ranks A K Q J 10 (or T) 9 8 7 6 5 4 2, threes 3r 3b (or 3h 3d 3c 3s), jokers X JK JOKER;"
    " a suit s h d c (or ♠ ♥ ♦ ♣) may follow a rank; KKK2 or K-K-K-2 for several cards"
)


class Card(Struct, frozen=True, order=True):
    """One card: ``rank`` is a key of :data:`RANK_KEYS` (``3r``/``3b`` for threes), ``suit`` one
    of ``s h d c`` or None when not given."""

    rank: str
    suit: str | None = None

    @property
    def key(self) -> str:
        """The card-value key of a variant's ``cards`` table (``king``, ``red_three``...)."""
        return RANK_KEYS[self.rank]

    @property
    def wild(self) -> bool:
        """Jokers and twos are wild (RULES.md §1)."""
        return self.rank in ("X", "2")

    @property
    def is_three(self) -> bool:
        return self.rank in ("3r", "3b")

    def __str__(self) -> str:
        if self.rank in ("3r", "3b"):
            return "3" + (self.suit or self.rank[1])
        return self.rank + (self.suit or "")


def _rank(text: str) -> str | None:
    up = text.upper()
    if up in ("X", "JK", "JOKER"):
        return "X"
    if up in ("T", "10"):
        return "10"
    if up in ("A", "K", "Q", "J", "9", "8", "7", "6", "5", "4", "2"):
        return up
    return None


def _card(text: str) -> Card | None:
    """Parse one card written alone (``K``, ``Kh``, ``10♠``, ``3r``, ``JOKER``); None if not."""
    if not text:
        return None
    up = text.upper()
    if up in ("X", "JK", "JOKER"):
        return Card("X")
    if up.startswith("3"):
        rest = text[1:].lower()
        if rest in ("r", "b"):
            return Card("3" + rest)
        if rest in SUITS:
            suit = SUITS[rest]
            return Card("3r" if suit in ("h", "d") else "3b", suit)
        return None
    for length in (2, 1):
        rank = _rank(text[:length]) if len(text) >= length else None
        if rank is None or (length == 2 and text[:2] != "10"):
            continue
        rest = text[length:]
        if not rest:
            return Card(rank)
        if rest.lower() in SUITS and rank != "X":
            return Card(rank, SUITS[rest.lower()])
    return None


def _group(token: str) -> tuple[list[Card], int | None]:
    """Parse a token of several cards (``KKK2``, ``TTT``, ``KhKsKd``, ``3r3r``).

    Returns the cards and None, or the cards read so far and the 0-based index of the first
    character that is not part of a card.
    """
    cards: list[Card] = []
    i = 0
    while i < len(token):
        if token.startswith("10", i):
            rank, i = "10", i + 2
        elif token[i] == "3":
            card = _card(token[i : i + 2]) if i + 1 < len(token) else None
            if card is None:
                return cards, i
            cards.append(card)
            i += 2
            continue
        elif token[i].upper() in _SINGLE:
            rank = _rank(token[i]) or ""
            i += 1
        else:
            return cards, i
        suit = None
        if i < len(token) and token[i].lower() in SUITS and rank != "X":
            suit = SUITS[token[i].lower()]
            i += 1
        cards.append(Card(rank, suit))
    return cards, None


def _why(part: str, bad: int) -> str:
    """A short hint for a card ``part`` that could not be read from character ``bad`` on."""
    up = part.upper()
    rest = part[bad:]
    if up.rstrip("SHDC♠♥♦♣♤♡♢♧") in ("X", "JK", "JOKER") and up not in ("X", "JK", "JOKER"):
        return _("a joker has no suit")
    if rest.startswith("3"):
        return _("a three needs its colour or suit: 3r, 3b, 3h, 3d, 3c or 3s")
    if rest.startswith("1"):
        return _("ten is 10 or T")
    if rest and rest[0].lower() in SUITS:
        return _("a suit comes right after its rank (Kh), once")
    return ""


def _token_cards(token: str, position: int) -> list[Card]:
    """The cards of one space-separated token; InputError naming the token and its position."""
    parts = token.split("-") if "-" in token.strip("-") else [token]
    cards: list[Card] = []
    offset = 0
    for part in parts:
        card = _card(part)
        found, bad = ([card], None) if card is not None else _group(part)
        if bad is None and found:
            cards.extend(found)
            offset += len(part) + 1
            continue
        if not part:
            what, hint = _("an empty card between '-'"), _("'-' joins two cards: K-K-K-2")
        elif not bad:
            if part == token:
                what = _("'{part}' is not a card").format(part=part)
            else:
                what = _("'{part}' (character {n}) is not a card").format(part=part, n=offset + 1)
            hint = _why(part, 0)
        else:
            what = _("'{part}' (character {n}) is not a card").format(
                # one that shows as nothing is told by its code point (U+200B)
                part=part[bad] if part[bad].isprintable() else f"U+{ord(part[bad]):04X}",
                n=offset + bad + 1,
            )
            hint = _why(part, bad)
        hint = f": {hint}" if hint else ""
        raise InputError(
            _("card token {n} '{token}': {what}; cards are {allowed}").format(
                n=position, token=token, what=what + hint, allowed=_(ALLOWED)
            )
        )
    return cards


def parse_cards(text: str, decks: tuple[int, int] | None = None) -> list[Card]:
    """Parse card notation into cards, ignoring meld separators ``|``.

    Raises InputError naming the bad token, its position (1-based, counting tokens) and what is
    allowed (DESIGN.md, "Card notation"); or, as :func:`parse_melds`, for more cards than
    ``decks`` hold.
    """
    return [card for meld in parse_melds(text, split_tokens=False, decks=decks) for card in meld]


def reads_as_cards(text: str) -> bool:
    """Whether ``text`` reads as cards in card notation (``KKKKKKK``, ``3b3b3b``, ``X``)."""
    try:
        return bool(parse_cards(text))
    except InputError:
        return False


def card_bound(decks: tuple[int, int] | None) -> tuple[int, str]:
    """The most cards one entry may hold and the refusal that says it: the cards the
    variant's decks hold (``decks``: the number of decks and their cards, jokers and threes
    included), at most :data:`~scorekeeper.domain.limits.MAX_CARDS` (that bound alone where the
    decks are not known)."""
    if decks is not None and decks[1] <= MAX_CARDS:
        return decks[1], _(
            "more cards than the {decks} decks hold: one entry holds at most {most} cards"
        ).format(decks=decks[0], most=decks[1])
    return MAX_CARDS, _("too many cards: one entry holds at most {most} cards").format(
        most=MAX_CARDS
    )


#: The variation selectors that choose a symbol's text or emoji form (U+FE0E, U+FE0F): they
#: follow a suit symbol as phones type it, and change no card.
_PRESENTATION_SELECTORS = dict.fromkeys((0xFE0E, 0xFE0F))


def parse_melds(
    text: str, split_tokens: bool = True, decks: tuple[int, int] | None = None
) -> list[list[Card]]:
    """Parse card notation into melds (lists of cards).

    ``|`` separates melds; without any ``|`` each token is a meld when ``split_tokens``
    (DESIGN.md, "Card notation"). Raises InputError naming a bad token and its position, or an
    empty meld between separators, or for more cards than ``decks`` (the variant's number of
    decks and the cards they hold) hold (:func:`card_bound`), before reading the rest.
    """
    most, too_many = card_bound(decks)
    # full-width ranks and digits read as ASCII (issue 14); a suit's emoji or text form
    # (♥ and the selector after it, as a phone keyboard types "♥️") is the suit
    text = ascii_field(text).translate(_PRESENTATION_SELECTORS)
    if not text or not text.strip():
        raise InputError(_("no cards given; cards are {allowed}").format(allowed=_(ALLOWED)))
    groups: list[list[Card]] = []
    position = counted = 0
    has_bar = "|" in text
    parts = text.split("|") if has_bar else [text]
    for number, part in enumerate(parts, start=1):
        meld: list[Card] = []
        for token in part.replace(",", " ").split():
            position += 1
            cards = _token_cards(token, position)
            counted += len(cards)
            if counted > most:
                raise InputError(too_many)
            if split_tokens and not has_bar:
                groups.append(cards)
            else:
                meld.extend(cards)
        if has_bar:
            if not meld:
                raise InputError(
                    _(
                        "meld {n} of {count} is empty: write cards between the '|' separators"
                        " (6 6 6 | A A A 2)"
                    ).format(n=number, count=len(parts))
                )
            groups.append(meld)
        elif meld:
            groups.append(meld)
    return groups


def render(cards: Iterable[Card]) -> str:
    """Write cards back in the notation, one space between cards (parsing it gives them back)."""
    return " ".join(str(card) for card in cards)


#: Compatibility: the card-value keys the built-in in-hand penalties charge (RULES.md §16c),
#: for penalty tables written before a penalty said so with ``in_hand``: Bolivia's black three
#: (-100, §5), Hand and Foot's red three (§14), Modern American's three stuck in hand (§3),
#: Classic's undeclared red three (§2).
LEGACY_IN_HAND: dict[str, tuple[str, ...]] = {
    "black_threes_in_hand": ("black_three",),
    "red_threes_in_hand": ("red_three",),
    "threes_in_hand": ("black_three", "red_three"),
    "red_three_not_declared": ("red_three",),
}


def in_hand_values(
    values: Mapping[str, int],
    penalties: Mapping[str, int],
    charges: Mapping[str, Iterable[str]] | None = None,
) -> dict[str, int]:
    """What each card costs when left in a hand: card-value key -> points (positive).

    ``values`` are the variant's card values, ``penalties`` its penalty points by kind
    (negative), ``charges`` the card-value keys each penalty charges per card left in a hand
    (a penalty's ``in_hand``; :data:`LEGACY_IN_HAND` when not given). A card a penalty charges
    costs the penalty's size instead of its card value (Bolivia's black three: 100, not 5).
    """
    out = dict(values)
    for penalty, keys in (LEGACY_IN_HAND if charges is None else charges).items():
        if penalty in penalties:
            for key in keys:
                out[key] = -penalties[penalty]
    return out


def card_points(values: Mapping[str, int], cards: Iterable[Card]) -> int:
    """Sum of the variant's card values (``Variant.cards``, in points) over ``cards``."""
    return sum(values[card.key] for card in cards)
