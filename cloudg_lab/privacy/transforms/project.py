"""`project`: keep what the caller should see, within a size budget.

Include and exclude are dotted globs over dict keys (list positions are transparent, so
`items.name` reaches the name of every item; `*` is one key, `**` any number). Lists beyond
`max_list` and strings beyond `max_string` are cut with a note; `max_depth` stops deep nesting.
`max_chars` is a budget for the piece as JSON: every list keeps the same share of its items
(cut before the other stages look at them, so nothing is transformed only to be thrown away),
then strings shrink, then depth, until it fits. The budget is measured on the input, and on the
output only when the input used more than half of it.
"""

from __future__ import annotations

import fnmatch
import json
from typing import Any

from pydantic import Field

from cloudg_lab.privacy import fusion
from cloudg_lab.privacy.pipeline import TransformContext, TransformOptions, register_transform
from cloudg_lab.privacy.stages import SAME, Effect, Stage
from cloudg_lab.privacy.walk import DROP

_MIN_STRING = 64
_P = "projection"
_EXCLUDED: tuple[Effect, ...] = ((_P, "excluded", 1, None, ""),)
_STRUCTURAL = ("excluded", "lists_truncated", "depth_limited")


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
        self.root = (None if self.includes is None else tuple(g.start() for g in self.includes),
                     tuple(g.start() for g in self.excludes))

    def stage(self, ctx: TransformContext, value: Any) -> Stage:
        return ProjectStage(self, value)

    def apply(self, value: Any, ctx: TransformContext) -> Any:
        return fusion.apply((self,), value, ctx)


class ProjectStage(Stage):
    """States: (include positions or "all" or None, exclude positions)."""

    name = "project"
    entering = True

    def __init__(self, owner: Project, value: Any) -> None:
        self.owner = owner
        o = owner.options
        self.root = owner.root
        self.size = _size(value) if o.max_chars is not None else None
        self.ratio = 1.0 if self.size is None or o.max_chars is None or self.size <= o.max_chars \
            else o.max_chars / self.size
        self.string_cap, self.depth_cap = o.max_string, o.max_depth
        self.memo_key = (self.string_cap,)
        self.budget: dict[str, Any] | None = None
        self.longest_list = 0
        self.structural = False

    def key(self, state: Any, key: Any, flavor: Any) -> tuple[Any, Any, tuple[Effect, ...]]:
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
            inc = tuple(g.step(s, name) for g, s in zip(includes, inc, strict=True))
            if any(g.full(s) for g, s in zip(includes, inc, strict=True)):
                inc = "all"
            elif not any(inc):
                return DROP, state, _EXCLUDED
        return key, (inc, exc), ()

    def enter(self, state: Any, container: Any, depth: int) -> tuple[Any, tuple[Effect, ...]]:
        if isinstance(container, dict) and state[0] is not None and state[0] != "all":
            container, dropped = self._partial_scalars(state, container)
            if dropped:
                self.structural = True
                return container, ((_P, "excluded", dropped, None, ""),)
        if self.depth_cap is not None and depth > self.depth_cap:
            self.structural = True
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
                self.structural = True
                return [*container[:keep], f"… {n - keep} more items"], ((_P, "lists_truncated", 1,
                                                                           None, ""),)
        return container, ()

    def _partial_scalars(self, state: Any, container: dict[Any, Any]) -> tuple[dict[Any, Any], int]:
        """Under `include`, a scalar whose path only begins a pattern is not included."""
        includes = self.owner.includes or ()
        keep = {}
        for key, value in container.items():
            if not isinstance(value, dict | list):
                reached = [g.step(s, str(key)) for g, s in zip(includes, state[0], strict=True)]
                if not any(g.full(s) for g, s in zip(includes, reached, strict=True)):
                    continue
            keep[key] = value
        dropped = len(container) - len(keep)
        return (keep if dropped else container), dropped

    def leaf(self, state: Any, value: Any) -> tuple[Any, tuple[Effect, ...], int]:
        if self.string_cap is not None and len(value) > self.string_cap:
            cut = f"{value[: self.string_cap]}… [+{len(value) - self.string_cap} chars]"
            return cut, ((_P, "strings_truncated", 1, None, ""),), -1
        return SAME, (), -1

    def retry(self, out: Any, run: Any) -> bool:
        """Over budget: keep a smaller share of every list, else shorten strings, else depth."""
        limit = self.owner.options.max_chars
        if limit is None or self.size is None or self.size <= limit // 2:
            return False
        final = _size(out)
        if final is None or final <= limit:
            self._note(final)
            return False
        self.budget = self.budget or {"max_chars": limit, "original_chars": self.size}
        if self.longest_list > 1 and self.longest_list * self.ratio > 1:
            self.ratio *= min(0.5, limit / final)
        elif (self.string_cap or _longest_string(out)) > _MIN_STRING:
            self.string_cap = max(_MIN_STRING, (self.string_cap or _longest_string(out)) // 2)
            self.memo_key = (self.string_cap,)
        elif (self.depth_cap or _depth(out)) > 1:
            self.depth_cap = max(1, (self.depth_cap or _depth(out)) - 1)
        else:
            self._note(final)
            return False
        self.longest_list = 0
        self.structural = False
        return True

    def _note(self, final: int | None) -> None:
        if self.budget is None and self.ratio < 1:
            self.budget = {"max_chars": self.owner.options.max_chars, "original_chars": self.size}
        if self.budget is not None:
            self.budget.update({"final_chars": final, "list_share": round(self.ratio, 4),
                                "max_string": self.string_cap, "max_depth": self.depth_cap})

    def finish(self, out: Any, run: Any) -> Any:
        if self.budget is not None:
            run.ctx.report.merge(_P, {"budget": self.budget})
        if self.structural or any(run.counts.get((_P, label)) for label in _STRUCTURAL):
            base = run.base
            run.marks[:] = [m for m in run.marks if _resolves(out, m.path[len(base):])]
        return out


def _size(value: Any) -> int | None:
    try:
        return len(json.dumps(value))
    except (TypeError, ValueError, RecursionError):
        return None


def _longest_string(value: Any) -> int:
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


def _depth(value: Any) -> int:
    deepest, stack = 0, [(value, 0)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict | list):
            deepest = max(deepest, d + 1)
            stack.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest


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
