"""What the real server (`deskovka api`) does with how a request arrives: chunked bodies, `Expect: 100-continue`,
and each client's share of a worker's connections, spoken in raw HTTP on loopback."""

import base64
import io
import random
import socket
import time

import orjson
import pytest
from PIL import Image

from tests.api.live import HOST, start_api, stop

MIB = 1 << 20


@pytest.fixture(scope="module")
def port(redis_url):
    # Joins are never allowed here: a join is refused (429) from its head alone.
    server, port = start_api(redis_url, workers=1, DESKOVKA_LIMIT_JOINS="0/minute", DESKOVKA_LIMIT_DECKS="off")
    yield port
    stop(server)


@pytest.fixture(scope="module")
def shared_port(redis_url):
    """One worker of 40 connections, 4 of them a client's share."""
    server, port = start_api(
        redis_url,
        workers=1,
        DESKOVKA_MAX_CONNECTIONS="40",
        DESKOVKA_MAX_CONNECTIONS_PER_CLIENT="4",
        DESKOVKA_HEAD_TIMEOUT="5",
    )
    yield port
    stop(server)


@pytest.fixture(scope="module")
def proxied_port(redis_url):
    """Behind one proxy, where a client's share counts its requests in flight."""
    server, port = start_api(redis_url, workers=1, DESKOVKA_PROXY_HOPS="1", DESKOVKA_MAX_CONNECTIONS_PER_CLIENT="2")
    yield port
    stop(server)


def connect(port: int, source: str = HOST) -> socket.socket:
    return socket.create_connection((HOST, port), timeout=10, source_address=(source, 0))


def head(method: str, path: str, **headers: str) -> bytes:
    lines = [
        f"{method} {path} HTTP/1.1",
        "Host: t",
        *(f"{name.replace('_', '-')}: {value}" for name, value in headers.items()),
    ]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def read_answer(conn: socket.socket) -> tuple[int, dict[str, str], bytes, bytes]:
    """Read one answer: status, headers (lower-case names), body, and any interim (1xx) answers before it."""
    data, interim = b"", b""
    while True:
        while b"\r\n\r\n" not in data:
            chunk = conn.recv(65536)
            if not chunk:
                raise ConnectionError(f"closed before an answer: {data[:200]!r}")
            data += chunk
        top, _, data = data.partition(b"\r\n\r\n")
        if not top.startswith(b"HTTP/1.1 1"):
            break
        interim += top + b"\r\n\r\n"
    status_line, *lines = top.decode("latin-1").split("\r\n")
    headers = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines)}
    while len(data) < int(headers.get("content-length", 0)):
        chunk = conn.recv(65536)
        if not chunk:
            break
        data += chunk
    return int(status_line.split()[1]), headers, data, interim


def call(port: int, method: str, path: str, body: bytes = b"", source: str = HOST, **headers: str):
    with connect(port, source) as conn:
        if body:
            headers = {"Content-Type": "application/json", "Content-Length": str(len(body)), **headers}
        conn.sendall(head(method, path, **headers) + body)
        return read_answer(conn)


