"""The tree's promise: the core never imports a framework; adapters and the notebook do, lazily."""

from __future__ import annotations

import subprocess
import sys
import textwrap

BLOCKED = ("mcp", "IPython", "ipywidgets", "ipykernel", "uvicorn", "starlette", "httpx2", "traitlets")

SCRIPT = textwrap.dedent(f"""
    import asyncio, importlib.abc, sys

    class Block(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in {BLOCKED!r}:
                raise ImportError("blocked framework: " + name)
            return None

    sys.meta_path.insert(0, Block())
    import cloudg_lab
    from cloudg_lab import Layer

    async def main():
        for profile in ("open", "standard", "strict"):
            layer = Layer(policy=profile)
            tools = await layer.list_tools()
            assert tools, profile
            result = await layer.call_tool("workspace_status", {{}})
            assert not result.is_error, result.to_wire()
        print("core ok", len(tools))

    asyncio.run(main())
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in {BLOCKED!r})
    assert not loaded, loaded
""")


def test_the_core_and_the_catalog_run_with_every_framework_blocked():
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "core ok" in done.stdout
