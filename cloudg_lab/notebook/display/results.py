"""What `%mcp call` and `read` return: results that read well and stay data (prompts: `prompts`).

Each object keeps the layer's result untouched (`.wire` is what an MCP client would get) and adds
the context a reader needs: tool, policy, principal, duration, the transform report and the marks
the pipeline left, which become badges. Follow-up pages are fetched through a `Follow` callback
bound to the same policy and principal, so these objects never reach into the session.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable, Generator, Mapping, Sequence
from typing import TYPE_CHECKING

from tqdm.auto import tqdm

from cloudg_lab.notebook.display import html
from cloudg_lab.notebook.display.bundle import Origin, mimebundle, payload, shows_real_values
from cloudg_lab.notebook.display.structured import structured_html
from cloudg_lab.notebook.display.tables import columns_of, plain_records
from cloudg_lab.privacy.pipeline import REPORT_COUNT_SECTIONS
from cloudg_lab.types import (
    META_PREFIX,
    BlobResourceContents,
    Mark,
    TextResourceContents,
    ToolResult,
)

if TYPE_CHECKING:  # pandas is imported when a frame is asked for
    from pandas import DataFrame

Follow = Callable[[dict[str, object]], Awaitable["CallResult"]]
REPORT_KEY = META_PREFIX + "transforms"


def report_of(meta: Mapping[str, object] | None) -> dict[str, object] | None:
    """`meta["cloudg/transforms"]`, the pipeline's report, when `meta` holds a non-empty one."""
    found = (meta or {}).get(REPORT_KEY)
    return dict(found) if isinstance(found, dict) and found else None


def records_of(value: object) -> tuple[str, list[dict[str, object]]] | None:
    """The page of records in a result: `items`, else the only list of objects it holds."""
    if not isinstance(value, Mapping):
        return None
    found = [(k, v) for k, v in value.items()
             if isinstance(v, list) and v and all(isinstance(x, Mapping) for x in v)]
    for key, rows in found:
        if key == "items":
            return key, rows
    return found[0] if len(found) == 1 else None


def _frame(value: object) -> DataFrame:
    import pandas as pd

    found = records_of(value)
    if found is not None:
        return pd.DataFrame(found[1])
    return pd.json_normalize(value) if isinstance(value, Mapping) else pd.DataFrame({"value": [value]})


