"""A request that decodes pictures for seconds does not stall the other connections of its gevent worker."""

import base64
import http.client
import io
import threading
import time

import orjson
import pytest
from PIL import Image

from tests.api.live import HOST, probes_answered_until, start_api, stop


@pytest.fixture(scope="module")
def one_worker(redis_url):
    server, port = start_api(redis_url, workers=1)
    yield port
    stop(server)


def heavy_deck() -> bytes:
    """30 cards, each with the largest picture a card may have: 4096² pixels that compress to 74 KB each."""
    picture = io.BytesIO()
    Image.new("RGBA", (4096, 4096), (200, 30, 30, 255)).save(picture, "PNG")
    uri = "data:image/png;base64," + base64.b64encode(picture.getvalue()).decode()
    cards = [{"id": f"heavy-{i}", "year": 1000 + i, "title": {"en": f"Heavy {i}"}, "image": uri} for i in range(30)]
    return orjson.dumps({"kind": "dated", "title": {"en": "Heavy"}, "cards": cards})


def test_the_worker_answers_others_while_a_deck_upload_decodes_its_pictures(one_worker):
    body, uploaded, started = heavy_deck(), threading.Event(), threading.Event()
    answers = {}

    def upload():
        conn = http.client.HTTPConnection(HOST, one_worker, timeout=120)
        conn.request("POST", "/v1/decks", body, {"Content-Type": "application/json"})
        started.set()
        answer = conn.getresponse()
        answer.read()
        answers["upload"] = answer.status
        uploaded.set()
        conn.close()

    # The floor: how fast the same worker answers the probes with nothing else to do, on this machine now.
    quiet = threading.Event()
    threading.Timer(0.5, quiet.set).start()
    idle_began = time.monotonic()
    idle_rate = probes_answered_until(one_worker, quiet) / (time.monotonic() - idle_began)

    uploader = threading.Thread(target=upload)
    uploader.start()
    started.wait(30)
    # Probe the same worker until the upload is answered. Decoding its pictures takes seconds (30 of 16.8 million
    # pixels); a worker stalled by it would answer a handful of probes while it reads the body, then none until
    # the upload's own answer.
    began = time.monotonic()
    during = probes_answered_until(one_worker, uploaded)
    took = time.monotonic() - began
    uploader.join(120)
    assert answers["upload"] == 201
    # Each distinct picture is decoded once now, so the upload is over in a fraction of a second: count the probes
    # answered per second of it against the idle worker's rate (a stalled worker answers none while it decodes).
    assert during / took >= idle_rate / 4, (
        f"only {during} probes were answered in the upload's {took:.2f} s (idle: {idle_rate:.0f} a second)"
    )
