"""`project`: keep what the caller should see, within a size budget.

Include and exclude are dotted globs over dict keys (list positions are transparent, so
`items.name` reaches the name of every item; `*` is one key, `**` any number). Lists beyond
`max_list` and strings beyond `max_string` are cut with a note; `max_depth` stops deep nesting.
`max_chars` is a budget for the whole piece as JSON: lists keep the same share of their items
until it fits, then strings shrink, then depth. A page that fits and holds nothing excluded is
recognised from one `json.dumps` and returned as it is.
"""

from __future__ import annotations

import fnmatch
import json
from typing import Any

from pydantic import Field

from cloudg_lab.privacy.pipeline import TransformContext, TransformOptions, register_transform
from cloudg_lab.privacy.transforms.common import fail_closed
from cloudg_lab.privacy.walk import DROP, Visitor, Walk, rewrite

_MAX_ROUNDS = 24
_MIN_STRING = 64


class ProjectOptions(TransformOptions):
    include: list[str] | None = None
    exclude: list[str] = ["**.raw_data"]
    max_list: int | None = Field(default=None, ge=1)
    max_string: int | None = Field(default=None, ge=16)
    max_chars: int | None = Field(default=None, ge=256)
    max_depth: int | None = Field(default=None, ge=1)


class _Glob:
    """A dotted glob as a tiny automaton whose state travels down the walk."""

    def __init__(self, pattern: str) -> None:
        self.parts = tuple(pattern.split(".")) if pattern else ()

    def start(self) -> frozenset[int]:
        return self._close({0})

    def step(self, states: frozenset[int], key: str) -> frozenset[int]:
        nxt = set()
        for i in states:
            if i < len(self.parts):
                if self.parts[i] == "**":
                    nxt.add(i)
                elif fnmatch.fnmatchcase(key, self.parts[i]):
                    nxt.add(i + 1)
        return self._close(nxt)

    def _close(self, states: set[int]) -> frozenset[int]:
        out = set(states)
        for i in sorted(states):
            j = i
            while j < len(self.parts) and self.parts[j] == "**":
                j += 1
                out.add(j)
        return frozenset(out)

    def full(self, states: frozenset[int]) -> bool:
        return len(self.parts) in states


