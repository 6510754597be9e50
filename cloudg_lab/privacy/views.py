"""Classifying the source texts of records without building them whole: views tuned to the data.

Decoding a big estate's records into dicts and walking every scalar costs more than loading it,
while most of a record is scalars under keys that can mark nothing (`asset_type`, `severity`,
`instance_type`). So each kind of record is decoded through a view: a msgspec Struct with one
member per key met so far at that position, typed by the key's rule:

- a key whose rule can file a value (`name`, `owner`, `password`...) is decoded whole and
  handed to the generic walk (`sensitive`), a column at a time, each distinct value once; its
  member is of a marker type, so msgspec hands each value it meets to the view's `dec_hook`,
  which keeps it: a member absent from most records (`metadata.instance_id`) costs nothing
  where it is absent;
- any other key is declared a scalar or a list of scalars, which msgspec checks and drops
  without Python seeing it; an object under it (`metadata`), or a list of objects
  (`ingress: [{..}]`), gets a view of its own, anything deeper is decoded and walked; the
  object under `tags` gets a view whose members are ruled by their tag keys (tags given as
  `{"Key": .., "Value": ..}` pairs are walked).

The view forbids unknown members, so a key never met fails the batch, the error names the key
and where it sits, the view learns it, and the batch is decoded again: a dataset's vocabulary is
small, so this converges within the first batches. Whatever the view cannot place falls back to
the generic walk of the batch. The views decide what is cheap, never what is found.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import filterfalse
from operator import attrgetter
from typing import Any

import msgspec

from cloudg_lab.privacy.detectors.argv import ARGV_KEYS
from cloudg_lab.privacy.detectors.keys import TAGS, KeyRule, key_rule, tag_rule
from cloudg_lab.privacy.detectors.records import FLAG_KEYS, KIND, PAIR_MEMBERS, SECRET_KIND, names_a_value
from cloudg_lab.privacy.sensitive import fileable, leaves, record, record_all, sensitive_values

Scalar = str | int | float | bool | None
_LEAFY = Scalar | list[Scalar]
FIRST_BATCH, BATCH = 128, 8192
"""Records decoded through a view at a time: few while the view learns the keys (a lesson
decodes the batch again), then more."""
MAX_LESSONS = 256
"""Keys a view may learn on one batch before the batch goes to the generic walk."""
MAX_MEMBERS = 64
"""Keys one position may learn. Beyond, its keys are data, not a vocabulary (values as keys: a
CMDB export's `{"host-3f9a": {..}}`): every batch would bring new ones, and each lesson rebuilds
the view, so the position's values go to the generic walk instead (a record's: each batch)."""
FILE, WALK, NESTED, LISTED, LEAFY = "file", "walk", "nested", "listed", "leafy"
_UNKNOWN = re.compile(r"^Object contains unknown field `(.*)` - at `(\$[^`]*)`$", re.S)
_EXPECTED = re.compile(r"^Expected `[^`]*`, got `(\w+)` - at `(\$[^`]*)`$", re.S)
_ROW = re.compile(r"^\$\[\d+\]")
_INDEX = re.compile(r"^\[\d+\]")
_SCALARS = (str, int, float, bool)
_LISTED_NAME = re.compile(rb'\[\s*"((?:[^"\\]|\\.){1,64})"\s*,')
_SECRET_KIND = re.compile(rb'"' + KIND.encode() + rb'"\s*:\s*"' + SECRET_KIND.encode() + rb'"')
"""A Kubernetes Secret in JSON text (`"kind": "Secret"`): its `data` is secret whatever it holds."""
"""The first item of a list that starts with a string (`["Owner", ...`), in JSON text."""
_PAIR_KEYS = frozenset({"Key", "key", "Value", "value"})
"""Keys that make a tags object a tag pair, ruled otherwise (`sensitive.tag_pair`)."""


@dataclass
class _Member:
    key: str
    attr: str
    mode: str
    rule: KeyRule
    node: Node | None = None
    scalar_only: bool = False
    """A tag's: its rule holds only for a scalar value."""
    marker: object = None
    """The instance of the marker type a FILE member is declared as (what `dec_hook` returns)."""
    sink: list[object] = field(default_factory=list)
    """The values `dec_hook` kept for a FILE member, in the batch being decoded."""


