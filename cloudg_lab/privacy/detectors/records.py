"""Records that say themselves which of their members are secret, whatever those are named.

A JSON Web Key holds its private parts under one-letter names (`d`, `p`, `q`, `k`) that no key
rule could call secret without calling every `d` one; the record's `kty` says what they are. A
Terraform state lists, beside a resource's `attributes`, the paths its provider marks sensitive
(`sensitive_attributes`): a `random_password`'s `result`, a file's `content`. Both the output
walk (`redact`) and classification at load (`sensitive`) ask here, so the two agree.
"""

from __future__ import annotations

from collections.abc import Mapping

from cloudg_lab.privacy.detectors.keys import KeyRule, intern

JWK_PRIVATE = ("d", "p", "q", "dp", "dq", "qi", "k", "oth")
"""RFC 7518's private members: RSA's exponent and primes (and `oth`), EC's `d`, a symmetric `k`."""
ATTRIBUTES = "attributes"
JWK, FLAGS = "kty", "sensitive_attributes"
FLAG_KEYS = frozenset({JWK, FLAGS})
"""Keys that make a record say which of its members are secret (classification walks it whole)."""
_STEP_KEYS = ("value", "Value")


def secret_members(container: Mapping[object, object], flagged: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Keys of `container` holding secrets by the record's own say: a JWK's private members, and
    `flagged` (the names its parent's record listed as sensitive)."""
    if not isinstance(container.get(JWK), str):
        return flagged
    return flagged + tuple(k for k in JWK_PRIVATE if k in container)


def flagged(container: Mapping[object, object]) -> KeyRule | None:
    """The rule for `attributes` of a Terraform resource instance whose `sensitive_attributes`
    name some: its members are the first attribute of each flagged path, else None."""
    paths = container.get(FLAGS)
    if not paths or not isinstance(paths, list) or not isinstance(container.get(ATTRIBUTES), dict):
        return None
    names = tuple(dict.fromkeys(name for path in paths if (name := _first_attribute(path)) is not None))
    return intern(KeyRule("none", detector="sensitive_attributes", members=names)) if names else None


def _first_attribute(path: object) -> str | None:
    """`[{"type": "get_attr", "value": "result"}, ...]` (or the step alone) → `result`."""
    step = path[0] if isinstance(path, list) and path else path
    if not isinstance(step, Mapping) or step.get("type") != "get_attr":
        return None
    name = next((step[k] for k in _STEP_KEYS if k in step), None)
    return name if isinstance(name, str) else None
