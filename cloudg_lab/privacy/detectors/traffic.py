"""What API traffic and client files give: the customer's users, logins and apps, and app secrets.

Found by red team `scree` (HAR captures, API client exports, command lines, app files), every one
of them shown to `strict` callers before:
- the number a REST path files under a collection of people or accounts (`/users/8841723/`,
  `/accounts/5521907`): the id of one customer's user, as a dict's `user_id` would be; versions,
  pages and short numbers (`/v2/`, `/users/42`) stay;
- the login a command line gives beside its password (`curl -u jdoe:…`, `wget --user=jdoe`,
  `PSCredential('jdoe', …)`): the password was hidden, the login was not; numeric ids (`docker
  run -u 1000:1000`), machine accounts and variables stay;
- an app resource's or property list's value where its name types it as a dict key of that name
  would (Android's `<string name="support_contact">`, a plist's `<key>PROJECT_ID</key><string>`),
  and the package an Android manifest declares (`<manifest package="com.acme.app">`);
and to `standard` callers, whatever its shape, the value of a plist key or an Android string named
like a secret (`<key>API_SECRET</key><string>…</string>`): only some values looked secret.
"""

from __future__ import annotations

import re

from cloudg_lab.privacy.detectors.accounts import PLACEHOLDERS, SYSTEM_ACCOUNTS
from cloudg_lab.privacy.detectors.base import Detector, define
from cloudg_lab.privacy.detectors.iac import typed_element
from cloudg_lab.privacy.detectors.statements import names_secret

_PEOPLE = ("users", "members", "people", "profiles", "employees", "contacts", "customers", "patients",
           "students")
_ACCOUNTS = ("accounts", "orgs", "organizations", "tenants", "workspaces")
_PATH_ID = r"(?i)/(?:{nouns})/(?P<v>\d{{5,12}})(?=[/?#&\"'\s,;)\]]|$)"
"""A number of five digits or more right after the collection's segment, ending the segment."""
_USER = r"[A-Za-z0-9][\w.@+-]{0,62}"
_LOGIN = (rf"""(?<![\w-])(?:-u|-a|-U|--user|--auth|--proxy-user)(?:[ \t]+|=)["']?(?P<v>{_USER}?):(?=\S)"""
          rf"""|(?<![\w-])--(?:http-|ftp-|proxy-)?user=["']?(?P<w>{_USER})(?=["']?(?:\s|$))"""
          rf"""|(?i:\b(?:PSCredential|NetworkCredential))[ \t]*\([ \t]*["'](?P<x>{_USER})["'][ \t]*,""")
"""`-u user:pw` (curl, httpie's `-a`), `--user=user` (wget), a credential object's first argument."""
_PAIR = (r"(?:<key>|<string[ \t]+name=[\"'])(?P<k>[\w.:-]{1,60})(?:</key>\s*<string>|[\"'][^<>]*>)"
         r"(?P<v>[^<>\r\n]{2,100}?)</string>")
"""A property list's `<key>K</key><string>V</string>` and Android's `<string name="K">V</string>`."""
_MANIFEST = r"<manifest\b[^<>]*?[ \t\r\n]package=[\"'](?P<v>[A-Za-z][\w]*(?:\.[A-Za-z][\w]*)+)[\"']"


def _login(match: re.Match[str]) -> bool:
    user = next(g for g in (match["v"], match["w"], match["x"]) if g).lower()
    return user not in SYSTEM_ACCOUNTS and user not in PLACEHOLDERS and not user.isdigit()


TRAFFIC_NAMES: tuple[Detector, ...] = (
    define("path_user_id", "person", "pii", 0.8, _PATH_ID.format(nouns="|".join(_PEOPLE)),
           tuple(f"/{noun}/" for noun in _PEOPLE), group="v", min_len=12,
           description="the id a REST path gives a user (/users/<number>/; /v2/ and short numbers stay)"),
    define("path_account_id", "resource_name", "identifier", 0.8, _PATH_ID.format(nouns="|".join(_ACCOUNTS)),
           tuple(f"/{noun}/" for noun in _ACCOUNTS), group="v", min_len=14,
           description="the id a REST path gives an account or an organization (/accounts/<number>/)"),
    define("credential_login", "person", "pii", 0.8, _LOGIN,
           ("-u", "-a", "--user", "--auth", "user=", "credential"), group=("v", "w", "x"), accept=_login,
           min_len=8, description="the login a command gives beside its password (curl -u <user>:..., "
                                  "wget --user=<user>, PSCredential('<user>', ...))"),
    *(define(f"app_file_{entity}", entity, category, 0.75, _PAIR, ("</string>",), group="v",
             accept=typed_element(entity), min_len=20,
             description=f"a plist's or an Android resource's value whose name types a {entity}")
      for entity, category in (("person", "pii"), ("hostname", "network"), ("gcp_project_id", "identifier"),
                               ("resource_name", "identifier"))),
    define("manifest_package", "resource_name", "identifier", 0.8, _MANIFEST, ("<manifest",), group="v",
           min_len=20, description="the package an Android manifest declares (<manifest package=...>)"),
)


APP_FILE_SECRETS: tuple[Detector, ...] = (
    define("app_file_secret", "secret", "secret", 0.85, _PAIR, ("</string>",), group="v",
           accept=lambda match: names_secret(match["k"]), min_len=20,
           description="a plist's or an Android resource's value named like a secret "
                       "(<key>API_SECRET</key><string>...</string>)"),
)
