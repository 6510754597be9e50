"""Identifiers in the forms an outside red team found reaching `strict` callers (estates `larch`
and `tundra`): other clouds' resource ids, Kubernetes names, IPv6 forms that embed IPv4, MAC
spellings, hosts under country and other suffixes, people in other scripts, phone numbers and
quoted e-mail local parts. Each class on generated variants, never the canaries."""

from __future__ import annotations

import json
import random
import re
import string
from collections.abc import Callable
from pathlib import Path

import pytest

from cloudg_lab import Layer, Principal
from cloudg_lab.privacy.detectors import DEFAULT
from cloudg_lab.privacy.people import people
from tests.privacy.test_detector_classes import ALL, HEX, VARIANTS, WORDS, covered, in_prose, rand, shown

LOWER = string.ascii_lowercase + string.digits


def _strict_hides(text: str, part: str) -> None:
    """`part` of `text` is pseudonymized under strict (whole, not a piece) and kept under standard."""
    hidden = json.dumps(shown("strict", {"note": text}), ensure_ascii=False)
    assert part not in hidden, text
    assert part in json.dumps(shown("standard", {"note": text}), ensure_ascii=False), text


CLOUD_IDS: dict[str, Callable[[random.Random], str]] = {
    "oci_ocid": lambda r: f"ocid1.{r.choice(['instance', 'vcn', 'compartment', 'tenancy', 'user'])}.oc1."
    f"{r.choice(['', 'iad', 'phx', 'eu-frankfurt-1'])}.{rand(r, 'a', 8)}{rand(r, LOWER, 52)}",
    "alibaba_arn": lambda r: f"acs:{r.choice(['ram', 'ecs', 'oss'])}:{r.choice(['', 'cn-hangzhou'])}:"
    f"{r.randrange(10**15, 10**16)}:{r.choice(['role', 'instance', 'user'])}/{r.choice(WORDS)}-x",
    "ibm_crn": lambda r: f"crn:v1:bluemix:public:{r.choice(['cloud-object-storage', 'iam-identity', 'kms'])}:"
    f"{r.choice(['global', 'us-south'])}:a/{rand(r, HEX, 32)}:{rand(r, HEX, 8)}-{rand(r, HEX, 4)}::",
    "k8s_service_account": lambda r: f"system:serviceaccount:{r.choice(WORDS)}-{r.choice(WORDS)}:"
    f"{r.choice(WORDS)}-{r.choice(['sa', 'writer', 'reader'])}",
}


@pytest.mark.parametrize("family", CLOUD_IDS)
def test_resource_ids_of_other_clouds_and_kubernetes_are_identifiers(family: str) -> None:
    r = random.Random(family)
    for _ in range(VARIANTS):
        ident = CLOUD_IDS[family](r)
        text = in_prose(r, ident)
        found = covered(text, ident, "identifier")
        assert found is not None and found.entity == family, text
        _strict_hides(text, ident)


@pytest.mark.parametrize("key", ["namespace", "k8sNamespace", "kube_namespace", "compartmentId", "tenancy",
                                 "serviceAccount"])
def test_kubernetes_and_oci_container_keys_type_their_value_as_a_name(key: str) -> None:
    r = random.Random(key)
    for _ in range(VARIANTS):
        name = f"{r.choice(WORDS)}-{r.choice(WORDS)}{r.randrange(9)}"
        assert name not in json.dumps(shown("strict", {"spec": {key: name}}))


# ------------------------------------------------------------------ addresses

def _v4(r: random.Random) -> str:
    head = r.choice(["10", f"172.{r.randrange(16, 32)}", "34", "52", "104"])
    return ".".join([head] + [str(r.randrange(1, 255)) for _ in range(4 - head.count(".") - 1)])


def test_ipv6_addresses_that_carry_an_ipv4_address_hide_it_and_keep_their_form() -> None:
    r = random.Random("mapped")
    for _ in range(VARIANTS * 2):
        inner = _v4(r)
        prefix = r.choice(["::ffff:", "::FFFF:", "64:ff9b::"])
        address = prefix + inner
        for value in ({"ip_address": address}, {"note": in_prose(r, address)}, {"peers": [address]}):
            out = shown("strict", value)
            text = json.dumps(out)
            assert inner not in text, value
            assert prefix.lower() in text.lower(), out


