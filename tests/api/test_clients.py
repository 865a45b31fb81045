"""Who a client is, for its limits and its share of connections."""

import pytest

from api.http.limits.clients import forwarded, key


@pytest.mark.parametrize(
    ("address", "client"),
    [
        ("192.0.2.7", "192.0.2.7"),
        ("::ffff:192.0.2.7", "192.0.2.7"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("2001:db8:1:2::9", "2001:db8:1:2::/64"),
        ("fe80::1%eth0", "fe80::/64"),
        ("", "unknown"),
        (None, "unknown"),
    ],
)
def test_an_ipv4_address_or_an_ipv6_64_is_one_client(address, client):
    assert key(address) == client


def test_the_client_behind_proxies_is_the_address_the_last_hops_forward():
    environ = {"HTTP_X_FORWARDED_FOR": "198.51.100.1, 203.0.113.5", "REMOTE_ADDR": "10.0.0.1"}
    assert forwarded(environ, 1) == "203.0.113.5"
    assert forwarded(environ, 2) == "198.51.100.1"
    assert forwarded(environ, 3) == "10.0.0.1", "fewer addresses than proxies: the peer"
    assert forwarded({"REMOTE_ADDR": "10.0.0.1"}, 0) == "10.0.0.1"
