"""People named in prose that no key and no dictionary entry point at.

A finding's description says "approved by Ana Lee, cc IVO MARSH"; when Ana Lee is an owner
somewhere in the data the dictionary finds her, but a person the data names only in prose is
known to nobody. Guessing every capitalised pair would take "Security Hub" for a person, so a
name is taken only where prose introduces a person: after a cue word (`by`, `cc`, `with`,
`owner`...), after a rota's label and its colon (`Primary:`), on the line after a sign-off
(`Regards,`) or as the items of a YAML list under a cue (`owners:`), as capitalised words of
any script (`Ólafur Þórðarson`, `Светлана Воронцова`), with particles (`van der`), initials
(`J. R. Okafor`) or written `Last, First`, none of them a common word of the trade; in a script
without letter case one or two words (`王晓明`, `عمر الفاروقي`);
or an @handle. Once found, the same name is found again anywhere in that text, in any case.
This is a heuristic for `strict`'s free text; what it misses (a stranger named without a cue) is
listed as inherent.
"""

from __future__ import annotations

import re
import unicodedata

from cloudg_lab.privacy.dictionary import MARKS, fold

_CUES = ("by", "with", "cc", "to", "from", "owner", "owners", "contact", "ask", "ping", "per",
         "via", "thanks", "approver", "reviewer", "assignee", "and", "manager", "lead", "for",
         "author", "maintainer", "call", "or", "reporter", "requester", "requestor", "submitter",
         "creator", "sponsor", "custodian", "steward", "responder", "attn", "dear",
         # the same cues in the languages red team `dune` wrote in (a name after them)
         "von", "durch", "mit", "für", "autor", "autorin", "par", "avec", "pour", "auteur", "por", "con",
         "para", "com", "pelo", "pela", "da", "autore", "przez", "dla", "от", "для", "автор", "согласовал",
         "согласовала", "утвердил", "утвердила", "від", "погодив", "από", "με", "για", "بواسطة", "مع",
         "על ידי", "מאת", "עם", "bởi", "với", "cho")
_TOKEN = rf"(?:@[\w.-]{{3,}}(?:\|[\w.-]+)?|[^\W\d_](?:[^\W\d_]|[{MARKS}]|['’\-](?=[^\W\d_]))*\.?)"
"""A word: letters of any script with the marks written on them (accents, Indic vowel signs)."""
_RUN = rf"{_TOKEN}(?:,?[ \u00a0]+{_TOKEN}){{0,4}}"
_LABELS = ("primary", "secondary", "escalation", "dri", "poc", "point of contact", "on-call", "oncall",
           "on call", "duty officer", "incident commander", "account manager", "outgoing", "incoming")
"""Rota, hand-off and ticket labels that name a person only before a colon, a few lower-case words between
(`Primary: Ana Lee`, `on-call this week: Ana Lee`; `primary region failover` names none)."""
_SIGN_OFFS = ("regards", "cheers", "sincerely", "signed", "best wishes", "kind regards", "thank you")
"""What a message ends with, the sender's name on the next line."""
_MENTION = r"(?<![\w@.+/-])(?=@[\w.-]{3,}(?:\|[\w.-]+)?(?![\w.-]*[(/]))"
"""A chat or review mention anywhere (`@ana.lee please look`, Slack's `<@U04AB12CD|ana.lee>`; red
team `gale`): the @ is the cue. Not an address's or a package's @ (a word before it), nor a
decorator's call or a scoped package (`@app.route(`, `@types/node`)."""
_JOURNAL = (r"(?m:^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d[ \t]+-[ \t]+"
            r"(?=[^\r\n]*\((?i:work notes|comments|additional comments)\)[ \t]*\r?$))")
"""A ticket journal's entry header (ServiceNow: `2026-11-02 09:14:07 - Ana Lee (Work notes)`;
red team `gale`): its author comes after the time."""
_NAME = re.compile(rf"(?:(?<![\w.])(?i:{'|'.join(_CUES)})[:,]?[ \u00a0]+"
                   rf"|\b(?i:{'|'.join(_LABELS)})(?:[ \t]+[a-z0-9]+){{0,3}}[ \t]*:[ \u00a0]+"
                   rf"|\b(?i:{'|'.join(_SIGN_OFFS)}),?[ \t]*\r?\n[ \t]*"
                   rf"|(?m:^)--[ \t]?\r?\n[ \t]*|<v(?:\.[\w.-]+)?[ \t]+|{_JOURNAL}|{_MENTION})"
                   rf"\(?(?=({_RUN}))")
