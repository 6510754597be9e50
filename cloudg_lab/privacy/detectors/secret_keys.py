"""Which dict keys name a secret: the words, the pairs of words, and how keys spell them.

`password`, `api_key`, `client_secret` and their plurals, short forms (`SMTP_PASS`, `bindpw`),
words for password in other languages, and keys written in one piece (`PGPASSWORD`). The key
rules (`keys.key_rule`) ask here first: a key that names a secret marks its whole subtree.
"""

from __future__ import annotations

from itertools import pairwise

_SENSITIVE_WORDS = {
    "password": "password", "passwd": "password", "pwd": "password", "passphrase": "password",
    "secret": "secret", "secrets": "secret", "token": "api_token", "tokens": "api_token",
    "apikey": "api_token", "bearer": "api_token", "jwt": "api_token", "auth": "authorization_header",
    "authorization": "authorization_header", "credential": "credentials",
    "credentials": "credentials", "cookie": "cookie", "cookies": "cookie", "privatekey": "private_key",
    "privkey": "private_key", "secretkey": "secret", "userdata": "user_data",
    "connectionstring": "connection_string", "customdata": "user_data", "cloudinit": "user_data",
    "pw": "password", "mnemonic": "secret", "psk": "secret", "passcode": "password",
    "pincode": "password", "puk": "password",
    "cloudconfig": "user_data", "startupscript": "user_data", "keytab": "secret", "hmac": "secret",
}
_SENSITIVE_PAIRS = {
    "api_key": "api_token", "auth_token": "api_token", "private_key": "private_key",
    "priv_key": "private_key", "secret_key": "secret", "auth_key": "secret", "client_key": "secret",
    "service_key": "secret", "subscription_key": "api_token", "function_key": "api_token",
    "host_key": "api_token", "license_key": "secret", "db_pass": "password", "key_pass": "password",
    "pass_word": "password", "pass_phrase": "password",
    "access_key": "secret", "account_key": "secret", "shared_key": "secret",
    "storage_key": "secret", "master_key": "secret", "signing_key": "secret",
    "encryption_key": "secret", "deploy_key": "secret", "ssh_key": "private_key",
    "user_data": "user_data", "connection_string": "connection_string", "sas_url": "secret",
    "custom_data": "user_data", "cloud_init": "user_data", "cloud_config": "user_data",
    "startup_script": "user_data", "recovery_code": "secret", "backup_code": "secret",
    "seed_phrase": "secret", "mfa_seed": "secret", "totp_seed": "secret", "pin_code": "password",
    "pre_shared_key": "secret", "preshared_key": "secret", "snmp_community": "secret",
    "community_string": "secret", "certificate_key": "secret", "erlang_cookie": "secret",
    "secure_json": "secret", "protected_settings": "secret",  # Grafana's secureJsonData, Azure extensions
    "read_community": "secret", "write_community": "secret",
    "fernet_key": "secret",  # Airflow's fernet_key, AIRFLOW__CORE__FERNET_KEY: it decrypts every connection
    # an OAuth PKCE verifier redeems its code, a SAML POST's response logs its subject in (red team scree)
    "code_verifier": "secret", "saml_response": "secret",
    # an application key pairs with an API key to act as the account (Datadog's DD-APPLICATION-KEY,
    # DD_APP_KEY; found by a seed sweep of red team fjord)
    "application_key": "api_token", "app_key": "api_token",
}
"""Provisioning scripts (AWS `UserData`, Azure `customData`, GCP `startup-script`, cloud-init)
are whole secrets: they carry the passwords and tokens a machine boots with."""
_VENDORS = frozenset({
    "stripe", "sendgrid", "mailgun", "mailchimp", "mandrill", "postmark", "sparkpost", "sendinblue",
    "brevo", "twilio", "vonage", "nexmo", "plivo", "openai", "anthropic", "cohere", "mistral", "groq",
    "gemini", "huggingface", "replicate", "pinecone", "algolia", "mapbox", "gmaps", "maps", "google",
    "youtube", "recaptcha", "hcaptcha", "datadog", "dd", "newrelic", "sentry", "bugsnag", "rollbar",
    "honeycomb", "segment", "mixpanel", "amplitude", "posthog", "pusher", "ably", "plaid", "paypal",
    "braintree", "square", "adyen", "razorpay", "paystack", "shopify", "hubspot", "salesforce",
    "zendesk", "intercom", "freshdesk", "github", "gitlab", "bitbucket", "slack", "discord",
    "telegram", "heroku", "netlify", "vercel", "cloudflare", "fastly", "digitalocean", "linode",
    "vultr", "hetzner", "firebase", "supabase", "airtable", "notion", "asana", "trello", "atlassian",
    "jira", "okta", "auth0", "launchdarkly", "optimizely", "pagerduty", "opsgenie", "circleci",
    "snyk", "npm", "pypi", "dockerhub", "openweather", "giphy", "unsplash", "tmdb", "spotify",
    "dropbox", "mapquest", "tomtom", "bing",
})
"""Services whose `<vendor>_KEY` is an API key (`STRIPE_KEY`, `SENDGRID_KEY`, `MAPBOX_KEY`): a key
ending in `key` alone names sort, partition, cache and object keys as often, so only a vendor's
name before it makes it a secret."""
_WHOLE_SECRETS = frozenset({"snmp", "community", "snmpv2c", "snmpv1", "encrypt"})
"""Keys that hold a secret only when they are the whole key: a tag `snmp` or `SNMP_V2C` holds the
community string (a shared password), while `snmp_port` and `snmp_version` hold settings; a Consul
or Nomad agent's `encrypt` holds its gossip key (`encrypt_verify_incoming` a setting, and a
backend's `"encrypt": true` stays: a flag is no secret; red team `tarn`)."""
_EXEMPT_LAST = frozenset({
    "id", "ids", "arn", "arns", "name", "names", "type", "types", "count", "enabled", "required",
    "expiry", "expires", "expiration", "expired", "at", "length", "ttl", "version", "url", "uri",
    "endpoint", "policy", "rotation", "age", "status", "set", "exists", "present", "configured",
    "kind", "format", "algorithm", "hint", "used", "date", "time", "last", "fingerprint",
    "location", "path", "file", "source", "reference", "ref", "vault", "stdin",
})
_EXEMPT_FIRST = frozenset({"has", "is", "uses", "use", "requires", "require", "enable", "disable",
                           "min", "max", "num", "no", "allow", "rotate", "next"})


