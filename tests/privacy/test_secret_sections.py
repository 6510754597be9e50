"""Config texts whose section or parent key names the secret and whose entries are neutral
(red team `fjord`): a Helm `values.yaml` with `secrets:` over `stripe: ...`, a TOML or INI file
with `[credentials]` over `primary = ...`. As a dict the key rule of the parent covers its
subtree; as text it must too. Generated variants; neighbouring sections keep their values."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from tests.privacy.test_detector_classes import ALNUM, VARIANTS, WORDS, rand, shown

_PARENTS = ["secrets", "credentials", "apiKeys", "auth_tokens", "passwords", "privateKeys", "db-credentials",
            "smtpAuth", "webhook_secrets"]


def _secret(r: random.Random) -> str:
    return rand(r, ALNUM, r.randrange(8, 16)) + r.choice("#%!.") + rand(r, ALNUM, 4)


def _plain(r: random.Random) -> str:
    return f"{r.choice(WORDS)}-{r.choice(WORDS)}"


def _yaml(r: random.Random) -> tuple[str, list[str], list[str]]:
    """(text, secrets, kept values): a secret parent some levels down, entries or list items."""
    secrets = [_secret(r) for _ in range(r.randrange(1, 4))]
    kept = [_plain(r), _plain(r)]
    pad = "  " * r.randrange(0, 3)
    quote = r.choice(["", '"', "'"])
    if r.random() < 0.5:
        lines = [f"{pad}  {r.choice(WORDS)}{i}: {quote}{s}{quote}" for i, s in enumerate(secrets)]
    else:
        lines = [f"{pad}  - {quote}{s}{quote}" for s in secrets]
    if r.random() < 0.5:
        lines.insert(0, f"{pad}  # rotated {r.choice(WORDS)}")
    head = "".join(f"{'  ' * d}{r.choice(WORDS)}:\n" for d in range(len(pad) // 2))
    text = (f"image: {kept[0]}\n{head}{pad}{r.choice(_PARENTS)}:\n" + "\n".join(lines) +
            f"\n{pad}{r.choice(WORDS)}:\n{pad}  name: {kept[1]}\nreplicas: {r.randrange(1, 9)}\n")
    return text, secrets, kept


def _sections(r: random.Random) -> tuple[str, list[str], list[str]]:
    """(text, secrets, kept values): a TOML or INI file with a secret section between others."""
    secrets = [_secret(r) for _ in range(r.randrange(1, 4))]
    kept = [_plain(r), _plain(r)]
    toml = r.random() < 0.5
    quote = '"' if toml else r.choice(["", '"'])
    section = r.choice(_PARENTS)
    header = r.choice([f"[{section}]", f"[{r.choice(WORDS)}.{section}]"]) if toml else f"[{section}]"
    entries = "\n".join(f"{r.choice(WORDS)}{i} = {quote}{s}{quote}" for i, s in enumerate(secrets))
    text = (f"[{r.choice(WORDS)}]\nhost = {quote}{kept[0]}{quote}\n\n{header}\n{entries}\n\n"
            f"[{r.choice(WORDS)}]\nlabel = {quote}{kept[1]}{quote}\n")
    return text, secrets, kept


Section = Callable[[random.Random], tuple[str, list[str], list[str]]]
"""(random) → (the config text, its secrets, what must stay)."""


@pytest.mark.parametrize(("seed", "make", "keys"), [
    ("yaml sections", _yaml, ["values_yaml", "config", "helm"]),
    ("ini sections", _sections, ["config_toml", "settings", "worker_ini"])], ids=["yaml", "toml or ini"])
def test_entries_under_a_parent_or_section_named_like_a_secret_are_hidden(
        seed: str, make: Section, keys: list[str]) -> None:
    r = random.Random(seed)
    for _ in range(VARIANTS * 2):
        text, secrets, kept = make(r)
        wire = json.dumps(shown("standard", {r.choice(keys): text}))
        assert all(s not in wire for s in secrets), text
        assert all(k in wire for k in kept), (text, wire)


def test_flags_numbers_and_exempt_entries_under_a_secret_parent_keep_their_text() -> None:
    r = random.Random("section flags")
    for _ in range(VARIANTS):
        parent = r.choice(_PARENTS)
        text = (f"{parent}:\n  enabled: {r.choice(['true', 'false', 'yes'])}\n  rotation_days: "
                f"{r.randrange(7, 90)}\n  name: {_plain(r)}\n  kind: {r.choice(WORDS)}\n")
        assert shown("standard", {"values": text}) == {"values": text}, text
