"""Characters a reader cannot see: controls, zero-width, joiner, bidi, variation-selector, filler
and tag characters.

They hide text from people but not from models, so `sanitize` strips them from every output.
The dictionary must then know a value as it reads without them (`visible`), and a value shown
that way must be pseudonymized as the data holds it, or its pseudonym could not be passed back.
"""

from __future__ import annotations

import re

_CONTROLS = "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"
INVISIBLE = re.compile(
    f"[{_CONTROLS}\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5"
    "\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0"
    "\ufff9-\ufffb\U000e0000-\U000e0fff]")


_SEPARATING = re.compile(f"(?<=[^\\s{_CONTROLS}])[{_CONTROLS}]+(?=[^\\s{_CONTROLS}])")
"""Control characters between two visible ones: a terminal's escapes, a C string's padding, a
binary field's junk. They separate what they sit between (nobody types one inside a word), so
text shows a space for them; deleting them glued a 40-character secret to the digits after it
into a longer token no detector knows. Format characters (zero-width, joiners, soft hyphens)
are what typesetting and evasion put inside words: deleting them shows the word whole."""


def visible(text: str) -> str:
    """`text` as a reader is shown it: controls between two visible characters read as a space,
    every other invisible character gone."""
    if INVISIBLE.search(text) is None:  # nearly every text: one pass, not two (load and output)
        return text
    return INVISIBLE.sub("", _SEPARATING.sub(" ", text))


def unseen(key: str) -> str:
    """A dict key's name without its invisible characters, for the rule it gives its value: a
    key names one thing (`pass\\x00word` is `password`), so nothing separates it there."""
    return INVISIBLE.sub("", key)
