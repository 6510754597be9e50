"""The codec gives the very SDK models `model_validate(x.to_wire())` gave, for any core value."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from mcp import types

from cloudg_lab import types as core
from cloudg_lab.adapters import codec

text = st.text(max_size=20)
maybe = st.none() | text
json_value = st.recursive(
    st.none() | st.booleans() | st.integers() | text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text, inner, max_size=3), max_leaves=8)
meta = st.none() | st.dictionaries(text, json_value, max_size=3)
annotations = st.none() | st.just({}) | st.builds(
    lambda audience, priority: {"audience": audience, "priority": priority},
    st.lists(st.sampled_from(["user", "assistant"]), max_size=2, unique=True),
    st.floats(min_value=0, max_value=1))
resource = (st.builds(core.TextResourceContents, uri=text, text=text, mime_type=maybe, meta=meta)
            | st.builds(core.BlobResourceContents, uri=text, blob=text, mime_type=maybe, meta=meta))
block = (st.builds(core.TextContent, text=text, annotations=annotations)
         | st.builds(core.ImageContent, data=text, mime_type=text, annotations=annotations)
         | st.builds(core.EmbeddedResource, resource=resource, annotations=annotations)
         | st.builds(core.ResourceLink, uri=text, name=text, title=maybe, description=maybe, mime_type=maybe,
                     annotations=annotations))
tool_results = st.builds(core.ToolResult, content=st.lists(block, max_size=4),
                         structured=st.none() | st.dictionaries(text, json_value, max_size=3),
                         is_error=st.booleans(), meta=st.dictionaries(text, json_value, max_size=3))
prompts = st.builds(core.PromptResult, messages=st.lists(st.builds(
    core.PromptMessage, role=st.sampled_from(["user", "assistant"]), content=block), max_size=3),
    description=maybe, meta=st.dictionaries(text, json_value, max_size=2))


def same(built: Any, validated: Any) -> None:
    assert type(built) is type(validated)
    for options in ({}, {"exclude_unset": True}, {"exclude_none": True}):
        assert (built.model_dump(by_alias=True, mode="json", **options)
                == validated.model_dump(by_alias=True, mode="json", **options))
    assert built.model_dump_json(by_alias=True, exclude_none=True) == validated.model_dump_json(
        by_alias=True, exclude_none=True)


@settings(max_examples=150, deadline=None)
@given(tool_results)
def test_a_tool_result_maps_like_its_validated_wire_dict(result):
    same(codec.tool_result(result), types.CallToolResult.model_validate(result.to_wire()))


@settings(max_examples=100, deadline=None)
@given(prompts)
def test_a_prompt_result_maps_like_its_validated_wire_dict(result):
    same(codec.prompt_result(result), types.GetPromptResult.model_validate(result.to_wire()))


@settings(max_examples=100, deadline=None)
@given(st.lists(resource, max_size=3))
def test_resource_contents_map_like_their_validated_wire_dicts(items):
    same(codec.read_result(items),
         types.ReadResourceResult.model_validate({"contents": [c.to_wire() for c in items]}))