"""A cue word of its own (not a host's last label: `hooks.slack.com` ends in `com`, Portuguese for
with), or a label and its colon, a sign-off or a signature's `-- ` and its line break, a
WebVTT voice tag `<v Ana Lee>`, a ticket journal's entry header, an @ mention, then up to five words
(letters of any script with combining accents, apostrophes and hyphens inside, a full stop
after an initial, or an @handle), looked ahead at so that a cue among them starts another
match; which of them are a name is decided word by word."""
_BEFORE = re.compile(rf"(?<![\w{MARKS}])({_TOKEN}(?:[ \u00a0]+{_TOKEN})?)[ \u00a0]+(?:tarafından|द्वारा)")
"""A name before a cue that follows it (Turkish `… tarafından`, Hindi `… द्वारा`: by): one or two words."""
_HAN = "\u3005\u4e00-\u9fff"
_GLUED = re.compile(rf"由(?P<z>[{_HAN}]{{2,4}}?)(?:批准|审批|审核|负责|提交|处理|创建|确认)"
                    rf"|(?P<j>[{_HAN}]{{1,4}}(?:[ \u3000][{_HAN}]{{1,3}})?)(?:さん|様|氏)"
                    r"|(?P<k>[\uac00-\ud7af]{1,4}(?: [\uac00-\ud7af]{1,3})?) ?님")
"""Chinese, Japanese and Korean glue the cue to the name: `由王静怡批准` (approved by), `山田 太郎さん`,
`남궁 민준 님` (honorifics); red team `dune`."""
_CJK_NAME = re.compile(f"[{_HAN}\u3040-\u30ff\uac00-\ud7af]")
_SPEAKER = re.compile(rf"(?m)^[ \t]*({_RUN})[ \t]*:[ \t]+\S")
"""A transcript's speaker line (`Ana Lee: I restarted it`); see `_speakers`."""
_NOT_HANDLES = frozenset({"@here", "@channel", "@everyone", "@timestamp", "@message", "@log",
                          "@logstream", "@ptr", "@version", "@latest", "@echo"})
"""Words written after an @ that name nobody: chat's broadcasts, log query fields, a batch file's
`@echo off`."""
_LISTED = re.compile(rf"(?im)^[ \t]*(?:{'|'.join(_CUES + _LABELS)})s?[ \t]*:[ \t]*\r?\n"
                     r"((?:[ \t]*-[ \t]+[^\r\n]*(?:\r?\n|$))+)")
"""A YAML list under a cue, singular or plural (`approvers:` then `- Ana Lee` lines): each item is
read as after the cue."""
_ITEM = re.compile(rf"(?m)^[ \t]*-[ \t]+\(?(?=({_RUN}))")
_ELIDED = re.compile(r"(?i:d|l|dell|dall|degl|all)['’]")
"""A particle elided onto a family name (`d'Aubigné`, `dell'Acqua`): the name after it is capitalised."""
_PARTICLES = frozenset({"van", "der", "den", "de", "da", "di", "do", "dos", "das", "del", "della",
                        "von", "zu", "le", "la", "du", "des", "bin", "binti", "ibn", "al", "el",
                        "ter", "ten", "af", "av", "y"})
"""Lower-case words inside a name (`Ludwig van der Berghe`, `María José de la Cruz`)."""


def _caseless(word: str) -> bool:
    """A word of a script without letter case (Han, Arabic, Hebrew, Thai, Devanagari...); the
    vowel signs and viramas of Indic scripts are marks, not letters (`स्नेहा`; red team `dune`)."""
    return any(c.isalpha() for c in word) and all(
        (c.isalpha() and not c.isupper() and not c.islower()) or unicodedata.category(c)[0] == "M"
        for c in word)


def _name_word(word: str) -> bool:
    head = word.rstrip(".")
    if not head:
        return False
    if _caseless(head):
        return True
    if len(head) == 1:
        return word.endswith(".") and head.isupper()  # an initial: J. R. Okafor
    elided = _ELIDED.match(head)
    first = elided.end() if elided is not None else 0
    return first < len(head) and head[first].isupper()


def _takes(words: list[str], i: int, started: bool) -> bool:
    """Whether `words[i]` belongs to the name being read: a name word that is no trade word, or
    a particle (or a run of them) before a name word."""
    word = words[i].rstrip(",")
    if _name_word(word):
        return word.lower().strip("'’-.") not in _TRADE
    if not started or word not in _PARTICLES:
        return False
    after = next((w.rstrip(",") for w in words[i + 1:] if w.rstrip(",") not in _PARTICLES), "")
    return _name_word(after)


