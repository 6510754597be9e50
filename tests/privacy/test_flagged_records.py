"""Records that flag their own secret members, whatever those are named (red team `fjord`):
JSON Web Keys (`d`, `p`, `q`, `k` beside `kty`), Terraform state instances whose
`sensitive_attributes` list neutral attributes (`result`, `content`), and HCL variables whose
`default` is flagged `sensitive = true`. As dicts, as JSON text, and through a real `Layer` whose
finding quotes the value away from its record (classification at load). Generated variants."""

from __future__ import annotations

import base64
import json
import random
from pathlib import Path
from typing import Any

import pytest

from cloudg_lab import Layer, Principal
from tests.privacy.test_detector_classes import ALNUM, VARIANTS, WORDS, rand, shown


def _secret(r: random.Random) -> str:
    return rand(r, ALNUM, r.randrange(10, 20)) + r.choice("#%!") + rand(r, ALNUM, 4)


def _b64(r: random.Random, n: int) -> str:
    return base64.urlsafe_b64encode(r.randbytes(n)).decode().rstrip("=")


def _jwk(r: random.Random) -> tuple[dict[str, Any], list[str]]:
    """An RSA, EC or symmetric JWK with its private members, and those members' values."""
    kind = r.choice(["RSA", "EC", "oct"])
    public = {"RSA": {"n": _b64(r, 64), "e": "AQAB"}, "oct": {},
              "EC": {"crv": "P-256", "x": _b64(r, 32), "y": _b64(r, 32)}}[kind]
    private = {"RSA": ("d", "p", "q", "dp", "dq", "qi"), "EC": ("d",), "oct": ("k",)}[kind]
    values = {m: _b64(r, r.choice([32, 48])) for m in private}
    key = {"kty": kind, "kid": r.choice(WORDS), "use": r.choice(["sig", "enc"]), **public, **values}
    return dict(r.sample(list(key.items()), len(key))), list(values.values())


def _state(r: random.Random) -> tuple[dict[str, Any], list[str], list[str]]:
    """A Terraform state: (the state, the flagged values, values of the same instance left unflagged).
    A resource's name is no word of `WORDS`: `strict` pseudonymizes it, and other tests' prose
    holds those words."""
    secrets, kept, resources = [], [], []
    for _ in range(r.randrange(1, 4)):
        flagged = r.choice(["result", "content", "value", "bootstrap", "data", "keepers"])
        other = r.choice(["length", "filename", "special"])
        secret, plain = _secret(r), f"{r.choice(WORDS)}-{r.randrange(10, 99)}"
        step = {"type": "get_attr", "value": flagged}
        resources.append({"mode": "managed", "type": r.choice(["random_password", "local_sensitive_file"]),
                          "name": rand(r, "bcdfghjklmnpqrstvwxz", 8), "instances": [{
                              "schema_version": 0, "attributes": {flagged: secret, other: plain},
                              "sensitive_attributes": [[step]] if r.random() < 0.7 else [step]}]})
        secrets.append(secret)
        kept.append(plain)
    return {"version": 4, "terraform_version": "1.9.5", "resources": resources}, secrets, kept


def _placed(r: random.Random, record: Any) -> dict[str, Any]:
    """`record` under a neutral key, as a dict or as its JSON text."""
    held = record if r.random() < 0.5 else json.dumps(record)
    return {r.choice(["signing", "config", "jwks", "state", "blob"]): {r.choice(WORDS): held}}


@pytest.mark.parametrize("profile", ["standard", "strict"])
def test_a_jwk_s_private_members_are_hidden_and_its_public_ones_kept(profile: str) -> None:
    r = random.Random(f"jwk {profile}")
    for _ in range(VARIANTS):
        key, secrets = _jwk(r)
        keys = {"keys": [key]} if r.random() < 0.5 else key
        wire = json.dumps(shown(profile, _placed(r, keys)))
        assert all(s not in wire for s in secrets), wire
        assert key["kty"] in wire and all(str(key[m]) in wire for m in ("n", "x", "e") if m in key), wire


@pytest.mark.parametrize("profile", ["standard", "strict"])
def test_attributes_a_terraform_state_flags_sensitive_are_hidden_and_the_others_kept(profile: str) -> None:
    r = random.Random(f"tfstate {profile}")
    for _ in range(VARIANTS):
        state, secrets, kept = _state(r)
        wire = json.dumps(shown(profile, _placed(r, state)))
        assert all(s not in wire for s in secrets), wire
        assert all(k in wire for k in kept), wire


def test_a_variable_default_flagged_sensitive_in_hcl_is_hidden() -> None:
    r = random.Random("hcl default")
    for _ in range(VARIANTS):
        secret, name = _secret(r), r.choice(WORDS)
        body = [f'  default   = "{secret}"', "  type      = string", "  sensitive = true",
                f'  description = "{r.choice(WORDS)} password"']
        text = f'variable "{name}" {{\n' + "\n".join(r.sample(body, len(body))) + "\n}\n"
        wire = json.dumps(shown("standard", {"variables_tf": text}))
        assert secret not in wire and name in wire, wire


def test_a_dict_with_a_kty_but_no_private_member_or_no_flag_is_left_alone() -> None:
    r = random.Random("jwk public")
    for _ in range(VARIANTS):
        public = {"kty": "RSA", "n": _b64(r, 64), "e": "AQAB", "kid": r.choice(WORDS)}
        attributes = {"result": r.choice(WORDS) + "-x"}
        unflagged = {"instances": [{"attributes": attributes, "sensitive_attributes": []}]}
        value = {"jwks": {"keys": [public]}, "state": unflagged}
        assert shown("standard", value) == value


async def test_a_flagged_value_quoted_elsewhere_in_the_dataset_is_hidden(tmp_path: Path) -> None:
    """Classification at load files the flagged values, so a finding quoting one hides it too."""
    r = random.Random("flagged at load")
    for i in range(3):
        key, key_secrets = _jwk(r)
        state, state_secrets, _ = _state(r)
        quoted = [r.choice(key_secrets), r.choice(state_secrets)]
        asset = {"id": f"i-{i:017x}", "name": f"{r.choice(WORDS)}-idp-{i}", "asset_type": "OTHER",
                 "provider": "OKTA", "region": "global",
                 "metadata": {"signing": {"keys": [key]}, "state": state}}
        description = f"Rotated {quoted[0]} and {quoted[1]} yesterday."
        wire = await finding_wire(tmp_path / f"d{i}", asset, description)
        assert "Rotated" in wire and all(q not in wire for q in quoted), wire


async def finding_wire(root: Path, asset: dict[str, Any], description: str) -> str:
    """What a `standard` caller reads of a finding on `asset` (the dataset's one asset, written
    under `root`) whose description is `description`."""
    layer = Layer(policy="standard", datasets={"d": _written(root, asset, description)})
    who = Principal.parse("eve:analyst")
    found = await layer.call_tool("get_finding", {"finding_id": "f-1"}, principal=who)
    return json.dumps(found.to_wire())


def _written(root: Path, asset: dict[str, Any], description: str) -> Path:
    finding = {"id": "f-1", "resource_id": asset["id"], "severity": "HIGH", "title": "Quoted",
               "source_tool": "gitleaks", "description": description}
    root.mkdir()
    (root / "inventory-map.json").write_text(json.dumps({"assets": [asset], "edges": [], "regions": {}}))
    (root / "findings.json").write_text(json.dumps({"findings": [finding]}))
    return root
