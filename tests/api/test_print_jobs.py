"""Print jobs through the API and a real RQ worker: 202, progress, the PDF, shared renderings, bad specs."""

import io

from pypdf import PdfReader
from rq import SimpleWorker
from rq.serializers import JSONSerializer

import printing
from worker import QUEUES

SPEC = {"kind": "deck", "deck": "timeline-classic", "paper": "a4", "size": "poker", "duplex": "long"}


def work(redis_client):
    """Run one real worker until the print queues are empty."""
    SimpleWorker(list(QUEUES), connection=redis_client, serializer=JSONSerializer).work(burst=True)


def waiting(redis_client):
    return sum(redis_client.llen(f"rq:queue:{name}") for name in QUEUES)


def test_a_print_job_renders_the_same_bytes_as_the_renderer(client, redis_client):
    created = client.post("/v1/print-jobs", json=SPEC)
    assert created.status_code == 202
    job = created.get_json()
    assert created.headers["Location"] == f"/v1/print-jobs/{job['id']}"
    assert job["status"] == "queued" and job["pdf"] is None
    assert client.get(f"/v1/print-jobs/{job['id']}/pdf").status_code == 409

    work(redis_client)
    done = client.get(f"/v1/print-jobs/{job['id']}").get_json()
    assert done["status"] == "finished"
    assert done["progress"]["done"] == done["progress"]["total"] > 0
    pdf = client.get(done["pdf"])
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    assert pdf.data == printing.render(SPEC)
    assert len(PdfReader(io.BytesIO(pdf.data)).pages) >= 2
    assert client.get(done["pdf"], headers={"If-None-Match": pdf.headers["ETag"]}).status_code == 304


def test_identical_specs_share_one_rendering_but_each_post_is_its_own_job(client, redis_client):
    first = client.post("/v1/print-jobs", json=SPEC).get_json()
    second = client.post("/v1/print-jobs", json=dict(reversed(list(SPEC.items())))).get_json()
    assert first["id"] != second["id"], "an id says nothing of who else posted the spec"
    assert waiting(redis_client) == 1
    work(redis_client)
    again = client.post("/v1/print-jobs", json=SPEC).get_json()
    assert again["id"] not in (first["id"], second["id"]) and again["status"] == "finished"
    assert waiting(redis_client) == 0
    pdfs = {client.get(f"/v1/print-jobs/{job['id']}/pdf").data for job in (first, second, again)}
    assert len(pdfs) == 1 and len(redis_client.keys("dk:print:*:pdf")) == 1, "one rendering, stored once"


def test_an_invalid_spec_is_422_and_enqueues_nothing(client, redis_client):
    response = client.post("/v1/print-jobs", json={"kind": "deck", "deck": "nope", "size": "huge", "bleed": 9})
    assert response.status_code == 422
    problem = response.get_json()
    assert problem["code"] == "print/invalid_spec" and len(problem["errors"]) >= 3
    assert waiting(redis_client) == 0


def test_an_unknown_job_is_404(client):
    assert client.get("/v1/print-jobs/pdf-nothing").status_code == 404


