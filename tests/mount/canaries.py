"""Canaries for the mount tests: fresh secrets and identifiers per test, never a bundled sample.

Each run draws new values, so a test cannot pass because a detector happens to know one string.
"""

from __future__ import annotations

import json
import random
import string
from pathlib import Path
from typing import Any

_WORDS = ("orion", "basalt", "quill", "marlin", "cobalt", "fennel", "juniper", "tundra", "vesper")


def draw(seed: int | None = None) -> dict[str, str]:
    """An AWS secret key, a GitHub token, an account id, an ARN in it and a hostname."""
    rng = random.Random(seed)
    alnum = string.ascii_letters + string.digits
    account = str(rng.randint(10**11, 10**12 - 1))
    role = f"{rng.choice(_WORDS)}-{rng.choice(_WORDS)}-{rng.randint(10, 99)}"
    return {
        "aws_secret": "".join(rng.choice(alnum + "/+") for _ in range(40)),
        "github_token": "ghp_" + "".join(rng.choice(alnum) for _ in range(36)),
        "account_id": account,
        "arn": f"arn:aws:iam::{account}:role/{role}",
        "role": role,
        "hostname": (f"{rng.choice(_WORDS)}-{rng.randint(1, 99)}.{rng.choice(_WORDS)}"
                     f".corp-{rng.randint(100, 999)}.com"),
    }


def write(state: Path, canaries: dict[str, str]) -> Path:
    state.mkdir(parents=True, exist_ok=True)
    (state / "canaries.json").write_text(json.dumps(canaries))
    return state


def leaks(value: Any, canaries: dict[str, str]) -> list[str]:
    """The canaries that appear in clear anywhere in `value` (dumped as JSON)."""
    text = json.dumps(value, default=str)
    return sorted(k for k, v in canaries.items() if v in text)
