"""Subcommand parsing: one-line `UsageError`s, `k=v` values as JSON, JSON and YAML bodies."""

from __future__ import annotations

import pytest
from IPython.core.error import UsageError

from cloudg_lab.notebook.commands.parser import (
    CommandParser,
    add_scope,
    body_object,
    json_object,
    pairs,
    split,
)


def test_pair_values_parse_as_json_when_they_parse():
    got = pairs(["limit=5", "internet_exposed=true", 'fields=["name","arn"]', "q=web server",
                 "ratio=0.5", "empty=", "n=null"])
    assert got == {"limit": 5, "internet_exposed": True, "fields": ["name", "arn"],
                   "q": "web server", "ratio": 0.5, "empty": "", "n": None}


def test_pairs_can_keep_strings():
    assert pairs(["limit=5"], parse_values=False) == {"limit": "5"}


@pytest.mark.parametrize("bad", ["novalue", "=5", "a b=1"])
def test_malformed_pairs_are_usage_errors(bad):
    with pytest.raises(UsageError, match="key=value"):
        pairs([bad])


def test_split_keeps_quoted_json_in_one_word():
    assert split("""call t fields='["name", "arn"]' q="a b" """) == [
        "call", "t", 'fields=["name", "arn"]', "q=a b"]


def test_unbalanced_quotes_are_one_usage_error():
    with pytest.raises(UsageError, match="Cannot parse"):
        split("call t q='oops")


def test_body_accepts_json_and_yaml_mappings():
    assert body_object('{"a": 1, "b": [1, 2]}') == {"a": 1, "b": [1, 2]}
    assert body_object("a: 1\nb:\n  - x\n") == {"a": 1, "b": ["x"]}
    assert body_object("  \n") == {}
    assert body_object(None) == {}


def test_a_bad_yaml_body_names_its_line():
    with pytest.raises(UsageError, match="line 2"):
        body_object("a: 1\nb: c: d\nc: 3\n")


def test_a_body_that_is_not_a_mapping_is_refused():
    with pytest.raises(UsageError, match="mapping"):
        body_object("- 1\n- 2\n")


def test_inline_json_must_be_an_object():
    assert json_object('{"a": 1}', "--args") == {"a": 1}
    with pytest.raises(UsageError, match="not valid JSON"):
        json_object("{a: 1}", "--args")
    with pytest.raises(UsageError, match="JSON object"):
        json_object("[1]", "--args")


def test_parser_errors_are_usage_errors_naming_the_subcommand():
    parser = CommandParser("call", "call a tool")
    parser.add_argument("tool")
    add_scope(parser)
    with pytest.raises(UsageError, match="%mcp call"):
        parser.parse([])
    with pytest.raises(UsageError, match="unrecognized"):
        parser.parse(["t", "--bogus"])
    args = parser.parse(["t", "--as", "bob:analyst", "--policy", "strict"])
    assert (args.tool, args.principal, args.policy) == ("t", "bob:analyst", "strict")
    assert parser.options() == ["--as", "--policy"]


@pytest.mark.parametrize("raw", ['["name" "arn"]', '{"a": 1,}', "[1, 2", "{nope}"])
def test_a_value_that_opens_like_json_but_does_not_parse_names_its_pair(raw):
    with pytest.raises(UsageError) as caught:
        pairs([f"fields={raw}"])
    message = str(caught.value)
    assert message.startswith("fields=...: the value looks like JSON but does not parse")
    assert "column" in message and raw not in message


def test_text_that_does_not_open_like_json_stays_text():
    assert pairs(["q=web [prod]", "note=a{b}"]) == {"q": "web [prod]", "note": "a{b}"}
