"""Filing a dataset's tags from the loader's tag index instead of decoding them again.

The loader indexes every asset's tags as it reads them (tag key → value as text → rows). The
values of each tag key whose rule marks them (`owner`, `Name`, a secret-named tag) are filed
from there, each distinct value once however many assets carry it, as the views would file them
(`views`: by the tag key's rule, every value a scalar). Two things the index does not say are
read back from the records: the index holds every value as text, so a value that may have been
a number (`12345`, `2.5`) is decoded from its records, a number being filed otherwise than
text; and the records whose tags may be a `{"Key": .., "Value": ..}` pair are walked whole, as
the views walk them.
"""

from __future__ import annotations

import re
from collections.abc import Container, Mapping, Sequence

import msgspec

from cloudg_lab.privacy.detectors.keys import tag_rule
from cloudg_lab.privacy.sensitive import fileable
from cloudg_lab.privacy.views import Filer

Index = Mapping[str, Mapping[str, Sequence[int]]]
"""tag key → value as text → rows (`data.inventory.Inventory.tag_index`)."""
_NUMBER = re.compile(r"-?(?:\d[\d.eE+-]*|inf|nan)")
"""Text a number may have been written as (`json_scalar`: `12`, `2.5`, `1e+20`), and more."""
_PAIRS = (("Key", "Value"), ("key", "value"))


class _Tagged(msgspec.Struct, gc=False):
    tags: object = None


_TAGS = msgspec.json.Decoder(_Tagged)


def classify_tags(index: Index, texts: Sequence[msgspec.Raw | bytes], known: Container[str],
                  found: dict[str, str]) -> None:
    """File into `found` the sensitive tag values of the records `texts` (their JSON texts)
    whose tags `index` holds, but for those `known`."""
    filer = Filer(known, found)
    walked = _maybe_pairs(index)
    for row in sorted(walked):
        filer.generic({"tags": _tags(texts[row])})
    for key, values in index.items():
        rule = tag_rule(key)
        if not fileable(rule):
            continue
        texts_of: list[str] = []
        numbers: list[str] = []
        for text, rows in values.items():
            if walked and walked.issuperset(rows):
                continue  # met in walked records only
            (numbers if _NUMBER.fullmatch(text) else texts_of).append(text)
        filer.column(key, rule, texts_of)
        if numbers:  # as the records hold them: a number or its text
            rows = sorted({r for text in numbers for r in values[text]}.difference(walked))
            filer.column(key, rule, (_tags(texts[row]).get(key) for row in rows))


def _maybe_pairs(index: Index) -> set[int]:
    """The rows whose tags hold both members of a tag pair (`Key` and `Value`)."""
    rows: set[int] = set()
    for name, value in _PAIRS:
        if name in index and value in index:
            rows.update(_rows(index[name]).intersection(_rows(index[value])))
    return rows


def _rows(values: Mapping[str, Sequence[int]]) -> set[int]:
    return {row for rows in values.values() for row in rows}


def _tags(text: msgspec.Raw | bytes) -> dict[str, object]:
    tags = _TAGS.decode(text).tags
    return tags if isinstance(tags, dict) else {}
