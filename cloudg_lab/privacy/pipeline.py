"""Pipelines: ordered transforms, the context they run in, and the report they fill.

The layer runs an output pipeline over every piece of a result (structured value, text blocks,
embedded resources, link fields, `_meta`, error texts and data) and an input pipeline over
arguments. Each piece gets the same `Report` and `marks`, but its own JSON pointer `path`, so the
notebook can badge exactly what changed without ever seeing a real value.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, TypedDict, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from cloudg_lab.errors import PolicyError
from cloudg_lab.privacy.dictionary import Dictionary, Found, Matcher, Spelled
from cloudg_lab.types import JSON, Kind, Mark, MarkKind, PageCursor, Principal, Transform

if TYPE_CHECKING:  # for the annotation only: the vault is built above this module
    from cloudg_lab.privacy.detectors import DetectorSet
    from cloudg_lab.privacy.vault import Vault

REPORT_COUNT_SECTIONS = ("redacted", "masked", "hashed", "pseudonymized", "dropped", "aliased")


class Report:
    """The transform report (`_meta["cloudg/transforms"]`): counts and labels, never values."""

    __slots__ = ("_data",)

    def __init__(self) -> None:
        self._data: dict[str, object] = {}

    def count(self, section: str, label: str, n: int = 1) -> None:
        """Add `n` to `report[section][label]` (e.g. `count("pseudonymized", "aws_arn")`)."""
        bucket = self._bucket(section)
        old = bucket.get(label, 0)
        bucket[label] = (old if isinstance(old, int) else 0) + n

    def set(self, key: str, value: object) -> None:
        self._data[key] = value

    def get(self, key: str, default: object = None) -> object:
        return self._data.get(key, default)

    def _bucket(self, name: str) -> dict[str, object]:
        """The dict section `name`, started empty when there is none."""
        found = self._data.get(name)
        if isinstance(found, dict):
            return found
        bucket: dict[str, object] = {}
        self._data[name] = bucket
        return bucket

    def merge(self, section: str, values: Mapping[str, object]) -> None:
        """Shallow-merge `values` into a dict section (numbers add up, others replace)."""
        bucket = self._bucket(section)
        for k, v in values.items():
            old = bucket.get(k)
            if isinstance(v, int | float) and not isinstance(v, bool) and isinstance(old, int | float):
                bucket[k] = old + v
            else:
                bucket[k] = v

    def __bool__(self) -> bool:
        return any(self._data.values())

    def to_dict(self) -> dict[str, object]:
        """The report as sent; sections that did nothing are omitted."""
        return {k: v for k, v in self._data.items() if v not in (None, {}, [], 0)}


class Overlay(Mapping[str, str]):
    """`base` with `extra` in front, without copying `base` (the workspace's identifiers).

    `memo_key` is equal for equal contents, so calls that reversed the same values share the
    memoised outcomes of the output walk.
    """

    __slots__ = ("base", "extra", "held", "matcher", "memo_key")

    def __init__(self, extra: Mapping[str, str], base: Mapping[str, str]) -> None:
        self.extra, self.base = dict(extra), base
        self.memo_key = (id(base), len(base), frozenset(self.extra.items()))
        self.matcher = Dictionary(self.extra)
        below = base.held if isinstance(base, Matcher) else {}
        self.held: Mapping[str, str] = {**below, **self.matcher.held} if self.matcher.held else below

    def lookup(self, value: str) -> Spelled | None:
        """The call's own values first, then the workspace's (`dictionary.Matcher`)."""
        found = self.matcher.lookup(value)
        if found is None and isinstance(self.base, Matcher):
            found = self.base.lookup(value)
        return found

    def find(self, value: str) -> list[Found]:
        own = self.matcher.find(value)
        rest = self.base.find(value) if isinstance(self.base, Matcher) else []
        if not own:
            return rest
        return own + [f for f in rest if all(f[1] <= o[0] or o[1] <= f[0] for o in own)]

    def __getitem__(self, key: str) -> str:
        found = self.extra.get(key)
        return found if found is not None else self.base[key]

    def __iter__(self) -> Iterator[str]:
        yield from self.extra
        yield from (k for k in self.base if k not in self.extra)

    def __len__(self) -> int:
        return len(self.base) + sum(1 for k in self.extra if k not in self.base)


class CallState(TypedDict, total=False):
    """What one transform of a pipeline run leaves for the later ones (see `redact`)."""

    redact_value: Callable[[str, str], str]
    """A value of an entity type as the output shows it."""
    redact_text: Callable[[str], str]
    """Free text as the output shows it."""
    failed: bool
    """A transform failed closed: what it would have left here is missing, so withhold instead."""


@dataclass
class TransformContext:
    """Everything a transform may consult; `path` is the JSON pointer of the value being changed."""

    principal: Principal
    kind: Kind
    name: str
    policy_name: str
    vault: Vault | None
    namespace: str = "global"
    report: Report = field(default_factory=Report)
    marks: list[Mark] = field(default_factory=list)
    path: str = ""
    sensitivity: str = "internal"
    dataset: str | None = None
    detectors: DetectorSet | None = None
    """The compiled detector set of the policy (built-in plus the policy's own)."""
    known: Mapping[str, str] | None = None
    """Real identifiers the workspace knows (asset ids, names, ARNs, accounts → entity type), so
    free text that mentions them is caught even where no pattern or key rule would fire."""
    reversed: dict[str, str] = field(default_factory=dict)
    """Real values the input side of this call put back for pseudonyms → entity; shared by
    `at` and handed to the output side, which must never show them in clear."""
    state: CallState = field(default_factory=CallState)
    """Per-call scratch space shared by the transforms of one pipeline run."""
    page_cursor: PageCursor | None = None
    """Set on a paged tool's structured result only: the budget shortens such a page to whole
    records and asks this for the cursor after the last one (`privacy.pages`)."""

    def at(self, path: str) -> TransformContext:
        """The same report, marks and state, for another piece of the result."""
        return replace(self, path=path)

    def mark(self, subpath: str, kind: MarkKind, entity: str) -> None:
        self.marks.append(Mark(path=self.path + subpath, kind=kind, entity=entity))


Step = Transform["TransformContext"]
"""A transform of this pipeline: it reads a `TransformContext`."""


class Pipeline:
    """An ordered list of transforms; empty pipelines cost one truthiness check."""

    __slots__ = ("transforms",)

    def __init__(self, transforms: Sequence[Step] = ()) -> None:
        self.transforms = tuple(transforms)

    def __bool__(self) -> bool:
        return bool(self.transforms)

    def __len__(self) -> int:
        return len(self.transforms)

    @property
    def names(self) -> list[str]:
        return [t.name for t in self.transforms]

    @property
    def hides_identifiers(self) -> bool:
        """Whether some transform replaces identifiers (so the caller sees other values)."""
        return any(getattr(t, "hides_identifiers", False) for t in self.transforms)

    def apply(self, value: JSON, ctx: TransformContext) -> JSON:
        """Run the transforms in order; consecutive walking ones share one walk (`fusion`)."""
        from cloudg_lab.privacy.fusion import apply

        return apply(self.transforms, value, ctx)

    def __add__(self, other: Pipeline) -> Pipeline:
        return Pipeline(self.transforms + other.transforms)


class TransformOptions(BaseModel):
    """Base for each transform's options; unknown keys are policy errors."""

    model_config = ConfigDict(extra="forbid")


Opts = TypeVar("Opts", bound=TransformOptions)
TransformFactory = Callable[[TransformOptions], Step]
_TRANSFORMS: dict[str, tuple[type[TransformOptions], TransformFactory]] = {}


def register_transform(type_name: str, options: type[Opts], factory: Callable[[Opts], Step]) -> None:
    """Make `type_name` usable in policies' `transforms` / `input_transforms` lists."""
    def build(validated: TransformOptions) -> Step:
        assert isinstance(validated, options)  # `build_pipeline` validates with `options`
        return factory(validated)

    _TRANSFORMS[type_name] = (options, build)


def registered_transforms() -> list[str]:
    return sorted(_TRANSFORMS)


def build_pipeline(steps: Sequence[Mapping[str, object]], where: str = "transforms") -> Pipeline:
    """Compile policy steps like `{"type": "redact", ...options}` into a pipeline.

    Raises:
        PolicyError: naming the step (`transforms[2].rules`) for an unknown type or bad options.
    """
    if not steps:
        return Pipeline()
    from cloudg_lab.privacy import transforms as _builtin  # noqa: F401  (registers built-ins)

    built: list[Step] = []
    for i, step in enumerate(steps):
        here = f"{where}[{i}]"
        kind = step.get("type")
        if kind not in _TRANSFORMS:
            raise PolicyError(f"{here}.type: unknown transform {kind!r}; "
                              f"expected one of {', '.join(registered_transforms())}")
        options_model, factory = _TRANSFORMS[kind]
        try:
            options = options_model.model_validate({k: v for k, v in step.items() if k != "type"})
        except ValidationError as exc:
            first = exc.errors()[0]
            loc = ".".join(str(p) for p in first["loc"])
            raise PolicyError(f"{here}.{loc}: {first['msg']}") from None
        built.append(factory(options))
    return Pipeline(built)
