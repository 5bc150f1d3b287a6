"""Letters that look like Latin letters but are not: Cyrillic `о`, Greek `ο`, fullwidth `ｏ`.

Two names that differ only by such letters read the same to a designer and different to the
interpreter. `skeleton` maps a text to what it looks like (in ASCII where it can);
`lookalike` describes one letter for a message.
"""

from __future__ import annotations

import unicodedata

#: Cyrillic and Greek letters drawn like a Latin letter (after NFKC, which already folds
#: fullwidth and other compatibility forms).
HOMOGLYPHS: dict[str, str] = {
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x",
    "і": "i", "ј": "j", "ѕ": "s", "ԁ": "d", "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w",
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
    "С": "C", "Т": "T", "Х": "X", "У": "Y", "І": "I", "Ј": "J", "Ѕ": "S", "Ԁ": "D",
    # Greek
    "α": "a", "ο": "o", "ν": "v", "ρ": "p", "ι": "i", "κ": "k", "υ": "u", "τ": "t",
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
    "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
}  # fmt: skip


def skeleton(text: str) -> str:
    """What `text` looks like: NFKC-folded, look-alike letters replaced, lower case."""
    folded = unicodedata.normalize("NFKC", text)
    return "".join(HOMOGLYPHS.get(ch, ch) for ch in folded).casefold()


def latin_for(ch: str) -> str | None:
    """The ASCII letter `ch` is drawn like, or None."""
    if ch.isascii():
        return None
    folded = unicodedata.normalize("NFKC", ch)
    if len(folded) == 1 and folded.isascii() and folded.isalpha():
        return folded
    return HOMOGLYPHS.get(ch)


def script(ch: str) -> str:
    """The script of a letter, from its Unicode name ('LATIN', 'CYRILLIC', 'GREEK', ...)."""
    name = unicodedata.name(ch, "")
    return name.split(" ")[0] if name else "UNKNOWN"


def describe(ch: str) -> str:
    """What a non-ASCII letter is, for a message: "CYRILLIC SMALL LETTER O (U+043E), which
    looks like the Latin 'o'"."""
    name = unicodedata.name(ch, "an unnamed character")
    latin = latin_for(ch)
    return f"{name} (U+{ord(ch):04X})" + (
        f", which looks like the Latin '{latin}'" if latin else ""
    )


def lookalike(ch: str) -> str:
    """ "'о' (CYRILLIC SMALL LETTER O, U+043E), which looks like the Latin 'o'"."""
    name = unicodedata.name(ch, "an unnamed character")
    latin = latin_for(ch)
    text = f"'{ch}' ({name}, U+{ord(ch):04X})"
    return text + (f", which looks like the Latin '{latin}'" if latin else "")


def suspicious(text: str) -> str | None:
    """The first letter of `text` that makes it confusable (a look-alike of a Latin letter, or
    a letter of another script mixed with Latin letters), or None."""
    letters = [ch for ch in text if ch.isalpha()]
    scripts = {script(ch) for ch in letters}
    for ch in letters:
        if ch.isascii():
            continue
        if latin_for(ch) is not None:
            return ch
        if "LATIN" in scripts and script(ch) not in ("LATIN",):
            return ch
    return None
