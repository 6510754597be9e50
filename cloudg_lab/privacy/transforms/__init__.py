"""The built-in transforms, one module each; importing this package registers them all.

Output: `sanitize`, `redact`, `project`, `annotate`, `alias`. Input: `refuse_real_identifiers`,
`depseudonymize`, `guard_secrets`. `build_pipeline` imports this package before it looks a step's type up.
"""

from cloudg_lab.privacy.transforms import (
    alias,
    annotate,
    depseudonymize,
    guard_secrets,
    project,
    redact,
    refuse_real,
    sanitize,
)

__all__ = ["alias", "annotate", "depseudonymize", "guard_secrets", "project", "redact", "refuse_real",
           "sanitize"]
