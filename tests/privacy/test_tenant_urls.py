"""Entra ID (Azure AD) tenant ids in sign-in and token-issuer URLs reached `strict` callers when
the dataset did not hold them (red team `fjord`): `login.microsoftonline.com/<tenant>/...`, a SAML
or OIDC issuer `sts.windows.net/<tenant>/`, sovereign clouds and B2C. Generated tenants; the
multi-tenant endpoints (`common`, `organizations`) name nobody's tenant and stay."""

from __future__ import annotations

import json
import random
import uuid

import pytest

from tests.privacy.test_detector_classes import VARIANTS, WORDS, covered, shown

_HOSTS = ["login.microsoftonline.com", "login.windows.net", "sts.windows.net", "login.microsoftonline.us",
          "login.chinacloudapi.cn", "login.partner.microsoftonline.cn"]


def _url(r: random.Random, tenant: str) -> str:
    host = r.choice([*_HOSTS, f"{r.choice(WORDS)}.b2clogin.com"])
    path = r.choice(["/oauth2/v2.0/token", "/v2.0/.well-known/openid-configuration", "/saml2", "/", ""])
    return f"https://{host}/{tenant}{path}"


def test_a_tenant_id_in_a_sign_in_or_issuer_url_is_hidden_under_strict() -> None:
    r = random.Random("tenant urls")
    for _ in range(VARIANTS * 2):
        tenant = str(uuid.UUID(int=r.getrandbits(128)))
        tenant = r.choice([tenant, tenant.upper()])
        url = _url(r, tenant)
        text = r.choice([url, f"<saml:Issuer>{url}</saml:Issuer>", f"authority={url} for {r.choice(WORDS)}"])
        assert covered(text, tenant, "identifier") is not None, text
        assert tenant.lower() not in json.dumps(shown("strict", {"config": text})).lower(), text
        assert shown("standard", {"config": text}) == {"config": text}


@pytest.mark.parametrize("tenant", ["common", "organizations", "consumers"])
def test_the_multi_tenant_endpoints_keep_their_path(tenant: str) -> None:
    url = f"https://login.microsoftonline.com/{tenant}/oauth2/v2.0/authorize"
    assert f"/{tenant}/oauth2" in json.dumps(shown("strict", {"authority": url}))
