"""The chunked JSON walker: same values as `json.loads` at every chunk size, truncation spotted."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cloudg_lab.data.errors import InventoryFormatError
from cloudg_lab.data.jsonstream import JsonStream

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12),
                    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                     st.dictionaries(st.text(max_size=6), inner,
                                                                     max_size=4)), max_leaves=12)


def walk(text: str, chunk: int) -> dict:
    """Rebuild a document of the shape `{key: value or [items]}` through the stream."""
    stream = JsonStream(io.StringIO(text), "doc.json", chunk=chunk)
    out: dict = {}
    for key in stream.members("$"):
        if stream.peek() == "[":
            out[key] = [value for _, value, _ in stream.items(f"$.{key}")]
        else:
            out[key], _ = stream.value(f"$.{key}")
    stream.finish()
    return out


@settings(max_examples=150, deadline=None)
@given(doc=st.dictionaries(st.text(max_size=8), VALUES, max_size=5), chunk=st.integers(1, 40),
       indent=st.sampled_from([None, 1, 4]))
def test_any_document_reads_back_equal_at_any_chunk_size(doc, chunk, indent):
    text = json.dumps(doc, indent=indent, ensure_ascii=False)
    assert walk(text, chunk) == json.loads(text)


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 64])
def test_numbers_and_escapes_split_across_chunks(chunk):
    text = '{"n": 1234567890123, "s": "a\\u00e9\\n\\"q\\"", "f": -1.5e-7, "t": true, "z": null}'
    assert walk(text, chunk) == json.loads(text)


def test_items_keep_their_exact_source_text():
    text = '{"assets": [ {"a": 1,  "b": [2]} ,{"c":"é"}]}'
    stream = JsonStream(io.StringIO(text), "doc.json", chunk=3)
    assert next(stream.members("$")) == "assets"
    assert [raw for _, _, raw in stream.items("$.assets")] == ['{"a": 1,  "b": [2]}', '{"c":"é"}']


@settings(max_examples=60, deadline=None)
@given(cut=st.integers(1, 60), chunk=st.integers(1, 16))
def test_every_truncation_is_reported_as_such(cut, chunk):
    text = '{"assets": [{"name": "a\\"b", "n": [1, 2.5, true]}, {"x": null}], "edges": []}'
    prefix = text[:min(cut, len(text) - 1)]
    with pytest.raises(InventoryFormatError) as caught:
        walk(prefix, chunk)
    assert caught.value.problem == "file ends early (truncated JSON)"


def test_syntax_errors_name_line_and_column():
    text = '{\n  "assets": [\n    {"a": 1,, "b": 2}\n  ]\n}'
    with pytest.raises(InventoryFormatError) as caught:
        walk(text, 4)
    assert str(caught.value) == ("doc.json: $.assets[0]: invalid JSON at line 3 column 13: "
                                 "Expecting property name enclosed in double quotes")


def test_punctuation_errors_between_members_and_items():
    with pytest.raises(InventoryFormatError, match=r"\$: invalid JSON at line 1 column 9: expected "
                                                   r"',' or '}' between members"):
        walk('{"a": 1 "b": 2}', 5)
    with pytest.raises(InventoryFormatError, match=r"\$\.a\[0\]: invalid JSON .*expected ',' or ']'"):
        walk('{"a": [1 2]}', 5)


def test_progress_reports_characters_read():
    seen: list[int] = []
    text = json.dumps({"assets": list(range(500))})
    stream = JsonStream(io.StringIO(text), "doc.json", chunk=256, progress=seen.append)
    for _ in stream.members("$"):
        list(stream.items("$.assets"))
    assert seen == sorted(seen) and seen[-1] == len(text) and len(seen) > 5
