"""The logic of the `reveal_token` tool: what a pseudonym stands for, for those allowed to know.

The catalog registers the tool (capability `reveal`, hidden unless the policy grants it, each
call audited); this module only answers from the caller's namespace of the vault.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cloudg_lab.privacy.transforms.depseudonymize import reverse, strip_fences

if TYPE_CHECKING:  # for the annotation only
    from cloudg_lab.privacy.vault import Vault

MAX_CHARS = 20_000


def reveal(vault: Vault, text: str, namespace: str = "global") -> dict[str, object]:
    """An exact pseudonym gives its value and entity; text with pseudonyms inside gives the text
    with them replaced; anything else gives `found: false`.

    Raises:
        ValueError: when `text` is not a string or longer than 20,000 characters.
    """
    if not isinstance(text, str):
        raise ValueError("reveal needs a string")
    if len(text) > MAX_CHARS:
        raise ValueError(f"reveal takes at most {MAX_CHARS:,} characters")
    entry = vault.entry(strip_fences(text).strip(), namespace)
    if entry is not None:
        return {"pseudonym": text, "found": True, "value": entry.real, "entity_type": entry.entity}
    value, entities = reverse(text, vault, namespace)
    if entities:
        return {"pseudonym": text, "found": True, "value": value, "replaced": len(entities),
                "entity_types": sorted(set(entities))}
    return {"pseudonym": text, "found": False, "value": None}
