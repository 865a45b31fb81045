"""The print desk in a real browser: print a deck to a PDF, upload a deck with a bad row, stay on this host."""

import io
import json
import math
import urllib.request
from urllib.parse import urlsplit

import pytest
import redis
from pypdf import PdfReader
from rq import Queue, Worker
from rq.job import Job
from rq.serializers import JSONSerializer
from rq.suspension import resume, suspend
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

import printing
from api.storage.deck_cache import known_decks
from api.storage.printing_queue import rendering_of
from tests.browser.conftest import artifacts

pytestmark = pytest.mark.browser


def wait(browser, condition, timeout=60):
    return WebDriverWait(browser, timeout, poll_frequency=0.1).until(lambda _: condition())


def open_desk(browser, live_server, lang="en"):
    browser.get(f"{live_server.url}/?lang={lang}")
    wait(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#deck option[value='timeline-classic']"), 20)


def choose(browser, control, value):
    Select(browser.find_element(By.ID, control)).select_by_value(value)


def console_errors(browser):
    return [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]


def requested_urls(browser):
    urls = []
    for entry in browser.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


@pytest.fixture
def desk(browser, live_server):
    browser.set_window_size(1280, 1600)
    browser.get_log("browser")  # start every test with empty logs
    browser.get_log("performance")
    return browser


def test_printing_timeline_classic_through_the_page_gives_a_pdf_of_every_card(desk, live_server):
    open_desk(desk, live_server)
    choose(desk, "kind", "deck")
    choose(desk, "deck", "timeline-classic")
    choose(desk, "paper", "a4")
    choose(desk, "size", "poker")
    desk.find_element(By.ID, "duplex-long").click()
    desk.find_element(By.ID, "print").click()

    link = desk.find_element(By.CSS_SELECTOR, "a#download")
    wait(desk, link.is_displayed)
    progress = desk.find_element(By.ID, "progress")
    sheets = math.ceil(
        len(known_decks()["timeline-classic"].cards)
        / printing.layout(
            {"kind": "deck", "deck": "timeline-classic", "paper": "a4", "size": "poker", "duplex": "long"}
        ).per_sheet
    )
    assert int(progress.get_attribute("max")) == int(progress.get_attribute("value")) == 2 * sheets
    with urllib.request.urlopen(link.get_attribute("href"), timeout=30) as response:
        assert response.headers["Content-Type"] == "application/pdf"
        pdf = PdfReader(io.BytesIO(response.read()))
    assert len(pdf.pages) == 2 * sheets  # every sheet's fronts, then its backs
    assert link.get_attribute("download") == "timeline-classic-en-a4-poker-long.pdf"

    preview = desk.find_element(By.ID, "preview")
    wait(desk, lambda: desk.execute_script("return arguments[0].complete && arguments[0].naturalWidth", preview), 20)
    width, height = desk.execute_script("return [arguments[0].naturalWidth, arguments[0].naturalHeight]", preview)
    assert 100 <= width <= 1200 and abs(height / width - 297 / 210) < 0.01  # the A4 page, at low resolution
    assert desk.find_element(By.ID, "error").text == ""
    desk.save_screenshot(str(artifacts() / "desk-printed.png"))
    assert console_errors(desk) == []


def test_a_csv_deck_with_one_bad_row_shows_that_rows_problem(desk, live_server, tmp_path):
    open_desk(desk, live_server)
    bad = tmp_path / "inventions.csv"
    bad.write_text(
        "id,year,title_en,title_cs\nfire,-1000,Fire,Oheň\nwheel,soon,The wheel,Kolo\n"
        "press,1450,Printing press,Knihtisk\n",
        encoding="utf-8",
    )
    desk.find_element(By.ID, "deck-file").send_keys(str(bad))
    problems = desk.find_element(By.ID, "deck-problems")
    wait(desk, lambda: problems.find_elements(By.TAG_NAME, "li"), 20)
    rows = [item.text for item in problems.find_elements(By.TAG_NAME, "li")]
    assert len(rows) == 1 and rows[0].startswith("row 3: year")
    assert "inventions.csv" in desk.find_element(By.ID, "deck-upload-status").text
    assert not desk.find_elements(By.XPATH, "//select[@id='deck']//option[contains(., 'inventions')]")

    good = tmp_path / "inventions.csv"
    good.write_text(bad.read_text(encoding="utf-8").replace("soon", "-3500"), encoding="utf-8")
    desk.find_element(By.ID, "deck-file").send_keys(str(good))
    deck = Select(desk.find_element(By.ID, "deck"))
    wait(desk, lambda: deck.first_selected_option.get_attribute("value").startswith("user-"), 20)
    assert deck.first_selected_option.text == "inventions · 3 cards"
    assert desk.find_elements(By.CSS_SELECTOR, "#deck-problems li") == []
    assert not desk.find_element(By.ID, "deck-language").is_displayed()
    choose(desk, "lang", "de")
    assert "Deutsch" in desk.find_element(By.ID, "deck-language").text  # the deck has English and Czech titles
    desk.save_screenshot(str(artifacts() / "desk-deck-upload.png"))

    excel = tmp_path / "vynalezy.csv"
    excel.write_bytes("id,year,title_en,title_cs\nfire,-1000,Fire,Oheň\n".encode("cp1250"))
    desk.find_element(By.ID, "deck-file").send_keys(str(excel))
    wait(desk, lambda: "UTF-8" in problems.text, 20)


def test_a_spec_the_printer_refuses_shows_every_problem(desk, live_server):
    open_desk(desk, live_server)
    choose(desk, "kind", "calibration")
    choose(desk, "size", "custom")
    desk.find_element(By.ID, "custom-size").send_keys("10x10")
    desk.find_element(By.ID, "bleed").send_keys("4")
    desk.find_element(By.ID, "print").click()
    error = desk.find_element(By.ID, "error")
    wait(desk, lambda: error.find_elements(By.TAG_NAME, "li"), 20)
    assert "size: each side must be 20..300 mm" in error.text
    assert not desk.find_element(By.ID, "download").is_displayed()


def test_the_page_works_by_keyboard_in_czech_on_a_phone_without_errors_or_other_hosts(desk, live_server):
    desk.set_window_size(390, 844)
    open_desk(desk, live_server)
    desk.save_screenshot(str(artifacts() / "desk-phone-top.png"))
    desk.find_element(By.CSS_SELECTOR, "#languages a[hreflang='cs']").click()  # the switch
    wait(desk, lambda: desk.find_element(By.TAG_NAME, "h1").text.endswith("Příprava tisku"), 20)
    wait(desk, lambda: desk.find_elements(By.CSS_SELECTOR, "#deck option[value='timeline-classic']"), 20)
    for control in desk.find_elements(By.CSS_SELECTOR, "form input, form select, form textarea"):
        assert desk.execute_script("return arguments[0].labels.length", control) == 1, control.get_attribute("id")

    # Only the keyboard: the calibration page (the second kind) with back offset 0.5, 0; Tab to the button, Enter.
    desk.find_element(By.ID, "back-offset").clear()
    desk.find_element(By.ID, "back-offset").send_keys("0,5; 0", Keys.TAB)
    kind = desk.find_element(By.ID, "kind")
    kind.send_keys(Keys.HOME, Keys.DOWN)
    assert Select(kind).first_selected_option.get_attribute("value") == "calibration"
    for _ in range(30):
        if desk.switch_to.active_element.get_attribute("id") == "print":
            break
        desk.switch_to.active_element.send_keys(Keys.TAB)
    assert desk.switch_to.active_element.get_attribute("id") == "print"
    desk.switch_to.active_element.send_keys(Keys.ENTER)
    wait(desk, desk.find_element(By.ID, "download").is_displayed)
    assert desk.find_element(By.ID, "status").text == "Hotovo: 2 stránky."  # the crosses, then the scales

    # The readings on that page, +1.5 and -2, make the offset 2, -2; a corrected x reading starts from 0.5, 0 again.
    desk.find_element(By.CSS_SELECTOR, "#calibrate summary").send_keys(Keys.ENTER)
    assert "0.5, 0 mm" in desk.find_element(By.ID, "reading-base").text
    desk.find_element(By.ID, "reading-x").send_keys("1.5")
    desk.find_element(By.ID, "reading-y").send_keys("-2")
    desk.find_element(By.ID, "apply-reading").send_keys(Keys.ENTER)
    assert desk.find_element(By.ID, "back-offset").get_attribute("value") == "2, -2"
    desk.find_element(By.ID, "reading-x").clear()
    desk.find_element(By.ID, "reading-x").send_keys("1")
    desk.find_element(By.ID, "apply-reading").send_keys(Keys.ENTER)
    assert desk.find_element(By.ID, "back-offset").get_attribute("value") == "1.5, -2"
    assert "1.5, -2 mm" in desk.find_element(By.ID, "reading-result").text

    overflow = desk.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, "the page scrolls sideways on a phone"
    preview = desk.find_element(By.ID, "preview")
    wait(desk, lambda: desk.execute_script("return arguments[0].complete && arguments[0].naturalWidth", preview), 20)
    desk.execute_script("document.getElementById('result').scrollIntoView()")
    desk.save_screenshot(str(artifacts() / "desk-phone-cs.png"))
    assert console_errors(desk) == []
    here = urlsplit(live_server.url).netloc
    others = [url for url in requested_urls(desk) if urlsplit(url).netloc != here and not url.startswith("data:")]
    assert others == []


def post_print_job(live_server, spec):
    request = urllib.request.Request(
        f"{live_server.url}/v1/print-jobs",
        method="POST",
        data=json.dumps(spec).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def suspend_workers(live_server, queue):
    """Suspend the workers as `rq suspend` does, and wait until those that take small jobs look at it."""
    suspend(queue)
    # A worker waiting for a job takes the next one before it looks at the suspension again: give each one a job.
    origins = set()
    for number in range(1, len(Worker.all(connection=queue)) + 1):
        job = post_print_job(live_server, {"kind": "score-sheets", "game_number": number})
        origins.add(Job.fetch(rendering_of(queue, job["id"]), connection=queue, serializer=JSONSerializer).origin)
    wait(
        None,
        lambda: all(
            worker.get_state() == "suspended"
            for worker in Worker.all(connection=queue)
            if origins & set(worker.queue_names())
        ),
        30,
    )
    return origins


def waiting_job(queue, **spec):
    """The RQ job, in whichever print queue, whose spec has these values."""
    for print_queue in Queue.all(connection=queue, serializer=JSONSerializer):
        for job in print_queue.get_jobs():
            if all(job.args[0].get(key) == value for key, value in spec.items()):
                return job
    raise AssertionError(f"no job waits with {spec}")


def test_a_job_waits_for_a_worker_and_a_failed_job_shows_why(desk, live_server):
    queue = redis.Redis.from_url(live_server.redis_url)
    open_desk(desk, live_server)
    choose(desk, "kind", "score-sheets")
    desk.find_element(By.ID, "count").clear()
    desk.find_element(By.ID, "count").send_keys("3")
    desk.find_element(By.ID, "names").send_keys("Eva", Keys.ENTER, " Petr ", Keys.ENTER)
    desk.find_element(By.ID, "game-number").send_keys("7")
    try:
        origins = suspend_workers(live_server, queue)
        desk.find_element(By.ID, "print").click()
        result = desk.find_element(By.ID, "result")
        wait(desk, lambda: result.get_attribute("data-job"), 20)
        assert desk.find_element(By.ID, "status").text == "Waiting for a worker…"
        assert desk.find_element(By.ID, "progress").get_dom_attribute("value") is None  # an indeterminate bar
        job = waiting_job(queue, game_number=7)
        assert job.origin in origins
        assert {key: job.args[0][key] for key in ("count", "names", "game_number")} == {
            "count": 3,
            "names": ["Eva", "Petr"],
            "game_number": 7,
        }
        job.cancel()  # as `rq cancel` does
        error = desk.find_element(By.ID, "error")
        wait(desk, lambda: error.text, 20)
    finally:
        resume(queue)
        queue.close()
    with urllib.request.urlopen(f"{live_server.url}/v1/print-jobs/{result.get_attribute('data-job')}") as response:
        described = json.load(response)
    assert described["status"] == "failed" and error.text == described["error"]
    assert desk.find_element(By.ID, "status").text == "The rendering failed."
    assert not desk.find_element(By.ID, "download").is_displayed()