def chunked(port: int, path: str, body: bytes, content_type: str, end: bool = True, size: int = 64 * 1024):
    """Send a body chunk by chunk (with the last chunk when `end`) and read the answer."""
    with connect(port) as conn:
        conn.sendall(head("POST", path, Content_Type=content_type, Transfer_Encoding="chunked"))
        try:
            for start in range(0, len(body), size):
                piece = body[start : start + size]
                conn.sendall(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
            if end:
                conn.sendall(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered and closed before the whole body was sent
        return read_answer(conn)


def deck_csv(cards: int, image: str = "") -> bytes:
    rows = ["id,theme,year,title_en,image"]
    rows += [f"event-{i},events,{1000 + i},Event number {i},{image}" for i in range(cards)]
    return ("\n".join(rows) + "\n").encode()


def noise_png(side: int) -> str:
    """A PNG data URI of random pixels, which do not compress."""
    picture = io.BytesIO()
    Image.frombytes("RGB", (side, side), random.Random(side).randbytes(side * side * 3)).save(picture, "PNG")
    return "data:image/png;base64," + base64.b64encode(picture.getvalue()).decode()


def stored_decks(port: int) -> int:
    status, _, body, _ = call(port, "GET", "/v1/decks?limit=200")
    assert status == 200
    return len(orjson.loads(body)["decks"])


def new_game(port: int, seats=None) -> dict:
    seats = seats or [{"name": "Ann"}, {"bot": "random"}]
    status, _, body, _ = call(port, "POST", "/v1/games", orjson.dumps({"type": "timeline", "seats": seats}))
    assert status == 201, body
    return orjson.loads(body)


class TestChunkedBodies:
    def test_a_chunked_deck_within_the_limit_arrives_whole(self, port):
        status, _, body, _ = chunked(port, "/v1/decks?title=Chunked", deck_csv(634), "text/csv", size=997)
        assert status == 201, body
        assert orjson.loads(body)["cards"] == 634

    def test_a_chunked_deck_over_the_limit_is_413_and_nothing_is_stored(self, port):
        before = stored_decks(port)
        # As found: 634 cards with pictures, 4.2 MB; cut at 4 MiB, it was stored as a smaller deck without a word.
        deck = deck_csv(634, noise_png(41))
        assert 4 * MIB < len(deck) < 4.5 * MIB
        status, headers, body, _ = chunked(port, "/v1/decks?title=Cut", deck, "text/csv", end=False)
        assert status == 413 and headers["connection"] == "close"
        assert orjson.loads(body)["code"] == "http/413"
        assert stored_decks(port) == before

    def test_a_chunked_move_over_the_limit_is_413_not_malformed(self, port):
        move = b'{"type": "place", "card": "' + b"x" * (2 * MIB) + b'", "gap": 0}'
        # A move to a game that does not exist is 404 before its body is read: the move goes to a real one.
        path = f"/v1/games/{new_game(port)['game']['id']}/actions"
        status, headers, body, _ = chunked(port, path, move, "application/json", end=False)
        assert status == 413 and headers["connection"] == "close"
        assert orjson.loads(body)["code"] == "http/413"

    def test_a_chunked_game_within_the_limit_is_created(self, port):
        game = orjson.dumps({"type": "timeline", "seats": [{"name": "Ann"}, {"bot": "random"}]})
        status, _, body, _ = chunked(port, "/v1/games", game, "application/json", size=7)
        assert status == 201, body


class TestExpectContinue:
    @pytest.mark.parametrize(
        ("method", "path", "headers", "status"),
        [
            ("POST", "/v1/games", {"Content_Length": str(2 * MIB)}, 413),
            ("POST", "/v1/nowhere", {"Content_Length": "20"}, 404),
            ("PUT", "/v1/games", {"Content_Length": "20"}, 405),
            ("POST", "/v1/decks", {"Content_Length": "20", "Content_Type": "text/plain"}, 415),
            ("POST", "/v1/games/0123456789abcdef/seats/1", {"Content_Length": "20"}, 429),
        ],
        ids=["too-large", "no-such-url", "wrong-method", "wrong-type", "rate-limited"],
    )
    def test_a_request_refused_from_its_head_gets_no_100_and_closes(self, port, method, path, headers, status):
        headers = {"Content_Type": "application/json", **headers}
        with connect(port) as conn:
            conn.sendall(head(method, path, Expect="100-continue", **headers))
            answer, answer_headers, body, interim = read_answer(conn)
            assert answer == status, body
            assert interim == b""
            assert answer_headers["connection"] == "close"
            conn.settimeout(5)
            assert conn.recv(100) == b"", "the body was never asked for: the connection closes"

    def test_a_request_whose_body_is_read_gets_100_first(self, port):
        body = orjson.dumps({"type": "timeline", "seats": [{"name": "Ann"}, {"bot": "random"}]})
        with connect(port) as conn:
            conn.sendall(
                head(
                    "POST",
                    "/v1/games",
                    Expect="100-continue",
                    Content_Type="application/json",
                    Content_Length=str(len(body)),
                )
            )
            assert conn.recv(100) == b"HTTP/1.1 100 Continue\r\n\r\n"
            conn.sendall(body)
            status, headers, answer, interim = read_answer(conn)
            assert status == 201 and interim == b"", answer
            assert headers.get("connection", "keep-alive") != "close"

    def test_a_move_on_the_fast_path_gets_100_first(self, port):
        created = new_game(port)
        game, token = created["game"], created["tokens"][0]["token"]
        action = orjson.dumps(game["legal_actions"][0])
        with connect(port) as conn:
            conn.sendall(
                head(
                    "POST",
                    f"/v1/games/{game['id']}/actions",
                    Expect="100-continue",
                    Content_Type="application/json",
                    Content_Length=str(len(action)),
                    Authorization=f"Bearer {token}",
                )
            )
            assert conn.recv(100) == b"HTTP/1.1 100 Continue\r\n\r\n"
            conn.sendall(action)
            status, _, answer, _ = read_answer(conn)
            assert status == 200, answer


def hold(port: int, source: str, path: str, **headers: str) -> socket.socket:
    """Open a connection and leave a request on it that waits (a long-poll), or none when `path` is empty."""
    conn = connect(port, source)
    if path:
        conn.sendall(head("GET", path, **headers))
    return conn


def wait_until(condition, seconds: float = 5) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the server did not get there"
        time.sleep(0.05)


class TestConnectionShares:
    def test_one_address_holds_its_share_and_the_others_are_still_answered(self, shared_port):
        game = new_game(shared_port)["game"]["id"]
        poll = f"/v1/games/{game}/events?after=0&wait=4"
        held = [hold(shared_port, "127.0.0.2", poll) for _ in range(4)]
        try:
            time.sleep(0.3)  # the long-polls reach their wait
            status, headers, body, _ = call(
                shared_port, "GET", "/v1/game-types", source="127.0.0.2", Origin="https://table.example"
            )
            assert status == 503 and headers["retry-after"] == "5" and headers["connection"] == "close"
            problem = orjson.loads(body)
            assert problem["code"] == "server/busy" and "client" in problem["detail"]
            assert headers["access-control-allow-origin"] == "*"
            assert call(shared_port, "GET", "/healthz", source="127.0.0.2")[0] == 200
            for other in ("127.0.0.1", "127.0.0.3"):
                assert call(shared_port, "GET", "/v1/game-types", source=other)[0] == 200
            # As many again are answered 503; beyond those a connection is closed unanswered.
            idle = [hold(shared_port, "127.0.0.2", "") for _ in range(4)]
            try:
                time.sleep(0.3)
                with connect(shared_port, "127.0.0.2") as beyond:
                    try:
                        beyond.sendall(head("GET", "/v1/game-types"))
                        assert beyond.recv(100) == b""
                    except (ConnectionResetError, BrokenPipeError):
                        pass  # reset as it was accepted
            finally:
                for conn in idle:
                    conn.close()
        finally:
            for conn in held:
                conn.close()

        # The long-polls' connections are released when their wait ends (the client left). Asked 20 times a second
        # meanwhile, the client is answered 503 a few times a second and reset the other times.
        def answered() -> bool:
            try:
                return call(shared_port, "GET", "/v1/game-types", source="127.0.0.2")[0] == 200
            except ConnectionResetError:
                return False

        wait_until(answered, 10)

    def test_readyz_says_not_ready_near_the_cap_while_healthz_says_alive(self, shared_port):
        game = new_game(shared_port)["game"]["id"]
        poll = f"/v1/games/{game}/events?after=0&wait=4"
        # Nine addresses at their share: 36 of the worker's 40, no address over its own.
        held = [hold(shared_port, f"127.0.0.{n}", poll) for n in range(10, 19) for _ in range(4)]
        try:
            time.sleep(0.5)
            status, headers, body, _ = call(shared_port, "GET", "/readyz", source="127.0.0.30")
            assert status == 503 and orjson.loads(body)["code"] == "server/busy", body
            assert headers["retry-after"] == "5"
            assert call(shared_port, "GET", "/healthz", source="127.0.0.30")[0] == 200
            assert call(shared_port, "GET", "/v1/game-types", source="127.0.0.31")[0] == 200, "still served"
        finally:
            for conn in held:
                conn.close()
        wait_until(lambda: call(shared_port, "GET", "/readyz", source="127.0.0.30")[0] == 200, 10)


def test_an_ipv6_address_counts_in_its_64_and_its_48():
    from api.http.limits import clients

    assert clients.groups("2001:db8:1:2::5") == (("2001:db8:1:2::/64", 1), ("2001:db8:1::/48", 4))
    assert clients.groups("2001:db8:1:3:ffff::1")[1] == ("2001:db8:1::/48", 4), "another /64 of the same /48"
    assert clients.groups("127.0.0.3") == (("127.0.0.3", 1),) and clients.groups("::ffff:1.2.3.4") == (("1.2.3.4", 1),)


class TestSharesBehindAProxy:
    @pytest.mark.parametrize(
        ("client", "same", "other"),
        [
            ("203.0.113.7", "203.0.113.7", "203.0.113.8"),
            ("2001:db8:0:1::1", "2001:db8:0:1:ffff::2", "2001:db8:0:2::1"),
        ],
        ids=["ipv4", "ipv6-64"],
    )
    def test_a_forwarded_client_holds_its_share_of_requests_in_flight(self, proxied_port, client, same, other):
        game = new_game(proxied_port)["game"]["id"]
        poll = f"/v1/games/{game}/events?after=0&wait=2"
        held = [hold(proxied_port, HOST, poll, X_Forwarded_For=client) for _ in range(2)]
        try:
            time.sleep(0.3)
            status, _, body, _ = call(proxied_port, "GET", "/v1/game-types", X_Forwarded_For=same)
            assert status == 503 and orjson.loads(body)["code"] == "server/busy"
            assert call(proxied_port, "GET", "/v1/game-types", X_Forwarded_For=other)[0] == 200
            for conn in held:
                assert read_answer(conn)[0] == 200  # the long-polls end as usual
        finally:
            for conn in held:
                conn.close()
        assert call(proxied_port, "GET", "/v1/game-types", X_Forwarded_For=same)[0] == 200
