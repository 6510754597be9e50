"""The components of many composite identifiers at once (ARNs, Azure ids, GCP names).

Taking each composite value apart with its composer (`parts`) costs a dozen Python calls a
value: most of a classified load's time for the 100,000 ARNs of a big estate, though their
components are mostly identifiers already (the account, the resource id). Here the values of
one shape are joined into one text, a line each, compiled patterns find the components of all
the lines at once, and set operations drop the known ones: Python sees each *new* component
once. A line of a shape the patterns do not take (an empty or repeated path key, non-ASCII text,
a line break inside a value) is taken apart by its composer, and a component that two values
would file as different entities gets the entity of the first value, as `parts` in order would:
the result is what the composers give, value by value.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Container, Iterable, Mapping
from itertools import compress, repeat
from operator import eq, gt, ne

from cloudg_lab.data.identifiers import COMPOSITE_HEADS, arn_entity, composite_shape
from cloudg_lab.privacy.entities import canonical, family_of
from cloudg_lab.privacy.shapes import COMPOSERS, LONGEST_NULLISH, components, nullish, refine
from cloudg_lab.privacy.shapes.paths import LONGEST_KEPT, kept

_SEG = r"[^/\n\x80-\U0010ffff]"
"""A character of one path segment the patterns take: ASCII, so that path keys compare without
case exactly as the composers' `str.lower` does."""
_ARN = re.compile(r"^arn:[^:\n]*:(?:(s3|sns|sqs)|[^:\n]*):[^:\n]*:(?!aws:)([^:\n]*):"
                  r"(?(1)([^\n]*)|(?:[^/:\n]*[/:])?([^\n]*))$", re.M)
"""(untyped service, account, resource of an untyped service, a typed resource but its type)
of each ARN of an account other than `aws` (`paths.arn`)."""
_ARN_NAME = re.compile(r"[^/:\n]+")
_AZURE = re.compile(
    rf"^(?:(?:/(?i:subscriptions)/({_SEG}*)(?:/(?i:resourcegroups)/({_SEG}*))?)?"
    rf"(?:/(?i:providers)/{_SEG}+((?:/(?!(?i:subscriptions|resourcegroups|providers)/)"
    rf"{_SEG}+/{_SEG}*)*))?|([^\n]+))$", re.M | re.A)
"""(subscription, resource group, the type/name pairs after the provider) of an Azure id of the
usual shape, else (, , , the line) (`paths.azure_id`)."""
_AZURE_NAME = re.compile(rf"/{_SEG}+/({_SEG}*)", re.A)
_GCP = re.compile(
    rf"^(?:(?>[^\n]*?projects/)({_SEG}*)((?:/(?!projects(?:/|$)){_SEG}+)*)"
    rf"|([^\n]*projects/[^\n]*)|[^\n]*)$", re.M | re.A)
"""(project, the collections and ids after it) of a GCP name of the usual shape, else (, , the
line) when it has a project (`paths.gcp_name`)."""
_GCP_ID = re.compile(rf"/global(?=/|$)|/(?i:zones|regions|locations|machinetypes|disktypes)/"
                     rf"{_SEG}+|/{_SEG}+/({_SEG}+)|/{_SEG}+", re.M | re.A)
"""The id of each collection/id pair whose id names a resource (a zone's does not)."""


