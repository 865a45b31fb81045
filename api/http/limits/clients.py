"""Who a client is, for its limits: an IPv4 address, or an IPv6 /64 (one host's usual share of addresses)."""

import ipaddress
from collections.abc import Mapping
from typing import Any

from werkzeug.http import parse_list_header

# The IPv6 prefix one subscriber is given, at the least: a host picks any address in it at will.
IPV6_PREFIX = 64


def key(address: str | None) -> str:
    """The client an address belongs to: the IPv4 address itself (IPv4-mapped IPv6 included), an IPv6 /64."""
    if not address:
        return "unknown"
    try:
        ip = ipaddress.ip_address(address.partition("%")[0])  # a zone ("fe80::1%eth0") names no other host
    except ValueError:
        return address[:64]  # not an address (a unix socket's peer): counted as it is
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, IPV6_PREFIX), strict=False))
    return str(ip)


def forwarded(environ: Mapping[str, Any], hops: int) -> str | None:
    """The address `hops` proxies forward as the client's (as werkzeug's ProxyFix reads it), else the peer's."""
    values = parse_list_header(environ.get("HTTP_X_FORWARDED_FOR", ""))
    if hops and len(values) >= hops:
        return values[-hops]
    return environ.get("REMOTE_ADDR")
