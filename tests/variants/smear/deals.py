"""Stacked Four Point Smear deals and their hand-planned play, shared by the scenario and golden tests.

Each deal is the JSON form ``new_game(..., deals=[...])`` takes; each play is a list of tricks
``(leader, "cards in play order", winning seat)``. The comments work each hand out by hand from
RULES.md (card points: A 4, K 3, Q 2, J 1, 10 ten, others 0; 80 in the deck). The tests hold
the expected results; the comments show where they come from.
"""

from __future__ import annotations

from typing import Final

from tests.variants.smear.support import Trick, deal

__all__ = [
    "DEAL_A",
    "DEAL_B1",
    "DEAL_B2",
    "DEAL_C",
    "DEAL_D7",
    "DEAL_R9",
    "DEAL_T",
    "DEAL_U",
    "DEAL_V",
    "DEAL_W1",
    "DEAL_W2",
    "PLAY_A",
    "PLAY_B2",
    "PLAY_C",
    "PLAY_D7",
    "PLAY_E",
    "PLAY_U",
    "PLAY_V",
]

# -- Deal A: two ways to play it (A: bid 3 made; E: bid 2 made, points split 2-2) -----------
#
# Dealer 0, so seat 1 speaks first. Seat 3 leads AS: spades are trump.
DEAL_A: Final = deal(
    0,
    [
        "KS 8S AH KH QC JC",  # seat 0
        "7S KD 10H 9H 8D 7C",  # seat 1
        "QS 9S AC KC 10D 7H",  # seat 2
        "AS JS 10S AD 9C 8H",  # seat 3
    ],
    "QH JH QD JD 9D 7D 10C 8C",  # 2+1+2+1+10 = 16 card points never seen
)

# Bidding for A: 1 pass, 2 bids 2, 3 bids 3, 0 passes: seat 3 bids 3.
PLAY_A: Final[list[Trick]] = [
    (3, "AS 8S 7S 9S", 3),  # 4           -> side 1; seat 3 plays the ace of trump, seat 1 the 7
    (3, "JS KS 8D QS", 0),  # 1+3+2 = 6   -> side 0; KS takes the jack of trump
    (0, "AH 9H 7H 10S", 3),  # 4+10 = 14  -> side 1; seat 3 trumps though it holds 8H
    (3, "AD QC KD 10D", 3),  # 4+2+3+10 = 19 -> side 1
    (3, "9C JC 7C AC", 2),  # 1+4 = 5     -> side 0
    (2, "KC 8H KH 10H", 2),  # 3+3+10 = 16 -> side 0 (no trump: the highest club)
]
# Side 1: 4+14+19 = 37; side 0: 6+5+16 = 27; 37+27+16 = 80.
# High side 1 (AS), Low side 1 (7S), Jack side 0 (JS in trick 2), Game side 1 (37 > 27).
# Won 1 and 3: seat 3's side made its 3 and adds 3; side 0 adds 1.

# Bidding for E: 1 pass, 2 pass, 3 bids 2, 0 passes: seat 3 bids 2.
PLAY_E: Final[list[Trick]] = [
    (3, "AS 8S 7S 9S", 3),  # 4           -> side 1
    (3, "JS KS 8D QS", 0),  # 6           -> side 0 (Jack)
    (0, "AH 9H 7H 8H", 0),  # 4           -> side 0; seat 3 follows this time
    (0, "KH 10H 10D 9C", 0),  # 3+10+10 = 23 -> side 0
    (0, "QC 7C AC AD", 2),  # 2+4+4 = 10  -> side 0
    (2, "KC 10S JC KD", 3),  # 3+10+1+3 = 17 -> side 1 (the last trump)
]
# Side 0: 6+4+23+10 = 43; side 1: 4+17 = 21; 43+21+16 = 80.
# High side 1 (AS), Low side 1 (7S), Jack side 0, Game side 0: won 2 and 2; bid 2 made.

