"""CORS for browser clients on other origins: seat tokens travel in a header, never a cookie, so any origin may call."""

ALLOW_HEADERS = "Authorization, Content-Type, If-Match, Idempotency-Key, Last-Event-ID, Deck-Tokens, Accept-Language"
EXPOSE_HEADERS = "ETag, Location"


def allowed_origins(setting: object) -> frozenset[str]:
    """The origins `DESKOVKA_CORS_ORIGINS` names ("*": any)."""
    return frozenset(origin.strip() for origin in str(setting).split(",") if origin.strip())


def headers_for(origins: frozenset[str], origin: str | None, method: str) -> tuple[dict[str, str], bool]:
    """The CORS headers an answer to a request from `origin` carries, and whether the answer varies by origin.

    With a list of origins every answer varies by origin, a refused one's too: a cache must not hand the answer
    without CORS headers to an allowed origin, nor the other way round.
    """
    varies = "*" not in origins
    if not origin or not ("*" in origins or origin in origins):
        return {}, varies
    headers = {
        "Access-Control-Allow-Origin": "*" if "*" in origins else origin,
        "Access-Control-Expose-Headers": EXPOSE_HEADERS,
    }
    if method == "OPTIONS":
        headers["Access-Control-Allow-Headers"] = ALLOW_HEADERS
        headers["Access-Control-Allow-Methods"] = "GET, POST, OPTIONS"
        headers["Access-Control-Max-Age"] = "600"
    return headers, varies
