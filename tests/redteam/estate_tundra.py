"""A fifth generated estate, `tundra`: a CMDB export where protection that depends on where or
how a value is written fails.

Unlike the first four: asset ids are 32-hex `sys_id`s of configuration items, and what the red
team varies is structure and encoding, not provider formats. Values sit in dict keys, flattened
dotted keys, name/value pairs, `[key, value]` arrays, split fields, twelve levels down, at the end
of a 5 kB log (past every cap), under empty keys and under keys spelled in another case, width or
script; the estate's own names, owners, accounts and passwords come back JSON-escaped, decomposed,
full-width, double percent-encoded, in base32/base58/base64url, quoted-printable, `\\x` hex,
HTML entities, CSV cells, `+` queries and a host in punycode; accounts with separators, a lost
leading zero and scientific notation; sentences in seven languages quote people and resources
inside their own punctuation. See `plantings_tundra`.
"""

from __future__ import annotations

import plantings as pl
import plantings_tundra as pt
import token_forms as tf
from drafting import Draft, Estate, link

ENCODED = 14
"""How many owners and passwords are spelled again (once through every encoding); half as many
asset names (the encodings cycle across seeds), so the walk stays short."""


def tundra(seed: int) -> Estate:
    """A CMDB export, in the structures and encodings the fifth red-team walk plants."""
    d = Draft(pl.Planter(seed))
    p, rng = d.p, d.p.rng
    name = p.ident("dataset-name", f"{tf.word(rng)}_{tf.word(rng, 2)}")
    accounts = [str(tf.account_number(rng)) for _ in range(3)]
    zero_led = "0" + str(rng.randrange(10**10, 10**11))
    foreign = pt.foreign_people(p, 4)

    def sys_id() -> str:
        return tf.chars(rng, 32, "0123456789abcdef")

    def item(label: str, account: str, **kw: object) -> dict[str, object]:
        return d.asset(sys_id(), label, "CONFIG_ITEM", "CMDB", account=account, region="dc-north", **kw)

    held = [f"{tf.word(rng)}-{tf.word(rng, 1)}-{i:02d}" for i in range(ENCODED // 2)]
    owners = [pt.accented_person(p) for _ in range(ENCODED)]
    passwords = [tf.password(rng) for _ in range(ENCODED)]
    spelled = [*pt.encoded(p, "encoded-name", held), *pt.encoded(p, "encoded-owner", owners),
               *pt.encoded(p, "encoded-secret", passwords, secret=True)]
    csv, csv_owner = pt.csv_cells(p, held[0], accounts[0])
    prose_names = [f"{tf.word(rng)}-db-{rng.randrange(10, 99)}" for _ in range(3)]
    prose = pt.foreign_prose(p, foreign, prose_names)
    long_name = f"{tf.word(rng)}-queue-{rng.randrange(10, 99)}"
    idn, idn_url = pt.idn_host(p)
    gateway = d.asset(f"arn:aws:apigateway:eu-north-1:{accounts[0]}:/restapis/{tf.word(rng)}",
                      f"{tf.word(rng)}-gateway", "API_GATEWAY", "AWS",
                      arn=f"arn:aws:apigateway:eu-north-1:{accounts[0]}:/restapis/{tf.word(rng)}",
                      account=accounts[0], region="eu-north-1", tags={"owner": foreign[0]},
                      metadata={"access": pt.keyed_maps(p, accounts[0]), "export": pt.flattened(p)},
                      exposed=True)
    app = item(f"{tf.word(rng)}-app", accounts[1], tags={"Owner": foreign[1], "owner_csv": csv_owner},
               metadata={"env": pt.name_value_pairs(p), "settings": pt.pair_arrays(p),
                         "identity": pt.split_fields(p), "blank": pt.empty_keys(p),
                         "settings_raw": pt.key_spellings(p), "drafts": pt.duplicate_keys(p),
                         "passwords": passwords, "report_csv": csv})
    nested = item(prose_names[0], accounts[2], tags={"owner": foreign[2]},
                  metadata={"chart": pt.deep(p, 12), "log": pt.long_text(p, 5_000, long_name)})
    ledger = item(prose_names[1], accounts[1], tags={"owner": foreign[3]},
                  metadata={"accounting": pt.number_spellings(p, accounts[1], zero_led),
                            "counts": pl.big_counts(p), "copies": spelled})
    queue = item(long_name, zero_led, metadata={"fqdn": idn, "health": idn_url})
    notes = item(prose_names[2], accounts[0], description=" ".join(prose[:3]), metadata={"i18n": prose})
    fillers = [item(label, accounts[i % 3], metadata={"owner": owners[2 * i],
                                                      "technical_owner": owners[2 * i + 1]})
               for i, label in enumerate(held)]
    link(d, [gateway, app, nested, ledger, queue, notes], prose[3:])
    for asset, text in ((notes, prose[0] + " " + prose[4]), (app, prose[6]),
                        (ledger, f"Billing export: {csv.splitlines()[1]}"),
                        (fillers[1], f"{fillers[1]['name']} is stale; ask {owners[1]}")):
        d.finding(asset, f"Review {tf.word(rng)}", text)
    return d.finish(name, ["cmdb", "aws"], {"aws": ["eu-north-1"], "cmdb": ["dc-north"]})
