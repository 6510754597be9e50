"""Personal data as scanners and forms write it, and names the data does not hold in other places.

Card numbers (Luhn-valid, issuer prefixes, grouped or not) and national ids after their name are
hidden under `standard` and `strict`; IMEIs, IBANs, spelled-out e-mail addresses, UNC hosts, tenant and
subscription ids after their type and people after a ticket's role label under `strict`. Each
class has look-alikes that stay: a number failing the check, a hex id holding digits, a shape
without its name, a word after the label.
"""

from __future__ import annotations

import random
import uuid

import pytest

from tests.privacy.test_detector_classes import VARIANTS, WORDS, shown
from tests.privacy.test_value_encodings import _word

_PREFIXES = ("4", "51", "55", "22", "27", "34", "37", "6011", "65", "35")


def _luhn_digit(body: str) -> str:
    total = 0
    for n, c in enumerate(reversed(body)):
        d = int(c) * (2 if n % 2 == 0 else 1)
        total += d - 9 if d > 9 else d
    return str((10 - total % 10) % 10)


def _card(r: random.Random, valid: bool = True) -> str:
    prefix = r.choice(_PREFIXES)
    length = 15 if prefix in ("34", "37") else r.choice([16, 16, 19])
    body = prefix + "".join(r.choice("0123456789") for _ in range(length - len(prefix) - 1))
    check = _luhn_digit(body)
    digits = body + (check if valid else str((int(check) + r.randint(1, 9)) % 10))
    joint = r.choice(["", " ", "-"])
    return joint.join(digits[i:i + 4] for i in range(0, len(digits), 4))


def _imei(r: random.Random) -> str:
    body = "".join(r.choice("0123456789") for _ in range(14))
    return body + _luhn_digit(body)


def _iban(r: random.Random) -> str:
    """A valid IBAN (ISO 13616 check digits) of a random country and account, grouped by four."""
    country = r.choice(["DE", "FR", "NL", "GB", "ES", "IT"])
    account = "".join(r.choice("0123456789") for _ in range(r.choice([16, 18, 20])))
    check = 98 - int("".join(str(int(c, 36)) for c in account + country + "00")) % 97
    compact = f"{country}{check:02d}{account}"
    return " ".join(compact[i:i + 4] for i in range(0, len(compact), 4))


def _note(r: random.Random, text: str) -> dict[str, str]:
    return {"note": f"{r.choice(WORDS)} {text} {r.choice(WORDS)}"}


def test_card_numbers_and_national_ids_are_hidden_under_every_profile() -> None:
    r = random.Random("cards")
    for _ in range(VARIANTS):
        card = _card(r)
        national = r.choice([f"{r.randint(100, 899)}-{r.randint(10, 99)}-{r.randint(1000, 9999)}",
                             f"{r.choice(['AB', 'JG', 'TN'])}{r.randint(100000, 999999)}{r.choice('ABCD')}"])
        said = f"{r.choice(['SSN', 'social security number', 'SSN:', 'NINO', 'national insurance number'])}"
        for profile in ("standard", "strict"):
            shown_card = shown(profile, _note(r, f"Macie found card {card} in an object"))["note"]
            assert card not in shown_card and card.replace(" ", "").replace("-", "") not in shown_card
            assert national not in shown(profile, _note(r, f"{said} {national}"))["note"], (said, national)


@pytest.mark.parametrize("make", [
    lambda r: _card(r, valid=False),  # the check digit fails
    lambda r: f"{r.getrandbits(64):016x}4{r.randint(10**12, 10**13 - 1)}",  # digits inside a hex id
    lambda r: f"{r.randint(100, 899)}-{r.randint(10, 99)}-{r.randint(1000, 9999)}",  # no name before it
    lambda r: f"build {r.randint(100, 999)}.{r.randint(10**11, 10**12 - 1)}",
])
def test_numbers_shaped_like_cards_or_ids_but_not_them_stay(make: object) -> None:
    r = random.Random(repr(make))
    for _ in range(VARIANTS):
        text = make(r)  # type: ignore[operator]
        assert text in shown("standard", _note(r, text))["note"], text


def test_devices_spelled_addresses_unc_hosts_and_tenants_are_hidden_under_strict() -> None:
    r = random.Random("strict classes")
    for _ in range(VARIANTS):
        imei, local, host = _imei(r), f"{_word(r)}.{_word(r, 4)}", f"fs{_word(r, 4)}{r.randint(1, 99):02d}"
        domain = f"{_word(r)}{r.choice(['', '-corp'])}"
        at, dot = r.choice(["(at)", "[at]", " (at) ", " [AT] ", "{at}"]), r.choice(["(dot)", ".", " [dot] "])
        tenant, iban = str(uuid.UUID(int=r.getrandbits(128))), _iban(r)
        cases = {imei: f"IMEI {imei}", iban[4:14]: f"{r.choice(['IBAN', 'iban:', 'IBAN #'])} {iban}",
                 local: f"write to {local}{at}{domain}{dot}com",
                 host: f"mapped \\\\{host}\\{_word(r)}$ for backups",
                 tenant: f"{r.choice(['Azure subscription', 'tenant', 'directory'])} {tenant}"}
        for value, text in cases.items():
            assert value not in shown("strict", _note(r, text))["note"], text
            assert value in shown("standard", _note(r, text))["note"], text


@pytest.mark.parametrize("text", ["email me (at) noon", "\\\\localhost\\c$", "\\\\?\\C:\\Windows",
                                  "Azure subscription plan", "tenant admin consent", "IMEI not reported",
                                  "IBAN not on file", "IBAN GB00 WEST 1234 5698 7654 32"])
def test_look_alikes_of_the_strict_classes_stay(text: str) -> None:
    assert shown("strict", {"note": text})["note"] == text


def test_a_person_after_a_ticket_s_role_label_is_hidden_under_strict() -> None:
    r = random.Random("role labels")
    for _ in range(VARIANTS):
        person = f"{r.choice(['Priya', 'Tavish', 'Oona', 'Radomir'])} {_word(r).capitalize()}"
        label = r.choice(["Reporter:", "Requester:", "reported by", "Submitter:", "Dear", "Attn:",
                          "Custodian:"])
        assert person not in shown("strict", _note(r, f"{label} {person}"))["note"], label
    for kept in ("Reporter: Security Hub", "requester: Automation", "Dear Team,"):
        assert shown("strict", {"note": kept})["note"] == kept
