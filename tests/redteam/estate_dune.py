"""A twelfth generated estate, `dune`: an estate run by teams writing in many languages and scripts.

Unlike the first eleven: keys, labels, tags, findings and prose are German, French, Spanish,
Portuguese, Italian, Polish, Turkish, Russian, Ukrainian, Greek, Arabic, Hebrew, Hindi, Chinese,
Japanese, Korean and Vietnamese (`plantings_dune`); people are written in their own scripts, NFC in
the data and respelled elsewhere (decomposed, in the language's capitals, with a soft hyphen or a
joiner); accounts are grouped and spelled as locales write digits; hosts are IDN names, in Unicode
and in punycode; names carry bidirectional marks or Cyrillic look-alikes. Beside them sit ordinary
sentences of those languages (`token_dune.CONTROL`) that say password, user or owner and must stay
shown under `standard`. What holds the plantings is keyed by neutral words (`Datenbanken`,
`Notizen`, `Änderungsprotokoll`): under `owners` or `secrets` a whole record is hidden whatever
its inner keys say, and the walk would test nothing.
"""

from __future__ import annotations

from typing import Any

import plantings as pl
import plantings_dune as pd
import token_dune as td
import token_forms as tf
from drafting import Draft, Estate, link


def dune(seed: int, fillers: int = 6) -> Estate:
    """An internationalized estate, in the forms the twelfth red-team walk looks for; `fillers`
    plain assets besides (the CI walk takes none: every class and family is planted without them)."""
    d = Draft(pl.Planter(seed))
    p, rng = d.p, d.p.rng
    name = p.ident("dataset-name", f"{tf.word(rng)}-{tf.word(rng, 2)}-intl")
    accounts = tuple(str(tf.account_number(rng)).zfill(12) for _ in pd.ACCOUNT_STYLES)  # one per spelling
    hosts = tuple(td.idn_host(rng) for _ in range(4))
    names = tuple(
        f"{tf.word(rng)}-{rng.choice(('ledger', 'payments', 'reports', 'archive'))}-"
        f"{rng.choice(('eu', 'apac', 'mena'))}{rng.randrange(1, 9)}"
        for _ in range(3)
    )
    c = pd.Cast(accounts, hosts, names)
    region = rng.choice(("eu-central-1", "me-central-1", "ap-northeast-1"))

    def aws(kind: str, label: str, i: int, service: str, path: str, **kw: Any) -> dict[str, Any]:
        account = accounts[i % len(accounts)]
        arn = f"arn:aws:{service}:{region}:{account}:{path}{label}"
        return d.asset(arn, label, kind, "AWS", arn=arn, account=account, region=region, **kw)

    owners, respelled = pd.respelled_people(p)
    account_lines = pd.account_texts(p, c)
    for account in accounts:
        d.asset(
            f"arn:aws:organizations::{accounts[0]}:account/o-{tf.word(rng)}/{account}",
            f"acct-{tf.word(rng)}",
            "CLOUD_ACCOUNT",
            "AWS",
            account=account,
        )
    vault = aws(
        "SECRETS_MANAGER",
        f"{tf.word(rng)}-tresor",
        0,
        "secretsmanager",
        "secret:",
        tags={"owner": owners[0], **pd.secret_tags(p, 2), "Umgebung": "Produktion"},
        metadata={
            "Datenbanken": pd.keyed_secrets(
                p, td.PASSWORD_KEYS, "translated-password-key", td.intl_password, "pwkey"
            ),
            "Schnittstellen": pd.keyed_secrets(p, td.TOKEN_KEYS, "translated-token-key", td.opaque, "tokkey"),
            "Dienste": pd.keyed_secrets(p, td.SECRET_KEYS, "translated-secret-key", td.opaque, "seckey"),
        },
    )
    wiki = d.asset(
        tf.uuid(rng),
        f"{tf.word(rng)}-wiki",
        "WIKI_SPACE",
        "CONFLUENCE",
        account=hosts[0],
        tags={"owner": owners[1], "Sprache": "de/fr/ja"},
        metadata={
            "runbooks": pd.labelled_secrets(p),
            "notes": pd.sentence_secrets(p),
            "Hinweise": dict(td.CONTROL),
        },
    )
    export = aws(
        "S3_BUCKET",
        names[0],
        1,
        "s3",
        "",
        tags={"owner": owners[2], "Kostenstelle": "Vertrieb"},
        metadata={"exports": pd.csv_tables(p), "Abrechnung": pd.cards(p), "Notizen": account_lines},
    )
    chat = d.asset(
        tf.uuid(rng),
        f"{tf.word(rng)}-sohbet",
        "CHAT_WORKSPACE",
        "SLACK",
        account=hosts[1],
        tags={"owner": owners[3]},
        metadata={"messages": pd.invisible_tokens(p)},
    )
    people = pd.labelled_people(p)
    emails, email_texts = pd.intl_emails(p)
    directory = d.asset(
        tf.uuid(rng),
        f"{tf.word(rng)}-verzeichnis",
        "DIRECTORY",
        "ENTRA_ID",
        account=hosts[2],
        tags={"owner": owners[4], **pd.owner_tags(p, 3)},
        metadata={
            "Zuständigkeiten": pd.keyed_people(p, td.OWNER_KEYS, "translated-owner-key", "ownkey"),
            "Anmeldungen": pd.keyed_people(p, td.USER_KEYS, "translated-user-key", "usrkey", logins=True),
            "Adressbuch": emails,
            "handover": people,
            "Änderungsprotokoll": pd.cue_people(p),
        },
    )
    hosts_asset = [
        aws(
            "EC2",
            label,
            i,
            "ec2",
            "instance/",
            tags={"owner": owners[5] if i == 0 else "team"},
            metadata={"hostname": hosts[i], "fqdn_punycode": td.punycode(hosts[3])},
        )
        for i, label in enumerate(names[1:])
    ]
    bidi_records, bidi_texts = pd.bidi_texts(p)
    ops = d.asset(
        tf.uuid(rng),
        f"{tf.word(rng)}-betrieb",
        "TICKET_PROJECT",
        "JIRA",
        account=hosts[3],
        metadata={
            "comments": [
                *respelled,
                *pd.idn_hosts(p, c),
                *email_texts,
                *bidi_texts,
                *pd.homoglyph_texts(p, c),
            ],
            "Verzeichnis": bidi_records,
        },
    )
    chain = [vault, wiki, export, chat, directory, *hosts_asset, ops]
    link(d, chain, [pl.ip_sentence(p), "Übergabe an das Nachtteam · 交接给夜班"])
    d.external(
        hosts_asset[0]["id"],
        f"onprem:{tf.word(rng)}.{td.punycode(hosts[2])}",
        "PEERING",
        description=f"VPN zu {hosts[2]}",
    )
    d.finding(
        export,
        "Öffentlicher Bucket",
        "Der Bucket ist öffentlich lesbar; Kontakt: Plattformteam.",
        source_tool="prowler",
    )
    d.finding(
        wiki,
        "パスワードが平文で保存されています",
        "Runbook-Seiten enthalten Kennwörter im Klartext.",
        source_tool="trufflehog",
    )
    d.finding(chat, "Jeton exposé dans un message", "Un jeton d'accès a été collé dans un canal public.")
    for i in range(fillers):
        aws("SSM_PARAMETER", f"{tf.word(rng)}-{i:02d}", i, "ssm", "parameter/", tags={"Stufe": "Standard"})
    return d.finish(name, ["aws", "azure"], {"aws": [region]})


