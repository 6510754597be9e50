"""Who is calling (ARCHITECTURE.md, step 2): custom resolvers first, then the default order.

The default never trusts `clientInfo`: a client can name itself anything.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from cloudg_lab.logs import log_failure
from cloudg_lab.types import Principal, PrincipalResolver, RequestInfo

_log = logging.getLogger("cloudg_lab.principal")
_LOCAL_TRANSPORTS = frozenset({"stdio", "memory", "notebook", "python"})


def default_principal(info: RequestInfo) -> Principal:
    """Auth-set principal, else OAuth token, else local user (local transports), else anonymous."""
    if info.principal is not None:
        return info.principal
    token = info.access_token
    if token is not None:
        return Principal(id=token.client_id or "oauth-client",
                         roles=frozenset({"default", *token.scopes}),
                         attributes={"auth": "oauth", "scopes": list(token.scopes),
                                     "subject": token.subject})
    if info.transport in _LOCAL_TRANSPORTS:
        return Principal.local()
    return Principal()


def resolve_principal(info: RequestInfo, resolvers: Sequence[PrincipalResolver] = ()) -> Principal:
    """Run custom resolvers in order; `None` or an exception falls through to the default."""
    for resolver in resolvers:
        try:
            found = resolver(info)
        except Exception as exc:
            log_failure(_log, f"principal resolver {getattr(resolver, '__name__', 'resolver')}", exc,
                        logging.WARNING)
            continue
        if isinstance(found, Principal):
            return found
    return default_principal(info)