def test_the_special_addresses_an_ipv6_address_carries_stay_as_they_are() -> None:
    assert shown("strict", {"ip_address": "::ffff:127.0.0.1"}) == {"ip_address": "::ffff:127.0.0.1"}


def test_mac_addresses_in_every_spelling_are_pseudonymized_in_their_own_spelling() -> None:
    r = random.Random("macs")
    for _ in range(VARIANTS * 2):
        octets = [r.randrange(256) for _ in range(6)]
        octets[r.randrange(6)] |= 0xA0  # at least one hex letter
        hexed = "".join(f"{b:02x}" for b in octets)
        mac = r.choice([":".join(hexed[i:i + 2] for i in range(0, 12, 2)),
                        "-".join(hexed[i:i + 2] for i in range(0, 12, 2)).upper(),
                        ".".join(hexed[i:i + 4] for i in range(0, 12, 4))])
        text = in_prose(r, mac)
        assert covered(text, mac, "network") is not None, text
        shown_text = shown("strict", {"note": text})["note"]
        assert mac not in shown_text
        shape = re.sub("[0-9a-fA-F]", "[0-9a-fA-F]", re.escape(mac))
        assert re.search(shape, shown_text) is not None, shown_text  # the same spelling


@pytest.mark.parametrize("text", ["release 2024.0611.1200", "build 1234.5678.9012 done"])
def test_dotted_numbers_are_not_mac_addresses(text: str) -> None:
    assert [f for f in DEFAULT.scan(text, ALL) if f.category == "network"] == []


# ------------------------------------------------------------------ hosts

SUFFIXES = ("com.br", "pl", "co.uk", "com.au", "cz", "ro", "co.za", "com.tr", "xyz", "tools", "mesh",
            "prod", "k8s", "ad.example.corp", "kr", "se", "ua")


