"""Widgets: the notebook's live views of what the layer did, over pandas tables.

They sit on top of the display objects and the layer's observable state: `TransformReport`
reads a result's `_meta["cloudg/transforms"]`, `AuditLog` follows a policy's audit ring buffer,
`Vault` the pseudonym vault, `PolicyPreview` compares one call across policies and principals,
and `Inspector` puts them together with call forms. Core ipywidgets only (no custom JavaScript);
each also carries a static `text/html` and `text/plain` fallback in its MIME bundle.
"""

from cloudg_lab.notebook.widgets.audit import AuditLog
from cloudg_lab.notebook.widgets.inspector import Inspector
from cloudg_lab.notebook.widgets.preview import PolicyPreview
from cloudg_lab.notebook.widgets.report import TransformReport
from cloudg_lab.notebook.widgets.vault import Vault

__all__ = ["AuditLog", "Inspector", "PolicyPreview", "TransformReport", "Vault"]
