"""Secrets a dataset's texts give away by their context, filed at load so they are hidden anywhere.

A text detector finds `requirepass Zq7...`, `postgres://app:Kx9...@db` or `DB_PASSWORD=Hq8...` by
what stands around the secret. The same secret quoted bare in another member or record
("rotated Zq7... yesterday") has no context, and reached `standard` callers: classification at
load applied key rules only. So the records whose text holds a trigger of those detectors are
decoded, their strings scanned with the detectors that need a context (a token family's own
pattern finds it anywhere, so those are left out), and each secret found is filed in the
dataset's dictionary like a value a key rule marks. The records are told apart in the bytes of a
batch (a few `find`s over its lower-cased text): most hold no trigger and are never decoded.
Only values no word of prose could be are filed (`fileable`): a filed value is hidden in every
text, so `requirepass none` must not hide the word `none` everywhere.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from itertools import accumulate

import msgspec

from cloudg_lab.privacy.detectors import DEFAULT, Detector

TRIGGERS = (b"pass", b"secret", b"token", b"pwd", b"://")
"""Literals one of which a contextual secret stands beside: a password's or a secret's word
(`requirepass`, `DB_PASSWORD=`, `client_secret`, `--token`, `Pwd=`) or a URL's scheme (its
`user:password@`). Texts without any are not decoded. Each costs one `find` over the records'
bytes: `key`, `auth` and `cred` would find a secret beside an API key or a credential too, but
they are in most records of an estate (`KeyName`, `auth_type`) and would decode them all."""
BATCH = 4096
_SECRETS = ("secret", "credential")
_MIN_LEN = 8


def _contextual(detector: Detector) -> bool:
    """A secret's detector that finds it by its context (a capture group around the value)."""
    return detector.category in _SECRETS and bool(detector.groups)


def fileable(value: str) -> bool:
    """A value no word of prose could be: long enough, and with a digit, a symbol or inner
    capitals, or long (a passphrase); never a variable or a placeholder (`${PW}`, `<password>`)."""
    value = value.strip()
    if len(value) < _MIN_LEN or value[:1] in "$<{%" or value.startswith("[REDACTED"):
        return False
    return len(value) >= 2 * _MIN_LEN or any(not c.isalpha() for c in value) or \
        any(c.isupper() for c in value[1:])


def file_contextual(texts: Sequence[str | bytes | msgspec.Raw], found: dict[str, str]) -> None:
    """File into `found` (value → entity) the secrets the JSON texts `texts` (one a record) give
    away by their context, but for values filed already."""
    selection = DEFAULT.select(_contextual, "contextual_secrets")
    for start in range(0, len(texts), BATCH):
        parts = [text.encode() if isinstance(text, str) else text for text in texts[start:start + BATCH]]
        for index in _triggered(parts):
            for text in filter(_holds_trigger, _strings(msgspec.json.decode(parts[index]))):
                for finding in DEFAULT.scan(text, selection):
                    value = text[finding.start:finding.end]
                    if finding.category in _SECRETS and fileable(value):
                        found.setdefault(value, finding.entity)


def _triggered(parts: Sequence[bytes | msgspec.Raw]) -> list[int]:
    """The indices of the `parts` that hold a trigger (in any case)."""
    joined = b"\n".join(parts).lower()  # a JSON text holds no raw line break
    offsets = [0, *accumulate(map((1).__add__, map(len, parts)))][:-1]
    hit: set[int] = set()
    for trigger in TRIGGERS:
        where = joined.find(trigger)
        while where >= 0:
            index = bisect_right(offsets, where) - 1
            hit.add(index)
            where = joined.find(trigger, offsets[index + 1]) if index + 1 < len(offsets) else -1
    return sorted(hit)


_TEXT_TRIGGERS = tuple(trigger.decode() for trigger in TRIGGERS)


def _holds_trigger(text: str) -> bool:
    """Whether the string itself holds a trigger: of a record that does, most strings do not."""
    low = text.lower()
    return any(trigger in low for trigger in _TEXT_TRIGGERS)


def _strings(value: object) -> Iterator[str]:
    """Every string of a decoded JSON value, members' values and items (a key names, it does not
    hold a secret)."""
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            if len(node) >= _MIN_LEN:
                yield node
        elif isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
