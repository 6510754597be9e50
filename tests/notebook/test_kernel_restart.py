"""Guarantee 1 across a kernel restart: yesterday's notebook output still resolves today.

A pseudonym saved by one kernel is resolved by the same kernel after a restart (a new process
with the same key and data), without the vault file that would otherwise carry the mapping.
"""

from __future__ import annotations

from pathlib import Path

from notebook_kernel import start_kernel

from cloudg_lab.sample import generate

SETUP = ("%load_ext cloudg_lab", "%mcp load estate={path}")


def test_a_pseudonym_saved_before_a_restart_resolves_after_it(tmp_path: Path) -> None:
    estate = generate(300, seed=777, out=tmp_path / "estate")
    env = {"CLOUDG_LAB_POLICY": "strict", "CLOUDG_LAB_VAULT_KEY": "restart-key"}
    kernel = start_kernel(tmp_path, **env)
    try:
        for cell in SETUP:
            kernel.ok(cell.format(path=estate))
        kernel.ok("r = %mcp call find_assets limit=3 fields='[\"id\",\"name\"]'")
        saved = kernel.value("[(i['id'], i['name']) for i in r.structured['items']]")
        kernel.manager.restart_kernel(now=True)
        kernel.client.wait_for_ready(timeout=60)
        for cell in SETUP:
            kernel.ok(cell.format(path=estate))
        for ident, name in saved:
            kernel.ok(f"g = %mcp call get_asset ref={ident}")
            assert kernel.value("(g.is_error, g.structured['id'], g.structured['name'])") == \
                (False, ident, name)
    finally:
        kernel.close()
