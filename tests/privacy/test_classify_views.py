"""The views that classify record texts at load find exactly what the generic walk finds.

Records are random trees over a vocabulary of keys that mark (secrets, people, names, account
ids, tags, tag pairs) and keys that mark nothing, with scalars, lists and objects at any depth,
numbers where ids go, keys with dots, spaces and backticks, and members that appear only in
later batches; every value is distinct, so the entity each value gets is decided by its position
alone and must match too.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cloudg_lab.data import load_inventory
from cloudg_lab.data.workspace import Workspace, own_identifiers
from cloudg_lab.privacy.classify import DatasetClassifier, dataset_dictionary
from cloudg_lab.privacy.detectors.keys import key_rule
from cloudg_lab.privacy.sensitive import record_all, sensitive_values
from cloudg_lab.privacy.views import FIRST_BATCH, MAX_MEMBERS, WALK, View, classify_texts
from cloudg_lab.sample import generate

KEYS = ["name", "owner", "db_password", "api_keys", "account_id", "trusted_accounts", "tags",
        "Tags", "metadata", "note", "count", "instance_id", "approvals", "a.b", "with space",
        "tick`key", "private_ip", "Key", "Value", "steward", "replicas", "raw_data", "id",
        "value", "ParameterKey", "ParameterValue", "username", "key"]
NAMING = ["owner", "account_id", "password", "email"]
"""What a value may be named by, as a pair's name (`{"Key": "x7_owner", "Value": ..}`)."""


def _records(draw: st.DrawFn, counter: itertools.count[int]) -> Any:
    def scalar() -> Any:
        n = next(counter)
        kind = draw(st.sampled_from(["text", "words", "int", "float", "bool", "none", "naming"]))
        if kind == "naming":  # distinct, and a key rule all the same: x7_owner names a person
            return f"x{n}_{draw(st.sampled_from(NAMING))}"
        return {"text": f"v{n}-x", "words": f"Ana{n} Lee{n}", "int": 10**11 + n, "float": n + 0.5,
                "bool": n % 2 == 0, "none": None}[kind]

    def tree(depth: int, key: str = "") -> Any:
        if key in ("tags", "Tags") and draw(st.booleans()):  # tags as collectors write them
            return {k: scalar() for k in draw(st.lists(st.sampled_from(KEYS), max_size=5, unique=True))}
        shape = draw(st.sampled_from(["scalar", "scalar", "list", "dict", "pair"] if depth < 3
                                     else ["scalar"]))
        if shape == "scalar":
            return scalar()
        if shape == "pair":  # a name/value pair, wherever it sits, maybe with a flag beside
            pair = {draw(st.sampled_from(["Key", "Name", "name", "ParameterKey", "username"])): scalar(),
                    draw(st.sampled_from(["Value", "value", "ParameterValue", "key"])): tree(depth + 1)}
            return pair | ({"sensitive": True} if draw(st.booleans()) else {})
        if shape == "list":
            return [tree(depth + 1) for _ in range(draw(st.integers(0, 3)))]
        keys = draw(st.lists(st.sampled_from(KEYS), max_size=4, unique=True))
        return {k: tree(depth + 1, k) for k in keys}

    count = draw(st.integers(1, FIRST_BATCH * 2))
    base = {k: tree(1, k) for k in draw(st.lists(st.sampled_from(KEYS), min_size=1, max_size=5, unique=True))}
    out = []
    for _ in range(count):  # mostly the same shape, as estates are, with a few others
        out.append(dict(base) if draw(st.integers(0, 9)) else {k: tree(1) for k in KEYS[:3]})
        out[-1] = json.loads(json.dumps(out[-1]).replace("-x", f"-{next(counter)}"))
    return out


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_views_find_what_the_generic_walk_finds(data: st.DataObject) -> None:
    counter = itertools.count()
    records = data.draw(st.composite(lambda draw: _records(draw, counter))(), label="records")
    texts = [json.dumps(r).encode() for r in records]
    known = {r["name"]: "resource_name" for r in records if isinstance(r.get("name"), str)}
    found: dict[str, str] = {}
    classify_texts(View(), texts, known, found)
    assert found == sensitive_values([json.loads(t) for t in texts], known)


def test_an_edge_s_own_id_is_dropped_by_its_view() -> None:
    texts = [json.dumps({"id": "edge-7781", "source_id": "vm-ledger-1", "target_id": "db-9",
                         "edge_type": "ATTACHED_TO", "ports": [443]}).encode()]
    found: dict[str, str] = {}
    classify_texts(View(dropped=("id",)), texts, {}, found)
    assert found == {"vm-ledger-1": "resource_name", "db-9": "resource_name"}


def test_a_generated_estate_gets_the_generic_dictionary(tmp_path: Path) -> None:
    inv = load_inventory(generate(assets=3000, seed=8, out=tmp_path))
    known = own_identifiers("estate", inv)
    fast = DatasetClassifier().dataset(*inv.records(), known)
    generic = dataset_dictionary([*inv.raw, *inv.edge_raw, *inv.finding_raw], known)
    assert dict(fast.items()) == dict(generic.items())
    assert len(fast) > len(known)  # the records' secrets, people and names are in it
    assert dict(_loaded(tmp_path).items()) == dict(generic.items())


