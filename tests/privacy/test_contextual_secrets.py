"""A secret a dataset's text gives away by its context is hidden where the data quotes it bare.

`requirepass ...`, `postgres://app:...@db`, `DB_PASSWORD=...` are found by what stands around
the secret; the same secret in another member or record ("rotated ... yesterday") has no
context. Classification at load files what those detectors find (`privacy.contextual`), so the
dictionary hides it everywhere, under `standard` and `strict`. Generated secrets, contexts and
places, through a real `Layer`; look-alikes stay.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cloudg_lab.privacy.contextual import fileable
from tests.privacy.test_detector_classes import VARIANTS, WORDS
from tests.privacy.test_record_structure import _layer, _walk
from tests.privacy.test_value_encodings import _password, _word

CONTEXTS = [
    lambda r, s: f"requirepass {s}",
    lambda r, s: f"postgres://{_word(r)}:{s}@db-{_word(r)}.internal:5432/app",
    lambda r, s: f"export {r.choice(['DB_PASSWORD', 'SMTP_PASS', 'CLIENT_SECRET'])}={s}",
    lambda r, s: f"Server=db;Uid=sa;Pwd={s};",
    lambda r, s: f"mytool deploy --api-token {s} --region eu",
]


async def test_a_secret_found_by_its_context_is_hidden_where_it_is_quoted_bare(tmp_path: Path) -> None:
    r = random.Random("contextual secrets")
    for i in range(VARIANTS):
        secret, kept = _password(r), _word(r)
        context = r.choice(CONTEXTS)(r, secret)
        bare = f"{r.choice(WORDS)} rotated {secret} {r.choice(['yesterday', 'again'])} for {kept}"
        metadata = {r.choice(["bootstrap", "notes", "runbook"]): context,
                    r.choice(["history", "events"]): [bare]}
        for policy in ("standard", "strict"):
            wire = await _walk(_layer(tmp_path / f"{i}-{policy}", metadata, policy))
            assert secret.lower() not in wire, (policy, metadata)
            assert kept in wire, (policy, metadata)


@pytest.mark.parametrize(("value", "filed"), [
    ("none", False), ("required", False), ("${DB_PASSWORD}", False), ("<password>", False),
    ("changeme", False), ("hunter2!x", True), ("Zq7pLm2xWv", True), ("correct horse battery staple", True)])
def test_only_a_value_no_word_could_be_is_filed(value: str, filed: bool) -> None:
    """A filed value is hidden in every text of the dataset: a word must not be."""
    assert fileable(value) is filed