class _Filed:
    """A marker type: msgspec hands every value of a member so declared to `dec_hook`."""

    __slots__ = ()


class Node:
    """The view of one object position: its members by key, ruled by key rules, or by tag rules
    for the object of a `tags` member."""

    def __init__(self, dropped: Sequence[str] = (), owner: _Member | None = None) -> None:
        self.members: dict[str, _Member] = {}
        self.dropped = tuple(dropped)
        """Keys decoded as nothing and never classified (an edge's own id)."""
        self.owner = owner
        """The member this node is the object of (None for a record)."""
        self._built: tuple[object, object, dict[type, _Member]] | None = None
        """(what it was built of, the Struct, its FILE members' marker types) of the last build."""

    @property
    def tagged(self) -> bool:
        return self.owner is not None and self.owner.rule is TAGS

    def learn(self, key: str) -> bool:
        """Add `key`; False when the node cannot hold it, for the generic walk: a tag pair
        `{"Key": ..}`, a name/value pair anywhere (`{"Name": "Owner", "Value": ..}`: the name
        rules the value, `records.named_pair`), a record that flags its own secret members
        (`records.FLAG_KEYS`), and any key past `MAX_MEMBERS` (keys that are data). A Kubernetes
        Secret is told by its `kind`'s value, which a view does not see: `_generic`."""
        if key in FLAG_KEYS or len(self.members) >= MAX_MEMBERS:
            return False
        if self.tagged:
            if key in _PAIR_KEYS:
                return False
            rule = tag_rule(key)
            mode = FILE if fileable(rule) else LEAFY
        elif key in PAIR_MEMBERS:
            return False
        else:
            rule = key_rule(key)
            mode = NESTED if rule is TAGS else FILE if fileable(rule) else WALK if key in ARGV_KEYS else LEAFY
        member = self.members[key] = _Member(key, f"m{len(self.members)}", mode, rule,
                                             scalar_only=self.tagged)
        if mode == NESTED:
            member.node = Node(owner=member)
        return True

    @property
    def extracts(self) -> bool:
        """Whether classifying this node needs its Structs (a member walked), not only what
        `dec_hook` kept."""
        return any(m.mode == WALK or (m.node is not None and m.node.extracts)
                   for m in self.members.values())

    def struct(self, markers: dict[type, _Member]) -> object:
        """The Struct of this node; the FILE members' marker types are entered in `markers`.
        Built again only when a lesson changed this node or one below it: a position with many
        keys, each holding an object, would otherwise build every Struct again at each lesson."""
        inner = tuple(self._nested(m, markers) for m in self.members.values() if m.node is not None)
        signature = (tuple((m.key, m.mode) for m in self.members.values()), inner)
        if self._built is not None and self._built[0] == signature:
            markers.update(self._built[2])
            return self._built[1]
        own: dict[type, _Member] = {}
        nested = iter(inner)
        fields: list[tuple[str, object, None]] = []
        for m in self.members.values():
            if m.mode == FILE:
                marker = type(f"Filed{len(markers) + len(own)}", (_Filed,), {"__slots__": ()})
                m.marker, own[marker] = marker(), m
                kind: object = marker
            else:
                kind = _LEAFY if m.mode == LEAFY else Any if m.mode == WALK else next(nested)
            fields.append((m.attr, kind, None))
        fields += [(f"d{n}", msgspec.Raw, None) for n in range(len(self.dropped))]
        rename = {m.attr: m.key for m in self.members.values()}
        rename.update({f"d{n}": key for n, key in enumerate(self.dropped)})
        struct = msgspec.defstruct("View", fields, rename=rename, forbid_unknown_fields=True, gc=False)
        self._built = (signature, struct, own)
        markers.update(own)
        return struct

    @staticmethod
    def _nested(member: _Member, markers: dict[type, _Member]) -> object:
        assert member.node is not None
        struct = member.node.struct(markers)
        if member.mode == LISTED:
            return Scalar | list[struct | Scalar]  # type: ignore[valid-type]
        return struct | tuple[()] | None  # `[]` stands for none, as in tags

    def locate(self, path: str) -> tuple[Node, _Member | None, str]:
        """(node, member, what follows it) for a msgspec error path below this node (`.a.b[3]`);
        member None when the path ends at the node."""
        if not path:
            return self, None, ""
        if path[0] == ".":
            for key in sorted(self.members, key=len, reverse=True):
                rest = path[1 + len(key):]
                if path[1:].startswith(key) and rest[:1] in ("", ".", "["):
                    member = self.members[key]
                    if member.mode == LISTED and member.node is not None and _INDEX.match(rest):
                        inner = _INDEX.sub("", rest)  # in one of the listed objects
                        return member.node.locate(inner) if inner else (self, member, rest)
                    if member.mode == NESTED and rest[:1] == "." and member.node is not None:
                        return member.node.locate(rest)
                    return self, member, rest
        raise LookupError(path)


