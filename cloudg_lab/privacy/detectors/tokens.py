"""Vendor token families: a fixed prefix, a known alphabet and length, as vendors document them.

The formats follow what maintained rule catalogues (detect-secrets' plugins, gitleaks' rules,
among others) track. The prefix doubles as the trigger, so a family costs one `in` check on texts
that lack it; a family without a literal prefix gets a gate instead.
"""

from __future__ import annotations

import re

from cloudg_lab.privacy.detectors.base import Detector, Gate, define

_O = re.ASCII
_DISCORD_HINT = re.compile(r"\.[\w-]{6}\.")
"""A literal-led search (fast) before the family's own pattern, which has no literal prefix."""


def _token(name: str, pattern: str, triggers: tuple[str, ...], min_len: int, description: str,
           *, gate: Gate | None = None) -> Detector:
    """A vendor token family: always an `api_token`, matched whole."""
    return define(name, "api_token", "secret", 0.99, pattern, triggers, flags=_O, gate=gate,
                  min_len=min_len, description=description)


VENDOR_TOKENS: tuple[Detector, ...] = (
    _token("github_token", r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})",
           ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"), 34, "GitHub tokens"),
    _token("gitlab_token",
           r"\b(?:gl(?:pat|dt|ft|soat|rt|cbt|imt|ptt|agent|oas|sa|ffct)-[\w-]{20,}|GR1348941[\w-]{20,})",
           ("glpat-", "gldt-", "glft-", "glsoat-", "glrt-", "glcbt-", "glimt-", "glptt-", "glagent-",
            "gloas-", "glsa-", "glffct-", "gr1348941"), 25, "GitLab tokens"),
    _token("slack_token", r"\b(?:xox[abposre]-[A-Za-z0-9-]{10,}|xoxe\.xox[bp]-[A-Za-z0-9-]{10,}"
           r"|xapp-\d-[A-Za-z0-9-]{10,})", ("xox", "xapp-"), 15, "Slack tokens"),
    _token("stripe_key", r"\b(?:(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}|whsec_[0-9A-Za-z]{24,})",
           ("sk_live", "sk_test", "rk_live", "rk_test", "whsec_"), 24,
           "Stripe secret, restricted and webhook-signing keys"),
    _token("google_api_key", r"\bAIza[\w-]{35}", ("aiza",), 39, "Google API keys"),
    _token("google_oauth", r"\b(?:GOCSPX-[\w-]{24,}|ya29\.[\w-]{20,}|1//0[\w-]{30,})",
           ("gocspx-", "ya29.", "1//0"), 24, "Google OAuth client secrets, access and refresh tokens"),
    _token("npm_token", r"\bnpm_[A-Za-z0-9]{36}\b", ("npm_",), 40, "npm access tokens"),
    _token("pypi_token", r"\bpypi-AgE[\w-]{50,}", ("pypi-age",), 58, "PyPI and TestPyPI API tokens"),
    _token("twilio_key", r"\b(?:AC|SK)[0-9a-f]{32}\b", (), 34,
           "Twilio account and API key SIDs", gate=lambda text, low: "AC" in text or "SK" in text),
    _token("sendgrid_key", r"\bSG\.[\w-]{22}\.[\w-]{43}(?![\w-])", ("sg.",), 69, "SendGrid API keys"),
    _token("mailchimp_key", r"\b[0-9a-f]{32}-us\d{1,2}\b", ("-us",), 35, "Mailchimp API keys"),
    _token("ai_provider_key", r"\bsk-(?:ant-[a-z]+\d{2}-[\w-]{40,}|(?:proj-|svcacct-|admin-)?"
           r"[\w-]{20,}T3BlbkFJ[\w-]{20,}|(?:proj|svcacct|admin)-[\w-]{40,})", ("sk-",), 40,
           "OpenAI and Anthropic API keys"),
    _token("huggingface_token", r"\bhf_[A-Za-z]{34}\b", ("hf_",), 37, "Hugging Face tokens"),
    _token("shopify_token", r"\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b", ("shp",), 38,
           "Shopify access tokens and shared secrets"),
    _token("digitalocean_token", r"\bdo[por]_v1_[a-f0-9]{64}\b", ("_v1_",), 71,
           "DigitalOcean tokens"),
    _token("square_token", r"\bsq0(?:csp|atp)-[\w-]{22,}", ("sq0",), 29, "Square OAuth secrets"),
    _token("telegram_bot_token", r"\b\d{8,10}:AA[\w-]{33}(?![\w-])", (":aa",), 44, "Telegram bot tokens"),
    _token("atlassian_token", r"\bATATT3[\w=-]{150,}", ("atatt3",), 156, "Atlassian API tokens"),
    _token("azure_ad_client_secret",
           r"(?<![\w~.-])[\w~.-]{3}\dQ~[\w~.-]{31,34}(?![\w~-]|\.[\w~.-])", ("q~",), 40,
           "Microsoft Entra ID (Azure AD) client secrets; a full stop after one ends a sentence"),
    _token("vault_token", r"\bhv[sbr]\.[\w-]{24,}", ("hvs.", "hvb.", "hvr."), 28,
           "HashiCorp Vault service, batch and recovery tokens"),
    _token("databricks_token", r"\bdapi[0-9a-f]{32}(?:-\d+)?\b", ("dapi",), 36,
           "Databricks personal access tokens"),
    _token("grafana_token", r"\b(?:glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|glc_[A-Za-z0-9+/]{32,}={0,2})",
           ("glsa_", "glc_"), 36, "Grafana service-account and Grafana Cloud tokens"),
    _token("postman_key", r"\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b", ("pmak-",), 64, "Postman API keys"),
    _token("doppler_token", r"\bdp\.(?:st|ct|sa|scim|audit|pt)\.[\w-]{40,}", ("dp.",), 45,
           "Doppler tokens"),
    _token("age_secret_key", r"\bAGE-SECRET-KEY-1[0-9A-Z]{58}\b", ("age-secret-key-",), 74,
           "age encryption secret keys"),
    _token("linear_key", r"\blin_api_[A-Za-z0-9]{40}\b", ("lin_api_",), 48, "Linear API keys"),
    _token("docker_hub_token", r"\bdckr_(?:pat|oat)_[\w-]{24,}", ("dckr_",), 33,
           "Docker Hub personal and organisation access tokens"),
    _token("tailscale_key", r"\btskey-(?:auth|api|client|scim|webhook)-[A-Za-z0-9-]{20,}", ("tskey-",), 30,
           "Tailscale auth, API and OAuth client keys"),
    _token("pulumi_token", r"\bpul-[a-f0-9]{40}\b", ("pul-",), 44, "Pulumi access tokens"),
    _token("terraform_cloud_token", r"\b[A-Za-z0-9]{14}\.atlasv1\.[\w=-]{60,}", (".atlasv1.",), 83,
           "Terraform Cloud and Enterprise API tokens"),
    _token("sentry_token", r"\bsntry[sua]_[\w+/=-]{40,}", ("sntrys_", "sntryu_", "sntrya_"), 47,
           "Sentry organisation, user and app tokens"),
    _token("newrelic_key", r"\bNR(?:AK|II|JS|AA)-[A-Za-z0-9]{19,32}\b", ("nrak-", "nrii-", "nrjs-", "nraa-"),
           24, "New Relic user, ingest, browser and admin keys"),
    _token("heroku_token", r"\bHRKU-[\w-]{20,}", ("hrku-",), 25, "Heroku API tokens"),
    _token("mailgun_key", r"\bkey-[0-9a-f]{32}\b", ("key-",), 36, "Mailgun API keys"),
    _token("atlassian_app_password", r"\bATBB[\w=.-]{32,}", ("atbb",), 36,
           "Bitbucket app passwords"),
    _token("figma_token", r"\bfig[dou]_[\w-]{40,}", ("figd_", "figo_", "figu_"), 45, "Figma tokens"),
    _token("notion_token", r"\b(?:ntn_[A-Za-z0-9]{40,}|secret_[A-Za-z0-9]{43}\b)", ("ntn_", "secret_"), 44,
           "Notion integration tokens"),
    _token("supabase_token", r"\bsb(?:p|_secret)_[\w-]{32,}", ("sbp_", "sb_secret_"), 36,
           "Supabase access tokens and secret keys"),
    _token("netlify_token", r"\bnf[pcou]_[A-Za-z0-9]{36,}", ("nfp_", "nfc_", "nfo_", "nfu_"), 40,
           "Netlify access tokens"),
    _token("planetscale_token", r"\bpscale_(?:tkn|pw|oauth)_[\w.-]{32,}", ("pscale_",), 42,
           "PlanetScale service tokens and passwords"),
    _token("buildkite_token", r"\bbkua_[a-f0-9]{40}\b", ("bkua_",), 45, "Buildkite API tokens"),
    _token("circleci_token", r"\bCCI(?:PAT|PRJ)_[A-Za-z0-9]{20,}_[a-f0-9]{40}\b", ("ccipat_", "cciprj_"), 68,
           "CircleCI personal and project tokens"),
    _token("sonar_token", r"\bsq[upa]_[a-f0-9]{40}\b", ("squ_", "sqp_", "sqa_"), 44,
           "SonarQube and SonarCloud tokens"),
    _token("dynatrace_token", r"\bdt0[a-z]\d{2}\.[A-Z0-9]{24}\.[A-Z0-9]{64}\b", ("dt0",), 96,
           "Dynatrace API tokens"),
    _token("onepassword_token", r"\bops_eyJ[\w-]{60,}", ("ops_eyj",), 67,
           "1Password service-account tokens"),
    _token("rubygems_key", r"\brubygems_[a-f0-9]{48}\b", ("rubygems_",), 57, "RubyGems API keys"),
    _token("hubspot_token", r"\bpat-(?:na|eu|ap)\d-[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}\b", ("pat-",),
           44, "HubSpot private-app tokens"),
    _token("fly_token", r"\b(?:fo1_[\w-]{39,}|fm[12][ar]?_[\w+/=-]{40,})", ("fo1_", "fm1", "fm2"), 43,
           "Fly.io tokens"),
    _token("mapbox_secret_token", r"\b[st]k\.eyJ[\w-]{20,}\.[\w-]{20,}", ("sk.eyj", "tk.eyj"), 50,
           "Mapbox secret and temporary tokens"),
    _token("azure_devops_pat", r"(?<![A-Za-z0-9])[a-z2-7]{52}(?![A-Za-z0-9])",
           ("devops", "azdo", "ado", "vsts", "visualstudio"), 52,
           "Azure DevOps personal access tokens (52 base32 characters, where the text names DevOps)",
           gate=lambda text, low: sum(c.isdigit() for c in text) >= 3),
    _token("cloudflare_origin_ca_key", r"\bv1\.0-[a-f0-9]{24}-[a-f0-9]{146}\b", ("v1.0-",), 150,
           "Cloudflare Origin CA keys"),
    _token("cloudflare_tunnel_token", r"\beyJhIjoi[A-Za-z0-9+/]{60,}={0,2}", ("eyjhijoi",), 68,
           "Cloudflare Tunnel tokens (base64 JSON of account tag, tunnel id and secret)"),
    _token("newrelic_license_key", r"\b[a-f0-9]{36}NRAL\b", ("nral",), 40, "New Relic ingest license keys"),
    _token("akamai_edgegrid_token", r"\bakab-[a-z0-9]{16}-[a-z0-9]{16}\b", ("akab-",), 38,
           "Akamai EdgeGrid client and access tokens"),
    _token("contentful_token", r"\bCFPAT-[\w-]{43}(?![\w-])", ("cfpat-",), 49,
           "Contentful personal access tokens"),
    _token("airtable_token", r"\bpat[A-Za-z0-9]{14}\.[a-f0-9]{64}\b", ("pat",), 82,
           "Airtable personal access tokens"),
    _token("launchdarkly_key", r"\b(?:api|sdk)-[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}\b",
           ("api-", "sdk-"), 40, "LaunchDarkly API access tokens and server-side SDK keys"),
    _token("discord_bot_token", r"(?<![\w.-])[MNO][A-Za-z\d_-]{23,25}\.[\w-]{6}\.[\w-]{27,38}(?![\w-]|\.\w)",
           (), 59, "Discord bot tokens", gate=lambda text, low: _DISCORD_HINT.search(text) is not None),
)
