"""The request options `cloudg-lab` and `%mcp` share: one principal syntax, one `--args` reading."""

from __future__ import annotations

import argparse

import pytest
from IPython.core.error import UsageError

from cloudg_lab import cli
from cloudg_lab.notebook.commands import parser_for
from cloudg_lab.notebook.commands.parser import json_object
from cloudg_lab.options import principal_of
from cloudg_lab.types import Principal


@pytest.mark.parametrize("spec", ["ana", "ana:analyst", "svc-7:ops,lead"])
def test_both_front_ends_read_as_into_the_same_principal(spec):
    by_cli = cli.principal(cli.build_parser().parse_args(["tools", "--as", spec]))
    by_magic = principal_of(parser_for("whoami").parse(["--as", spec]))
    assert by_cli == by_magic == Principal.parse(spec)


def test_the_old_cli_flags_are_aliases_of_as_and_cannot_be_mixed_with_it():
    args = cli.build_parser().parse_args(["tools", "--principal-id", "ana", "--role", "analyst"])
    assert cli.principal(args) == Principal.parse("ana:analyst")
    assert cli.principal(cli.build_parser().parse_args(["tools", "--role", "ops"])).id == "cli"
    assert cli.principal(cli.build_parser().parse_args(["tools"])) == Principal.local()
    with pytest.raises(ValueError, match="not both"):
        principal_of(argparse.Namespace(principal="ana", principal_id=None, role=["x"]))


@pytest.mark.parametrize("text", ["{bad", "[1, 2]", '"text"', '{"a": [1,', "7"])
def test_both_front_ends_refuse_bad_args_with_the_same_one_line_message(text):
    with pytest.raises(cli.UsageError) as by_cli:
        cli.json_arguments(text)
    with pytest.raises(UsageError) as by_magic:
        json_object(text, "--args")
    assert str(by_cli.value) == str(by_magic.value)
    assert str(by_cli.value).startswith("--args ") and "\n" not in str(by_cli.value)