FAMILIES = (
    {f"pwkey_{i}" for i in range(len(td.PASSWORD_KEYS))}
    | {f"tokkey_{i}" for i in range(len(td.TOKEN_KEYS))}
    | {f"seckey_{i}" for i in range(len(td.SECRET_KEYS))}
    | {f"label_{i}" for i in range(len(td.PASSWORD_LABELS) + len(td.TOKEN_LABELS))}
    | {f"sentence_{lang}_{i}" for i, (_, lang) in enumerate(td.SENTENCES)}
    | {f"csv_{s}" for s in pd.CSV_STYLES}
    | {f"card_{s}" for s in pd.CARD_STYLES}
    | {f"invisible_{s}" for s in pd.INVISIBLE_STYLES}
    | {f"ownkey_{i}" for i in range(len(td.OWNER_KEYS))}
    | {f"usrkey_{i}" for i in range(len(td.USER_KEYS))}
    | {f"plabel_{i}" for i in range(len(td.OWNER_LABELS) + len(td.USER_LABELS))}
    | {f"cue_{lang}_{i}" for i, (_, lang) in enumerate(td.CUES)}
    | {f"respelled_{s}" for s in pd.RESPELLINGS}
    | {f"account_{s}" for s in pd.ACCOUNT_STYLES}
    | {"idn_0", "idn_1", "secret_tag", "owner_tag", "homoglyph"}
    | {f"email_{s}" for s in pd.EMAIL_STYLES}
    | {f"bidi_{s}" for s in pd.BIDI_STYLES}
)
"""The families of `token_dune`'s forms, for the coverage check."""
