"""`project`: keep what the caller should see, within a size budget.

Include and exclude are dotted globs over dict keys (list positions are transparent, so
`items.name` reaches the name of every item; `*` is one key, `**` any number). Lists beyond
`max_list` and strings beyond `max_string` are cut with a note (strings once redaction rewrote
them, between tokens: see `cutting`); `max_depth` stops deep nesting. `max_chars` is a budget for
the piece as JSON: every list keeps the same share of its items (cut before the other stages look
at them, so nothing is transformed only to be thrown away), then strings shrink, then depth,
until it fits. The budget is measured on the input, and on the output only when the input used
more than half of it.

A paged tool's page (`pages`, with the tool's `PageCursor` in the context) is different: its
items are records a caller walks with cursors, so the budget never cuts that list with a note.
It keeps the first records that fit, whole, and rewrites `returned`, `truncated` and
`next_cursor` for them; inner lists, strings and depth shrink only when one record alone is too
large, and never below the record itself.
"""

from __future__ import annotations

import fnmatch
import json
from typing import TYPE_CHECKING, Literal

import orjson
from pydantic import Field

from cloudg_lab.privacy import fusion, pages
from cloudg_lab.privacy.cutting import shorten
from cloudg_lab.privacy.pipeline import TransformContext, TransformOptions, register_transform
from cloudg_lab.privacy.stages import DROP, SAME, Container, Effect
from cloudg_lab.privacy.transforms.sanitize import FENCE_CLOSE, FENCE_OPEN
from cloudg_lab.types import JSON, PageCursor

if TYPE_CHECKING:
    from cloudg_lab.privacy.walk import Run

_MIN_STRING = 64
_RECORD_DEPTH = 3
_FIT = 0.9
"""Lists are cut to this share of what the sizes say fits: an output grows when its values are
pseudonymized (`strict` adds about 6%), and a first cut that fits saves a second walk and a
second measure. A cut that still overshoots shrinks in proportion to the overshoot."""
"""Page (1), its items (2), a record (3): a page's budget never replaces what is above."""
_P = "projection"
_EXCLUDED: tuple[Effect, ...] = ((_P, "excluded", 1, None, ""),)
_SHORTENED: tuple[Effect, ...] = ((_P, "page_shortened", 1, None, ""),)


Positions = tuple[frozenset[int], ...]
"""Where each glob stands (`_Glob`): the positions it reached, one set per glob."""
_State = tuple[Positions | Literal["all"] | None, Positions]
"""(include positions, "all" once an include matched whole, None without includes; exclude
positions)."""


class ProjectOptions(TransformOptions):
    include: list[str] | None = None
    exclude: list[str] = Field(default_factory=lambda: ["**.raw_data"])
    max_list: int | None = Field(default=None, ge=1)
    max_string: int | None = Field(default=None, ge=16)
    max_chars: int | None = Field(default=None, ge=256)
    max_depth: int | None = Field(default=None, ge=1)


class _Glob:
    """A dotted glob as a tiny automaton: its state is the set of positions reached."""

    def __init__(self, pattern: str) -> None:
        self.parts = tuple(pattern.split("."))

    def start(self) -> frozenset[int]:
        return self._close({0})

    def step(self, states: frozenset[int], key: str) -> frozenset[int]:
        nxt = {i if self.parts[i] == "**" else i + 1 for i in states if i < len(self.parts)
               and (self.parts[i] == "**" or fnmatch.fnmatchcase(key, self.parts[i]))}
        return self._close(nxt)

    def _close(self, states: set[int]) -> frozenset[int]:
        out = set(states)
        for start in states:
            i = start
            while i < len(self.parts) and self.parts[i] == "**":
                i += 1
                out.add(i)
        return frozenset(out)

    def full(self, states: frozenset[int]) -> bool:
        return len(self.parts) in states


