"""An attacker that knows the ground truth and talks to a `strict` layer only through a real
`mcp.Client` over streamable HTTP, as a model behind a hosted client would.

It keeps every wire answer (for the leak scan) and turns each into what it tells the caller:
the result or the protocol error, minus what varies by the clock. A probe of a real value is
paired with a probe of an invented value in the same disguise and of the same shape
(`invented`), and the two answers must be equal, including what the vault and the audit
counters that `privacy_status` shows moved meanwhile.
"""

from __future__ import annotations

import json
import random
import string
import unicodedata
import urllib.parse
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from mcp import Client, MCPError, types

from cloudg_lab import Layer
from tests.renamed import renamed_estate as renamed

Answer = Any
Probe = Callable[[Any], Awaitable[Answer]]
VOLATILE = frozenset({"cloudg/duration_ms", "at"})
"""Keys whose values follow the clock, not the question."""
RENAME = {"acme": "vesper", "growth": "tidal", "billing": "abacus", "payments": "quay",
          "staging": "canary", "identity": "badge"}


def renamed_estate(folder: Path, assets: int, seed: int) -> Path:
    """A generated estate in a vocabulary of its own (none of the sample's names survive)."""
    return renamed(folder, assets, seed, RENAME)


def invented(rng: random.Random, like: str, shown: str = "") -> str:
    """Same length, same character classes and punctuation as `like`, naming nothing; the
    longest prefix of `like` the caller was shown (in `shown`, case-folded) is kept, since it
    tells nothing (`arn:aws:ec2:` stays, so the value keeps its shape)."""
    kept = next((n for n in range(len(like) - 1, 0, -1) if like[:n].casefold() in shown), 0)
    return like[:kept] + "".join(_like(rng, c, i) for i, c in enumerate(like[kept:]))


def _like(rng: random.Random, c: str, at: int) -> str:
    """A character of the same class; letters alternate consonants and vowels, so invented text
    reads like a name and never like a random secret (which a pattern detector would refuse)."""
    if c.isdigit():
        return rng.choice(string.digits)
    if not c.isalpha():
        return c
    letter = rng.choice("aeiou" if at % 2 else "bdfgklmnprstvz")
    return letter.upper() if c.isupper() else letter


def _fullwidth(value: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in value)


DISGUISES: dict[str, Callable[[str], Any]] = {
    "as-is": lambda v: v,
    "upper": str.upper,
    "swapcase": str.swapcase,
    "zero-width": lambda v: v[:2] + "\u200b" + v[2:],
    "nbsp": lambda v: v[:3] + "\u00a0" + v[3:],
    "padded": lambda v: f" \t{v}\n",
    "url-encoded": lambda v: urllib.parse.quote(v, safe=""),
    "full-width": _fullwidth,
    "nfkd": lambda v: unicodedata.normalize("NFKD", _fullwidth(v[:1])) + v[1:],
    "embedded": lambda v: f"see {v} now",
    "glued": lambda v: f"x{v}y",
    "fenced": lambda v: f"\u27e6untrusted\u27e7{v}\u27e6/untrusted\u27e7",
    "glob": lambda v: f"{v[:4]}*",
    "regex": lambda v: f"^{v[:5]}.*$",
}
NUMERIC: dict[str, Callable[[str], Any]] = {
    "json-number": int,
    "dashed": lambda v: "-".join(v[i:i + 4] for i in range(0, len(v), 4)),
    "spaced": lambda v: " ".join(v[i:i + 3] for i in range(0, len(v), 3)),
}
"""More disguises for an all-digit value (an AWS account): a JSON number, grouped digits."""


def disguises(value: str) -> dict[str, Callable[[str], Any]]:
    return {**DISGUISES, **(NUMERIC if value.isdigit() else {})}


def scrubbed(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: scrubbed(v) for k, v in value.items() if k not in VOLATILE}
    if isinstance(value, list):
        return [scrubbed(v) for v in value]
    return value


class Attacker:
    """One principal's client; every answer is kept as wire JSON in `wire`."""

    def __init__(self, client: Client, layer: Layer) -> None:
        self.client, self.layer, self.calls = client, layer, 0
        self.wire: list[str] = []

    def _keep(self, value: Any) -> Any:
        self.calls += 1
        if self.calls % 200 == 0:  # a patient attacker spreads its calls over many minutes
            self.layer.policy.reset_rate_limits()
        plain = scrubbed(value.model_dump(mode="json", by_alias=True, exclude_none=True)
                         if hasattr(value, "model_dump") else value)
        self.wire.append(json.dumps(plain, ensure_ascii=False, sort_keys=True))
        return plain

    async def _guard(self, call: Awaitable[Any]) -> Answer:
        try:
            return self._keep(await call)
        except MCPError as exc:  # a protocol error is an answer too
            return self._keep({"error": [exc.code, exc.message, exc.error.data]})

    async def tool(self, tool: str, /, **arguments: Any) -> Answer:
        return await self._guard(self.client.call_tool(tool, arguments))

    async def data(self, tool: str, /, **arguments: Any) -> dict[str, Any]:
        answer = await self.tool(tool, **arguments)
        assert not answer.get("isError") and "error" not in answer, answer
        return dict(answer["structuredContent"])

    async def read(self, uri: str) -> Answer:
        return await self._guard(self.client.read_resource(uri))

    async def prompt(self, prompt: str, /, **arguments: Any) -> Answer:
        return await self._guard(self.client.get_prompt(prompt, arguments))

    async def complete(self, ref: types.PromptReference | types.ResourceTemplateReference,
                       argument: str, value: str, context: dict[str, str] | None = None) -> Answer:
        return await self._guard(self.client.complete(ref, {"name": argument, "value": value},
                                                      context_arguments=context))

    async def trace(self) -> dict[str, Any]:
        """What `privacy_status` shows of the vault and the audit counters."""
        status = await self.data("privacy_status")
        shown = status["pseudonymisation"]
        entities = {e["entity"]: e["entries"] for e in shown.get("entities", ())}
        return {"entries": shown.get("entries", 0), "entities": entities, **status["counters"]}


def moved(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """How a trace changed (entity counts compared per entity)."""
    out = {k: after[k] - before[k] for k in after if isinstance(after[k], int)}
    out["entities"] = {e: n - before["entities"].get(e, 0) for e, n in after["entities"].items()
                       if n != before["entities"].get(e, 0)}
    return out


async def paired(attacker: Attacker, probe: Probe, real: Any, fake: Any, *,
                 traced: bool = False) -> tuple[Any, Any]:
    """The answers to `probe(real)` and `probe(fake)`; with `traced`, each with the move it
    caused in the vault and the audit counters."""
    if not traced:
        return await probe(real), await probe(fake)
    first = await attacker.trace()
    left = await probe(real)
    middle = await attacker.trace()
    right = await probe(fake)
    last = await attacker.trace()
    return (left, moved(first, middle)), (right, moved(middle, last))
