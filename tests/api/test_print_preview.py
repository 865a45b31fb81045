"""The first page of a print job's PDF as a small PNG, for the print desk."""

import io

from PIL import Image

from tests.api.test_print_jobs import work

CALIBRATION = {"kind": "calibration", "paper": "letter", "size": "tarot"}


def test_the_preview_is_the_first_page_at_low_resolution(client, redis_client):
    job = client.post("/v1/print-jobs", json=CALIBRATION).get_json()
    assert client.get(f"/v1/print-jobs/{job['id']}/preview").status_code == 409
    work(redis_client)

    response = client.get(f"/v1/print-jobs/{job['id']}/preview?width=300")
    assert response.status_code == 200 and response.mimetype == "image/png"
    picture = Image.open(io.BytesIO(response.data)).convert("RGB")
    assert picture.width == 320 and abs(picture.height / picture.width - 279.4 / 215.9) < 0.01
    colours = {colour for _, colour in picture.getcolors(320 * 420)}
    assert (255, 255, 255) in colours
    assert any(r > 150 and g < 90 and b < 90 for r, g, b in colours)  # the red crosses of the front page
    assert "no-cache" in response.headers["Cache-Control"]
    again = client.get(
        f"/v1/print-jobs/{job['id']}/preview?width=310", headers={"If-None-Match": response.headers["ETag"]}
    )
    assert again.status_code == 304 and again.data == b""
    raw = client.get(f"/v1/print-jobs/{job['id']}/preview?width=300", headers={"Accept": "application/octet-stream"})
    assert raw.mimetype == "application/octet-stream" and raw.data == response.data
    wider = client.get(f"/v1/print-jobs/{job['id']}/preview")
    assert Image.open(io.BytesIO(wider.data)).width == 480 and wider.headers["ETag"] != response.headers["ETag"]


def test_a_preview_of_an_odd_width_or_an_unknown_job_is_a_problem(client, redis_client):
    job = client.post("/v1/print-jobs", json=CALIBRATION).get_json()
    work(redis_client)
    too_wide = client.get(f"/v1/print-jobs/{job['id']}/preview?width=5000")
    assert too_wide.status_code == 422 and too_wide.mimetype == "application/problem+json"
    missing = client.get("/v1/print-jobs/pdf-00000000000000000000000000000000/preview")
    assert missing.status_code == 404 and missing.get_json()["code"] == "print-job/not_found"


def kept_previews(redis_client):
    return sorted(key.decode().rsplit(":", 1)[1] for key in redis_client.scan_iter(match="dk:print:*:preview:*"))


def test_a_job_is_rendered_once_for_each_width_bucket_and_kept_as_long_as_its_pdf(client, redis_client):
    job = client.post("/v1/print-jobs", json=CALIBRATION).get_json()
    work(redis_client)
    widths = {}
    for width in range(100, 1201, 50):
        response = client.get(f"/v1/print-jobs/{job['id']}/preview?width={width}")
        assert response.status_code == 200
        widths[width] = Image.open(io.BytesIO(response.data)).width
    assert set(widths.values()) == {160, 320, 480, 800, 1200}
    assert all(
        bucket >= width and bucket == min(b for b in widths.values() if b >= width) for width, bucket in widths.items()
    )
    assert kept_previews(redis_client) == ["1200", "160", "320", "480", "800"]
    pdf = next(redis_client.scan_iter(match="dk:print:*:pdf"))
    for key in redis_client.scan_iter(match="dk:print:*:preview:*"):
        assert 0 < redis_client.pttl(key) <= redis_client.pttl(pdf) + 10  # ms between the two reads
    # A kept picture is the very one rendered, whichever width of its bucket asks.
    assert (
        client.get(f"/v1/print-jobs/{job['id']}/preview?width=401").data
        == client.get(f"/v1/print-jobs/{job['id']}/preview?width=480").data
    )


def test_renderings_count_against_the_clients_budget_and_kept_pictures_do_not(client, app, redis_client):
    app.config["RATE_LIMITS"] = {"previews": [(2, 60)]}
    job = client.post("/v1/print-jobs", json=CALIBRATION).get_json()
    work(redis_client)
    url = f"/v1/print-jobs/{job['id']}/preview"
    assert client.get(f"{url}?width=160").status_code == 200
    assert client.get(f"{url}?width=320").status_code == 200
    for _ in range(5):  # kept: no rendering, nothing counted
        assert client.get(f"{url}?width=150").status_code == 200
        assert client.get(f"{url}?width=300").status_code == 200
    refused = client.get(f"{url}?width=480")
    assert refused.status_code == 429 and refused.get_json()["code"] == "rate/limited"
    assert "previews rendered" in refused.get_json()["detail"] and int(refused.headers["Retry-After"]) >= 1
    assert kept_previews(redis_client) == ["160", "320"]
    other = client.get(f"{url}?width=480", environ_base={"REMOTE_ADDR": "192.0.2.44"})
    assert other.status_code == 200 and kept_previews(redis_client) == ["160", "320", "480"]


def test_one_clients_renderings_take_turns_and_leave_no_turns_behind():
    import threading

    from api.storage.turns import Turns

    turns, inside, most = Turns(), [0], [0]
    guard = threading.Lock()

    def render(key):
        with turns.one_at_a_time(key):
            with guard:
                inside[0] += 1
                most[0] = max(most[0], inside[0])
            threading.Event().wait(0.01)
            with guard:
                inside[0] -= 1

    threads = [threading.Thread(target=render, args=("client-a",)) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most[0] == 1 and len(turns) == 0


def test_every_preview_asked_for_counts_against_the_clients_reads(client, app, redis_client):
    app.config["RATE_LIMITS"] = {"preview_reads": [(3, 60)]}
    job = client.post("/v1/print-jobs", json=CALIBRATION).get_json()
    work(redis_client)
    url = f"/v1/print-jobs/{job['id']}/preview?width=160"
    assert [client.get(url).status_code for _ in range(3)] == [200, 200, 200]
    refused = client.get(url)
    assert refused.status_code == 429 and "previews asked for" in refused.get_json()["detail"]
    assert client.get(url, environ_base={"REMOTE_ADDR": "192.0.2.45"}).status_code == 200