def test_the_cli_writes_the_same_bytes_as_the_api(client, redis_client, tmp_path):
    from api.cli import main

    job = client.post("/v1/print-jobs", json={**SPEC, "paper": "letter", "duplex": "short"}).get_json()
    work(redis_client)
    out = tmp_path / "deck.pdf"
    assert (
        main(
            [
                "print",
                "deck",
                "timeline-classic",
                "--paper",
                "letter",
                "--size",
                "poker",
                "--duplex",
                "short",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    assert out.read_bytes() == client.get(f"/v1/print-jobs/{job['id']}/pdf").data


def test_progress_is_visible_while_the_job_renders(client, redis_client, monkeypatch):
    seen = []
    real_render = printing.render

    def watched(spec, progress, deck=None):
        def report(done, total):
            progress(done, total)
            seen.append(client.get(f"/v1/print-jobs/{job['id']}").get_json())

        return real_render(spec, report, deck)

    monkeypatch.setattr(printing, "render", watched)
    job = client.post("/v1/print-jobs", json=SPEC).get_json()
    work(redis_client)
    assert seen[0]["status"] == "started"
    assert seen[0]["progress"]["done"] == 0 < seen[0]["progress"]["total"]
    assert seen[-1]["progress"]["done"] == seen[-1]["progress"]["total"]


def test_score_sheets_and_reference_cards_print_through_the_api(client, redis_client):
    sheets = client.post(
        "/v1/print-jobs",
        json={"kind": "score-sheets", "count": 100, "per_page": 2, "names": ["Ann", "Bob"], "lang": "cs"},
    ).get_json()
    card = client.post(
        "/v1/print-jobs", json={"kind": "reference", "game": "timeline", "lang": "hu", "size": "a6"}
    ).get_json()
    work(redis_client)
    for job in (sheets, card):
        done = client.get(f"/v1/print-jobs/{job['id']}").get_json()
        assert done["status"] == "finished"
        assert client.get(done["pdf"]).data == printing.render(job["spec"])
    assert len(PdfReader(io.BytesIO(client.get(f"/v1/print-jobs/{sheets['id']}/pdf").data)).pages) == 50


def test_a_bad_score_sheet_spec_names_every_problem(client, redis_client):
    response = client.post("/v1/print-jobs", json={"kind": "score-sheets", "count": 0, "per_page": 3})
    assert response.status_code == 422 and len(response.get_json()["errors"]) == 2
    assert waiting(redis_client) == 0


def test_the_pdf_downloads_under_a_name_saying_what_it_holds(client, redis_client):
    import pdfplumber

    spec = {"kind": "calibration", "paper": "letter", "size": "bridge", "duplex": "short", "language": "cs"}
    job = client.post("/v1/print-jobs", json=spec).get_json()
    work(redis_client)
    pdf = client.get(f"/v1/print-jobs/{job['id']}/pdf")
    assert pdf.headers["Content-Disposition"] == 'attachment; filename="calibration-letter-bridge-short.pdf"'
    with pdfplumber.open(io.BytesIO(pdf.data)) as document:
        assert "kalibrace" in document.pages[0].extract_text()
    from api.http.resources.print_jobs import pdf_file_name

    custom = {**SPEC, "deck": "user-0a1b", "language": "cs", "size": "60.5x90 mm"}
    assert pdf_file_name(custom) == "user-0a1b-cs-a4-60.5x90-mm-long.pdf", "only letters, digits, dots and dashes"


def test_another_persons_job_is_not_found_by_its_spec(client, redis_client):
    import hashlib

    import orjson

    spec = {"kind": "score-sheet", "game": "timeline", "players": ["Alice Novakova", "Bob Svoboda"], "paper": "a4"}
    posted = client.post("/v1/print-jobs", json=spec)
    if posted.status_code != 202:  # the spec's shape: any valid one will do
        spec = {"kind": "calibration", "paper": "a4"}
        posted = client.post("/v1/print-jobs", json=spec)
    job = posted.get_json()
    assert posted.status_code == 202, job
    for guessed in (spec, job["spec"]):
        digest = hashlib.sha256(orjson.dumps(guessed, option=orjson.OPT_SORT_KEYS)).hexdigest()[:32]
        assert f"pdf-{digest}" != job["id"]
        assert client.get(f"/v1/print-jobs/pdf-{digest}").status_code == 404
        assert client.get(f"/v1/print-jobs/pdf-{digest}/pdf").status_code == 404
    assert client.get(f"/v1/print-jobs/{job['id']}").status_code == 200
    again = client.post("/v1/print-jobs", json=spec).get_json()
    assert again["id"] != job["id"] and waiting(redis_client) <= 1, "one rendering of one spec, each post its own id"
