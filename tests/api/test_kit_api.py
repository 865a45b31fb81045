"""A game night's kit through the API and a real worker: one PDF, the CLI's bytes, progress over every part."""

import io

from pypdf import PdfReader

import printing
from tests.api.test_print_jobs import work
from tests.printing.test_kit import TIMELINE


def test_a_kit_prints_through_the_api_as_the_renderer_prints_it(client, redis_client):
    created = client.post("/v1/print-jobs", json=TIMELINE)
    assert created.status_code == 202, created.get_json()
    job = created.get_json()
    assert job["spec"]["kind"] == "kit" and job["spec"]["deck"] == "timeline-classic"
    work(redis_client)
    done = client.get(f"/v1/print-jobs/{job['id']}").get_json()
    assert done["status"] == "finished" and done["progress"]["done"] == done["progress"]["total"] == 32
    pdf = client.get(done["pdf"])
    assert pdf.data == printing.render(TIMELINE) and len(PdfReader(io.BytesIO(pdf.data)).pages) == 32
    assert pdf.headers["Content-Disposition"] == 'attachment; filename="kit-timeline-cs-de-a4.pdf"'


def test_a_bad_kit_is_422_with_every_problem(client, redis_client):
    response = client.post(
        "/v1/print-jobs", json={"kind": "kit", "game": "timeline", "players": ["A"], "languages": []}
    )
    assert response.status_code == 422
    assert len(response.get_json()["errors"]) == 2
