"""Classifying a dataset once, at load: which of its values are sensitive, whatever key they sit under.

The output pipeline decides most values by the key they sit under (`password`, `owner`,
`account_id`). That protection is lost as soon as a value leaves its key: a listing of tag
values, an error that quotes an argument, fenced text, a handler's echo, a dict key. So each
dataset is walked once when it loads, with the same key rules, and every value that a key marks
sensitive (secrets, people, accounts, resource names...) is recorded with its entity. The
`Dictionary` built from it is then matched in every output, wherever the value appears.

Values that only a pattern recognises (an e-mail, an IP, a token format) need no entry: the
pattern detectors find them anywhere. The records are read through views tuned to the data
(`views`), which look only at the members whose key rules can mark something and walk those as
the generic walk (`sensitive`) does; the members the loader decoded already (ids, names, ARNs,
accounts, edge ends) are filed from its columns instead of being decoded twice (only the values
the identifiers leave out are handed over), the tags from its tag index (`tagged`), the secrets
a text gives away by its context (`requirepass ...`) from the records that hold a trigger
(`contextual`); the
components of composite identifiers (an ARN's account) are found for all of them at once
(`shapes.bulk`), and the users that logon names and SSH keys name (`named_users`). `dataset_dictionary` is the
reference all this must agree with: every record decoded and walked, every composite value taken
apart on its own (`derive`).
"""

from __future__ import annotations

import gc
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

import msgspec

from cloudg_lab.privacy import derive
from cloudg_lab.privacy.contextual import file_contextual
from cloudg_lab.privacy.dictionary import Dictionary
from cloudg_lab.privacy.named_users import named_users
from cloudg_lab.privacy.sensitive import sensitive_values
from cloudg_lab.privacy.shapes.bulk import composite_shaped, new_components
from cloudg_lab.privacy.tagged import classify_tags
from cloudg_lab.privacy.views import View, classify_columns, classify_texts

if TYPE_CHECKING:
    from cloudg_lab.data.inventory import Records

_COMPOSITE_ENTITIES = frozenset({"aws_arn", "azure_resource_id", "gcp_resource_name", "resource_id"})
"""Identifier entities whose values may be paths of other identifiers (an ARN's account)."""
__all__ = ["DatasetClassifier", "dataset_dictionary", "sensitive_values"]


def dataset_dictionary(raw_records: Iterable[str | bytes], identifiers: Mapping[str, str]) -> Dictionary:
    """The dictionary of one dataset: its identifiers (ids, names, ARNs, accounts) with their
    components, plus the sensitive values of its records (`raw_records`: their JSON text),
    each record decoded and walked, each composite value taken apart on its own: the
    reference `DatasetClassifier` must agree with."""
    raws = list(raw_records)
    found = sensitive_values((msgspec.json.decode(raw) for raw in raws), identifiers)
    file_contextual(raws, found)
    found.update(identifiers)  # the columns know best what an id, a name or an account is
    for value, entity in derive.candidates(_composite(identifiers)):
        found.setdefault(value, entity)
    found.update(named_users(found, found))
    return Dictionary(found)


def _composite(identifiers: Mapping[str, str]) -> dict[str, str]:
    """The identifiers whose values may be paths of other identifiers, in order: by their
    entity, or by their shape (an asset id that is an Azure id)."""
    shaped = {v: label for label, values in composite_shaped(identifiers, _COMPOSITE_ENTITIES).items()
              for v in values}
    return {v: shaped.get(v, e) for v, e in identifiers.items()
            if e in _COMPOSITE_ENTITIES or v in shaped}


@contextmanager
def _collector_paused() -> Iterator[None]:
    """CPython's cyclic collector paused while a dataset is classified. The views allocate
    millions of short-lived containers (a list of ports per edge, a Struct per record), and
    every 700 allocations start a collection that traverses the young objects and, now and
    then, the whole loaded estate, finding nothing: none of it forms cycles. That was up to
    two fifths of the time of an estate's edges. Whatever a cycle did leave is collected
    once the collector runs again."""
    if not gc.isenabled():  # paused by the caller (or a concurrent load): theirs to resume
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class DatasetClassifier:
    """The workspace's classifier (`data.workspace.Classifier`): a `Dictionary` per dataset."""

    def dataset(self, assets: Records, edges: Records, findings: Records,
                identifiers: Mapping[str, str],
                of_shape: Mapping[str, Collection[str]] | None = None) -> Dictionary:
        """The dictionary of a dataset's records: the members the loader decoded into columns
        are filed from the columns (their texts skipped by the views), the rest from the texts."""
        found: dict[str, str] = {}
        with _collector_paused():
            # views learn each dataset's keys afresh: concurrent loads share none
            for records, dropped in ((assets, ()), (edges, ("id",)), (findings, ())):
                if records.tags is not None:  # filed from the loader's index, not decoded
                    classify_tags(records.tags, records.texts, identifiers, found)
                view = View(dropped=(*dropped, *records.columns,
                                     *(() if records.tags is None else ("tags",))))
                classify_texts(view, records.texts, identifiers, found)
                classify_columns(records.columns, identifiers, found)
                file_contextual(records.texts, found)
            # the columns know best what an id, a name or an account is: their entity wins over
            # the texts' (which may file a component the columns hold); copying the columns'
            # mapping and adding the few others, in order (the same in every process), costs
            # less than inserting it into the texts'
            merged = dict(identifiers)
            merged.update({value: entity for value, entity in found.items() if value not in merged})
            merged.update(new_components(identifiers, _COMPOSITE_ENTITIES, merged, of_shape))
            merged.update(named_users(merged, merged))
            return Dictionary(merged, owned=True)

    def combine(self, parts: Sequence[Mapping[str, str]]) -> Dictionary:
        merged: dict[str, str] = {}
        for part in reversed(parts):
            merged.update(part)
        return Dictionary(merged, owned=True)
