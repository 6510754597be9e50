"""The notebook's own surfaces under `strict`, in process: what a notebook user sees is no less private.

A notebook session runs on the estate's strict layer; its calls (tools, a resource template, a
prompt, completions) are shown through the display objects, whose MIME bundles (the cloudg
payload, HTML and plain text) are scanned; so are the AuditLog and Vault widgets' model states
and fallbacks (the Vault for a viewer who may not reveal, searched with a real value) and the
audit export written to disk, and the log the session wrote. No canary may be in any of them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import catalog_walker as cw
import leak_scan as ls
from redteam_runs import hidden, layer_for, server_log

from cloudg_lab import MCPLayerError, Principal
from cloudg_lab.notebook.config import SessionConfig
from cloudg_lab.notebook.session import Session
from cloudg_lab.notebook.widgets import AuditLog, Vault
from cloudg_lab.notebook.widgets.base import descendants

WHO = "alice:analyst"


def _widget(shown: Any, typed: Any = None) -> dict[str, Any]:
    """Every model's state under the widget, and both fallbacks; `typed` is the user's own input box."""
    bundle = shown._repr_mimebundle_()
    return {"states": [w.get_state() for w in descendants(shown.widget) if w is not typed],
            "html": bundle.get("text/html"), "plain": bundle.get("text/plain")}


async def _shown(session: Session, seen: cw.Seen, real: list[str]) -> list[cw.Surface]:
    """MIME bundles of every display object the session's calls return."""
    out: list[cw.Surface] = []
    calls: list[tuple[str, dict[str, Any]]] = [
        ("find_assets", {"fields": cw.ALL_FIELDS, "limit": 100}), ("list_tags", {}),
        ("list_findings", {"status": "all"})]
    calls += [("list_tags", {"key": k}) for k in seen.keys]
    calls += [(t, {"ref": r}) for r in seen.refs + real[:4] for t in ("get_asset", "neighbors")]
    calls += [("get_finding", {"finding_id": f}) for f in seen.findings]
    for tool, arguments in calls:
        shown = await session.call(tool, arguments, principal=WHO)
        out.append((f"mime:{tool}", shown._repr_mimebundle_()))
    for ref in seen.refs[:6]:
        read = await session.read(f"cloudg://assets/{ref}", principal=WHO)
        out.append(("mime:template:cloudg://assets/{+ref}", read._repr_mimebundle_()))
        prompt = await session.prompt("investigate_asset", {"ref": ref}, principal=WHO)
        out.append(("mime:prompt:investigate_asset", prompt._repr_mimebundle_()))
    for prefix in ["", *(r[:3] for r in real[:4])]:
        done = await session.complete("prompt", "investigate_asset", "ref", prefix, principal=WHO)
        out.append(("complete:investigate_asset.ref", done))
    for kind in ("tools", "resources", "prompts"):
        listing = await session.listing(kind, principal=WHO)
        out.append((f"mime:listing:{kind}", listing._repr_mimebundle_()))
    return out


async def _refused(session: Session, real: list[str]) -> None:
    """Calls the audit buffer records in full: hidden tools, refused arguments."""
    for arguments in ({"token": real[0]}, {"ref": real[0], real[1]: 1}):
        try:
            tool = "reveal_token" if "token" in arguments else "get_asset"
            await session.call(tool, arguments, principal=WHO)
        except MCPLayerError:
            continue


async def test_notebook_surfaces_show_no_canary_under_strict(estate: Any, tmp_path: Path) -> None:
    layer = layer_for(estate, "strict")
    session = Session(SessionConfig(policy="strict", autoload_sample=False), layer=layer)
    walker = cw.Walker(layer, Principal.parse(WHO), estate.path)
    real = estate.real_refs()
    with server_log() as log:
        await walker.harvest({"find_assets", "list_findings", "list_tags"})
        surfaces = await _shown(session, walker.seen, real)
        await _refused(session, real)
        audit = AuditLog(session.audit_log(), title="audit · strict")
        vault = Vault(layer.vault, reveal=False, viewer=WHO)
        surfaces += [("widget:AuditLog", _widget(audit)), ("widget:Vault", _widget(vault))]
        vault.search.value = real[1]
        surfaces.append(("widget:Vault searched", _widget(vault, typed=vault.search)))
        for suffix in (".csv", ".jsonl"):
            written = audit.export(tmp_path / f"audit{suffix}")
            surfaces.append((f"export:audit{suffix}", written.read_text()))
        audit.close()
        vault.close()
    assert len(surfaces) > 60 and len(vault.rows) == 0 and audit.rows
    assert any(json.dumps(s[1]).count("cloudg") for s in surfaces if s[0].startswith("mime:"))
    leaks = ls.Scanner(hidden(estate, "strict")).scan(surfaces + log)
    assert not leaks, ls.report(leaks)


async def test_the_same_surfaces_show_the_canaries_under_open(estate: Any) -> None:
    """The control: an open session's bundles carry the estate's canaries, so the test above can fail."""
    layer = layer_for(estate, "open")
    session = Session(SessionConfig(policy="open", autoload_sample=False), layer=layer)
    walker = cw.Walker(layer, Principal.parse(WHO), estate.path)
    await walker.harvest({"find_assets", "list_findings", "list_tags"})
    surfaces = await _shown(session, walker.seen, estate.real_refs())
    reached = ls.Scanner(hidden(estate, "strict")).reached(surfaces)
    assert len(reached) > 0.9 * len(hidden(estate, "strict"))