class Project:
    """The `project` transform."""

    name = "project"

    def __init__(self, options: ProjectOptions) -> None:
        self.options = options
        self.anywhere = frozenset(p[3:] for p in options.exclude
                                  if p.startswith("**.") and not any(c in p[3:] for c in "*?[."))
        self.excludes = tuple(_Glob(p) for p in options.exclude if p[3:] not in self.anywhere
                              or not p.startswith("**."))
        self.includes = tuple(_Glob(p) for p in options.include) if options.include else None
        self._quoted = tuple(json.dumps(name, ensure_ascii=False) + ":" for name in self.anywhere)

    def apply(self, value: Any, ctx: TransformContext) -> Any:
        try:
            return self._apply(value, ctx)
        except Exception:
            return fail_closed(self.name, value, ctx)

    def _apply(self, value: Any, ctx: TransformContext) -> Any:
        o = self.options
        text = _dump(value)
        size = None if text is None else len(text)
        if text is not None and self._untouched(len(text)) and not any(q in text for q in self._quoted):
            return value
        ratio = 1.0 if o.max_chars is None or size is None or size <= o.max_chars \
            else o.max_chars / size
        string_cap, depth_cap = o.max_string, o.max_depth
        budget = None
        for _ in range(_MAX_ROUNDS):
            visitor = _Projector(self, ratio, string_cap, depth_cap)
            out = rewrite(value, visitor, visitor.root_state(), ctx.path)
            dumped = _dump(out)
            final = None if dumped is None else len(dumped)
            if o.max_chars is None or final is None or final <= o.max_chars:
                break
            budget = budget or {"max_chars": o.max_chars, "original_chars": size}
            if visitor.longest_list > 1 and ratio * visitor.longest_list > 1:
                ratio = ratio * min(0.5, o.max_chars / final)
            elif (string_cap or visitor.longest_string) > _MIN_STRING:
                string_cap = max(_MIN_STRING, (string_cap or visitor.longest_string) // 2)
            elif (depth_cap or visitor.deepest) > 1:
                depth_cap = max(1, (depth_cap or visitor.deepest) - 1)
            else:
                break
        if budget is not None:
            budget.update({"final_chars": final, "list_share": round(ratio, 4),
                           "max_string": string_cap, "max_depth": depth_cap})
            ctx.report.merge("projection", {"budget": budget})
        visitor.report(ctx)
        if visitor.structural:
            _prune_marks(ctx, out)
        return out

    def _untouched(self, size: int) -> bool:
        o = self.options
        return (self.includes is None and not self.excludes and o.max_list is None
                and o.max_depth is None and (o.max_chars is None or size <= o.max_chars)
                and (o.max_string is None or size <= o.max_string))


class _Projector(Visitor):
    wants_keys = True
    wants_enter = True
    skip_types = frozenset({bool, type(None), int, float})

    def __init__(self, owner: Project, ratio: float, string_cap: int | None,
                 depth_cap: int | None) -> None:
        self.owner, self.ratio = owner, ratio
        self.string_cap, self.depth_cap = string_cap, depth_cap
        self.list_cap = owner.options.max_list
        self.excluded = self.lists = self.strings = self.depth_limited = 0
        self.longest_list = self.longest_string = self.deepest = 0
        self.structural = False

    def root_state(self) -> Any:
        inc = None if self.owner.includes is None else tuple(g.start() for g in self.owner.includes)
        return (inc, tuple(g.start() for g in self.owner.excludes))

    def key(self, key: Any, state: Any, parent: dict[Any, Any], walk: Walk) -> tuple[Any, Any]:
        if key in self.owner.anywhere:
            return self._drop(key)
        inc, exc = state
        if not exc and inc is None:
            return key, state
        name = str(key)
        exc = tuple(g.step(s, name) for g, s in zip(self.owner.excludes, exc, strict=True))
        if any(g.full(s) for g, s in zip(self.owner.excludes, exc, strict=True)):
            return self._drop(key)
        if inc is not None and inc != "all":
            inc = tuple(g.step(s, name) for g, s in zip(self.owner.includes or (), inc, strict=True))
            if any(g.full(s) for g, s in zip(self.owner.includes or (), inc, strict=True)):
                inc = "all"
            elif not any(inc):
                return self._drop(key)
            elif not isinstance(parent.get(key), dict | list):
                return self._drop(key)
        return key, (inc, exc)

    def _drop(self, key: Any) -> tuple[Any, Any]:
        self.excluded += 1
        self.structural = True
        return DROP, None

    def enter(self, container: Any, state: Any, walk: Walk) -> Any:
        depth = walk.depth + 1
        self.deepest = max(self.deepest, depth)
        if self.depth_cap is not None and depth > self.depth_cap:
            self.depth_limited += 1
            self.structural = True
            kind = "keys" if isinstance(container, dict) else "items"
            return f"[{len(container)} {kind} beyond depth {self.depth_cap}]"
        if isinstance(container, list):
            n = len(container)
            self.longest_list = max(self.longest_list, n)
            keep = n if self.ratio >= 1 else max(1, int(n * self.ratio))
            if self.list_cap is not None:
                keep = min(keep, self.list_cap)
            if keep < n:
                self.lists += 1
                self.structural = True
                return [*container[:keep], f"… {n - keep} more items"]
        return container

    def leaf(self, value: Any, state: Any, walk: Walk) -> Any:
        if type(value) is not str:
            return value
        n = len(value)
        if n > self.longest_string:
            self.longest_string = n
        if self.string_cap is not None and n > self.string_cap:
            self.strings += 1
            return f"{value[: self.string_cap]}… [+{n - self.string_cap} chars]"
        return value

    def report(self, ctx: TransformContext) -> None:
        counts = {"excluded": self.excluded, "lists_truncated": self.lists,
                  "strings_truncated": self.strings, "depth_limited": self.depth_limited}
        counts = {k: v for k, v in counts.items() if v}
        if counts:
            ctx.report.merge("projection", counts)


def _dump(value: Any) -> str | None:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return None


def _prune_marks(ctx: TransformContext, out: Any) -> None:
    """Drop marks of this piece that point at values the projection removed."""
    base = ctx.path
    keep = [m for m in ctx.marks if not m.path.startswith(base) or _resolves(out, m.path[len(base):])]
    if len(keep) != len(ctx.marks):
        ctx.marks[:] = keep


def _resolves(value: Any, pointer: str) -> bool:
    if not pointer:
        return True
    for raw in pointer.lstrip("/").split("/"):
        part = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return False
    return True


register_transform("project", ProjectOptions, Project)
