"""Walking everything a principal can reach, with arguments built from what the principal sees.

The walk reads the layer's own listings (tools, resources, templates, prompts), so a primitive
added tomorrow is walked too. Arguments come from the input schemas: a property that names an
asset gets every reference the principal saw on `find_assets` pages, a finding id every id on
`list_findings` pages, a dataset every dataset name, `key` every tag key, `tag` every `k=v`,
`cursor` every `next_cursor`, and an enum-like string every value the layer lists as valid when
probed with a wrong one. Under `strict` what the principal saw are pseudonyms, so the walk passes
pseudonyms back, as a client would; `probes` add what an attacker would type (real values, a
typo for did-you-mean, a broken file whose JSON paths are made of real keys).

Each call's wire result, or protocol error, is one surface `kind:name`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cloudg_lab import Layer, MCPLayerError, Principal

Surface = tuple[str, Any]
ALL_FIELDS = ["id", "name", "type", "provider", "region", "account_id", "arn", "internet_exposed",
              "open_findings", "max_severity", "tags", "uri"]
MAX_VALUES = 40
_PROBE = "rt-probe-no-such-value"
_VARIABLE = re.compile(r"\{\+?(\w+)\}")


@dataclass
class Seen:
    """What the principal was shown, as argument values for the next calls."""

    refs: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    findings: list[str] = field(default_factory=list)
    datasets: list[str] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    accounts: list[str] = field(default_factory=list)
    regions: list[str] = field(default_factory=list)


@dataclass
class Walker:
    layer: Layer
    principal: Principal
    estate_dir: Path
    out: list[Surface] = field(default_factory=list)
    seen: Seen = field(default_factory=Seen)

    # ------------------------------------------------------------------ calls

    async def tool(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        self.layer.policy.reset_rate_limits()  # the walk is one user's burst, not a flood
        result = await self.layer.call_tool(name, arguments, principal=self.principal)
        wire = result.to_wire()
        self.out.append((f"tool:{name}", wire))
        return result.structured or {}

    async def protocol(self, surface: str, call: Awaitable[Any]) -> Any:
        self.layer.policy.reset_rate_limits()
        try:
            result = await call
        except MCPLayerError as exc:
            self.out.append((f"{surface}:error", {"message": exc.message, "data": exc.data}))
            return None
        wire = (result.to_wire() if hasattr(result, "to_wire") else
                [c.to_wire() for c in result] if isinstance(result, list) else result)
        self.out.append((surface, wire))
        return result

    async def pages(self, name: str, arguments: dict[str, Any]) -> list[dict[str, Any]]:
        """Every item of a paged tool, following `next_cursor`."""
        items: list[dict[str, Any]] = []
        args = dict(arguments)
        for _ in range(50):
            page = await self.tool(name, args)
            items += page.get("items") or []
            if not page.get("next_cursor"):
                break
            args["cursor"] = page["next_cursor"]
        return items

    # ------------------------------------------------------------------ harvest

    async def harvest(self, visible: set[str]) -> None:
        s = self.seen
        if "find_assets" in visible:
            for item in await self.pages("find_assets", {"limit": 7, "fields": ALL_FIELDS}):
                s.refs.append(str(item.get("id")))
                s.names += [str(item[k]) for k in ("name", "arn") if item.get(k)]
        if "list_findings" in visible:
            found = await self.pages("list_findings", {"status": "all", "limit": 4})
            s.findings = [str(f["id"]) for f in found]
        if "list_datasets" in visible:
            listed = await self.tool("list_datasets", {})
            s.datasets = [str(d.get("name")) for d in listed.get("datasets") or listed.get("items") or []]
        if "list_tags" in visible:
            s.keys = [str(k["key"]) for k in (await self.tool("list_tags", {"top": 500})).get("items") or []]
            for key in s.keys:
                values = (await self.tool("list_tags", {"key": key, "top": 500})).get("items") or []
                s.tags += [f"{key}={v.get('value')}" for v in values] + [key]
        if "list_accounts" in visible:
            s.accounts = [str(a.get("account_id") or a.get("id")) for a in
                          await self.pages("list_accounts", {"limit": 2})]
        if "list_regions" in visible:
            listed = await self.tool("list_regions", {})
            s.regions = [str(r.get("region") or r.get("name")) for r in listed.get("items") or []]

    def values_for(self, tool: str, prop: str, schema: dict[str, Any]) -> list[Any]:
        """Argument values for `prop` that reach the data, from what was seen."""
        s, text = self.seen, str(schema.get("description", "")).lower()
        kind = _type_of(schema)
        if prop == "cursor":
            return []
        if prop in ("ref", "source", "target", "resource") and "dataset" not in text:
            rotated = s.refs[1:] + s.refs[:1] if prop == "target" else s.refs
            return rotated + s.names[:6]
        if "finding" in text and prop.endswith("id"):
            return list(s.findings)
        if prop == "dataset" or ("dataset" in text and kind == "string" and prop != "path"):
            return s.datasets
        by_name: dict[str, list[Any]] = {
            "key": s.keys, "tag": s.tags, "account_id": s.accounts, "region": s.regions,
            "query": s.names[:8] + [n[2:-2] for n in s.names[:4] if len(n) > 6],
            "fields": [ALL_FIELDS, ["id", "name"], ["name"], ["id", "tags"]],
            "token": s.refs[:4] + s.names[:4], "path": [str(self.estate_dir)],
            "data": [self._raw_records()],
        }
        if prop in by_name:
            return by_name[prop]
        if kind == "boolean":
            return [True, False]
        return []

    def _raw_records(self) -> Any:
        inventory = json.loads((self.estate_dir / "inventory-map.json").read_text())
        findings = json.loads((self.estate_dir / "findings.json").read_text())
        return {"assets": inventory["assets"][:10], "findings": findings["findings"][:5]}

    async def enum_values(self, tool: str, prop: str, schema: dict[str, Any],
                          base: dict[str, Any]) -> list[Any]:
        """The valid values the layer names when `prop` gets a wrong one."""
        wrong: Any = [_PROBE] if _type_of(schema) == "array" else _PROBE
        self.layer.policy.reset_rate_limits()
        result = await self.layer.call_tool(tool, {**base, prop: wrong}, principal=self.principal)
        self.out.append((f"tool:{tool}", result.to_wire()))
        data = (result.meta or {}).get("cloudg/error_data") or {}
        valid = data.get("valid") if isinstance(data, dict) else None
        if not isinstance(valid, list):
            return []
        return [[v] for v in valid] if _type_of(schema) == "array" else list(valid)


def _type_of(schema: dict[str, Any]) -> str:
    if "type" in schema:
        return str(schema["type"])
    kinds = [str(o.get("type")) for o in schema.get("anyOf", []) if o.get("type") != "null"]
    return kinds[0] if kinds else "any"


def variables(template: str) -> list[str]:
    return _VARIABLE.findall(template)


# --------------------------------------------------------------------------- the walk

_SEPARATE = {"load_dataset", "unload_dataset"}
"""Walked once at the end (they change the workspace), by `_workspace_calls`."""


@dataclass(frozen=True)
class Probes:
    """What an attacker types instead of what it was shown: real values of the estate."""

    refs: list[str]
    findings: list[str]
    broken: list[Path]


async def walk(layer: Layer, principal: Principal, estate_dir: Path,
               probes: Probes | None = None) -> list[Surface]:
    """Every surface `principal` reaches: listings, tools, resources, templates, prompts,
    completions, the workspace tools, the probes and the audit buffer."""
    w = Walker(layer, principal, estate_dir)
    tools = await layer.list_tools(principal)
    w.out += [("list:tools", tools), ("list:resources", await layer.list_resources(principal)),
              ("list:templates", await layer.list_resource_templates(principal)),
              ("list:prompts", await layer.list_prompts(principal))]
    await w.harvest({t["name"] for t in tools})
    for spec in tools:
        if spec["name"] not in _SEPARATE:
            await _tool_calls(w, spec)
    await _reads(w)
    await _prompts(w)
    await _completions(w, probes)
    if probes is not None:
        await _probe(w, probes)
    await _workspace_calls(w, {t["name"] for t in tools}, probes)
    w.out.append(("audit", [entry.to_dict() for entry in layer.audit_log]))
    return w.out


async def cold(layer: Layer, principal: Principal) -> list[Surface]:
    """Argument-free prompts, tools and resources first, on a vault that has met nothing yet."""
    w = Walker(layer, principal, Path())
    for prompt in reversed(await layer.list_prompts(principal)):
        if not any(a.get("required") for a in prompt.get("arguments") or []):
            name = prompt["name"]
            await w.protocol(f"prompt:{name}", layer.get_prompt(name, {}, principal=principal))
    for spec in reversed(await layer.list_tools(principal)):
        if not (spec.get("inputSchema") or {}).get("required") and spec["name"] not in _SEPARATE:
            await w.tool(spec["name"], {})
    for resource in await layer.list_resources(principal):
        uri = resource["uri"]
        await w.protocol(f"resource:{uri}", layer.read_resource(uri, principal=principal))
    return w.out


async def _tool_calls(w: Walker, spec: dict[str, Any]) -> None:
    name, schema = spec["name"], spec.get("inputSchema") or {}
    props: dict[str, Any] = schema.get("properties") or {}
    choices = {p: w.values_for(name, p, s) for p, s in props.items()}
    base = {p: choices[p][0] for p in schema.get("required", []) if choices.get(p)}
    for prop, sub in props.items():
        if not choices[prop] and prop != "cursor" and _type_of(sub) in ("string", "array"):
            choices[prop] = await w.enum_values(name, prop, sub, base)
    calls = [base] + [{**base, p: v} for p, values in choices.items() for v in values[:MAX_VALUES]
                      if base.get(p) != v]
    for arguments in calls:
        if "cursor" in props:
            await w.pages(name, arguments)
        else:
            await w.tool(name, arguments)


def _by_variable(w: Walker, variable: str) -> list[str]:
    s = w.seen
    return {"ref": s.refs + s.names[:4], "finding_id": s.findings, "dataset": s.datasets}.get(variable, [])


async def _completed(w: Walker, ref: dict[str, Any], argument: str, value: str = "") -> list[str]:
    done = await w.protocol(f"complete:{ref.get('name') or ref.get('uri')}.{argument}",
                            w.layer.complete(ref, {"name": argument, "value": value}, principal=w.principal))
    return [str(v) for v in (done or {}).get("values", [])]


async def _reads(w: Walker) -> None:
    for resource in await w.layer.list_resources(w.principal):
        uri = resource["uri"]
        await w.protocol(f"resource:{uri}", w.layer.read_resource(uri, principal=w.principal))
    for template in await w.layer.list_resource_templates(w.principal):
        uri = template["uriTemplate"]
        for variable in variables(uri):
            ref = {"type": "ref/resource", "uri": uri}
            values = _by_variable(w, variable) or await _completed(w, ref, variable)
            for value in values[:MAX_VALUES]:
                concrete = re.sub(r"\{\+?" + variable + r"\}", value, uri)
                await w.protocol(f"template:{uri}", w.layer.read_resource(concrete, principal=w.principal))


async def _prompts(w: Walker) -> None:
    for prompt in await w.layer.list_prompts(w.principal):
        ref = {"type": "ref/prompt", "name": prompt["name"]}
        args = prompt.get("arguments") or []
        choices = {a["name"]: _by_variable(w, a["name"]) or await _completed(w, ref, a["name"]) for a in args}
        base = {a["name"]: choices[a["name"]][0] for a in args if a.get("required") and choices[a["name"]]}
        calls = [base] + [{**base, n: v} for n, values in choices.items() for v in values[:MAX_VALUES]]
        for arguments in calls:
            await w.protocol(f"prompt:{prompt['name']}",
                             w.layer.get_prompt(prompt["name"], arguments, principal=w.principal))


async def _completions(w: Walker, probes: Probes | None) -> None:
    """Every argument and variable, completed from nothing, from seen prefixes and real ones."""
    refs: list[tuple[dict[str, Any], str]] = []
    for prompt in await w.layer.list_prompts(w.principal):
        ref = {"type": "ref/prompt", "name": prompt["name"]}
        refs += [(ref, a["name"]) for a in prompt.get("arguments") or []]
    for template in await w.layer.list_resource_templates(w.principal):
        uri = template["uriTemplate"]
        refs += [({"type": "ref/resource", "uri": uri}, v) for v in variables(uri)]
    real = (probes.refs + probes.findings) if probes else []
    for ref, argument in refs:
        seen = _by_variable(w, argument)[:4]
        prefixes = {""} | {v[:n] for v in seen + real[:6] for n in (1, 3)}
        for prefix in sorted(prefixes):
            await _completed(w, ref, argument, prefix)


async def _probe(w: Walker, probes: Probes) -> None:
    """Real values where pseudonyms belong, typos for did-you-mean, an unexpected argument."""
    for real in probes.refs[:8]:
        await w.tool("get_asset", {"ref": real})
        await w.tool("find_assets", {"query": real})
        await w.tool("list_findings", {"resource": real})
        await w.protocol("template:cloudg://assets/{+ref}",
                         w.layer.read_resource(f"cloudg://assets/{real}", principal=w.principal))
        await w.protocol("prompt:investigate_asset",
                         w.layer.get_prompt("investigate_asset", {"ref": real}, principal=w.principal))
    for real in probes.findings[:4]:
        await w.tool("get_finding", {"finding_id": real})
    for seen in w.seen.refs[:6] + w.seen.names[:6]:
        await w.tool("get_asset", {"ref": seen[:-1] + ("x" if seen[-1:] != "x" else "y")})
    if probes.refs:
        await w.tool("get_asset", {"ref": w.seen.refs[0] if w.seen.refs else "x", probes.refs[0]: 1})


async def _workspace_calls(w: Walker, visible: set[str], probes: Probes | None) -> None:
    if "load_dataset" in visible:
        await w.tool("load_dataset", {"path": str(w.estate_dir), "name": "rt-copy", "replace": True})
        for i, broken in enumerate(probes.broken if probes else []):
            await w.tool("load_dataset", {"path": str(broken), "name": f"rt-broken-{i}"})
    if "unload_dataset" in visible:
        await w.tool("unload_dataset", {"name": "rt-copy"})
