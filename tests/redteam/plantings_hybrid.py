"""The fourth estate's plantings: on-premises, data and CI forms an outside red team found after
the first three estates were clean (`moraine`, walked in scratch as `moraine` and `sluice`).
One function per class; each returns the fragment the builder places and records its canaries
on the planter, as `plantings` does."""

from __future__ import annotations

import token_forms as tf
from plantings import Planter


def _secret(p: Planter) -> str:
    return tf.chars(p.rng, p.rng.randrange(10, 16)) + p.rng.choice("#!%.") + tf.chars(p.rng, 3)


def device_config(p: Planter, host: str) -> str:
    """A switch config and a Junos snippet, a secret on every line that carries one."""
    s = {cls: p.secret("device-config", _secret(p)) for cls in
         ("type7", "community", "tacacs", "isakmp", "radius", "snmp-auth", "snmp-priv", "psk")}
    junos = p.secret("device-config", "$9$" + tf.chars(p.rng, 24, tf.ALNUM + "./"))
    return (f"hostname {tf.word(p.rng)}-sw\nusername ops privilege 15 password 7 {s['type7']}\n"
            f"snmp-server community {s['community']} RO\ntacacs-server key {s['tacacs']}\n"
            f"crypto isakmp key {s['isakmp']} address {tf.public_ip(p.rng)}\n"
            f"radius server r1\n address ipv4 {host}\n key 7 {s['radius']}\n"
            f"snmp-server user mon grp v3 auth sha {s['snmp-auth']} priv aes 128 {s['snmp-priv']}\n!\n"
            f'set system root-authentication encrypted-password "{junos}"\n'
            f'set security ike policy p1 pre-shared-key ascii-text "{s["psk"]}"\n')


def windows_commands(p: Planter, host: str) -> list[str]:
    """Windows, BMC, Wi-Fi and ML command lines with their passwords."""
    pw = [p.secret("windows-command", _secret(p)) for _ in range(6)]
    key = p.secret("windows-command", tf.chars(p.rng, 40, "0123456789abcdef"))
    return [f"net use \\\\{host}\\backup /user:CORP\\svc {pw[0]}",
            f"ipmitool -I lanplus -H {host} -U root -P {pw[1]} chassis status",
            f"racadm -r {host} -u root -p {pw[2]} getsysinfo",
            f"psexec \\\\{host} -u CORP\\ops -p {pw[3]} cmd",
            f'$c = ConvertTo-SecureString -AsPlainText "{pw[4]}" -Force',
            f'wpa_passphrase corp-{tf.word(p.rng)} "{pw[5]} {tf.word(p.rng)}"', f"wandb login {key}"]


def directory(p: Planter, domain: str) -> dict[str, str]:
    """A bind DN and a SID under neutral keys, and both in a note."""
    cn = p.ident("directory-name", f"svc_{tf.word(p.rng, 2)}_{tf.word(p.rng, 2)}")
    dn = f"CN={cn},OU=Service Accounts,{','.join(f'DC={x}' for x in domain.split('.'))}"
    sid = "-".join(["S-1-5-21", *(str(p.rng.randrange(10**9, 4 * 10**9)) for _ in range(3)),
                    str(p.rng.randrange(1100, 9999))])
    p.ident("directory-name", sid)
    return {"bindDn": dn, "objectSid": sid, "note": f"bound as {dn}. Owner SID {sid}."}


def ssh_keys(p: Planter) -> list[str]:
    comment = p.ident("ssh-key-comment", f"{tf.word(p.rng)}@{tf.word(p.rng, 2)}-{p.rng.randrange(10, 99)}")
    return [f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{tf.chars(p.rng, 43, tf.B64)} {comment}"]


def csv_export(p: Planter) -> str:
    """A billing export: ids, owners and a password column."""
    rows = []
    for _ in range(3):
        ident = p.ident("csv-cell", str(p.rng.randrange(10**7, 10**9)), bounded=True)
        owner = p.ident("csv-cell", tf.person(p.rng))
        rows.append(f"{ident},{owner},{p.secret('csv-secret-cell', _secret(p))},{p.rng.randrange(99)}.00")
    return "account_id,owner,db_password,spend\n" + "\n".join(rows) + "\n"


def code_spellings(p: Planter, words: list[str]) -> str:
    """An asset name (its `words` joined by `-`) in camel case in code and wrapped at a line break."""
    camel = "".join(w.capitalize() for w in words)
    lower = camel[0].lower() + camel[1:]
    wrapped = f"{words[0]}-\n{'-'.join(words[1:])}"
    p.ident("code-spelling", "-".join(words), camel, lower, wrapped)
    return (f"```python\nclass {camel}Job(Base):\n    {lower}Client = connect()\n```\n"
            f"The job for\n{wrapped} runs nightly")


def path_style_bucket(p: Planter) -> str:
    bucket = p.ident("path-style-bucket", f"{tf.word(p.rng)}-{tf.word(p.rng, 2)}-models")
    host = p.rng.choice(("storage.googleapis.com", "s3.eu-west-1.amazonaws.com"))
    signature = p.secret("url-signature", tf.chars(p.rng, 64))
    return f"https://{host}/{bucket}/model.pkl?X-Goog-Signature={signature}"


def placement(p: Planter) -> dict[str, object]:
    """vSphere placement keys and an abbreviated account key holding a float."""
    account = tf.account_number(p.rng)
    p.ident("typed-key", str(account), bounded=True)
    return {"datastore": p.ident("typed-key", f"DS_{tf.word(p.rng).upper()}_{p.rng.randrange(10, 99)}"),
            "resourcePool": p.ident("typed-key", f"{tf.word(p.rng)}-pool"),
            "cost_center_acct": float(account)}