class View:
    """One kind of record (assets, edges, findings), tuned as its batches are decoded."""

    def __init__(self, dropped: Sequence[str] = ()) -> None:
        self.root = Node(dropped)
        self._decoder: msgspec.json.Decoder[list[object]] | None = None
        self._markers: dict[type, _Member] = {}

    def decode(self, data: bytes) -> list[object] | None:
        """The batch through the view, learning what it lacks; None if it cannot be placed.
        The FILE members' values are in their `sink`s."""
        for _ in range(MAX_LESSONS):
            if self._decoder is None:
                self._markers = {}
                struct = self.root.struct(self._markers)
                self._decoder = msgspec.json.Decoder(list[struct], dec_hook=self._keep)  # type: ignore[valid-type]
            for member in self._markers.values():
                member.sink.clear()
            try:
                items: list[object] = self._decoder.decode(data)
                return items
            except msgspec.ValidationError as exc:
                if not self._learn(str(exc)):
                    return None
            self._decoder = None
        return None

    def _keep(self, kind: type, value: object) -> object:
        """msgspec's `dec_hook` for the FILE members' marker types: keep the value."""
        member = self._markers[kind]
        if member.scalar_only and value.__class__ in (dict, list):
            raise TypeError("Expected `scalar`, got `object`")  # learnt: the tags are walked
        member.sink.append(value)
        return member.marker

    def _learn(self, message: str) -> bool:
        unknown, expected = _UNKNOWN.match(message), _EXPECTED.match(message)
        found = unknown or expected
        if found is None:
            return False
        try:
            node, member, rest = self.root.locate(_ROW.sub("", found.group(2)))
        except LookupError:
            return False
        if unknown is not None:
            if member is not None and member.node is not None and \
                    ((member.mode == NESTED and not rest) or (member.mode == LISTED and rest)):
                node = member.node
            elif member is not None:
                return False
            if not node.learn(unknown.group(1)):
                return _walk(node.owner)
            return True
        if member is not None and node.tagged:  # a tag value that is no scalar: tags walked whole
            return _walk(node.owner)
        if member is None or member.mode not in (LEAFY, NESTED, LISTED):
            return False
        if member.mode == LEAFY and expected is not None and expected.group(1) == "object" and \
                (not rest or _INDEX.fullmatch(rest)):
            member.mode, member.node = NESTED if not rest else LISTED, Node(owner=member)
            return True
        return _walk(member)


def _walk(member: _Member | None) -> bool:
    """Hand `member`'s values to the generic walk from now on."""
    if member is None:
        return False
    member.mode, member.node = WALK, None
    return True


def classify_texts(view: View, texts: Sequence[str | bytes | msgspec.Raw], known: Container[str],
                   found: dict[str, str]) -> None:
    """File into `found` the sensitive values of `texts` (JSON texts of records of `view`'s
    kind: str, bytes or msgspec.Raw) but for those `known`."""
    filer = Filer(known, found)
    start, size = 0, FIRST_BATCH
    while start < len(texts):
        batch = texts[start:start + size]
        start, size = start + size, min(size * 2, BATCH)
        data = _array(batch)
        items = None if _generic(data) else view.decode(data)
        if items is None:
            sensitive_values(msgspec.json.decode(data), known, found)
        else:
            filer.node(view.root, items if view.root.extracts else ())


def _generic(data: bytes) -> bool:
    """Whether a batch holds what only the generic walk reads, a member's value deciding the
    rule of another: a Kubernetes Secret (a view declares `kind` a scalar and drops it
    unseen, as any key that marks nothing) or a `[name, value]` list (`_lists_a_pair`)."""
    return _SECRET_KIND.search(data) is not None or _lists_a_pair(data)


