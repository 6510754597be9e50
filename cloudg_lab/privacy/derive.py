"""Reverse maps derived from the key and the loaded data, not from what this process emitted.

A pseudonym is a function of (key, namespace, value), so any process holding the key and the
data can find the real value behind a pseudonym it never issued: compute the pseudonyms of the
data's values and look the pseudonym up. Computing every pseudonym in full costs several
microseconds a value (IPs tens), so the index is built in two tiers:

- *labelled* pseudonyms (`res-<hex>`, `person-<hex>`, `i-<hex>`, ...) carry a prefix of the
  value's attempt-0 digest, so their index maps that digest prefix to candidate values: one
  HMAC a value, about a microsecond, cheap enough to build at load;
- every other atomic shape (account digits, UUIDs, addresses, e-mails, host names) is built on
  the first miss of that shape, by computing the candidates' pseudonyms in full.

A name or id that the output side pseudonymizes by its own shape (an asset id that is a host
name, an address, an OCID: `shaped`) is a candidate of that shape's family, not of the names'.
Composite pseudonyms (ARNs, Azure ids, GCP names, `cloudg://` URIs) need no index: their
components are reversed one by one, an id shaped like one as well. A candidate is only a
candidate: the vault confirms it by computing its pseudonym the normal way, so a digest-prefix
clash never reverses to a wrong value.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TypeAlias

from cloudg_lab.data.identifiers import composite_shape
from cloudg_lab.privacy import shapes
from cloudg_lab.privacy.entities import FAMILY, canonical, family_of
from cloudg_lab.privacy.shapes import LABELS, nullish, refine

PREFIX = 8
"""Hex digits of the digest an index keys on (the shortest labelled pseudonym carries 8)."""
_BYTES = PREFIX // 2
_LABELLED = re.compile(r"^([a-z][a-z0-9]*(?:-[a-z]+)?)-([0-9a-f]{8,32})$")
_FAMILY_OF_LABEL = {label: family for family, label in LABELS.items()}
COMPOSITE = frozenset(shapes.COMPOSERS)
ALWAYS_LABELLED = frozenset(LABELS) - {"account"}
"""Families every value of which gets a labelled pseudonym (an account is digits when it is)."""
Candidate: TypeAlias = tuple[str, str]
"""(real value, entity)."""
DigestIndex: TypeAlias = dict[bytes, "Candidate | list[Candidate]"]
"""First bytes of the attempt-0 digest → the values whose pseudonyms start so."""


def labelled(pseudonym: str) -> tuple[str, str] | None:
    """(family, digest prefix) of a labelled pseudonym, or None for other shapes."""
    m = _LABELLED.match(pseudonym)
    if m is None:
        return None
    return _FAMILY_OF_LABEL.get(m.group(1), "resource"), m.group(2)[:PREFIX]


def candidates(known: Mapping[str, str]) -> Iterable[Candidate]:
    """The atomic (value, entity) pairs of the data, entities refined as the output side does;
    a composite value (an ARN) stands for its components (its account, its resource segments),
    which may be no asset's id or name, unless `known` says it holds them already
    (`holds_components`, as a classified dataset's dictionary does)."""
    decompose = not getattr(known, "holds_components", False)
    for value, label in known.items():
        entity = canonical(label)
        if entity == "resource_name":  # most of an estate; refine keeps it as it is
            if not nullish(value):
                yield value, entity
            shape = composite_shape(value) if decompose else None
            if shape is not None:  # an id that is an ARN
                yield from shapes.components(shape, value)
            continue
        if not decompose and FAMILY.get(entity) in COMPOSITE:
            continue  # its components are entries of their own
        refined = refine(entity, value) if not nullish(value) else None
        if refined is None:
            continue
        family = family_of(refined)
        if family not in COMPOSITE:
            yield value, refined
        elif decompose:
            yield from shapes.parts(family, value)


_MAY_BE_SHAPED = re.compile(r"[.:@/]|^[\d +()-]{6,}$|^[0-9a-f]{8}-[0-9a-f]{4}-", re.IGNORECASE)
"""What a name or id must hold for a detector to cover it whole (a dot, a colon, an `@`, a
slash, only digits, a UUID's head); a plain `billing-db-01` never is."""
Shape = Callable[[str], Iterable[str]]
"""The entities whose detectors cover a value whole (`DetectorSet.shapes`)."""


def shaped(known: Mapping[str, str], shape: Shape) -> Iterator[Candidate]:
    """(value, entity) for the values of the data that the output side pseudonymizes by their
    own shape rather than as what the data calls them: an asset id that is a host name, an
    address, a UUID or twelve digits, an account that is an OCID. Their pseudonyms are of
    the shape's family, which the data's entity does not lead to."""
    for value, label in known.items():
        held = family_of(canonical(label))
        if held in COMPOSITE or not _MAY_BE_SHAPED.search(value) or composite_shape(value) is not None:
            continue
        for entity in dict.fromkeys(shape(value)):
            family = family_of(entity)
            if family != held and family not in ALWAYS_LABELLED and family not in COMPOSITE:
                yield value, entity


def digest_index(token_key: bytes, namespace: str, pairs: Iterable[Candidate]) -> DigestIndex:
    """First digest bytes → candidates, for the families whose pseudonyms are labelled (the
    family is inside the MAC, so one table serves them all). The MAC of each family's fixed
    prefix is computed once and copied per value: about a microsecond a value."""
    heads: dict[str, hmac.HMAC | None] = {}
    index: DigestIndex = {}
    for pair in pairs:
        entity = pair[1]
        if entity not in heads:
            family = family_of(entity)
            heads[entity] = hmac.new(token_key, f"{namespace}\x1f{family}\x1f0\x1f\x1f".encode(),
                                     hashlib.sha256) if family in LABELS else None
        head = heads[entity]
        if head is None:
            continue
        mac = head.copy()
        mac.update(pair[0].encode("utf-8", "surrogatepass"))
        key = mac.digest()[:_BYTES]
        found = index.get(key)
        if found is None:
            index[key] = pair  # one candidate: the pair itself, no list
        elif isinstance(found, list):
            found.append(pair)
        else:
            index[key] = [found, pair]
    return index


def candidates_at(index: DigestIndex, key: bytes) -> list[Candidate]:
    """The candidates `digest_index` filed under `key`."""
    found = index.get(key)
    return [] if found is None else found if isinstance(found, list) else [found]


def index_key(shape: tuple[str, str]) -> bytes:
    """The `digest_index` key of a labelled pseudonym's (family, hex prefix)."""
    return bytes.fromhex(shape[1])
