"""A tenth generated estate, `gale`: collaboration and incident response (chat exports, tickets,
mail archives, on-call incidents, postmortems, meeting transcripts, commits and reviews, chat
bots).

Unlike the first nine: the assets are the tools people talk in, their metadata what people wrote
while running the estate (`plantings_gale`). Secrets sit where people paste them; identifiers in
every person, handle, host, address and account the prose names.
"""

from __future__ import annotations

from typing import Any

import plantings as pl
import plantings_gale as pg
import token_forms as tf
import token_gale as tg
from drafting import Draft, Estate, link

_TOOLS: tuple[tuple[str, str, str, str, str, str, pg.Form], ...] = (
    ("CHAT_WORKSPACE", "SLACK", "ops", "channels", "chat-export", "slack", tg.slack),
    ("TICKET_PROJECT", "JIRA", "ops-tickets", "issues", "ticket", "ticket", tg.ticket),
    ("MAIL_ARCHIVE", "GOOGLE_WORKSPACE", "oncall-mailbox", "messages", "mail-message", "mail", tg.mail),
    ("ONCALL_SERVICE", "PAGERDUTY", "platform", "incidents", "oncall-incident", "incident", tg.incident),
    ("WIKI_SPACE", "CONFLUENCE", "postmortems", "pages", "postmortem", "postmortem", tg.postmortem),
    ("MEETING_ARCHIVE", "ZOOM", "standups", "transcripts", "transcript", "transcript", tg.transcript),
    ("CODE_REPOSITORY", "GITHUB", "infra", "activity", "code-review", "github", tg.github),
    ("CHAT_BOT", "SLACK", "bot", "replies", "chatops-reply", "chatops", tg.chatops),
)
"""Each collaboration tool: asset type, provider, name suffix, the metadata key its texts sit
under, their class, and the `token_gale` form that writes them."""


def gale(seed: int, fillers: int = 6, repeats: int = 2) -> Estate:
    """Collaboration tools, in the forms the tenth red-team walk looks for; `fillers` plain
    channels besides and `repeats` of each form (the CI walk takes four fillers, so the notebook
    walk still sees more than 60 surfaces, and one of each: every class and family is planted)."""
    d = Draft(pl.Planter(seed))
    p, rng = d.p, d.p.rng
    name = p.ident("dataset-name", f"{tf.word(rng)}-{tf.word(rng, 2)}-collab")
    c = pg.cast(p)

    def tool(kind: str, provider: str, label: str, **kw: Any) -> dict[str, Any]:
        return d.asset(tf.uuid(rng), label, kind, provider, account=c.domain, **kw)

    chain = [
        tool(
            kind,
            provider,
            f"{tf.word(rng)}-{suffix}",
            metadata={key: pg.each(p, c, cls, tg.FORMS[form], make, repeats=repeats)},
        )
        for kind, provider, suffix, key, cls, form, make in _TOOLS
    ]
    wiki, meetings = chain[4], chain[5]
    link(d, chain, [pl.ip_sentence(p), pl.person_prose(p, pl.persons(p, 2))])
    for asset, text in (
        (wiki, pg.each(p, c, "postmortem-finding", ("timeline",), tg.postmortem)[0]),
        (meetings, pg.each(p, c, "transcript-finding", ("zoom",), tg.transcript)[0]),
    ):
        d.finding(asset, "Secret pasted in shared text", text, source_tool="nightfall")
    for i in range(fillers):
        tool("CHAT_CHANNEL", "SLACK", f"{tf.word(rng)}-{tf.word(rng, 2)}-{i:02d}", tags={"retention": "365"})
    return d.finish(name, ["slack", "jira", "pagerduty"], {"slack": ["global"]})


FAMILIES = {f"{form}_{style}" for form, styles in tg.FORMS.items() for style in styles}
"""The families of `token_gale`'s forms, for the coverage check."""
