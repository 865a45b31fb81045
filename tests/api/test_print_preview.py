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
    assert picture.width == 300 and abs(picture.height / picture.width - 279.4 / 215.9) < 0.01
    colours = {colour for _, colour in picture.getcolors(300 * 400)}
    assert (255, 255, 255) in colours
    assert any(r > 150 and g < 90 and b < 90 for r, g, b in colours)  # the red crosses of the front page
    assert "no-cache" in response.headers["Cache-Control"]
    again = client.get(
        f"/v1/print-jobs/{job['id']}/preview?width=300", headers={"If-None-Match": response.headers["ETag"]}
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
