"""Who a client is, for its limits: an IPv4 address, or an IPv6 /64 (one host's usual share of addresses)."""

import functools
import ipaddress
from collections.abc import Mapping
from typing import Any

from werkzeug.http import parse_list_header

# The IPv6 prefix one subscriber is given, at the least: a host picks any address in it at will.
IPV6_PREFIX = 64


# Worked out for every connection a worker accepts: a flood's thousands a second come from a few addresses.
@functools.lru_cache(maxsize=4096)
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


# The prefix one site is given (a /48 holds 65,536 /64s): its addresses together hold GROUP_SHARES clients' shares.
IPV6_SITE = 48
GROUP_SHARES = 4


@functools.lru_cache(maxsize=4096)
def groups(address: str | None) -> tuple[tuple[str, int], ...]:
    """The groups an address counts in for its share of connections, each with how many shares it may hold: its
    client (an IPv4 address, an IPv6 /64) one, and an IPv6 address's /48 GROUP_SHARES."""
    client = key(address)
    if ":" not in client or "/" not in client:
        return ((client, 1),)
    site = ipaddress.IPv6Network(client).supernet(new_prefix=IPV6_SITE)
    return ((client, 1), (str(site), GROUP_SHARES))


def forwarded(environ: Mapping[str, Any], hops: int) -> str | None:
    """The address `hops` proxies forward as the client's (as werkzeug's ProxyFix reads it), else the peer's."""
    values = parse_list_header(environ.get("HTTP_X_FORWARDED_FOR", ""))
    if hops and len(values) >= hops:
        return values[-hops]
    return environ.get("REMOTE_ADDR")
