"""Pseudonyms for addresses: prefix-preserving IPs and CIDRs, locally administered MACs.

Two addresses sharing a k-bit prefix get pseudonyms sharing a k-bit prefix, so a subnet stays a
subnet and a CIDR's pseudonym contains the pseudonyms of its addresses. Each output chunk is the
input chunk XOR a keyed function of the bits before it (Crypto-PAn's idea, with HMAC-SHA256).
Private addresses stay in their private block; public IPv4 goes to 198.18.0.0/15 and IPv6 to
2001:db8::/32, ranges that are never routed.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable

from cloudg_lab.privacy.detectors.builtin import embedded_ipv4, refine_ip

Prf = Callable[[str], bytes]

_PRIVATE4 = tuple(ipaddress.IPv4Network(n) for n in ("10.0.0.0/8", "172.16.0.0/12",
                                                      "192.168.0.0/16", "100.64.0.0/10"))
_PUBLIC4 = ipaddress.IPv4Network("198.18.0.0/15")
_V6 = ipaddress.IPv6Network("2001:db8::/32")


def preserve(value: int, bits: int, prf: Prf, chunk: int, label: str) -> int:
    """A keyed bijection on `bits`-bit integers that preserves common prefixes."""
    out = 0
    mask = (1 << chunk) - 1
    for i in range(0, bits, chunk):
        prefix = value >> (bits - i) if i else 0
        pad = int.from_bytes(prf(f"{label}:{bits}:{i}:{prefix}")[:4], "big") & mask
        out = (out << chunk) | (((value >> (bits - i - chunk)) & mask) ^ pad)
    return out


def _host_bits(address: int, width: int, label: str, *, prf: Prf, attempt: int, digest: bytes) -> int:
    """Attempt 0 preserves prefixes; a re-salted attempt (after a collision) cannot, and is random."""
    if attempt == 0:
        return preserve(address, width, prf, 1 if width <= 32 else 16, label)
    return int.from_bytes(digest, "big") & ((1 << width) - 1)


def _map_address(address: ipaddress.IPv4Address | ipaddress.IPv6Address, prf: Prf,
                 attempt: int, digest: bytes) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    if address.version == 4:
        for net in _PRIVATE4:
            if address in net:
                width = 32 - net.prefixlen
                host = int(address) - int(net.network_address)
                bits = _host_bits(host, width, f"v4:{net}", prf=prf, attempt=attempt, digest=digest)
                return ipaddress.IPv4Address(int(net.network_address) + bits)
        bits = _host_bits(int(address), 32, "v4", prf=prf, attempt=attempt, digest=digest)
        return ipaddress.IPv4Address(int(_PUBLIC4.network_address) + (bits & 0x1FFFF))
    inner = embedded_ipv4(address)
    if inner is not None:  # ::ffff:10.1.2.3 stays IPv4-mapped, around the IPv4 pseudonym
        mapped = _map_address(inner, prf, attempt, digest)
        return ipaddress.IPv6Address((int(address) & ~0xFFFFFFFF) | int(mapped))
    bits = _host_bits(int(address), 128, "v6", prf=prf, attempt=attempt, digest=digest)
    return ipaddress.IPv6Address(int(_V6.network_address) + (bits & ((1 << 96) - 1)))


def _block_prefix(net: ipaddress.IPv4Network | ipaddress.IPv6Network) -> int:
    if not isinstance(net, ipaddress.IPv4Network):
        return 32
    for block in _PRIVATE4:
        if net.subnet_of(block) or block.subnet_of(net):
            return block.prefixlen
    return _PUBLIC4.prefixlen


def ip(value: str, prf: Prf, attempt: int, digest: bytes) -> str | None:
    """The pseudonym of an address or CIDR; None for special addresses (nothing to hide)."""
    kind = refine_ip(value)
    if kind is None or kind.startswith("special"):
        return None
    if "/" in value:
        net = ipaddress.ip_network(value, strict=False)
        if net.prefixlen <= _block_prefix(net):
            return None  # a whole private block or a vast public range identifies no one
        mapped = _map_address(net.network_address, prf, attempt, digest)
        return str(ipaddress.ip_network(f"{mapped}/{net.prefixlen}", strict=False))
    return str(_map_address(ipaddress.ip_address(value), prf, attempt, digest))


def mac(value: str, digest: bytes) -> str:
    """A locally administered unicast MAC with the same separators and case (`3c:fd:...`,
    `3C-FD-...`, Cisco's `3cfd.fe9e.2742`)."""
    octets = bytearray(digest[:6])
    octets[0] = (octets[0] | 0x02) & 0xFE
    if value[4:5] == ".":
        hexed = octets.hex()
        text = ".".join(hexed[i:i + 4] for i in range(0, 12, 4))
    else:
        text = value[2].join(f"{b:02x}" for b in octets)
    return text.upper() if value.isupper() else text
