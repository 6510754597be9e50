"""People named in prose that no key and no dictionary entry point at.

A finding's description says "approved by Ana Lee, cc IVO MARSH"; when Ana Lee is an owner
somewhere in the data the dictionary finds her, but a person the data names only in prose is
known to nobody. Guessing every capitalised pair would take "Security Hub" for a person, so a
name is taken only where prose introduces a person: after a cue word (`by`, `cc`, `with`,
`owner`...), as two to four capitalised words, none of them a common word of the trade. Once
found, the same name is found again anywhere in that text, in any case. This is a heuristic for
`strict`'s free text; what it misses (a stranger named without a cue) is listed as inherent.
"""

from __future__ import annotations

import re

from cloudg_lab.privacy.dictionary import fold

_WORD = r"(?:[A-Z][a-z]+(?:['’\-]?[A-Z][a-z]+)*|[A-Z]['’][A-Z][a-z]+)"
_UPPER = r"(?:[A-Z]{2,}(?:['’\-][A-Z]{2,})*)"
_CUES = ("by", "with", "cc", "to", "from", "owner", "owners", "contact", "ask", "ping", "per",
         "via", "thanks", "approver", "reviewer", "assignee", "and", "manager", "lead")
_NAME = re.compile(
    rf"\b(?i:{'|'.join(_CUES)})[:,]?\s+((?:{_WORD})(?:[ \u00a0]+{_WORD}){{1,3}}|"
    rf"(?:{_UPPER})(?:[ \u00a0]+{_UPPER}){{1,3}})(?![\w'’-])")
_TRADE = frozenset({
    "access", "account", "accounts", "admin", "admins", "advisory", "alert", "alerts", "amazon",
    "api", "app", "apps", "audit", "aws", "azure", "backup", "blue", "board", "bucket", "buckets",
    "cd", "central", "change", "ci", "cloud", "committee", "compliance", "config", "console",
    "control", "core", "data", "database", "desk", "dev", "devops", "directory", "engineering",
    "entra", "finance", "gcp", "google", "group", "groups", "guard", "help", "hub", "iam",
    "identity", "incident", "infra", "infrastructure", "inspector", "key", "keys", "lead", "legal",
    "manager", "managers", "microsoft", "monitor", "monitoring", "network", "networking", "office",
    "ops", "operations", "owner", "owners", "platform", "policy", "portal", "prod", "production",
    "program", "red", "response", "review", "risk", "root", "security", "sentinel", "service",
    "services", "shield", "soc", "sre", "staging", "storage", "support", "system", "team", "teams",
    "the", "trust", "user", "users", "vault", "web", "scan", "scanner", "scans", "check", "checks",
    "rule", "rules", "report", "reports", "job", "jobs", "pipeline", "pipelines", "bot", "bots",
    "agent", "agents", "automation", "script", "scripts", "terraform", "ansible", "jenkins",
    "github", "gitlab", "prowler", "checkov", "trivy",
})


def people(text: str) -> list[tuple[int, int]]:
    """Spans of person names `text` introduces, and of every other mention of them in it."""
    if not any(c.isupper() for c in text):
        return []
    names: set[str] = set()
    for match in _NAME.finditer(text):
        words = re.split(r"[ \u00a0]+", match.group(1))
        if any(w.lower().strip("'’-") in _TRADE for w in words):
            continue
        if match.group(1).isupper() or all(w[:1].isupper() for w in words):
            names.add(fold(match.group(1)))
    if not names:
        return []
    folded = fold(text)
    spans: list[tuple[int, int]] = []
    for name in sorted(names, key=len, reverse=True):
        start = folded.find(name)
        while start >= 0:
            end = start + len(name)
            boundary = (start == 0 or not folded[start - 1].isalnum()) and \
                (end == len(folded) or not folded[end].isalnum())
            if boundary and all(end <= s or e <= start for s, e in spans):
                spans.append((start, end))
            start = folded.find(name, end)
    return sorted(spans)