class CallResult:
    """A tool result. Errors are results too: `.is_error` is set and nothing is raised."""

    def __init__(self, result: ToolResult, origin: Origin, follow: Follow | None = None, *,
                 raw: bool = False) -> None:
        self.result = result
        self.origin = origin
        self._follow = follow
        self.raw = raw
        self._wire: dict[str, object] | None = None

    # ------------------------------------------------------------------ data

    @property
    def structured(self) -> dict[str, object] | None:
        return self.result.structured

    @property
    def text(self) -> str:
        return self.result.text

    @property
    def is_error(self) -> bool:
        return self.result.is_error

    @property
    def error_code(self) -> int | str | None:
        return self.result.error_code

    @property
    def meta(self) -> dict[str, object]:
        return self.result.meta

    @property
    def report(self) -> dict[str, object] | None:
        """`_meta["cloudg/transforms"]`: what the pipeline did (counts and labels only)."""
        return report_of(self.result.meta)

    @property
    def marks(self) -> list[Mark]:
        return list(self.result.marks)

    @property
    def wire(self) -> dict[str, object]:
        """The MCP result exactly as a client would receive it."""
        if self._wire is None:
            self._wire = self.result.to_wire()
        return self._wire

    @property
    def duration_ms(self) -> float | None:
        value = self.result.meta.get(META_PREFIX + "duration_ms")
        return float(value) if isinstance(value, int | float) else None

    @property
    def next_cursor(self) -> str | None:
        cursor = (self.structured or {}).get("next_cursor")
        return cursor if isinstance(cursor, str) and cursor else None

    def to_frame(self) -> DataFrame:
        """The page's records (pseudonyms kept as they are) as a DataFrame.

        Raises:
            ValueError: for an error result, which has no data.
        """
        if self.is_error:
            raise ValueError(f"{self.origin.name} returned an error: {self.text}")
        return _frame(self.structured)

    # ------------------------------------------------------------------ paging

    async def next(self) -> CallResult | None:
        """The next page (same tool, arguments, policy and principal), or None after the last."""
        cursor = self.next_cursor
        if cursor is None or self._follow is None or self.is_error:
            return None
        return await self._follow({**self.origin.arguments, "cursor": cursor})

    def pages(self) -> PageStream:
        """Every page from this one on: `async for page in r.pages()` or `await r.pages()`."""
        return PageStream(self)

    # ------------------------------------------------------------------ display

    def _repr_mimebundle_(self, include: Sequence[str] | None = None,
                          exclude: Sequence[str] | None = None) -> dict[str, object]:
        real = self.shows_real_values
        data = payload(self.origin, self.wire, duration_ms=self.duration_ms, report=self.report,
                       marks=self.result.marks, real_values=real)
        head = self.origin.head(ms_text(self.duration_ms), "error" if self.is_error else "")
        attrs = {"tool": self.origin.name, "kind": "tool"}
        return mimebundle(data, html.frame_html(head, self._html_body(), attrs=attrs, real_values=real),
                          self._plain(head), include, exclude)

    @property
    def shows_real_values(self) -> bool:
        """Whether this output carries the "real values" banner (`bundle.shows_real_values`)."""
        revealed = not self.is_error and (self.structured or {}).get("found") is True
        return shows_real_values(self.origin, revealed)

    def _html_body(self) -> str:
        limit = self.origin.display_limit
        marks = html.index_marks(self.result.marks)
        chips = html.report_chips(self.report)
        if self.is_error:
            return html.error_box(self.error_code, self.text) + chips
        if self.raw:
            return chips + html.json_block(self.wire, marks, "", limit=limit)
        value = self.structured
        if value is None:
            return chips + html.json_block(self.wire["content"], marks, "/content", limit=limit)
        return chips + structured_html(value, marks, "/structuredContent", limit=limit)

    def _plain(self, head: str) -> str:
        if self.is_error:
            return f"{head}\nError {self.error_code}: {self.text}"
        if self.raw:
            return f"{head}\n{json.dumps(self.wire, indent=2, ensure_ascii=False)}"
        found = records_of(self.structured)
        lines = [head]
        if found is not None:
            lines.append(_page_line(self.structured or {}, found[0]))
            lines.append(plain_records(found[1], columns_of(found[1]), self.origin.display_limit))
        else:
            lines.append(clip(json.dumps(self.structured, indent=2, ensure_ascii=False)
                               if self.structured is not None else self.text))
        if self.report:
            lines.append(_report_line(self.report))
        return "\n".join(lines)

    def __repr__(self) -> str:
        state = f"error {self.error_code}" if self.is_error else "ok"
        return f"<CallResult {self.origin.name} {state} · policy {self.origin.policy}>"


class PageStream:
    """All pages from a first one, with a progress bar; iterate asynchronously or await a list."""

    def __init__(self, first: CallResult) -> None:
        self.first = first

    def __aiter__(self) -> AsyncIterator[CallResult]:
        return self._walk()

    async def _walk(self) -> AsyncIterator[CallResult]:
        total = (self.first.structured or {}).get("total")
        bar = tqdm(total=total if isinstance(total, int) else None, desc=self.first.origin.name,
                   unit="item", leave=False)  # a widget in a kernel, text elsewhere; as `%mcp load`'s
        page: CallResult | None = self.first
        try:
            while page is not None:
                returned = (page.structured or {}).get("returned")
                bar.update(returned if isinstance(returned, int) else 1)
                yield page
                page = await page.next()
        finally:
            bar.close()

    async def collect(self) -> list[CallResult]:
        return [page async for page in self]

    async def to_frame(self) -> DataFrame:
        """Every page's records in one DataFrame."""
        import pandas as pd

        frames = [page.to_frame() for page in await self.collect()]
        return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()

    def __await__(self) -> Generator[object, None, list[CallResult]]:
        return self.collect().__await__()


