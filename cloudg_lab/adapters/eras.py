"""Error codes where protocol revisions disagree; the era the client negotiated decides.

| failure                      | handshake era (2024-11-05 … 2025-11-25) | 2026-07-28                      |
|------------------------------|-----------------------------------------|---------------------------------|
| unknown or hidden resource   | -32002 "Resource not found"             | -32602 (-32002 is retired)      |
| a list cursor we never issued| -32602                                  | -32602                          |

Everything else keeps the code the layer gave it (`cloudg_lab.errors`), in every era.
"""

from __future__ import annotations

from mcp.types.version import HANDSHAKE_PROTOCOL_VERSIONS

HANDSHAKE_RESOURCE_NOT_FOUND = -32002
INVALID_PARAMS = -32602


def is_handshake(protocol_version: str) -> bool:
    return protocol_version in HANDSHAKE_PROTOCOL_VERSIONS


def resource_not_found(protocol_version: str) -> int:
    """The code of an unknown resource for a client speaking `protocol_version`."""
    return HANDSHAKE_RESOURCE_NOT_FOUND if is_handshake(protocol_version) else INVALID_PARAMS