def test_hosts_under_country_codes_second_level_and_private_suffixes_are_found() -> None:
    r = random.Random("suffixes")
    for suffix in SUFFIXES:
        for _ in range(VARIANTS // 2):
            host = f"{r.choice(WORDS)}{r.randrange(9)}.{r.choice(WORDS)}-{r.choice(WORDS)}.{suffix}"
            text = r.choice([in_prose(r, host), f"https://{host}:8443/{r.choice(WORDS)}", f"{host}."])
            found = covered(text, host, "network")
            assert found is not None and found.entity == "hostname", text
            _strict_hides(text, host)


@pytest.mark.parametrize("text", ["run main.py then setup.sh", "edit lib.rs and util.cc", "MANIFEST.in",
                                  "libfoo.so.1", "see e.g. the docs", "v1.2.3"])
def test_file_names_and_abbreviations_are_not_hosts(text: str) -> None:
    assert [f for f in DEFAULT.scan(text, ALL) if f.entity == "hostname"] == []


# ------------------------------------------------------------------ people in prose

GIVEN = ("Ólafur", "Żaneta", "Ștefan", "Çağla", "Åsa", "Émile", "Jiří", "Ngozi", "María José")
FAMILY = ("Þórðarson", "Wójcik-Hale", "Dumitrescu", "Öztürk", "Løvås", "Brûlé", "Dvořák", "Adébáyọ̀")
SCRIPTS = (("Светлана", "Воронцова"), ("Ελένη", "Παπαδοπούλου"), ("Арсений", "Кудрявцев"),
           ("عمر", "الفاروقي"), ("דנה", "לוי"))
HAN = ("王晓明", "李秀英", "山田太郎", "김민준")


def _person(r: random.Random) -> str:
    """A name as prose writes it: diacritics, other scripts, particles, initials, `Last, First`."""
    given, family = r.choice(GIVEN), r.choice(FAMILY)
    return r.choice([f"{given} {family}", " ".join(r.choice(SCRIPTS)), r.choice(HAN),
                     f"{given} {r.choice(['van der', 'de la', 'von', 'bin'])} {family}",
                     f"{given[0]}. {r.choice('ABKMR')}. {family}", f"{family}, {given}",
                     f"@{r.choice(WORDS)}.{r.choice(WORDS)}"])


def test_people_prose_introduces_in_any_script_or_form_are_pseudonymized_under_strict() -> None:
    r = random.Random("people")
    for _ in range(VARIANTS * 4):
        name = _person(r)
        cue = r.choice(["approved by", "Owner:", "cc", "reviewed with", "for", "ask", "Merged by", "owners"])
        lead, tail = ("(", ")") if cue == "owners" else ("", r.choice([".", " today", "; done", ""]))
        text = f"{r.choice(WORDS).capitalize()} {cue} {lead}{name}{tail}"
        assert [text[s:e] for s, e in people(text)] == [name], text
        _strict_hides(text, name)


# ------------------------------------------------------------------ phone numbers

def _phone(r: random.Random) -> str:
    groups = [str(r.randrange(10, 99)), str(r.randrange(1000, 9999)), str(r.randrange(1000, 9999))]
    sep = r.choice([" ", "-", ".", ""])
    nanp = f"({r.randrange(200, 999)}) {r.randrange(200, 999)}-{r.randrange(1000, 9999)}"
    return r.choice([f"+{r.randrange(1, 99)} {sep.join(groups)}", f"+{r.randrange(30, 99)}{''.join(groups)}",
                     nanp, f"+1 {nanp}"])


def test_phone_numbers_in_prose_and_under_phone_keys_are_pseudonymized_under_strict() -> None:
    r = random.Random("phones")
    for _ in range(VARIANTS * 2):
        phone = _phone(r)
        lead, tail = r.choice(["Call", "Out of hours:", "On-call", "tel."]), r.choice([".", " or page", ""])
        text = f"{lead} {phone}{tail}"
        assert covered(text, phone, "pii") is not None, text
        _strict_hides(text, phone)
        key = r.choice(["phone", "mobilePhone", "Telephone", "msisdn", "oncall_phone"])
        assert phone not in json.dumps(shown("strict", {"contact": {key: phone}}))
    local = f"{r.randrange(10, 99)} {r.randrange(1000, 9999)} {r.randrange(1000, 9999)}"
    assert covered(f"phone: {local}", local, "pii") is not None


@pytest.mark.parametrize("text", ["range (10) 100 200", "delta +1000 ms", "TOTAL +123456789",
                                  "at 2024-06-11 12:30", "v +1.2.3", "ids 1234 5678 9012"])
def test_numbers_that_are_not_phone_numbers_stay(text: str) -> None:
    assert [f for f in DEFAULT.scan(text, ALL) if f.category == "pii"] == []


def test_e_mail_addresses_percent_encoded_in_a_url_are_found() -> None:
    """A URL's query and a `mailto:` link write the at-sign as `%40` (`?email=ana%40corp.io`);
    before, such an address reached strict callers whole. `50%40 off` names nobody."""
    r = random.Random("percent at")
    for _ in range(VARIANTS):
        local = f"{r.choice(WORDS)}.{r.choice(WORDS)}{r.randrange(1, 99)}"
        address = f"{local}%40{r.choice(WORDS)}-{r.choice(WORDS)}.{r.choice(['io', 'com', 'co.uk'])}"
        text = r.choice([f"https://app.example/invite?email={address}&ref=mail",
                         f"mailto:{address}?subject=hi", f"GET /users?login={address.upper()} 200"])
        shown_local = local if address in text else local.upper()
        assert covered(text, address if address in text else address.upper(), "pii") is not None, text
        _strict_hides(text, shown_local)
    assert [f for f in DEFAULT.scan("discount 50%40 off, 12%40.5 rate", ALL) if f.category == "pii"] == []


def test_e_mail_addresses_with_quoted_local_parts_are_pseudonymized_whole() -> None:
    r = random.Random("quoted")
    for _ in range(VARIANTS):
        local = f"{r.choice(WORDS)} {r.choice(WORDS)}{r.choice(['', '.ops', '(eu)'])}"
        address = f'"{local}"@{r.choice(WORDS)}-{r.choice(WORDS)}.{r.choice(["io", "com.br", "de"])}'
        text = f"Escalate to {address}{r.choice(['.', ' or page', ''])}"
        assert covered(text, address, "pii") is not None, text
        _strict_hides(text, local)


# ------------------------------------------------------------------ invisible characters

INVISIBLE = ("\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u202e", "\u00ad", "\u3164",
             "\u034f", "\u180b")


async def test_a_name_with_invisible_characters_is_hidden_as_sanitize_shows_it(tmp_path: Path) -> None:
    """Sanitize strips zero-width, joiner and bidi characters; the name it leaves is the real one."""
    r = random.Random("invisible")
    names = []
    for i in range(VARIANTS):
        plain = f"{r.choice(WORDS)}-{r.choice(WORDS)}-{i:02d}"
        a, b = sorted(r.sample(range(1, len(plain)), 2))
        names.append((plain, f"{plain[:a]}{r.choice(INVISIBLE)}{plain[a:b]}{r.choice(INVISIBLE)}{plain[b:]}"))
    assets = [{"id": f"i-{i:017x}", "name": spelled, "asset_type": "EC2", "provider": "AWS",
               "region": "eu-west-1", "account_id": "210987654321"} for i, (_, spelled) in enumerate(names)]
    (tmp_path / "inventory-map.json").write_text(json.dumps({"assets": assets, "edges": [], "regions": {}}))
    layer = Layer(policy="strict", datasets={"zw": tmp_path})
    who = Principal.parse("eve:analyst")
    for arguments in ({"sort_by": "name", "fields": ["id", "name"]}, {"fields": ["name"]},
                      {"sort_by": "name", "descending": True}):
        wire = json.dumps((await layer.call_tool("find_assets", arguments, principal=who)).to_wire(),
                          ensure_ascii=False)
        assert [plain for plain, _ in names if plain in wire] == [], arguments


@pytest.mark.parametrize("listing", [{"sort_by": "name"}, {"fields": ["id", "name"]}])
async def test_the_pseudonym_of_a_name_shown_without_its_invisible_characters_reverses(
        tmp_path: Path, listing: dict[str, object]) -> None:
    """The name is pseudonymized as the data holds it, so the pseudonym a strict caller saw
    finds the asset (by name, in a search) like any other: sanitize's stripping costs no round trip."""
    r = random.Random("invisible round trip")
    assets = []
    for i in range(VARIANTS):
        plain = f"{r.choice(WORDS)}-{r.choice(WORDS)}-{i:02d}"
        at = r.randrange(1, len(plain))
        assets.append({"id": f"i-{i:017x}", "name": f"{plain[:at]}{r.choice(INVISIBLE)}{plain[at:]}",
                       "asset_type": "EC2", "provider": "AWS", "region": "eu-west-1",
                       "account_id": "210987654321"})
    (tmp_path / "inventory-map.json").write_text(json.dumps({"assets": assets, "edges": [], "regions": {}}))
    layer = Layer(policy="strict", datasets={"zw": tmp_path})
    who = Principal.parse("eve:analyst")
    page = await layer.call_tool("find_assets", listing, principal=who)
    assert page.structured is not None
    shown_items = page.structured["items"]
    assert isinstance(shown_items, list) and len(shown_items) == VARIANTS
    for item in shown_items:
        found = await layer.call_tool("get_asset", {"ref": item["name"]}, principal=who)
        assert not found.is_error and found.structured is not None, item
        assert found.structured["id"] == item["id"]
        search = await layer.call_tool("find_assets", {"query": item["name"]}, principal=who)
        assert search.structured is not None and search.structured["total"] == 1, item


# ------------------------------------------------------------------ AWS ids and buckets in prose

def test_ec2_and_vpc_ids_and_bucket_urls_the_data_does_not_hold_are_identifiers() -> None:
    r = random.Random("ec2")
    for _ in range(VARIANTS * 2):
        prefix = r.choice(["i", "vol", "snap", "eni", "ami", "sg", "vpc", "subnet", "igw", "pcx", "vpce"])
        ident = f"{prefix}-{rand(r, HEX, r.choice([8, 17]))}"
        if not any(c.isdigit() for c in ident[len(prefix):]):
            continue
        text = in_prose(r, ident)
        assert covered(text, ident, "identifier") is not None, text
        _strict_hides(text, ident)
        shown_text = shown("strict", {"note": text})["note"]
        assert re.search(rf"\b{prefix}-[0-9a-f]{{{len(ident) - len(prefix) - 1}}}\b", shown_text), shown_text
        bucket = f"{r.choice(WORDS)}-{r.choice(WORDS)}-{r.randrange(2020, 2030)}"
        url = f"{r.choice(['s3', 'gs', 's3a'])}://{bucket}/{r.choice(WORDS)}/part-0.parquet"
        _strict_hides(f"exported to {url} nightly", bucket)