def _lists_a_pair(data: bytes) -> bool:
    """Whether some list of the JSON text may be a `[name, value]` pair whose name rules the
    value (`sensitive.list_pair`): a view declares the lists under keys that mark nothing as
    scalars, which msgspec drops unseen, so such a batch goes to the generic walk. Lists of
    plain strings (`["sg-0a1b", "sg-9f8e"]`) name no rule and keep the view."""
    for found in _LISTED_NAME.finditer(data):
        name = found.group(1)
        text = msgspec.json.decode(b'"' + name + b'"', type=str) if b"\\" in name else name.decode()
        if names_a_value(key_rule(text)):
            return True
    return False


def classify_columns(columns: Mapping[str, Iterable[str | None]], known: Container[str],
                     found: dict[str, str]) -> None:
    """File into `found` the sensitive values of record members decoded already (a column of
    values per key, one per record), as `classify_texts` files a member, but for those `known`."""
    filer = Filer(known, found)
    for key, column in columns.items():  # ids and names, nearly all known: no set of them all
        filer.column(key, key_rule(key), filterfalse(known.__contains__, column))


def _array(texts: Sequence[str | bytes | msgspec.Raw]) -> bytes:
    """The JSON array of the texts (bytes and msgspec.Raw as they are, str encoded), copied
    once: `b"[" + joined + b"]"` would copy it all twice."""
    parts = list(texts)
    parts[0] = b"[" + _bytes(parts[0])
    parts[-1] = _bytes(parts[-1]) + b"]"
    try:
        return b",".join(parts)  # type: ignore[arg-type]  # a str raises: encoded below
    except TypeError:
        return b",".join(map(_bytes, parts))


def _bytes(text: str | bytes | msgspec.Raw) -> bytes:  # a str, or what msgspec hands back raw
    return text.encode() if isinstance(text, str) else bytes(text)


class Filer:
    """Files values into `found`, each (value, rule) once: tag values and most metadata repeat."""

    def __init__(self, known: Container[str], found: dict[str, str]) -> None:
        self.known, self.found = known, found
        self.done: dict[int, set[object]] = {}

    def node(self, node: Node, items: Sequence[object]) -> None:
        """File what `node`'s members hold: its FILE members' sinks, and the members walked
        or nested below it in `items` (its Structs: empty when `node.extracts` is false)."""
        for member in node.members.values():
            if member.mode == FILE:
                self.column(member.key, member.rule, member.sink)
                member.sink.clear()
            elif member.mode == WALK:
                for value in filter(None, map(attrgetter(member.attr), items)):
                    self.generic({member.key: value})
            elif member.node is not None:
                inner: list[object] = []
                if member.node.extracts:
                    values = filter(None, map(attrgetter(member.attr), items))  # neither None nor []
                    inner = list(values) if member.mode == NESTED else \
                        [v for listed in values if isinstance(listed, list) for v in listed
                         if v is not None and not isinstance(v, _SCALARS)]
                self.node(member.node, inner)

    def column(self, key: str, rule: KeyRule, column: Iterable[object]) -> None:
        """File the distinct values of a column under `key`; falsy ones (None where a record
        lacks the key, "", 0, false, an empty object) file nothing."""
        values = list(filter(None, column))
        try:
            distinct = set(values)  # a few distinct values in most columns: tags, metadata
        except TypeError:  # objects or arrays under the key: walked one by one
            distinct = set()
            for value in values:
                if isinstance(value, dict | list):
                    self.generic({key: value})
                else:
                    distinct.add(value)
        fresh = distinct.difference(self.known) if type(self.known) is dict else \
            set(filterfalse(self.known.__contains__, distinct))
        done = self._done(rule)
        fresh.difference_update(done)
        done.update(fresh)
        record_all(self.found, fresh, rule)

    def file(self, value: object, rule: KeyRule) -> None:
        done = self._done(rule)
        if value not in done and value not in self.known:
            done.add(value)
            record(self.found, value, rule)

    def _done(self, rule: KeyRule) -> set[object]:
        """The values filed under `rule` so far (rules are interned: one object per rule)."""
        done = self.done.get(id(rule))
        if done is None:
            done = self.done[id(rule)] = set()
        return done

    def generic(self, node: dict[str, object]) -> None:
        for value, rule in leaves(node):
            self.file(value, rule)