class ReadResult:
    """Resource contents; JSON text is parsed on demand as `.data`."""

    def __init__(self, contents: list[TextResourceContents | BlobResourceContents],
                 origin: Origin, duration_ms: float | None = None) -> None:
        self.contents = contents
        self.origin = origin
        self.duration_ms = duration_ms

    @property
    def wire(self) -> dict[str, object]:
        return {"contents": [c.to_wire() for c in self.contents]}

    @property
    def text(self) -> str:
        return "\n".join(c.text for c in self.contents if isinstance(c, TextResourceContents))

    @property
    def data(self) -> object:
        """The first JSON content parsed, or None when no content is JSON."""
        for content in self.contents:
            if isinstance(content, TextResourceContents) and is_json_mime(content.mime_type):
                try:
                    return json.loads(content.text)
                except ValueError:
                    return None
        return None

    @property
    def report(self) -> dict[str, object] | None:
        for content in self.contents:
            found = report_of(content.meta)
            if found:
                return found
        return None

    def to_frame(self) -> DataFrame:
        return _frame(self.data)

    def _repr_mimebundle_(self, include: Sequence[str] | None = None,
                          exclude: Sequence[str] | None = None) -> dict[str, object]:
        real = shows_real_values(self.origin, True)
        data = payload(self.origin, self.wire, duration_ms=self.duration_ms, report=self.report,
                       real_values=real)
        limit = self.origin.display_limit
        parts = [html.report_chips(self.report)]
        for i, content in enumerate(self.contents):
            if isinstance(content, BlobResourceContents):
                size = len(content.blob)
                parts.append(f"<div>{html.esc(content.mime_type)} blob, {size} base64 chars</div>")
            elif is_json_mime(content.mime_type) and self.data is not None and i == 0:
                parts.append(structured_html(self.data, {}, f"/contents/{i}/text", limit=limit))
            else:
                parts.append(f'<pre class="cloudg-json">{html.esc(content.text)}</pre>')
        head = self.origin.head(ms_text(self.duration_ms))
        plain = "\n".join([head, clip(self.text)] + ([_report_line(self.report)] if self.report else []))
        return mimebundle(data, html.frame_html(head, "".join(parts), attrs={"kind": "resource"},
                                                real_values=real), plain, include, exclude)

    def __repr__(self) -> str:
        return f"<ReadResult {self.origin.name}: {len(self.contents)} contents>"


def is_json_mime(mime_type: str | None) -> bool:
    return bool(mime_type) and "json" in str(mime_type)


def ms_text(duration: float | None) -> str:
    return f"{duration:.1f} ms" if isinstance(duration, int | float) else ""


def _page_line(value: Mapping[str, object], key: str) -> str:
    keys = ("total", "returned", "offset", "next_cursor", "truncated")
    bits = [f"{k}={value[k]}" for k in keys if value.get(k) not in (None, "")]
    records = value.get(key)
    count = len(records) if isinstance(records, list) else 0
    return f"{key}: " + (", ".join(bits) if bits else f"{count} records")


def _report_line(report: Mapping[str, object]) -> str:
    counts = [f"{s} {sum(n for n in section.values() if isinstance(n, int | float))}"
              for s in REPORT_COUNT_SECTIONS if isinstance(section := report.get(s), Mapping) and section]
    return "transforms: " + (", ".join(counts) if counts else "annotations only")


def clip(text: str, limit: int = 4000) -> str:
    return text if len(text) <= limit else text[:limit] + f"\n… {len(text) - limit} more characters"
