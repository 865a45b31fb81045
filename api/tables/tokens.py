"""Seat tokens: random, shown once, stored only as hashes, compared in constant time."""

import base64
import hashlib
import hmac
import re
import secrets

import redis

from api.problems import Problem

# A whole number as a header (or a token's seat) spells it: ASCII digits, at most 18 of them.
NUMBER = re.compile(r"[0-9]{1,18}")


def header_number(text: str) -> int | None:
    """Return the whole number a header value spells in ASCII digits, or None."""
    return int(text) if NUMBER.fullmatch(text) else None


def mint(game_id: str, seat: int) -> tuple[str, str]:
    """Return a new token for a seat and the hash to store."""
    token = f"{game_id}.{seat}.{secrets.token_urlsafe(32)}"
    return token, digest(token)


def derived(secret: bytes, game_id: str, seat: int) -> tuple[str, str]:
    """Return a seat's token the server can give again (a rematch's seats), from the server secret, and its hash."""
    mac = hmac.new(secret, f"seat:{game_id}:{seat}".encode(), hashlib.sha256).digest()
    token = f"{game_id}.{seat}.{base64.urlsafe_b64encode(mac).rstrip(b'=').decode()}"
    return token, digest(token)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def bearer_from(header: str | None) -> str | None:
    """Return the bearer token an Authorization header carries, or None for no header.

    :raises Problem: 401 when the header is not a bearer token.
    """
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Problem("auth/malformed", "Send the seat token as `Authorization: Bearer <token>`.")
    return token.strip()


def claimed_seat(token: str | None) -> int | None:
    """Return the seat a token says it is for, unchecked (to read that seat's records before the game is loaded)."""
    if token is None:
        return None
    return header_number(token.partition(".")[2].partition(".")[0])


def seat_of(game_id: str, seats: list[dict], token: str | None) -> int | None:
    """Return the seat a token belongs to (None without a token).

    :raises Problem: 403 for another game's token, 401 for a token that matches no seat.
    """
    if token is None:
        return None
    token_game, _, rest = token.partition(".")
    seat = header_number(rest.partition(".")[0])
    if token_game != game_id and token_game and seat is not None:
        raise Problem("auth/foreign_token", "This token belongs to another game.")
    if seat is not None and seat < len(seats):
        stored = seats[seat].get("token_hash") or ""
        if hmac.compare_digest(stored.encode(), digest(token).encode()):
            return seat
    raise Problem("auth/invalid_token", "This token is not valid for any seat of this game.")


SECRET_KEY = "dk:secret"


def server_secret(connection: redis.Redis) -> bytes:
    """Return the secret every API process shares (made once, kept in Redis) for tokens the server can re-derive."""
    secret = connection.get(SECRET_KEY)
    if secret is None:
        connection.set(SECRET_KEY, secrets.token_bytes(32), nx=True)
        secret = connection.get(SECRET_KEY)
    assert isinstance(secret, bytes)
    return secret


def deck_token(secret: bytes, deck_id: str, content: str) -> str:
    """Return the token that unlocks a user deck's full document (its id and content hash); its uploaders get it."""
    mac = hmac.new(secret, f"deck:{deck_id}:{content}".encode(), hashlib.sha256).hexdigest()
    return f"{deck_id}.{mac}"


def legacy_deck_token(secret: bytes, deck_id: str) -> str:
    """Return the token a deck stored under a 12-digit id was given, bound to its id alone."""
    mac = hmac.new(secret, f"deck:{deck_id}".encode(), hashlib.sha256).hexdigest()
    return f"{deck_id}.{mac}"


def same(token: str, expected: str) -> bool:
    return hmac.compare_digest(token.encode(), expected.encode())


def is_operator(token: str | None, admin_token: str | None) -> bool:
    return token is not None and admin_token is not None and same(token, admin_token)
