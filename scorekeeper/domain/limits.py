"""The bounds every input is held to, as plain numbers: kept apart from
:mod:`scorekeeper.domain.bounds` (which checks them) so that the command line can declare its
options' ranges without importing the checks."""

#: The largest number (points, a count, a bonus, a target) any input may hold, either sign.
MAX_NUMBER = 10**9
#: The deepest nesting of tables and lists an input may have (a variant's deepest is 4).
MAX_DEPTH = 16
#: The most variants one variant's ``extends`` chain may build on (the built-ins' longest is 2):
#: every variant's rules are read from at most this many files and one more, so listing many
#: variants that extend each other takes time in proportion to their number.
MAX_EXTENDS = 16
#: The most bytes read from a file or standard input given as input (4 MiB).
MAX_INPUT_BYTES = 4 * 1024 * 1024
#: The most bytes of an export given to ``import``: a game within :data:`MAX_GAME_BYTES`,
#: :data:`MAX_HANDS` and :data:`MAX_SIDES` exports in at most about 6 MiB (its sheet repeats
#: every side's name in every hand: 6 names of 100 four-byte letters, 500 hands, notes filling
#: the rest), so every game kept can be exported and imported again; an export beyond it is
#: refused rather than written (tests/test_export_size.py builds the largest game).
MAX_EXPORT_BYTES = 8 * 1024 * 1024
#: The most characters one text of any input may hold (a label, a note, a description in a
#: variant file or an export): text beyond it is no score-sheet text, and a megabyte label
#: would slow every list it is shown in, and make an export too large to import again.
MAX_TEXT = 1000
#: The most characters of a side's or a player's name.
MAX_NAME = 100
#: The most hands one game may hold (and, apart, the most hands taken back for ``redo``): far
#: beyond any game played to a target (the benchmark's long game has 500).
MAX_HANDS = 500
#: The most sides one game may have, and the most players: a Canasta table seats at most six
#: (RULES.md: classic for 2 to 6 players). With :data:`MAX_HANDS` and :data:`MAX_GAME_BYTES`
#: they keep a game's export within :data:`MAX_EXPORT_BYTES`.
MAX_SIDES = 6
MAX_PLAYERS = 12
#: The most bytes of one game as it is stored (its game file's document, compact UTF-8 JSON): a
#: game within it exports within :data:`MAX_EXPORT_BYTES`, so it can be imported again.
MAX_GAME_BYTES = 1024 * 1024
#: The most cards one card entry may hold where the variant's decks are not known, or hold
#: more (Hand and Foot's five decks hold 270): more cards than any table deals.
MAX_CARDS = 1000
#: The most decks, and the most jokers a deck, a variant may play with: every variant's decks then
#: hold at most 16 x (52 + 10) = 992 cards, within :data:`MAX_CARDS` (Hand and Foot plays one
#: deck more than its players, so at most 13 decks at :data:`MAX_PLAYERS`).
MAX_DECKS = 16
MAX_JOKERS = 10
#: The most red threes one side may lay down in a hand (two a deck), and the most canastas it
#: may make in a hand (seven cards each, of at most :data:`MAX_CARDS`): what no count of hands
#: can pass, so a cached figure past ``hands`` times these is no count of those hands.
MAX_RED_THREES_A_HAND = 2 * MAX_DECKS
MAX_CANASTAS_A_HAND = MAX_CARDS // 7