def test_members_the_loader_holds_are_filed_from_its_columns(tmp_path: Path) -> None:
    """The asset ids, names, ARNs, accounts, edge ends and finding resources are filed from the
    loader's columns, not decoded again: what the identifiers leave out (values too short for
    them, addresses at an edge's end) must still be filed as the generic walk files it."""
    assets = [{"id": "q7", "name": "zx", "asset_type": "VM", "provider": "gcp", "account_id": 4410,
               "arn": "pq"},
              {"id": "vm-ledger-9", "name": "ledger-9", "asset_type": "VM", "provider": "azure"}]
    edges = [{"id": "e-1", "source_id": "q7", "target_id": "198.51.100.23", "edge_type": "REACHES"},
             {"id": "e-2", "source_id": "fe80::1:9", "target_id": "vm-ledger-9", "edge_type": "X"}]
    findings = [{"id": "f1", "resource_id": "203.0.113.77", "title": "t", "description": "d",
                 "source_tool": "probe", "severity": "LOW"}]
    (tmp_path / "inventory-map.json").write_text(json.dumps(
        {"assets": assets, "edges": edges, "regions": {}}))
    (tmp_path / "findings.json").write_text(json.dumps({"findings": findings}))
    inv = load_inventory(tmp_path)
    known = own_identifiers("estate", inv)
    fast = DatasetClassifier().dataset(*inv.records(), known)
    generic = dataset_dictionary([*inv.raw, *inv.edge_raw, *inv.finding_raw], known)
    assert dict(fast.items()) == dict(generic.items())
    assert {"zx", "q7", "pq", "198.51.100.23", "fe80::1:9"} <= fast.keys() - known.keys()
    assert dict(_loaded(tmp_path).items()) == dict(generic.items())  # the columns' unknown values


def _loaded(path: Path) -> Mapping[str, str]:
    """The dictionary a workspace with the classifier makes of the dataset at `path` (the
    columns' values handed over are those the identifiers leave out)."""
    sensitive = Workspace(classifier=DatasetClassifier()).load(path, name="estate").sensitive
    assert sensitive is not None
    return sensitive


def test_lists_of_objects_get_views_and_sparse_members_are_kept_where_they_appear() -> None:
    """A key that lists objects (`ingress: [{..}]`) gets a view of its own, whose keys are
    learnt like any (some only in a later batch, some holding objects or lists of lists), and
    a marking member met in a few records only is found in those."""
    records: list[dict[str, Any]] = []
    for n in range(FIRST_BATCH * 3):
        rule: dict[str, Any] = {"port": n, "cidr": "10.0.0.0/8"}
        if n % 97 == 5:
            rule["owner"] = f"Ana{n} Lee"
        if n > FIRST_BATCH * 2:
            rule.update({"steward": {"name": f"Bo{n} Kim"}, "notes": [[f"x{n}", {"password": f"pw-{n}-z"}]]})
        meta: dict[str, Any] = {"ingress": [rule, 7, "open"] if n % 2 else []}
        if n == FIRST_BATCH * 3 - 1:
            meta["ingress"] = [[{"owner": "Cy Last"}]]  # a list inside the list: walked
        if n % 211 == 3:
            meta["instance_id"] = f"i-{n:08x}"
        records.append({"name": f"r{n}", "metadata": meta})
    texts = [json.dumps(r).encode() for r in records]
    found: dict[str, str] = {}
    classify_texts(View(), texts, {}, found)
    assert found == sensitive_values([json.loads(t) for t in texts])
    assert {"Ana5 Lee", "i-00000003", "Bo259 Kim", "pw-259-z", "Cy Last"} <= found.keys()


def test_values_are_filed_as_their_rule_and_shape_say() -> None:
    """`record_all` settles the rule once for a column: each value still gets its own shape's
    entity (an address under a name key, an account id that is a UUID, an e-mail key's name)."""
    cases = [(key_rule("name"), " billing-db ", {"billing-db": "resource_name"}),
             (key_rule("name"), "10.0.0.5", {"10.0.0.5": "private_ip"}),
             (key_rule("name"), "127.0.0.1", {}),  # a special address names nothing
             (key_rule("account_id"), "31c09181-c298-4778-b985-2e511cc427ea",
              {"31c09181-c298-4778-b985-2e511cc427ea": "azure_subscription_id"}),
             (key_rule("account_id"), 618243790115.0, {"618243790115": "aws_account_id"}),
             (key_rule("assets"), 250000, {}), (key_rule("email"), "Ana Lee",
              {"Ana Lee": "person", "Lee, Ana": "person", "Lee Ana": "person"}),
             (key_rule("db_password"), "abc", {}), (key_rule("db_password"), 12345, {"12345": "password"}),
             (key_rule("owner"), "N/A", {}), (key_rule("owner"), True, {})]
    together: dict[str, str] = {}
    for rule, value, expected in cases:
        alone: dict[str, str] = {}
        record_all(alone, [value], rule)
        assert alone == expected, value
        together.update(expected)
    mixed: dict[str, str] = {}
    for rule in {id(r): r for r, _, _ in cases}.values():
        record_all(mixed, [v for r, v, _ in cases if r is rule], rule)
    assert mixed == together


