"""URLs that are credentials by their path or user-info, found reaching `standard` callers (red
team `fjord`): PagerDuty event integrations, Zapier catch hooks, Netlify build hooks, Vercel
deploy hooks and Sentry DSNs. Whoever holds one can page, trigger, deploy or post events.
Generated variants in prose, lists and JSON text; look-alike URLs keep their text."""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable

import pytest

from tests.privacy.test_detector_classes import ALNUM, HEX, VARIANTS, WORDS, covered, in_prose, rand, shown

_LOWER = string.ascii_lowercase + string.digits
Hook = Callable[[random.Random], tuple[str, str]]


def _pagerduty(r: random.Random) -> tuple[str, str]:
    key = rand(r, HEX + "ABCDEF", 32)
    host = r.choice(["events.pagerduty.com", "events.eu.pagerduty.com"])
    return f"https://{host}/{r.choice(['integration', 'x-ere'])}/{key}/enqueue", key


def _zapier(r: random.Random) -> tuple[str, str]:
    key = rand(r, _LOWER, r.randrange(6, 9))
    return f"https://hooks.zapier.com/hooks/catch/{r.randrange(10**5, 10**8)}/{key}/", key


def _netlify(r: random.Random) -> tuple[str, str]:
    key = rand(r, HEX, 24)
    return f"https://api.netlify.com/build_hooks/{key}{r.choice(['', '?trigger_branch=main'])}", key


def _vercel(r: random.Random) -> tuple[str, str]:
    key = rand(r, ALNUM, 10)
    return f"https://api.vercel.com/v1/integrations/deploy/prj_{rand(r, ALNUM, 28)}/{key}", key


def _sentry(r: random.Random) -> tuple[str, str]:
    key = rand(r, HEX, 32)
    host = r.choice([f"o{r.randrange(10**4, 10**7)}.ingest.sentry.io", "sentry.io",
                     f"o{r.randrange(99)}.ingest.us.sentry.io", f"sentry.{r.choice(WORDS)}.example"])
    return f"https://{key}@{host}/{r.randrange(1, 10**7)}", key


HOOKS: dict[str, Hook] = {"pagerduty": _pagerduty, "zapier": _zapier, "netlify": _netlify, "vercel": _vercel,
                          "sentry_dsn": _sentry}


@pytest.mark.parametrize("style", HOOKS)
def test_a_hook_url_s_credential_is_hidden_wherever_it_stands(style: str) -> None:
    r = random.Random(style)
    for _ in range(VARIANTS):
        url, key = HOOKS[style](r)
        text = in_prose(r, url)
        assert covered(text, key) is not None, text
        value = r.choice([{"hooks": [url]}, {"notify": text}, {"config": json.dumps({"url": url})}])
        wire = json.dumps(shown("standard", value))
        assert key not in wire, wire


@pytest.mark.parametrize("url", [
    "https://www.pagerduty.com/docs/integration/events", "https://zapier.com/apps/catch/integrations",
    "https://api.netlify.com/api/v1/sites", "https://vercel.com/docs/deploy-hooks",
    "https://docs.sentry.io/product/sentry-basics/dsn-explainer/"])
def test_documentation_urls_of_those_services_keep_their_text(url: str) -> None:
    assert shown("standard", {"see": url}) == {"see": url}