class _Found:
    """What the lines of one estate are made of, by the entity each component takes."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.typed: dict[str, set[str]] = {"aws_account_id": set(), "azure_subscription_id": set(),
                                           "azure_resource_group": set(), "gcp_project_id": set()}
        """Components whose entity is refined by their shape (an account of 36 hex digits)."""
        self.odd: list[tuple[str, str]] = []
        """(label, value) of values taken apart one by one."""

    def arns(self, text: str) -> None:
        found = _ARN.findall(text)
        if found:
            _, accounts, untyped, typed = zip(*found, strict=True)
            self.typed["aws_account_id"].update(accounts)
            self.names.update(_ARN_NAME.findall("\n".join((*untyped, *typed))))

    def azure_ids(self, text: str, label: str) -> None:
        found = _AZURE.findall(text)
        if found:
            subscriptions, groups, tails, odd = zip(*found, strict=True)
            self.typed["azure_subscription_id"].update(subscriptions)
            self.typed["azure_resource_group"].update(groups)
            self.names.update(_AZURE_NAME.findall("\n".join(tails)))
            self.odd += ((label, line) for line in odd if line)

    def gcp_names(self, text: str, label: str) -> None:
        found = _GCP.findall(text)
        if found:
            projects, tails, odd = zip(*found, strict=True)
            self.typed["gcp_project_id"].update(projects)
            self.names.update(_GCP_ID.findall("\n".join(tails)))
            self.odd += ((label, line) for line in odd if line)

    def fresh(self, known: Container[str]) -> tuple[list[dict[str, str]], set[str]]:
        """The components not `known`, as one mapping to their entity per kind of component,
        and those that odd values would file as different entities."""
        out = [dict.fromkeys(_resources(_unknown(self.names, known)), "resource_name")]
        for entity, values in self.typed.items():
            refined = ((v, refine(entity, v)) for v in _unknown(values, known) if not nullish(v))
            out.append({v: e for v, e in refined if e is not None})
        odd: dict[str, str] = {}
        disputed: set[str] = set()
        for label, value in self.odd:
            for part, entity in components(label, value):
                if part not in known and odd.setdefault(part, entity) != entity:
                    disputed.add(part)
        out.append(odd)
        return out, disputed


def _resources(names: set[str]) -> set[str]:
    """The `names` that name resources: neither segments a composer keeps nor placeholders.
    Only a short name, or one with blanks around it, can be either: only those are asked."""
    listed = list(names)
    doubtful = set(compress(listed, map(gt, repeat(_DOUBTFUL + 1), map(len, listed))))
    doubtful.update(compress(listed, map(ne, listed, map(str.strip, listed))))
    return names.difference([n for n in doubtful if kept(n) or nullish(n)])


_DOUBTFUL = max(LONGEST_KEPT, LONGEST_NULLISH)


def _unknown(values: set[str], known: Container[str]) -> set[str]:
    """`values` not `known` (a set difference looks a plain dict up, iterates any other)."""
    return values.difference(known) if type(known) is dict or isinstance(known, set | frozenset) \
        else {v for v in values if v not in known}


_SHAPES = {"arn": "arns", "azure_id": "azure_ids", "gcp_name": "gcp_names"}


def new_components(identifiers: Mapping[str, str], composite: Container[str], known: Container[str],
                   of_shape: Mapping[str, Collection[str]] | None = None) -> dict[str, str]:
    """component → entity for the components of the `identifiers` (value → entity label) whose
    label is `composite` that are not `known`, as `shapes.components` of each value in turn
    would file them (the first value to hold a component decides its entity). `of_shape`: the
    values of each label, if the caller knows them (`data.identifiers.Identifiers`)."""
    found = _Found()
    groups = {label: list(values) for label, values in
              (of_shape or _by_label(identifiers, composite)).items()}
    for label, values in composite_shaped(identifiers, composite).items():
        groups[label] = groups.get(label, []) + values
    for label, values in groups.items():
        family = family_of(canonical(label))
        if label not in composite or family not in COMPOSERS:
            continue
        text = "\n".join(values)
        if family not in _SHAPES:
            found.odd += ((label, v) for v in values)
            continue
        if text.count("\n") != len(values) - 1:  # a value holds a line break
            found.odd += ((label, v) for v in values if "\n" in v)
            text = "\n".join(v for v in values if "\n" not in v)
        if family == "arn":
            found.arns(text)
        else:
            getattr(found, _SHAPES[family])(text, label)
    merged: dict[str, str] = {}
    parts, disputed = found.fresh(known)
    for part in parts:
        disputed.update(v for v in part.keys() & merged.keys() if part[v] != merged[v])
        merged.update(part)
    if disputed:
        in_order = ((label if family_of(canonical(label)) in COMPOSERS else arn_entity(v), v)
                    for v, label in identifiers.items())
        merged.update(_first_entities(in_order, disputed))
    return merged


def composite_shaped(identifiers: Mapping[str, str], composite: Container[str]) -> dict[str, list[str]]:
    """The values whose label is no composite shape (an asset id, a `resource_id`) but which
    are shaped like a composite identifier (an Azure id, an ARN), by the entity their shape
    gives them, in order: their components (a resource group, an account) identify as much
    as any ARN's do."""
    plain = {label for label in set(identifiers.values()) if family_of(canonical(label)) not in COMPOSERS}
    others = list(compress(identifiers, map(plain.__contains__, identifiers.values())))
    shaped: dict[str, list[str]] = {}
    for value in compress(others, map(str.startswith, others, repeat(COMPOSITE_HEADS))):  # in C
        shape = composite_shape(value)
        if shape is not None and shape in composite:
            shaped.setdefault(shape, []).append(value)
    return shaped


def _by_label(identifiers: Mapping[str, str], composite: Container[str]) -> dict[str, list[str]]:
    """The values of each `composite` label."""
    values = list(compress(identifiers, map(composite.__contains__, identifiers.values())))
    labels = list(map(identifiers.__getitem__, values))
    return {label: list(compress(values, map(eq, labels, repeat(label)))) for label in set(labels)}


def _first_entities(composite: Iterable[tuple[str, str]], disputed: set[str]) -> dict[str, str]:
    """The entity each `disputed` component gets from the first value that holds it."""
    holds = re.compile("|".join(map(re.escape, sorted(disputed, key=len, reverse=True))))
    first: dict[str, str] = {}
    for label, value in composite:
        if not holds.search(value):
            continue
        for part, entity in components(label, value):
            if part in disputed:
                first.setdefault(part, entity)
        if len(first) == len(disputed):
            break
    return first
