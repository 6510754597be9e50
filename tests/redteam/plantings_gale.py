"""The tenth estate's plantings: what people write while they run an estate (`gale`).

One function per class, as `plantings_sleet` does: each returns the fragments the builder places
and records their canaries on the planter, with the family of each form.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import plantings_sleet as psl
import token_forms as tf
import token_gale as tg
from plantings import Planter


def cast(p: Planter) -> tg.Cast:
    """The estate's mail domain and AWS account (identifiers everywhere)."""
    rng = p.rng
    domain = p.ident("customer-host", f"{tf.word(rng)}-{tf.word(rng, 2)}.io")
    return tg.Cast(domain, p.ident("collab-account", str(tf.account_number(rng)), bounded=True))


Form = Callable[[random.Random, tg.Cast, str], tg.Said]
"""A `token_gale` form: one text of a style, drawn for the estate's cast."""


def each(
    p: Planter,
    c: tg.Cast,
    cls: str,
    styles: tuple[str, ...],
    make: Form,
    *,
    repeats: int = 1,
) -> list[Any]:
    """Every style of `make` (`repeats` times), each planted under its own class `cls-style`."""
    return [
        psl.plant(p, f"{cls}-{style}", tg.written(make(p.rng, c, style)))
        for _ in range(repeats)
        for style in styles
    ]
