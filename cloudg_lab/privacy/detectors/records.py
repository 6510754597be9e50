"""Records that say themselves which of their members are secret, whatever those are named.

A JSON Web Key holds its private parts under one-letter names (`d`, `p`, `q`, `k`) that no key
rule could call secret without calling every `d` one; the record's `kty` says what they are. A
Terraform state lists, beside a resource's `attributes`, the paths its provider marks sensitive
(`sensitive_attributes`): a `random_password`'s `result`, a file's `content`. A Kubernetes
`Secret` (`"kind": "Secret"`) holds its secrets under `data` (base64) and `stringData` (plain),
each under whatever name the workload reads it by (`primary`, `upstream`). A name/value pair
(`{"Name": "DB_PASSWORD", "Value": ...}`) says by its name what its value is, and a catalog's
column profile what its samples are (`{"name": "email", "samples": [...]}`, red team `quarto`).
Both the output walk (`redact`) and classification at load (`sensitive`, `views`) ask here, so
the two agree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from cloudg_lab.privacy.detectors.keys import SECRET_FLAGS, KeyRule, intern

JWK_PRIVATE = ("d", "p", "q", "dp", "dq", "qi", "k", "oth")
"""RFC 7518's private members: RSA's exponent and primes (and `oth`), EC's `d`, a symmetric `k`."""
ATTRIBUTES = "attributes"
JWK, FLAGS = "kty", "sensitive_attributes"
KIND, SECRET_KIND, SECRET_DATA = "kind", "Secret", ("data", "stringData")
FLAG_KEYS = frozenset({JWK, FLAGS})
"""Keys that make a record say which of its members are secret (classification walks it whole)."""
_STEP_KEYS = ("value", "Value")
PAIR_SIZE = 4
"""Members a name/value pair may have (its name, its value, a type, a flag)."""
PAIR_VALUES = ("Value", "value", "ParameterValue", "parameterValue", "val", "Val",
               "samples", "sample_values", "sampleValues", "example_values")
"""A pair's value, and a data catalog's column samples: a column profile (`{"name": "email",
"type": "VARCHAR", "samples": [...]}`) says by its name what its samples are, as a pair does."""
PAIR_MEMBERS = frozenset({*PAIR_VALUES, "key"})
"""Keys whose presence may make a dict a name/value pair (the value's, or a login's `key`)."""
PAIR_NAMES = ("Name", "name", "Key", "key", "ParameterKey", "parameterKey", "OptionName", "column_name",
              "columnName")
"""Keys holding a pair's name: a key (`DB_PASSWORD`, a column's `email`), never a resource's name,
though a column profile's `type` beside it looks like an asset's."""
SECURE_TYPE = "SecureString"
_TYPE_KEYS = ("Type", "type", "DataType")
"""An SSM parameter of type `SecureString` holds a secret under `Value`, whatever its name."""
_LOGINS = ("username", "user", "login", "user_name", "userName")
"""Beside one of these, a bare `key` is the login's API key (`kaggle.json`, registry and service
credentials), though `key` alone names anything."""


def secret_members(container: Mapping[object, object], flagged: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Keys of `container` holding secrets by the record's own say: a JWK's private members, a
    Kubernetes Secret's data, and `flagged` (the names its parent's record listed as sensitive)."""
    if container.get(KIND) == SECRET_KIND:
        return flagged + tuple(k for k in SECRET_DATA if k in container)
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


FLAGGED_VALUES = ("value", "Value", "default", "Default")
"""Where a record its own flag marks secret keeps the value: a Terraform output's `value`, a
variable's `default` flagged `sensitive`, a CloudFormation `NoEcho` parameter's `Default`."""


def flagged_value(container: Mapping[object, object]) -> str | None:
    """The key of the value `container` flags secret itself (`SECRET_FLAGS` true), else None.
    The value's keys are looked for first: most records hold none, and that is four look-ups."""
    key = next((key for key in FLAGGED_VALUES if key in container), None)
    if key is None or not any(container.get(flag) is True for flag in SECRET_FLAGS):
        return None
    return key


def names_its_value(container: Mapping[object, object]) -> bool:
    """Whether `container` is a name/value pair or a column profile (whatever its name says), so
    that its name (under `PAIR_NAMES`) is a key or a column, never a resource's name."""
    return len(container) <= PAIR_SIZE + 1 and any(key in container for key in PAIR_VALUES)


_REFERENT_KEYS = ("display_value", "displayValue", "summary", "displayName", "display_name")


def referent(container: Mapping[object, object]) -> str | None:
    """The member of a reference object that shows whom it points at, else None: ServiceNow's
    `{"display_value": ..., "link": ...}`, PagerDuty's `{"id": ..., "type": "user_reference",
    "summary": ...}` (red team `gale`). Under a person key that member is the person; the other
    keys are the record's fields, no people (as the keys of `{"Ana Lee": "approved"}` are)."""
    return next((k for k in _REFERENT_KEYS if isinstance(container.get(k), str)), None)


def names_a_value(rule: KeyRule) -> bool:
    """Whether a pair's name with this rule rules its value: it names a secret or a type."""
    return rule.kind in ("sensitive", "typed")


def named_pair(container: Mapping[object, object],
               rule_of: Callable[[str], KeyRule]) -> tuple[str, KeyRule] | None:
    """(value key, rule) of a name/value pair that names a secret or a typed value, else None:
    `{"Name": "DB_PASSWORD", "Value": ...}` (container env), `{"Key": "Owner", "Value": ...}`
    (tags listed as pairs, wherever they sit), CloudFormation parameters, GCP metadata items,
    SSM parameters (a `SecureString`'s value is secret whatever its name).
    The name is the key the value would sit under in a plain dict, so it rules the value alike
    (`rule_of`: the caller's key rules); a value its record flags as secret (a Terraform
    output's `"sensitive": true`, a `NoEcho` parameter's `Default`, however many members it has)
    is one, and so is a bare `key` beside a login (`_LOGINS`)."""
    flagged_key = flagged_value(container)
    if flagged_key is not None:
        return flagged_key, rule_of("secret")
    if len(container) > PAIR_SIZE:
        return None
    for value_key in PAIR_VALUES:
        if value_key in container:
            if any(container.get(kind) == SECURE_TYPE for kind in _TYPE_KEYS):
                return value_key, rule_of("secret")
            for name_key in PAIR_NAMES:
                name = container.get(name_key)
                if isinstance(name, str):
                    rule = rule_of(name)
                    return (value_key, rule) if names_a_value(rule) else None
    key = container.get("key")
    if isinstance(key, str) and any(isinstance(container.get(login), str) for login in _LOGINS):
        return "key", rule_of("api_key")  # `{"username": ..., "key": ...}`
    return None