# -- Deals B1, B2: a throw-in, then a bid of 4 that is set ------------------------------------
DEAL_B1: Final = deal(
    2,
    [
        "AS KS QS JS 10S 9S",
        "AH KH QH JH 10H 9H",
        "AD KD QD JD 10D 9D",
        "AC KC QC JC 10C 9C",
    ],
    "8S 7S 8H 7H 8D 7D 8C 7C",
)
DEAL_B2: Final = deal(
    None,
    [
        "JD 10D AH KH QH 10S",
        "QD 9D 8D QC JC 7S",
        "AS KS QS 10C 10H 9H",
        "AD KD 7D AC KC 9S",
    ],
    "9C 8C 7C JS 8S JH 8H 7H",  # 1+1 = 2 card points never seen
)
# Dealer 2 again after the throw-in: seat 3 bids 4 at once. Seat 3 leads AD: diamonds are trump.
PLAY_B2: Final[list[Trick]] = [
    (3, "AD 10D 8D 9H", 3),  # 4+10 = 14 -> side 1
    (3, "AC JD QC 10C", 0),  # 4+1+2+10 = 17 -> side 0; seat 0, void in clubs, trumps with the jack
    (0, "AH 7S 10H 7D", 3),  # 4+10 = 14 -> side 1; seat 3 trumps with the 7
    (3, "KC 10S JC QS", 3),  # 3+10+1+2 = 16 -> side 1
    (3, "9S QH 9D AS", 1),  # 2+4 = 6 -> side 1; 9D trumps the ace of spades
    (1, "QD KS KD KH", 3),  # 2+3+3+3 = 11 -> side 1
]
# Side 1: 14+14+16+6+11 = 61; side 0: 17; 61+17+2 = 80.
# High side 1 (AD), Low side 1 (7D), Jack side 0 (JD), Game side 1: won 1 and 3 < 4: set.

# -- Deal C: seen_undealt=2; the bidder's discards decide Game ---------------------------------
DEAL_C: Final = deal(
    1,
    [
        "AC 9C 7C KH 8S 7S",
        "KC QC 10H 9H KS QS",
        "JC 8C AH 8H 9S 9D",
        "10C QH JH AS 10S KD",
    ],
    "10D AD 7H JS QD JD 8D 7D",  # seat 0 takes 10D AD; the other six hold 1+2+1 = 4
)
# Bidding: 2 passes, 3 bids 2, 0 bids 3, 1 passes. Seat 0 takes 10D AD and discards them
# (14 card points for side 0). Seat 0 leads AC: clubs are trump.
PLAY_C: Final[list[Trick]] = [
    (0, "AC QC 8C 10C", 0),  # 4+2+10 = 16 -> side 0
    (0, "7C KC JC QH", 1),  # 3+1+2 = 6 -> side 1: the jack's trick; the 7 was seat 0's
    (1, "KS 9S AS 9C", 0),  # 3+4 = 7 -> side 0; seat 0 trumps though it holds spades
    (0, "KH 9H AH JH", 2),  # 3+4+1 = 8 -> side 0
    (2, "8H 10S 8S 10H", 1),  # 10+10 = 20 -> side 1
    (1, "QS 9D KD 7S", 1),  # 2+3 = 5 -> side 1
]
# Tricks: side 0 16+7+8 = 31, side 1 6+20+5 = 31, a tie without the discards;
# with them side 0 has 31+14 = 45 > 31. 45+31+4 = 80.
# High side 0 (AC), Low side 0 (7C), Jack side 1 (JC), Game side 0: won 3 and 1; bid 3 made.

# -- Deal D7: the bidder holds six trumps; the ace of spades and the 7 of hearts lie undealt ----
DEAL_D7: Final = deal(
    0,
    [
        "KS QS JS 10S 9S 8S",  # 16 card points
        "AH KH QH JH 10H 9H",  # 20
        "AD KD QD JD 10D 9D",  # 20
        "AC KC QC JC 10C 9C",  # 20
    ],
    "7H AS 8H 7S 7D 7C 8C 8D",  # AS: 4
)
# Seat 1 leads hearts six times; nobody else holds a heart.
PLAY_D7: Final[list[Trick]] = [
    (1, "AH 9D 9C 8S", 1),
    (1, "KH 10D 10C 9S", 1),
    (1, "QH JD JC 10S", 1),
    (1, "JH QD QC JS", 1),
    (1, "10H KD KC QS", 1),
    (1, "9H AD AC KS", 1),
]
# With seen_undealt=0: side 1 takes 20+16+20+20 = 76, side 0 nothing; 76+4 = 80.
# High side 1 (AH), Low nobody (7H undealt), Jack side 1, Game side 1: won 0 and 3.

