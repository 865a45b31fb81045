"""CORS for browser clients on other origins: seat tokens travel in a header, never a cookie, so any origin may call."""

from flask import Flask, Response, request

ALLOW_HEADERS = "Authorization, Content-Type, If-Match, Idempotency-Key, Last-Event-ID"
EXPOSE_HEADERS = "ETag, Location"


def init_app(app: Flask) -> None:
    origins = {origin.strip() for origin in str(app.config["CORS_ORIGINS"]).split(",") if origin.strip()}

    @app.after_request
    def allow(response: Response) -> Response:
        origin = request.headers.get("Origin")
        if origin and ("*" in origins or origin in origins):
            response.headers["Access-Control-Allow-Origin"] = "*" if "*" in origins else origin
            response.headers["Access-Control-Expose-Headers"] = EXPOSE_HEADERS
            if request.method == "OPTIONS":
                response.headers["Access-Control-Allow-Headers"] = ALLOW_HEADERS
                response.headers["Access-Control-Allow-Methods"] = "GET, POST, OPTIONS"
                response.headers["Access-Control-Max-Age"] = "600"
            if "*" not in origins:
                response.vary.add("Origin")
        return response
