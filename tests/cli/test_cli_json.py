"""`--json` on every `cloudg-lab` command, and output fitted to the terminal's width (a real
subprocess each time; `$COLUMNS` stands for the terminal)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cloudg_lab.cli import build_parser

CLI = str(Path(sys.executable).parent / "cloudg-lab")
OPEN = ["--policy", "open"]


def run(*args: str, columns: int | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CLOUDG_LAB_VAULT_KEY": "cli-json-key"}
    if columns is not None:
        env["COLUMNS"] = str(columns)
    return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=60, env=env,
                          check=False)


def test_every_command_accepts_json() -> None:
    parser = build_parser()
    commands = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    for name, sub in commands.items():
        flags = {flag for action in sub._actions for flag in action.option_strings}
        assert "--json" in flags, name


@pytest.mark.parametrize(("args", "key"), [
    (["tools"], None), (["prompts"], None),
    (["call", "list_regions"], "structuredContent"),
    (["read", "cloudg://workspace"], "contents"),
    (["prompt", "attack_surface_report"], "messages"),
])
def test_json_output_parses_as_the_wire_shape(args: list[str], key: str | None) -> None:
    done = run(*args, "--json", *OPEN)
    assert done.returncode == 0, done.stderr
    value = json.loads(done.stdout)
    assert isinstance(value, list) if key is None else key in value


def test_an_error_under_json_is_one_json_line_on_stderr() -> None:
    done = run("call", "no_such_tool", "--json", *OPEN)
    assert done.returncode == 1 and done.stdout == ""
    assert json.loads(done.stderr.strip().splitlines()[-1]) == {"error": "Unknown tool: no_such_tool",
                                                                "exit": 1}
    usage = run("call", "list_regions", "--args", "[1]", "--json")
    assert usage.returncode == 2 and json.loads(usage.stderr.strip().splitlines()[-1])["exit"] == 2


def test_the_old_raw_flag_still_prints_the_wire_result() -> None:
    done = run("call", "list_regions", "--raw", *OPEN)
    assert done.returncode == 0 and "structuredContent" in json.loads(done.stdout)


def test_lab_under_json_says_what_it_starts(tmp_path: Path) -> None:
    done = subprocess.run([CLI, "lab", "--json", "--version"], capture_output=True,
                          text=True, timeout=60, check=False, cwd=tmp_path)
    first = json.loads(done.stdout.splitlines()[0])
    assert first["starting"] == "jupyter lab" and first["notebook"].endswith("quickstart.ipynb")


@pytest.mark.parametrize("columns", [60, 90, 200])
def test_listing_lines_fit_the_terminal(columns: int) -> None:
    done = run("tools", *OPEN, columns=columns)
    lines = done.stdout.splitlines()
    assert done.returncode == 0 and len(lines) > 10
    assert max(len(line) for line in lines) <= columns


def test_a_wider_terminal_shows_more_of_each_description() -> None:
    narrow, wide = (run("tools", *OPEN, columns=c).stdout for c in (90, 200))
    assert "description" in narrow.splitlines()[0] and narrow.count("…") > wide.count("…")
    assert len(wide) > len(narrow)


@pytest.mark.parametrize("columns", [60, 120])
def test_help_fits_the_terminal(columns: int) -> None:
    for args in (["--help"], ["call", "--help"], ["serve", "--help"]):
        done = run(*args, columns=columns)
        assert done.returncode == 0
        assert max(len(line) for line in done.stdout.splitlines()) <= columns, args