# -- Deal U: the ace and the 7 of trump lie undealt ---------------------------------------------
DEAL_U: Final = deal(
    0,
    [
        "JH 10H AD KD QD JD",
        "KH 9H AS KS AC KC",
        "8H 10S 9S 8S 10C 9C",
        "QH QS JS 7S QC JC",
    ],
    "AH 7H 10D 9D 8D 7D 8C 7C",  # 4+10 = 14 never seen
)
# Bidding: 1 bids 2, the others pass. Seat 1 leads KH: hearts are trump.
PLAY_U: Final[list[Trick]] = [
    (1, "KH 8H QH 10H", 1),  # 3+2+10 = 15 -> side 1
    (1, "9H 10C QC JH", 0),  # 10+2+1 = 13 -> side 0, with the jack
    (0, "AD KC 9C JC", 0),  # 4+3+1 = 8
    (0, "KD AC 10S QS", 0),  # 3+4+10+2 = 19
    (0, "QD KS 9S JS", 0),  # 2+3+1 = 6
    (0, "JD AS 8S 7S", 0),  # 1+4 = 5
]
# Side 0: 13+8+19+6+5 = 51; side 1: 15; 51+15+14 = 80.
# ace-seven: High nobody, Low nobody, Jack side 0, Game side 0: won 2 and 0; bid 2 set.
# in-play: trumps played KH 8H QH 10H 9H JH: High KH (seat 1, side 1), Low 8H (seat 2, side 0):
# won 3 and 1; bid 2 still set.

# -- Deal V: one trump is played all hand; Game ties 30-30 ---------------------------------------
DEAL_V: Final = deal(
    0,
    [
        "KC QC JC 10C 9C 8C",
        "9H AS AD AC 8S 8D",
        "KS QS JS 10S 9S 7S",
        "KD QD JD 10D 9D 7D",
    ],
    "AH KH QH JH 10H 8H 7H 7C",  # 4+3+2+1+10 = 20 never seen
)
# Bidding: 1 bids 2, the others pass. Seat 1 leads 9H, the only heart dealt: hearts are trump.
PLAY_V: Final[list[Trick]] = [
    (1, "9H 7S 7D 8C", 1),  # 0
    (1, "AS 9S 9D 9C", 1),  # 4
    (1, "AD JS JD 10C", 1),  # 4+1+1+10 = 16
    (1, "AC QS QD QC", 1),  # 4+2+2+2 = 10
    (1, "8S 10S 10D JC", 2),  # 10+10+1 = 21
    (2, "KS KD KC 8D", 2),  # 3+3+3 = 9
]
# Side 1: 0+4+16+10 = 30; side 0: 21+9 = 30; 30+30+20 = 80.
# ace-seven: all four points to nobody (AH, 7H, JH undealt; Game tied). in-play: 9H is the
# highest and the lowest trump played: High and Low to side 1.

# -- Deal T: trick winners (the worked check KC AD QC 7H) ----------------------------------------
DEAL_T: Final = deal(
    0,
    [
        "9H 7H JS 10S JD 9D",
        "AH KC 9S 8S 7S 10D",
        "AD KD QD AS KS QS",
        "8H QC JC 10C 9C 8C",
    ],
    "KH QH JH 10H AC 7C 8D 7D",
)

# -- Deal W1: following (trump hearts; led 9C; 8C 7H KD -> 8C, 7H; then 7H KD -> both) ----------
DEAL_W1: Final = deal(
    0,
    [
        "QH 10S 7S KC QC JC",
        "AH AS KS 9C QS JS",
        "AC 10C 7D 8D 9D 10D",
        "8H 7H 9S 8S 8C KD",
    ],
    "KH JH 10H 9H 7C AD QD JD",
)

# -- Deal W2: following (trump hearts; led 9H with QH AC -> only QH) ------------------------------
DEAL_W2: Final = deal(
    0,
    [
        "7H KC QC JC 10C 9C",
        "AH AS KS QS JS 9H",
        "10H QH AC 7D 8D 9D",
        "8H 10S 9S 8S 7S KD",
    ],
    "KH JH AD QD JD 10D 8C 7C",
)

# -- Deal R9: four spades and four hearts after a pickup of two ----------------------------------
DEAL_R9: Final = deal(
    0,
    [
        "10S 9S 8S 7S 10H 9H",
        "AS KS QS AH KH QH",
        "AD KD QD JD 10D 9D",
        "AC KC QC JC 10C 9C",
    ],
    "JS JH 8H 7H 8D 7D 8C 7C",
)