def test_a_list_holding_null_beside_records_is_classified_like_the_generic_walk() -> None:
    records = [{"a.b": [f"text-{n}", None, {"name": f"node-{n}", "owner": f"Ana Lee {n}", "tags": "t"}],
                "name": f"asset-{n}", "db_password": f"hunter-{n}-secret"} for n in range(FIRST_BATCH * 2)]
    texts = [json.dumps(r).encode() for r in records]
    known = {r["name"]: "resource_name" for r in records}
    found: dict[str, str] = {}
    classify_texts(View(), texts, known, found)
    assert found == sensitive_values([json.loads(t) for t in texts], known)
    assert found["hunter-3-secret"] == "password" and found["Ana Lee 5"] == "person"


def test_an_estate_whose_lists_hold_null_beside_records_loads(tmp_path: Path) -> None:
    assets = [{"id": f"vm-{n}", "name": f"asset-{n}", "asset_type": "VM", "provider": "AWS",
               "a.b": [f"scratch-{n}", None, {"name": f"vol-{n}", "owner": f"Ana Lee {n}", "tags": "t"}]}
              for n in range(FIRST_BATCH * 2)]
    (tmp_path / "inventory-map.json").write_text(json.dumps(
        {"assets": assets, "edges": [], "regions": {}, "unresolved_references": []}))
    dataset = Workspace(classifier=DatasetClassifier()).load(tmp_path, name="nulls")
    assert dataset.sensitive is not None and dataset.sensitive["Ana Lee 7"] == "person"


def test_a_position_whose_keys_are_data_goes_to_the_generic_walk() -> None:
    """Values as keys (a CMDB export's `{"host-3f9a": {..}}`, and records keyed so at their
    top): past `MAX_MEMBERS` keys the position is walked generically, finding what the generic
    walk finds, instead of the view learning (and being built again for) every new key."""
    nested = [{"name": f"asset-{n}", "metadata": {f"host-{n:05x}{k}": {"owner": f"Ana{n} Lee{k}", "port": k}
                                                  for k in range(3)}} for n in range(FIRST_BATCH * 3)]
    keyed = [{f"k-{n:05x}": {"steward": f"Ana{n} Lee"}, "name": f"asset-{n}"} for n in range(FIRST_BATCH * 3)]
    for records, position in ((nested, "metadata"), (keyed, None)):
        texts = [json.dumps(r).encode() for r in records]
        view, found = View(), {}
        classify_texts(view, texts, {}, found)
        assert found == sensitive_values([json.loads(t) for t in texts])
        assert found["Ana7 Lee"] == "person" if position is None else found["Ana7 Lee2"] == "person"
        if position is None:
            assert len(view.root.members) <= MAX_MEMBERS
        else:
            assert view.root.members[position].mode == WALK


def test_a_view_is_built_again_only_where_a_lesson_changed_it() -> None:
    view = View()
    classify_texts(view, [json.dumps({"metadata": {"a": {"owner": "Ana Lee"}}, "b": {"x": 1}}).encode()],
                   {}, {})
    untouched = view.root.members["b"].node
    assert untouched is not None
    built, root = untouched.struct({}), view.root.struct({})
    view.root.members["metadata"].node.learn("c")  # type: ignore[union-attr]
    assert untouched.struct({}) is built
    assert view.root.struct({}) is not root  # the path to the node that learnt is built again


def test_a_kubernetes_secret_anywhere_is_classified_like_the_generic_walk() -> None:
    """A Secret's `data` is secret whatever its keys: the view cannot see `kind`'s value, so a
    batch holding one goes to the generic walk, at a record's root or below it; a `kind` of
    another value (Azure's `StorageV2`) keeps the view."""
    records: list[dict[str, Any]] = []
    for n in range(FIRST_BATCH * 3):
        manifest = {"kind": "Secret" if n % 25 == 7 else "ConfigMap",
                    "data": {"primary": f"c2VjcmV0LXt{n:04d}"}}
        records.append({"name": f"asset-{n}", "metadata": {"kind": "StorageV2", "manifest": manifest}}
                       if n % 2 else {"name": f"asset-{n}", **manifest})
    texts = [json.dumps(r).encode() for r in records]
    found: dict[str, str] = {}
    classify_texts(View(), texts, {}, found)
    assert found == sensitive_values([json.loads(t) for t in texts])
    assert {"c2VjcmV0LXt0007", "c2VjcmV0LXt0032"} <= found.keys()  # below the root, and at it
    assert "c2VjcmV0LXt0008" not in found  # a ConfigMap's data