class Project:
    """The `project` transform; runs as a stage of a fused walk (see `fusion`)."""

    name = "project"

    def __init__(self, options: ProjectOptions) -> None:
        self.options = options
        self.anywhere = frozenset(p[3:] for p in options.exclude
                                  if p.startswith("**.") and not any(c in p[3:] for c in "*?[."))
        self.excludes = tuple(_Glob(p) for p in options.exclude
                              if not (p.startswith("**.") and p[3:] in self.anywhere))
        self.includes = tuple(_Glob(p) for p in options.include) if options.include else None
        self.root: _State = (None if self.includes is None else tuple(g.start() for g in self.includes),
                     tuple(g.start() for g in self.excludes))

    def stage(self, ctx: TransformContext, value: object) -> ProjectStage:
        o = self.options
        paged = ctx.page_cursor is not None and (o.max_chars is not None or o.max_list is not None) \
            and pages.is_page(value)
        return ProjectStage(self, value, ctx.page_cursor if paged else None)

    def apply(self, value: JSON, ctx: TransformContext) -> JSON:
        return fusion.apply((self,), value, ctx)


class ProjectStage(fusion.Fused[_State]):
    """States: (include positions or "all" or None, exclude positions)."""

    name = "project"
    entering = True
    settles = True

    def __init__(self, owner: Project, value: object, page: PageCursor | None = None) -> None:
        """`page`: the cursor of the paged tool whose page `value` is (`Project.stage`)."""
        self.owner = owner
        o = owner.options
        self.root = owner.root
        paged = value if page is not None and pages.is_page(value) else None
        self.page = page if paged is not None else None
        self.page_items: list[object] | None = None
        self.offered = self.keep = len(pages.items(paged)) if paged is not None else 0
        self.most = self.offered if o.max_list is None else min(self.offered, o.max_list)
        self.sizes: list[int] = []
        self.grown = False
        if o.max_chars is None:
            self.size = None
        elif paged is not None:
            self.size, self.sizes = _measured_page(paged, o.max_chars // 2)
        else:
            self.size = _measured(value, o.max_chars // 2)
        if paged is not None:
            self.ratio = 1.0
            self.keep = self._first_keep(paged)
        else:
            self.ratio = 1.0 if self.size is None or o.max_chars is None or self.size <= o.max_chars \
                else _FIT * o.max_chars / self.size
        self.min_depth = _RECORD_DEPTH if paged is not None else 1
        self.string_cap, self.depth_cap = o.max_string, o.max_depth
        self.memo_key = (self.string_cap,)
        self.budget: dict[str, object] | None = None
        self.longest_list = 0

    def _first_keep(self, value: dict[str, object]) -> int:
        """The records of the input page that fit (`max_list`, then `max_chars` on input sizes)."""
        limit = self.owner.options.max_chars
        if limit is None or self.size is None or self.size <= limit:
            return self.most
        self.sizes = self.sizes or _sizes(pages.items(value))
        return min(self.most, self._fitting(value, self.sizes))

    def _fitting(self, page: dict[str, object], sizes: list[int]) -> int:
        """How many records of these compact JSON `sizes` fit in `max_chars` beside `page`'s envelope."""
        envelope = 0 if self.page is None else _size(pages.bare(page, self.page)) or 0
        room = (self.owner.options.max_chars or 0) - envelope - pages.SLACK
        return pages.fitting(sizes, room, len(", "))

    def _grow(self, out: object, delivered: list[int] | None) -> bool:
        """Once, after a walk that fit: take the records that now fit at the size the delivered
        ones became (pseudonyms and markers are often shorter than what they replace)."""
        if self.page is None or self.grown or not self.sizes or self.keep >= self.most \
                or not pages.is_page(out):
            return False
        self.grown = True
        delivered = delivered if delivered is not None else _sizes(pages.items(out))
        before = sum(self.sizes[:len(delivered)])
        scale = sum(delivered) / before if before else 1.0
        predicted = delivered + [int(size * scale) for size in self.sizes[len(delivered):]]
        more = min(self.most, self._fitting(out, predicted))
        if more <= self.keep:
            return False
        self.keep = more
        return True

    def key(self, state: _State, key: object, flavor: object) -> tuple[object, _State, tuple[Effect, ...]]:
        owner = self.owner
        if key in owner.anywhere:
            return DROP, state, _EXCLUDED
        inc, exc = state
        if not exc and inc is None:
            return key, state, ()
        name = str(key)
        exc = tuple(g.step(s, name) for g, s in zip(owner.excludes, exc, strict=True))
        if any(g.full(s) for g, s in zip(owner.excludes, exc, strict=True)):
            return DROP, state, _EXCLUDED
        if inc is not None and inc != "all":
            includes = owner.includes or ()
            reached = tuple(g.step(s, name) for g, s in zip(includes, inc, strict=True))
            if any(g.full(s) for g, s in zip(includes, reached, strict=True)):
                return key, ("all", exc), ()
            if not any(reached):
                return DROP, state, _EXCLUDED
            return key, (reached, exc), ()
        return key, (inc, exc), ()

    def enters_dicts(self) -> bool:
        """Dicts below the root change only under `include` globs or a depth cap."""
        return self.owner.includes is not None or self.depth_cap is not None

    def enter(self, state: _State, container: Container, depth: int) -> tuple[object, tuple[Effect, ...]]:
        page = self.page
        if page is not None and container is self.page_items:
            return container, ()
        if page is not None and depth == 1 and pages.is_page(container):  # the page, every walk
            return self._enter_page(state, container, page)
        return self._enter(state, container, depth)

    def _enter_page(self, state: _State, container: dict[str, object],
                    page: PageCursor) -> tuple[object, tuple[Effect, ...]]:
        """The page keeps its first `keep` records whole (its items list is never cut after)."""
        shortened = self.keep < len(pages.items(container))
        if shortened:
            container = pages.shorten(container, self.keep, page)
        self.page_items = pages.items(container)
        out, effects = self._enter(state, container, 1)
        return out, (_SHORTENED + effects) if shortened else effects

    def _enter(self, state: _State, container: object, depth: int) -> tuple[object, tuple[Effect, ...]]:
        """`container` (a dict or a list) as this walk descends into it, or what replaces it."""
        inc = state[0]
        if isinstance(container, dict) and inc is not None and inc != "all":
            container, dropped = self._partial_scalars(inc, container)
            if dropped:
                return container, ((_P, "excluded", dropped, None, ""),)
        if self.depth_cap is not None and depth > self.depth_cap and isinstance(container, dict | list):
            kind = "keys" if isinstance(container, dict) else "items"
            return (f"[{len(container)} {kind} beyond depth {self.depth_cap}]",
                    ((_P, "depth_limited", 1, None, ""),))
        if isinstance(container, list):
            n = len(container)
            self.longest_list = max(self.longest_list, n)
            keep = n if self.ratio >= 1 else max(1, int(n * self.ratio))
            if self.owner.options.max_list is not None:
                keep = min(keep, self.owner.options.max_list)
            if keep < n:
                return [*container[:keep], f"… {n - keep} more items"], ((_P, "lists_truncated", 1,
                                                                           None, ""),)
        return container, ()

    def _partial_scalars(self, inc: Positions,
                         container: dict[object, object]) -> tuple[dict[object, object], int]:
        """Under `include`, a scalar whose path only begins a pattern is not included."""
        includes = self.owner.includes or ()
        keep = {}
        for key, value in container.items():
            if not isinstance(value, dict | list):
                reached = [g.step(s, str(key)) for g, s in zip(includes, inc, strict=True)]
                if not any(g.full(s) for g, s in zip(includes, reached, strict=True)):
                    continue
            keep[key] = value
        dropped = len(container) - len(keep)
        return (keep if dropped else container), dropped

    def settle(self, state: _State, value: str) -> tuple[object, tuple[Effect, ...]]:
        cut = None if self.string_cap is None else shorten(value, self.string_cap,
                                                             (FENCE_OPEN, FENCE_CLOSE))
        return (SAME, ()) if cut is None else (cut, ((_P, "strings_truncated", 1, None, ""),))

    def retry(self, out: object, run: Run) -> bool:
        """Over budget: keep a smaller share of every list, else shorten strings, else depth."""
        limit = self.owner.options.max_chars
        if limit is None or self.size is None or self.size <= limit // 2:
            return False
        delivered: list[int] | None = None
        if self.page is not None and pages.is_page(out):
            final, delivered = _page_sizes(out)
        else:
            final = _size(out)
        if final is None or final <= limit:
            if self._grow(out, delivered):
                return self._again()
            self._note(final)
            return False
        self.budget = self.budget or {"max_chars": limit, "original_chars": self.size}
        if self.page is not None and self.keep > 1:
            self.keep = min(self.keep - 1, self._fitting(out, delivered or _sizes(pages.items(out)))
                            if pages.is_page(out) else self.keep // 2)
        elif self.longest_list > 1 and self.longest_list * self.ratio > 1:
            self.ratio *= _FIT * limit / final
        elif (self.string_cap or _longest_string(out)) > _MIN_STRING:
            self.string_cap = max(_MIN_STRING, (self.string_cap or _longest_string(out)) // 2)
            self.memo_key = (self.string_cap,)
        elif (self.depth_cap or _depth(out)) > self.min_depth:
            self.depth_cap = max(self.min_depth, (self.depth_cap or _depth(out)) - 1)
        else:
            self._note(final)
            return False
        return self._again()

    def _again(self) -> bool:
        self.longest_list = 0
        return True

    def _note(self, final: int | None) -> None:
        if self.budget is None and (self.ratio < 1 or self.keep < self.offered):
            self.budget = {"max_chars": self.owner.options.max_chars, "original_chars": self.size}
        if self.budget is not None:
            self.budget.update({"final_chars": final, "list_share": round(self.ratio, 4),
                                "max_string": self.string_cap, "max_depth": self.depth_cap})
            if self.page is not None:
                self.budget.update({"records": self.keep, "records_offered": self.offered})

    def finish(self, out: object, run: Run) -> object:
        if self.budget is not None:
            run.ctx.report.merge(_P, {"budget": self.budget})
        return out


def _size(value: object) -> int | None:
    try:
        return len(json.dumps(value))
    except (TypeError, ValueError, RecursionError):
        return None


def _surely_within(value: object, small: int) -> bool:
    """Whether orjson's bytes prove `_size(value)` is at most `small`: the budget then has
    nothing to do (see `retry`), so the slow encoder's measure is skipped. What orjson refuses
    (deep nests, 65-bit integers) proves nothing and is measured exactly."""
    try:
        quick = orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:
        return False
    return 2 * len(quick) <= small and _widest(quick) <= small  # the counts only when they matter


def _measured(value: object, small: int) -> int | None:
    """The budget's size of `value` (`_size`), or None when it surely is at most `small`."""
    return None if _surely_within(value, small) else _size(value)


def _measured_page(page: dict[str, object], small: int) -> tuple[int | None, list[int]]:
    """`_measured` of a page, with its items' sizes when it was measured (they are needed then)."""
    return (None, []) if _surely_within(page, small) else _page_sizes(page)


def _page_sizes(page: dict[str, object]) -> tuple[int | None, list[int]]:
    """(`_size` of the page, `_size` of each item), each item encoded once: the page's text is
    its envelope's with `[]` opened into the items joined by `", "`, so its length follows from
    theirs (`[a, b]` is 2 + len(a) + 2 + len(b))."""
    items = pages.items(page)
    exact = [_size(item) for item in items]
    envelope = _size({**page, "items": []})
    sizes = [size or 0 for size in exact]
    if envelope is None or None in exact:
        return None, sizes
    return envelope + sum(sizes) + 2 * max(0, len(items) - 1), sizes


def _widest(quick: bytes) -> int:
    """At most `_size` of what orjson wrote compactly as `quick`: every byte at most doubles (a
    separator gains a space, `1e16` becomes `1e+16`), except that an escaped non-ASCII character
    takes one more per byte (é: 2 bytes, `\\u00e9`), `null` may stand for `-Infinity` (9) and
    DEL becomes `\\u007f`."""
    extra = 0 if quick.isascii() else len(quick)
    return 2 * len(quick) + extra + quick.count(b"null") + 4 * quick.count(b"\x7f")


def _sizes(items: list[object]) -> list[int]:
    return [_size(item) or 0 for item in items]


def _longest_string(value: object) -> int:
    longest, stack = 0, [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            longest = max(longest, len(v))
        elif isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return longest


def _depth(value: object) -> int:
    deepest, stack = 0, [(value, 0)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict | list):
            deepest = max(deepest, d + 1)
            stack.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest


register_transform("project", ProjectOptions, Project)
