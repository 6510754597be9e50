"""Cuts fall between tokens: whatever straddles a cap goes whole, and the note counts exactly."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from cloudg_lab.privacy.cutting import safe_end, shorten
from cloudg_lab.privacy.transforms.sanitize import FENCE_CLOSE, FENCE_OPEN

FENCE = (FENCE_OPEN, FENCE_CLOSE)
NOTE = re.compile(r"… \[\+(\d+) chars\]\Z")
TOKEN = st.text(st.characters(blacklist_characters=" \n\t\r\f\v", blacklist_categories=("Cs",)),
                min_size=1, max_size=30)
GAP = st.text(" \n\t", min_size=1, max_size=3)


def words(text: str) -> list[str]:
    """The tokens of `text` as the cut sees them (ASCII whitespace only, unlike `str.split`)."""
    return [w for w in re.split(r"[ \n\t\r\f\v]+", text) if w]


@st.composite
def texts(draw: st.DrawFn) -> tuple[list[str], str]:
    tokens = draw(st.lists(TOKEN, min_size=1, max_size=12))
    gaps = draw(st.lists(GAP, min_size=len(tokens) - 1, max_size=len(tokens) - 1))
    text = tokens[0] + "".join(gap + token for gap, token in zip(gaps, tokens[1:], strict=True))
    return tokens, text


@given(texts(), st.integers(min_value=0, max_value=400))
def test_what_a_cut_keeps_is_whole_tokens_from_the_start(drawn: tuple[list[str], str], cap: int) -> None:
    tokens, text = drawn
    kept = text[:safe_end(text, cap)]
    assert len(kept) <= cap or kept == text
    assert words(kept) == tokens[:len(words(kept))]


@given(texts(), st.integers(min_value=0, max_value=400), st.booleans())
def test_a_shortened_text_notes_exactly_what_went(drawn: tuple[list[str], str], cap: int,
                                                  fenced: bool) -> None:
    tokens, text = drawn
    value = f"{FENCE_OPEN}{text}{FENCE_CLOSE}" if fenced else text
    out = shorten(value, cap, FENCE)
    if len(text) <= cap:
        assert out is None
        return
    assert out is not None
    note = NOTE.search(out)
    assert note is not None
    body = out[:note.start()]
    if fenced:
        assert body.startswith(FENCE_OPEN) and body.endswith(FENCE_CLOSE)
        body = body[len(FENCE_OPEN):-len(FENCE_CLOSE)]
    assert len(body) <= cap and words(body) == tokens[:len(words(body))]
    assert int(note.group(1)) == len(text) - len(body) and text.startswith(body)


def test_an_identifier_or_a_marker_straddling_the_cap_goes_whole() -> None:
    text = "owned by arn:aws:iam::123456789012:role/deploy-bot and [REDACTED:password] here"
    for cap in range(len("owned by "), len("owned by arn:aws:iam::123456789012:role/deploy-bot")):
        assert shorten(text, cap) == f"owned by… [+{len(text) - len('owned by')} chars]"
    cut = shorten(text, text.index("[REDACTED") + 5)
    assert cut is not None and "[REDACTED" not in cut and cut.startswith("owned by arn:aws:iam::")


def test_a_single_long_token_is_dropped_rather_than_cut() -> None:
    assert shorten("k" * 100, 40) == "… [+100 chars]"
    assert safe_end("k" * 100, 40) == 0
