"""Identifiers of API traffic captures and client files that reached `strict` callers (red team
`scree`): the id a REST path gives a user or an account (`/users/8841723/`), the login a command
gives beside its password (`curl -u`, `wget --user=`, `PSCredential('…'`), the value of a plist key
or an Android string whose name types it (`support_contact`, `PROJECT_ID`, `CFBundleIdentifier`),
the package an Android manifest declares, and who holds an account or a card in an API body.
Generated variants, each name still shown under `standard`; versions, short numbers, public API
hosts, header names, methods, status words, machine accounts and numeric users stay."""

from __future__ import annotations

import json
import random

from tests.privacy.test_cluster_identifiers import _person
from tests.privacy.test_detector_classes import ALNUM, VARIANTS, WORDS, rand, shown
from tests.privacy.test_security_telemetry_identifiers import _hidden, _login


def _app(r: random.Random) -> str:
    return f"{r.choice(['com', 'io', 'de'])}.{r.choice(WORDS)}{r.randrange(2, 99)}.{r.choice(WORDS)}"


def test_the_id_a_rest_path_gives_a_user_or_an_account_is_hidden() -> None:
    r = random.Random("rest path ids")
    for _ in range(VARIANTS * 2):
        user, account = str(r.randrange(10**5, 10**8)), str(r.randrange(10**5, 10**10))
        noun = r.choice(["users", "members", "customers", "profiles", "people"])
        group = r.choice(["accounts", "orgs", "organizations", "tenants"])
        text = r.choice([
            f"GET https://api.{r.choice(WORDS)}.io/v2/{noun}/{user}/profile HTTP/2 200",
            f"curl -X PATCH 'https://api.{r.choice(WORDS)}.io/{group}/{account}/{noun}/{user}'",
            f'{{"url": "https://x.{r.choice(WORDS)}.io/v1/{group}/{account}/{noun}/{user}?page=2"}}',
        ])
        names = [n for n in (user, account) if f"/{n}" in text]
        wire = _hidden(text, *names)
        assert "/v" in wire or group in wire, wire


def test_the_login_a_command_gives_beside_its_password_is_hidden() -> None:
    r = random.Random("command logins")
    for _ in range(VARIANTS * 2):
        login, pw = _login(r), rand(r, ALNUM, 10) + "!" + rand(r, ALNUM, 4)
        host = f"api.{r.choice(WORDS)}.io"
        text = r.choice([
            f"curl -sS -u {login}:{pw} https://{host}/v1/export",
            f"curl --user '{login}:{pw}' https://{host}/v1/export",
            f"http -a {login}:{pw} GET https://{host}/v1/me",
            f"wget --user={login} --password={pw} -O out.csv https://{host}/v1/export",
            f"$c = New-Object PSCredential('{login}', (ConvertTo-SecureString '{pw}' -AsPlainText -Force))",
            f'var c = new NetworkCredential("{login}", "{pw}");',
        ])
        _hidden(text, login)


def test_an_app_file_s_value_is_typed_by_its_name() -> None:
    r = random.Random("app file pairs")
    for _ in range(VARIANTS * 2):
        person, app = _person(r), _app(r)
        project = f"{r.choice(WORDS)}-{r.choice(WORDS)}-{r.randrange(1000, 9999)}"
        strings = (f'<resources>\n  <string name="app_name">{r.choice(WORDS).capitalize()}</string>\n'
                   f'  <string name="{r.choice(["support_contact", "owner", "maintainer"])}">'
                   f"{person}</string>\n"
                   "</resources>\n")
        plist = ('<plist version="1.0">\n<dict>\n'
                 f"\t<key>{r.choice(['CFBundleIdentifier', 'BUNDLE_ID'])}</key>\n"
                 f"\t<string>{app}</string>\n\t<key>PROJECT_ID</key>\n\t<string>{project}</string>\n"
                 "\t<key>IS_ADS_ENABLED</key>\n\t<false/>\n</dict>\n</plist>\n")
        manifest = (f'<manifest xmlns:android="http://schemas.android.com/apk/res/android" '
                    f'package="{_app(r)}">\n  <application android:label="@string/app_name"/>\n</manifest>')
        _hidden(strings, person)
        wire = _hidden(plist, app, project)
        assert "IS_ADS_ENABLED" in wire and "PROJECT_ID" in wire, wire
        _hidden(manifest, manifest.split('package="')[1].split('"', maxsplit=1)[0])


def test_who_holds_an_account_or_a_card_is_a_person() -> None:
    r = random.Random("holders")
    for _ in range(VARIANTS):
        person = _person(r)
        key = r.choice(["holder", "account_holder", "cardHolder", "cardholder"])
        _hidden({key: person, "last4": "4242"}, person)
        _hidden({"text": json.dumps({key: person, "currency": "eur"})}, person)


def test_what_traffic_shows_besides_stays_under_strict() -> None:
    """Public API hosts, header names, methods, status words, versions, short numbers, numeric
    users, machine accounts and variables."""
    hosts = ("api.github.com", "api.stripe.com", "graph.microsoft.com", "api.twilio.com", "api.openai.com",
             "fcm.googleapis.com", "hooks.slack.com")
    text = ("GET https://api.github.com/v2/users/42/repos HTTP/2 200 OK\n"
            "POST https://api.stripe.com/v1/customers HTTP/1.1 302 Found\n"
            "Authorization; X-Api-Key; Set-Cookie; X-Forwarded-For; X-Real-IP; Content-Type\n"
            "sort -u names.txt; curl -u root:$PASS https://api.twilio.com/2010-04-01/Accounts.json\n"
            "wget --user=$USER https://api.openai.com/v1/models; /api/v3/items/1234567/; /orders/7654321\n"
            "graph.microsoft.com fcm.googleapis.com hooks.slack.com DELETE PATCH 401 Unauthorized")
    wire = json.dumps(shown("strict", text))
    for kept in (*hosts, "users/42", "--user=$USER", "root:", "X-Forwarded-For", "/items/1234567/",
                 "/orders/7654321", "DELETE PATCH 401 Unauthorized"):
        assert kept in wire, kept
    xml = '<resources>\n  <string name="title_settings">Settings</string>\n</resources>\n'
    assert "Settings</string>" in json.dumps(shown("strict", xml))
