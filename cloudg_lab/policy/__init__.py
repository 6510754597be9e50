"""Policies: who may see and call what, how often, and which transforms apply.

The layer's lookup stage asks `is_allowed`, its terminal stage `check_call`, and its input and
finalize stages take their pipelines from here. Profiles are YAML files in `profiles/`.
"""

from cloudg_lab.policy.audit import AuditEntry, AuditLog
from cloudg_lab.policy.engine import Decision
from cloudg_lab.policy.model import PROFILES, PolicyModel
from cloudg_lab.policy.policy import Policy

__all__ = ["PROFILES", "AuditEntry", "AuditLog", "Decision", "Policy", "PolicyModel"]
