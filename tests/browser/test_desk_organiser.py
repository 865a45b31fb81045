"""The organiser's evening II at the desk, at a desktop's and a phone's size: no bar before a job, the paper of the
browser's region, Timeline first, the whole page on a phone, part of a deck printed, CSV problems in row order, and
a deck imported on the command line taken by its token."""

import io
import json
import os
import subprocess
import sys
import urllib.request

import pytest
from pypdf import PdfReader
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.browser.conftest import ROOT, artifacts
from tests.browser.test_desk import console_errors, open_desk, wait

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1280, 1600), "phone": (390, 844)}
EVENING = {"themes": ["art", "music"], "count": 120, "seed": 7}


@pytest.fixture(params=list(SIZES))
def desk(request, browser, live_server):
    yield from desk_at(browser, live_server, request.param)


@pytest.fixture
def desktop_desk(browser, live_server):
    """The desk at a desktop's size only, for what does not depend on the window."""
    yield from desk_at(browser, live_server, "desktop")


def desk_at(browser, live_server, size_name):
    browser.set_window_size(*SIZES[size_name])
    browser.get(live_server.url + "/?lang=en")
    browser.execute_script("localStorage.clear()")
    browser.get_log("browser")
    browser.size_name = size_name
    yield browser
    speak(browser, "en-US,en")


def speak(browser, languages):
    """Make the browser prefer `languages` (navigator.languages and Accept-Language), as its user set it."""
    agent = browser.execute_script("return navigator.userAgent")
    browser.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": languages})


def job_spec(live_server, desk):
    job = desk.find_element(By.ID, "result").get_attribute("data-job")
    with urllib.request.urlopen(f"{live_server.url}/v1/print-jobs/{job}", timeout=10) as response:
        return json.load(response)


def outside(desk):
    """The visible controls and labels of the form that reach past the window's right edge."""
    return desk.execute_script(
        """
        const width = document.documentElement.clientWidth;
        return [...document.querySelectorAll("form label, form select, form input, form button, form legend")]
          .filter((el) => el.offsetParent !== null && el.getBoundingClientRect().right > width + 0.5)
          .map((el) => el.id || el.getAttribute("for") || el.textContent.trim().slice(0, 40));
        """
    )


def test_the_page_before_a_job_timeline_first_letter_in_america_and_whole(desk, live_server):
    open_desk(desk, live_server)
    assert not desk.find_element(By.ID, "progress").is_displayed(), "a bar shows before anything is asked"
    deck = Select(desk.find_element(By.ID, "deck"))
    assert deck.options[0].get_attribute("value") == "timeline-classic"
    assert deck.first_selected_option.get_attribute("value") == "timeline-classic"
    assert Select(desk.find_element(By.ID, "paper")).first_selected_option.get_attribute("value") == "letter"
    themes = [box.get_attribute("value") for box in desk.find_elements(By.CSS_SELECTOR, "#part-themes input")]
    assert sorted(themes) == ["art", "discoveries", "events", "inventions", "monuments", "music", "sport"]
    for lang in ("en", "cs", "hu", "ru", "de", "sk"):
        open_desk(desk, live_server, lang)
        for kind in ("deck", "reference"):
            Select(desk.find_element(By.ID, "kind")).select_by_value(kind)
            assert outside(desk) == [], (lang, kind)
            if kind == "reference":  # where its text is 8 pt or more
                assert Select(desk.find_element(By.ID, "size")).first_selected_option.get_attribute("value") == "a6"
            assert desk.execute_script("return document.documentElement.scrollWidth - window.innerWidth") <= 0
        for mode in ("long", "short", "fold", "none"):
            assert desk.find_element(By.ID, f"duplex-{mode}").is_displayed()
        clipped = "return [...document.querySelectorAll('#duplex label')].filter((l) => l.scrollWidth > l.clientWidth)"
        assert desk.execute_script(clipped + ".length") == 0, f"the two-sided choice is cut off in {lang}"
    desk.execute_script("document.getElementById('duplex').scrollIntoView()")
    desk.save_screenshot(str(artifacts() / f"desk-organiser-{desk.size_name}-sk-duplex.png"))
    assert console_errors(desk) == []


@pytest.mark.parametrize(("languages", "paper"), [("en-CA,en", "letter"), ("cs-CZ,cs", "a4"), ("en-GB,en", "a4")])
def test_the_paper_follows_the_browsers_region(desktop_desk, live_server, languages, paper):
    speak(desktop_desk, languages)
    open_desk(desktop_desk, live_server)
    assert Select(desktop_desk.find_element(By.ID, "paper")).first_selected_option.get_attribute("value") == paper