_SHORT_PASS = ("pass", "pw", "pwd", "passwd")
"""`SMTP_PASS`, `ADMIN_PW`, `bindpw`, `rootpw`: a short password word ending a key with more in it."""
_NOT_PASS = frozenset({"bypass", "compass", "overpass", "underpass", "surpass", "trespass",
                       "encompass", "impass", "repass"})
_STEMS = frozenset(_SENSITIVE_WORDS) | {w for pair in _SENSITIVE_PAIRS for w in pair.split("_")}


def _singular(word: str) -> str:
    """`passwords` → `password`, `keys` → `key`: plurals of our words only (`access` stays)."""
    return word[:-1] if word.endswith("s") and word[:-1] in _STEMS else word


def secret_word(raw: list[str]) -> str | None:
    """The secret entity the words of a normalised key name (`["db", "password"]`), else None."""
    if not raw or raw[-1] in _EXEMPT_LAST or raw[0] in _EXEMPT_FIRST:
        return None
    words = [_singular(w) for w in raw]
    last = words[-1]
    if (len(words) > 1 and last in _SHORT_PASS) or (
            last not in _NOT_PASS and len(last) >= 4 and last.endswith(_SHORT_PASS)):
        return "password"
    joined = "".join(words)
    if joined in _SENSITIVE_WORDS:
        return _SENSITIVE_WORDS[joined]
    if joined in _WHOLE_SECRETS:  # `SNMP_V2C`, `snmpV2c`: snmpv2c
        return "secret"
    for a, b in pairwise(words):
        pair = _SENSITIVE_PAIRS.get(f"{a}_{b}")
        if pair:
            return pair
    if last == "key" and len(words) > 1 and words[-2] in _VENDORS:
        return "api_token"
    for word in words:
        found = _SENSITIVE_WORDS.get(word)
        if found:
            return found
    return _glued(raw[0]) if len(raw) == 1 else None


_GLUED_HEADS = ("passphrase", "password", "passwd", "secret", "token", "key")
"""Words a key written in one piece may end with (`PGPASSWORD`, `CLIENTSECRET`, `BOTTOKEN`,
`SIGNINGKEY`): read as the two words it glues, with the same rules (`NEXTTOKEN` is
`next_token`, no secret; `MONKEY` is `mon_key`, none either)."""


def _glued(word: str) -> str | None:
    for head in _GLUED_HEADS:
        if word.endswith(head) and len(word) > len(head):
            return secret_word([word[: -len(head)], head])
    return None

