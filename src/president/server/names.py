"""Display names compared by their look: the key under which two names that read the same are one.

An account's name must not be worn by anyone else, and a name that only looks like it ("Victim" with an
invisible character after it, with a Cyrillic і or a dotless ı, in fullwidth letters, with an accent) would let a
guest pass for the account's owner. :func:`skeleton` reduces a name to the letters a reader sees: Unicode NFKC
(fullwidth and other compatibility forms become plain letters), then the characters that show nothing are dropped
(format characters, variation selectors, fillers, the blank Braille pattern), then accents (combining marks, after
decomposition), and the letters of other scripts that look like Latin ones, and the digits and signs that look like
letters, become those letters, with the case folded in between. The table is small and written for the cases that
matter here (Latin, Cyrillic, Greek); it is not the full Unicode confusables list.
"""

from __future__ import annotations

import unicodedata

INVISIBLE = frozenset((
    0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x2800, 0x3164, 0xFEFF, 0xFFA0,
    *range(0x180B, 0x1810), *range(0x200B, 0x2010), *range(0x202A, 0x202F), *range(0x2060, 0x2070),
    *range(0xFE00, 0xFE10), *range(0x1D173, 0x1D17B), *range(0xE0000, 0xE1000),
))
"""Characters that show nothing (or a blank) wherever they are: soft hyphen, joiners and marks of direction,
variation selectors, the Hangul fillers, the blank Braille pattern, tags."""

CAPITALS = str.maketrans({
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P",
    "Τ": "T", "Υ": "Y", "Χ": "X",
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T", "У": "Y",
    "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Ӏ": "I", "Ԛ": "Q", "Ԝ": "W",
})
"""Greek and Cyrillic capitals that look like Latin ones (before the case is folded: their small letters look
otherwise)."""

SMALL = str.maketrans({
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s", "һ": "h", "ԁ": "d", "ԛ": "q",
    "ԝ": "w", "ь": "b", "г": "r", "п": "n", "ј": "j",
    "α": "a", "ε": "e", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ϲ": "c",
    "ϳ": "j",
    "ɑ": "a", "ɡ": "g", "ȷ": "j", "0": "o", "5": "s", "$": "s", "@": "a",
    # A capital I and a small l are drawn alike in many fonts; after the case is folded, all of these are one.
    "l": "i", "1": "i", "|": "i", "!": "i", "ı": "i", "ɩ": "i", "і": "i", "ι": "i", "ӏ": "i",
})
"""Small letters, digits and signs that look like Latin small letters (after the case is folded)."""

PAIRS = (("rn", "m"), ("vv", "w"))
"""Two letters that read as one."""


def skeleton(name: str) -> str:
    """What ``name`` looks like: two names with the same skeleton are taken for the same name (see the module)."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(ch for ch in text if ord(ch) not in INVISIBLE and unicodedata.category(ch) != "Cf")
    text = "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch))
    text = text.translate(CAPITALS).casefold().translate(SMALL)
    for pair, letter in PAIRS:
        text = text.replace(pair, letter)
    return " ".join(text.split())
