"""The magics in terminal IPython: no kernel, IPython's own runner drives the top-level await."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

SHELL_SCRIPT = textwrap.dedent('''
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    cells = [
        "%load_ext cloudg_lab",
        "r = %mcp call find_assets limit=2",
        "print('items', len(r.structured['items']), r.origin.policy)",
        "%%mcp call count_assets\\ngroup_by: provider\\n",
        "%mcp bogus",
        "%unload_ext cloudg_lab",
    ]
    for cell in cells:
        print(f"--- {cell.splitlines()[0]}", flush=True)
        result = shell.run_cell(cell)
        if result.result is not None:
            print(type(result.result).__name__, flush=True)
''')


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CLOUDG_LAB_POLICY": "standard", "CLOUDG_LAB_VAULT_KEY": "terminal-test-key"}
    return subprocess.run(args, capture_output=True, text=True, timeout=120, cwd=cwd, env=env,
                          check=False)


def test_the_magics_work_in_an_interactive_shell(tmp_path):
    done = run([sys.executable, "-c", SHELL_SCRIPT], tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    out = done.stdout
    assert "items 2 standard" in out
    assert out.count("CallResult") == 1  # the %%mcp cell's result; the captured one shows nothing
    assert "UsageError: Unknown %mcp subcommand 'bogus'" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_magics_work_in_ipython_dash_c(tmp_path):
    ipython = Path(sys.executable).with_name("ipython")
    done = run([str(ipython), "--no-banner", "--ext", "cloudg_lab", "-c",
                "%mcp call add_nothing_here\n"], tmp_path)
    assert "Unknown tool: add_nothing_here" in done.stderr, done.stderr[-3000:]
    done = run([str(ipython), "--no-banner", "--ext", "cloudg_lab", "-c",
                "%mcp call count_assets group_by=provider"], tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "count_assets · policy standard" in done.stdout