def test_part_of_timeline_printed_from_the_desk(desk, live_server):
    open_desk(desk, live_server)
    Select(desk.find_element(By.ID, "paper")).select_by_value("a4")
    for theme in EVENING["themes"]:
        desk.find_element(By.CSS_SELECTOR, f"#part-themes input[value='{theme}']").click()
    desk.find_element(By.ID, "part-count").send_keys("120")
    desk.find_element(By.ID, "part-seed").clear()
    desk.find_element(By.ID, "part-seed").send_keys("7")
    desk.find_element(By.ID, "print").click()
    wait(desk, desk.find_element(By.ID, "download").is_displayed)
    assert desk.find_element(By.ID, "progress").is_displayed()
    job = job_spec(live_server, desk)
    assert job["spec"]["part"] == EVENING and job["progress"]["total"] == 28
    with urllib.request.urlopen(live_server.url + job["pdf"], timeout=30) as response:
        assert len(PdfReader(io.BytesIO(response.read())).pages) == 28
    desk.execute_script("document.getElementById('part').scrollIntoView()")
    desk.save_screenshot(str(artifacts() / f"desk-organiser-{desk.size_name}-part.png"))
    assert console_errors(desk) == []


def test_csv_problems_are_listed_in_row_order(desktop_desk, live_server, tmp_path):
    open_desk(desktop_desk, live_server)
    bad = tmp_path / "bad.csv"
    bad.write_text("id,year,title_en\nfire,-1000,Fire\nfire,-900,Again\nwheel,soon,Wheel\npress,1450,\n", "utf-8")
    desktop_desk.find_element(By.ID, "deck-file").send_keys(str(bad))
    problems = desktop_desk.find_element(By.ID, "deck-problems")
    wait(desktop_desk, lambda: problems.find_elements(By.TAG_NAME, "li"), 20)
    rows = [item.text.split(":")[0] for item in problems.find_elements(By.TAG_NAME, "li")]
    assert rows == ["row 3", "row 4", "row 5"]


def test_a_deck_imported_on_the_command_line_is_taken_by_its_token(desk, live_server, tmp_path):
    deck = tmp_path / "friday.csv"
    deck.write_text(
        f"id,theme,year,title_en,title_cs\nfire-{desk.size_name},art,-1000,Fire,Oheň\nwheel,music,-3500,Wheel,Kolo\n",
        encoding="utf-8",
    )
    env = {**os.environ, "DESKOVKA_REDIS_URL": live_server.redis_url}
    command = [sys.executable, "-m", "api.cli", "deck", "import", str(deck), "--title", "Friday", "--title-cs", "Pátek"]
    out = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True, timeout=60).stdout
    deck_id = out.split()[0]
    link = next(line.split()[-1] for line in out.splitlines() if line.startswith("print desk:"))
    desk.get(live_server.url + link + "&lang=cs")
    chosen = Select(desk.find_element(By.ID, "deck"))
    wait(desk, lambda: chosen.first_selected_option.get_attribute("value") == deck_id, 20)
    assert chosen.first_selected_option.text.startswith("Pátek")
    assert "deck_token" not in desk.current_url
    assert desk.find_element(By.ID, "deck-token-status").get_attribute("class") == "good"
    open_desk(desk, live_server, "cs")  # kept, as an upload's token is
    assert desk.find_elements(By.CSS_SELECTOR, f"#deck option[value='{deck_id}']")
    desk.save_screenshot(str(artifacts() / f"desk-organiser-{desk.size_name}-cli-deck.png"))
    assert console_errors(desk) == []


def test_a_game_night_kit_from_the_desk(desk, live_server):
    open_desk(desk, live_server)
    Select(desk.find_element(By.ID, "kind")).select_by_value("kit")
    Select(desk.find_element(By.ID, "game")).select_by_value("timeline")
    Select(desk.find_element(By.ID, "paper")).select_by_value("a4")
    desk.find_element(By.ID, "kit-language-de").click()
    desk.find_element(By.ID, "part-count").send_keys("20")
    assert desk.find_element(By.ID, "deck").is_displayed() and not desk.find_element(By.ID, "lang").is_displayed()
    assert outside(desk) == []
    desk.find_element(By.ID, "print").click()
    wait(desk, desk.find_element(By.ID, "download").is_displayed)
    job = job_spec(live_server, desk)
    assert job["spec"]["kind"] == "kit" and job["spec"]["languages"] == ["en", "de"]
    assert job["spec"]["part"] == {"count": 20, "seed": 1}
    # the calibration page, 20 cards on 3 sheets front and back, a reference sheet in each language
    assert job["progress"]["done"] == job["progress"]["total"] == 2 + 6 + 1 + 1
    with urllib.request.urlopen(live_server.url + job["pdf"], timeout=30) as response:
        assert len(PdfReader(io.BytesIO(response.read())).pages) == 10
    assert desk.find_element(By.ID, "download").get_attribute("download") == "kit-timeline-en-de-a4.pdf"
    desk.execute_script("document.getElementById('result').scrollIntoView()")
    desk.save_screenshot(str(artifacts() / f"desk-organiser-{desk.size_name}-kit.png"))
    assert console_errors(desk) == []
