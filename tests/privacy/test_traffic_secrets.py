"""Secrets of API traffic captures and client artifacts that reached `standard` callers (red team
`scree`): a plist's or an Android string's value named like a secret, an Android manifest's
`<meta-data android:name="…SECRET" android:value="…"/>` (the name/value attribute pair under a
namespace prefix), an OAuth PKCE `code_verifier` and a SAML POST's `SAMLResponse`, in form bodies,
query strings, dicts and HAR name/value records. Generated variants; the look-alikes (a neutral
meta-data pair, a `code_challenge_method`, a `RelayState`, the header names, methods, status words
and public API hosts a capture holds) keep their text."""

from __future__ import annotations

import base64
import random
from urllib.parse import quote

from tests.privacy.test_data_platform_secrets import _hidden, _kept, _secret, _wire
from tests.privacy.test_detector_classes import ALNUM, VARIANTS, WORDS, rand

_URLSAFE = ALNUM + "-_"


def test_a_namespaced_attribute_pair_naming_a_secret_is_hidden() -> None:
    r = random.Random("android meta-data")
    for _ in range(VARIANTS * 2):
        s = _secret(r) + rand(r, ALNUM, 6)
        name = r.choice(["com.vendor.sdk.CLIENT_SECRET", f"io.{r.choice(WORDS)}.ApiToken",
                         f"{r.choice(WORDS)}.backend.password", "com.example.API_SECRET"])
        ns = r.choice(["android", "tools", "app"])
        _hidden(f'<application>\n  <meta-data {ns}:name="{name}" {ns}:value="{s}"/>\n</application>', s)


def test_an_app_file_s_value_named_like_a_secret_is_hidden_whatever_its_shape() -> None:
    r = random.Random("plist secret")
    for _ in range(VARIANTS * 2):
        s = rand(r, _URLSAFE, r.choice((24, 32, 40)))
        name = r.choice(["API_SECRET", "ClientSecret", "backend_api_token", "SDK_PASSWORD"])
        text = r.choice([f"<dict>\n\t<key>{name}</key>\n\t<string>{s}</string>\n</dict>",
                         f'<resources>\n  <string name="{name.lower()}">{s}</string>\n</resources>'])
        _hidden(text, s)


def test_an_oauth_verifier_and_a_saml_response_are_secrets() -> None:
    r = random.Random("pkce saml")
    for _ in range(VARIANTS * 2):
        verifier = rand(r, _URLSAFE, r.choice((43, 64, 96)))
        saml = base64.b64encode(f"<samlp:Response ID=\"_{rand(r, ALNUM, 24)}\"/>".encode()).decode()
        form = (f"grant_type=authorization_code&code_verifier={verifier}"
                f"&redirect_uri=https%3A%2F%2F{r.choice(WORDS)}.example%2Fcb")
        post = f"SAMLResponse={quote(saml, safe='')}&RelayState=%2Fhome"
        _hidden(r.choice([form, f"POST /oauth/token {form}", f"https://idp.example/token?{form}"]), verifier)
        _hidden(post, saml, quote(saml, safe=""))
        assert verifier not in _wire("standard", {"code_verifier": verifier})
        record = {"params": [{"name": "SAMLResponse", "value": saml}, {"name": "RelayState", "value": "/"}]}
        assert saml not in _wire("standard", record)


def test_what_a_capture_shows_besides_keeps_its_text() -> None:
    _kept('<meta-data android:name="com.google.firebase.messaging.default_notification_icon" '
          'android:value="@drawable/ic_stat_notify"/>',
          "code_challenge_method=S256&response_type=code&scope=openid",
          "RelayState=%2Fdashboard",
          "POST https://api.stripe.com/v1/charges HTTP/2 200 OK",
          "GET https://api.github.com/repos HTTP/1.1 302 Found",
          "Authorization; X-Api-Key; Set-Cookie; X-Forwarded-For; Content-Type: application/json")
