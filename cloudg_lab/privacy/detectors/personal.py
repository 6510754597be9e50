"""Personal data as data-loss scanners and forms write it: cards, national ids, devices, mail.

A Macie or DLP finding quotes what it found (`card 4111 1111 1111 1111 in s3://...`, `SSN
123-45-6789`), a ticket spells an address out against harvesters (`jane.doe (at) corp (dot)
com`), an MDM export lists a phone's IMEI. A card number and a national id are never needed in
clear, so they are hidden like secrets under every profile; an IMEI is a device's identifier, an
IBAN a bank account and a spelled-out address an e-mail address, hidden under `strict`. A card
number is told from other long numbers by its issuer's first digits and its Luhn check digit; a
national id, an IBAN and an IMEI only after their name, since their shapes alone
(`123-45-6789`, 15 digits, two letters and digits) are common; an IBAN's check digits decide too.
"""

from __future__ import annotations

from cloudg_lab.privacy.detectors.base import DIGIT, Detector, define, longer_than

_CARD = (r"(?<![\w.-])(?:4\d{3}|5[1-5]\d{2}|2[2-7]\d{2}|3[47]\d{2}|6(?:011|5\d{2})|35\d{2})"
         r"(?:[ .-]?\d){9,15}(?![\w.-])")
"""Visa, Mastercard (both ranges), Amex, Discover and JCB prefixes, 13 to 19 digits, grouped by
spaces, dashes or dots (`4111.1111.1111.1111`, as German forms group; the Luhn check in `_luhn`
decides). Digits of other scripts are read as digits first (`respell`: `٤١١١ ١١١١ …`)."""
_NATIONAL = (r"(?i)\b(?:ssn|social[ -]security(?:[ -](?:number|no\.?|#))?|sozialversicherungsnummer"
             r"|national[ -]insurance(?:[ -]number)?|nino)\s*[:#=]?\s*(?P<v>\d{3}-?\d{2}-?\d{4}"
             r"|[A-Z]{2}\s?\d{2}\s?\d{2}\s?\d{2}\s?[A-D])\b")
_IBAN = r"\b(?i:iban)\s*[:#=]?\s*(?P<v>[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?)\b"
_IMEI = r"(?i)\bimei\s*[:#=]?\s*(?P<v>\d{2}[- ]?\d{6}[- ]?\d{6}[- ]?\d)\b"
_AT = r"\s*(?:\((?:at|@)\)|\[(?:at|@)\]|\{(?:at|@)\}|<at>)\s*"
_DOT = r"\s*(?:\.|\((?:dot|\.)\)|\[(?:dot|\.)\]|\{(?:dot|\.)\}|<dot>)\s*"
_SPELLED = (rf"(?i)(?<![\w.+-])[\w.+-]{{1,64}}{_AT}[a-z0-9-]{{1,63}}(?:{_DOT}[a-z0-9-]{{1,63}})*{_DOT}"
            r"[a-z]{2,24}\b")


def _luhn(text: str) -> str | None:
    """`payment_card` when the digits pass the Luhn check (one in ten random numbers do) and
    their count is a card's: 15 for Amex only (an IMEI has 15 too), else 13 or 16 to 19."""
    digits = [int(c) for c in text if c.isdigit()]
    if len(digits) == 14 or (len(digits) == 15 and digits[0] != 3):
        return None
    return "payment_card" if _checked(digits) else None


def _iban(text: str) -> str | None:
    """`bank_account` when the ISO 13616 check (mod 97 of the rearranged digits) holds."""
    compact = text.replace(" ", "").upper()
    digits = "".join(str(int(c, 36)) for c in compact[4:] + compact[:4])
    return "bank_account" if int(digits) % 97 == 1 else None


def _device(text: str) -> str | None:
    digits = [int(c) for c in text if c.isdigit()]
    return "device_id" if _checked(digits) else None


def _checked(digits: list[int]) -> bool:
    """Whether the last digit is the Luhn check digit of the others."""
    return sum(d if n % 2 == 0 else (d * 2 - 9 if d > 4 else d * 2)
               for n, d in enumerate(reversed(digits))) % 10 == 0


PERSONAL_SECRETS: tuple[Detector, ...] = (
    define("payment_card", "payment_card", "secret", 0.85, _CARD, (DIGIT,), validate=_luhn,
           gate=longer_than(12), min_len=13,
           description="payment card numbers (issuer prefixes, Luhn check digit), grouped or not"),
    define("national_id", "national_id", "secret", 0.85, _NATIONAL,
           ("ssn", "social", "sozialversicherung", "national", "nino"), group="v", min_len=12,
           description="national ids after their name (SSN 123-45-6789, NINO AB123456C)"),
)
PERSONAL_IDENTIFIERS: tuple[Detector, ...] = (
    define("iban", "bank_account", "pii", 0.85, _IBAN, ("iban",), group="v", validate=_iban, min_len=20,
           description="IBANs after their name (ISO 13616 check digits)"),
    define("imei", "device_id", "identifier", 0.85, _IMEI, ("imei",), group="v", validate=_device,
           min_len=19, description="IMEIs after their name (Luhn check digit)"),
    define("spelled_email", "email", "pii", 0.85, _SPELLED, ("(at)", "[at]", "{at}", "<at>", "(@)", "[@]"),
           min_len=10,
           description="e-mail addresses spelled out against harvesters (jane (at) corp (dot) com)"),
)
