"""Cards and the card notation of DESIGN.md ("Card notation").

Ranks ``A K Q J 10 9 8 7 6 5 4`` (``T`` for ten), ``2``, threes with a colour or suit (``3r``,
``3b``, ``3h 3d 3c 3s``), jokers ``X`` (``JK``, ``JOKER``); an optional suit after the rank
(``s h d c`` or ``♠ ♥ ♦ ♣``). Tokens are separated by spaces; a meld may be one token of
single-character ranks (``KKK2``, ``TTT``). Where cards form melds, ``|`` separates melds; without
any ``|`` each token is one meld.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scorekeeper.errors import InputError

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
SUITS = {"s": "s", "h": "h", "d": "d", "c": "c", "♠": "s", "♥": "h", "♦": "d", "♣": "c"}
SUITS.update({"♤": "s", "♡": "h", "♢": "d", "♧": "c"})
_SINGLE = {"A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "2", "X"}
ALLOWED = "ranks A K Q J 10 (or T) 9 8 7 6 5 4 2, threes 3r 3b 3h 3d 3c 3s, jokers X JK JOKER"


@dataclass(frozen=True, order=True)
class Card:
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


def _group(token: str) -> list[Card] | None:
    """Parse a token of several cards (``KKK2``, ``TTT``, ``KhKsKd``, ``3r3r``); None if not."""
    cards: list[Card] = []
    i = 0
    while i < len(token):
        if token.startswith("10", i):
            rank, i = "10", i + 2
        elif token[i] == "3" and i + 1 < len(token) and token[i + 1].lower() in "rbshdc♠♥♦♣":
            card = _card(token[i : i + 2])
            if card is None:
                return None
            cards.append(card)
            i += 2
            continue
        elif token[i].upper() in _SINGLE:
            rank = _rank(token[i]) or ""
            i += 1
        else:
            return None
        suit = None
        if i < len(token) and token[i].lower() in SUITS and rank != "X":
            suit = SUITS[token[i].lower()]
            i += 1
        cards.append(Card(rank, suit))
    return cards or None


def parse_cards(text: str) -> list[Card]:
    """Parse card notation into cards, ignoring meld separators ``|``.

    Raises InputError naming the bad token, its position (1-based) and what is allowed.
    """
    return [card for meld in parse_melds(text, split_tokens=False) for card in meld]


def parse_melds(text: str, split_tokens: bool = True) -> list[list[Card]]:
    """Parse card notation into melds: ``|`` separates melds; without any ``|`` each token is a
    meld when ``split_tokens`` (DESIGN.md). Raises InputError naming a bad token."""
    if not text or not text.strip():
        raise InputError(f"no cards given; write cards as {ALLOWED}")
    groups: list[list[Card]] = []
    position = 0
    has_bar = "|" in text
    for part in text.split("|") if has_bar else [text]:
        meld: list[Card] = []
        for token in part.replace(",", " ").split():
            position += 1
            card = _card(token)
            cards = [card] if card else _group(token)
            if cards is None:
                hint = " (a three needs its colour: 3r or 3b)" if token == "3" else ""
                raise InputError(
                    f"card token {position} '{token}' is not a card{hint}; use {ALLOWED}"
                )
            if split_tokens and not has_bar:
                groups.append(cards)
            else:
                meld.extend(cards)
        if has_bar:
            if not meld:
                raise InputError("an empty meld between '|' separators")
            groups.append(meld)
        elif meld:
            groups.append(meld)
    return groups


def render(cards: Iterable[Card]) -> str:
    """Write cards back in the notation, one space between cards (parsing it gives them back)."""
    return " ".join(str(card) for card in cards)


def card_points(values: Mapping[str, int], cards: Iterable[Card]) -> int:
    """Sum of the variant's card values (``Variant.cards``, in points) over ``cards``."""
    return sum(values[card.key] for card in cards)
