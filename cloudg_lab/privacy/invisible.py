"""Characters a reader cannot see: controls, zero-width, joiner, bidi, variation-selector, filler
and tag characters.

They hide text from people but not from models, so `sanitize` strips them from every output.
The dictionary must then know a value as it reads without them (`visible`), and a value shown
that way must be pseudonymized as the data holds it, or its pseudonym could not be passed back.
"""

from __future__ import annotations

import re

INVISIBLE = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5"
    "\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0"
    "\ufff9-\ufffb\U000e0000-\U000e0fff]")


def visible(text: str) -> str:
    """`text` without its invisible characters."""
    return INVISIBLE.sub("", text)