def _name(words: list[str]) -> str | None:
    """The name the words after a cue begin with, as written (None when they begin with none)."""
    if words[0].startswith("@"):
        handle = words[0].rstrip(".,:;!?")
        return handle if len(handle) > 3 and handle.lower() not in _NOT_HANDLES else None
    taken: list[str] = []
    for i, word in enumerate(words):
        if not _takes(words, i, bool(taken)):
            break
        taken.append(word)
        if word.rstrip(",").endswith(".") and len(word.rstrip(",")) > 2:
            break  # a full stop ends the sentence, and the name
        if word.endswith(",") and len(taken) > 1:
            break
    named = [w.rstrip(",.") for w in taken if w.rstrip(",") not in _PARTICLES]
    if len(named) >= 2 or (len(named) == 1 and _caseless(named[0]) and 2 <= len(named[0]) <= 8):
        text = " ".join(taken).rstrip(",")
        initial = len(text.rsplit(" ", 1)[-1]) == 2  # `R.` keeps its full stop, `Lee.` does not
        return text if initial else text.removesuffix(".")
    return None


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


def _decorator(text: str, start: int) -> bool:
    """Whether the @word at `start` is alone on its line: code's decorator or annotation
    (`@property`, `@Override`), no mention."""
    line = text.rfind("\n", 0, start) + 1
    end = text.find("\n", start)
    return text[start] == "@" and not text[line:start].strip() and \
        " " not in text[start:len(text) if end < 0 else end].strip()


def _speakers(text: str) -> list[str]:
    """The names on a transcript's speaker lines, where the text is one: three speaker lines or
    more, one speaker among them twice (red team `gale`). A postmortem's or a ticket's headings
    (`Root Cause: ...`, `Next Steps: ...`) are each written once, so they name nobody."""
    if ": " not in text:
        return []
    said = [name for m in _SPEAKER.finditer(text) if (name := _name(re.split(r"[ \u00a0]+", m.group(1))))]
    folded = [fold(name) for name in said]
    return said if len(said) >= 3 and len(set(folded)) < len(folded) else []


def reordered(name: str) -> tuple[str, ...]:
    """`name` family name first, as directories, rotas and SAML attributes write it: `Lee, Ana`
    and `Lee Ana` for `Ana Lee` (with more words, the last one or all but the first as the
    family name). None for what is no name of two to four capitalised words."""
    words = name.split()
    if not 2 <= len(words) <= 4 or not all(_name_word(w) and w[-1:] not in ",." for w in words):
        return ()
    splits = {(" ".join(words[1:]), words[0]), (words[-1], " ".join(words[:-1]))}
    return tuple(f"{family}{joint}{given}" for family, given in sorted(splits) for joint in (", ", " "))


def people(text: str) -> list[tuple[int, int]]:
    """Spans of person names `text` introduces, and of every other mention of them in it."""
    if not any(c.isupper() or c == "@" or (ord(c) > 0x2FF and c.isalpha()) for c in text):
        return []
    names: dict[str, str] = {}
    items = (item for listed in _LISTED.finditer(text) for item in _ITEM.finditer(listed.group(1)))
    for match in (*_NAME.finditer(text), *items):
        name = _name(re.split(r"[ \u00a0]+", match.group(1)))
        if name is not None and not _decorator(text, match.start(1)):
            names.setdefault(fold(name), name)
    for name in _speakers(text):
        names.setdefault(fold(name), name)
    if not text.isascii():
        for match in _BEFORE.finditer(text):
            name = _name(re.split(r"[ \u00a0]+", match.group(1)))
            if name is not None:
                names.setdefault(fold(name), name)
        for match in _GLUED.finditer(text):
            name = match.group(match.lastgroup or 0)
            names.setdefault(fold(name), name)
    if not names:
        return []
    folded = fold(text)
    spans: list[tuple[int, int]] = []
    for name, written in sorted(names.items(), key=lambda pair: len(pair[0]), reverse=True):
        for variant in {name, name.replace(" ", "\u00a0"), *map(fold, reordered(written))}:
            start = folded.find(variant)
            while start >= 0:
                end = start + len(variant)
                boundary = _CJK_NAME.search(name) is not None or (
                    (start == 0 or not folded[start - 1].isalnum()) and
                    (end == len(folded) or not folded[end].isalnum()))
                if boundary and all(end <= s or e <= start for s, e in spans):
                    spans.append((start, end))
                start = folded.find(variant, end)
    return sorted(spans)
