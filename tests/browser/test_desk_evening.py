"""An organiser's evening at the desk: no stale PDF, decimal commas read alike, problems in the page's language,
a deck's own title, and uploads listed only to the browser that holds their token unless published."""

import json
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.browser.conftest import artifacts
from tests.browser.test_desk import choose, console_errors, open_desk, wait

pytestmark = pytest.mark.browser

GOOD_CSV = "id,year,title_en,title_de\nfire,-1000,Fire,Feuer\nwheel,-3500,The wheel,Das Rad\npress,1450,Press,Presse\n"


@pytest.fixture
def desk(browser, live_server):
    browser.set_window_size(1280, 1600)
    browser.get(live_server.url + "/?lang=en")
    browser.execute_script("localStorage.clear()")
    browser.get_log("browser")
    return browser


def listed_to_anyone(live_server) -> list[str]:
    with urllib.request.urlopen(f"{live_server.url}/v1/decks?limit=200", timeout=10) as response:
        return [deck["id"] for deck in json.load(response)["decks"]]


def upload(desk, path, title="", public=False):
    desk.find_element(By.ID, "deck-title").clear()
    desk.find_element(By.ID, "deck-title").send_keys(title)
    if desk.find_element(By.ID, "deck-public").is_selected() != public:
        desk.find_element(By.ID, "deck-public").click()
    desk.find_element(By.ID, "deck-file").send_keys(str(path))


def test_a_new_deck_clears_the_previous_pdf(desk, live_server, tmp_path):
    open_desk(desk, live_server)
    first = tmp_path / "inventions.csv"
    first.write_text(GOOD_CSV, encoding="utf-8")
    upload(desk, first)
    wait(desk, lambda: desk.find_element(By.ID, "deck-upload-status").get_attribute("class") == "good", 20)
    desk.find_element(By.ID, "print").click()
    wait(desk, desk.find_element(By.ID, "download").is_displayed)
    second = tmp_path / "more.csv"
    second.write_text(GOOD_CSV.replace("Fire", "Fire again"), encoding="utf-8")
    upload(desk, second)
    status = desk.find_element(By.ID, "deck-upload-status")
    wait(desk, lambda: status.get_attribute("class") == "good" and "more" in status.text, 20)
    assert not desk.find_element(By.ID, "download").is_displayed()
    assert not desk.find_element(By.ID, "preview").is_displayed()
    assert desk.find_element(By.ID, "status").text == ""
    desk.save_screenshot(str(artifacts() / "desk-new-deck-clears-result.png"))
    assert console_errors(desk) == []


def test_decimal_commas_are_read_as_points_and_what_cannot_be_read_is_refused(desk, live_server):
    open_desk(desk, live_server)
    choose(desk, "kind", "calibration")
    desk.find_element(By.CSS_SELECTOR, "#calibrate summary").click()
    for field, value in (("reading-x", "-0,5"), ("reading-y", "1.5")):
        desk.find_element(By.ID, field).clear()
        desk.find_element(By.ID, field).send_keys(value)
    desk.find_element(By.ID, "apply-reading").click()
    assert desk.find_element(By.ID, "back-offset").get_attribute("value") == "-0.5, 1.5"
    desk.find_element(By.ID, "reading-x").clear()
    desk.find_element(By.ID, "reading-x").send_keys("0,5,1")
    desk.find_element(By.ID, "apply-reading").click()
    assert "bad" in desk.find_element(By.ID, "reading-result").get_attribute("class")
    assert desk.find_element(By.ID, "back-offset").get_attribute("value") == "-0.5, 1.5", "nothing guessed"

    desk.find_element(By.ID, "bleed").send_keys("1,5")
    desk.find_element(By.ID, "print").click()
    wait(desk, desk.find_element(By.ID, "download").is_displayed)
    job = desk.find_element(By.ID, "result").get_attribute("data-job")
    with urllib.request.urlopen(f"{live_server.url}/v1/print-jobs/{job}", timeout=10) as response:
        spec = json.load(response)["spec"]
    assert spec["bleed"] == 1.5 and spec["back_offset"] == [-0.5, 1.5]
    desk.find_element(By.ID, "bleed").clear()
    desk.find_element(By.ID, "bleed").send_keys("1.5mm")
    desk.find_element(By.ID, "print").click()
    wait(desk, lambda: "1.5mm" in desk.find_element(By.ID, "error").text)
    desk.save_screenshot(str(artifacts() / "desk-decimal-comma.png"))


@pytest.mark.parametrize(
    ("lang", "row", "said"),
    [("de", "Zeile 3: year: 'soon'", "ist keine ganze Zahl"), ("cs", "řádek 3: year: 'soon'", "není celé číslo")],
)
def test_upload_problems_are_in_the_pages_language(desk, live_server, tmp_path, lang, row, said):
    open_desk(desk, live_server, lang)
    bad = tmp_path / "erfindungen.csv"
    bad.write_text(GOOD_CSV.replace("-3500", "soon"), encoding="utf-8")
    upload(desk, bad)
    problems = desk.find_element(By.ID, "deck-problems")
    wait(desk, lambda: problems.find_elements(By.TAG_NAME, "li"), 20)
    assert [item.text for item in problems.find_elements(By.TAG_NAME, "li")] == [f"{row} {said}"]
    desk.save_screenshot(str(artifacts() / f"desk-problems-{lang}.png"))


def test_a_deck_has_its_title_and_is_listed_only_here_unless_published(desk, live_server, tmp_path):
    open_desk(desk, live_server)
    deck = tmp_path / "export-2024-final.csv"
    deck.write_text(GOOD_CSV.replace("Press", "Printing press"), encoding="utf-8")
    upload(desk, deck, title="Inventions for Friday")
    chosen = Select(desk.find_element(By.ID, "deck"))
    wait(desk, lambda: chosen.first_selected_option.get_attribute("value").startswith("user-"), 20)
    private = chosen.first_selected_option.get_attribute("value")
    assert chosen.first_selected_option.text == "Inventions for Friday · 3 cards"
    assert private not in listed_to_anyone(live_server)

    open_desk(desk, live_server)  # this browser keeps the token: the deck is listed again
    assert desk.find_elements(By.CSS_SELECTOR, f"#deck option[value='{private}']")
    desk.save_screenshot(str(artifacts() / "desk-private-deck.png"))
    desk.execute_script("localStorage.clear()")
    open_desk(desk, live_server)  # as another organiser's browser
    assert not desk.find_elements(By.CSS_SELECTOR, f"#deck option[value='{private}']")

    shared = tmp_path / "shared.csv"
    shared.write_text(GOOD_CSV.replace("Fire", "Shared fire"), encoding="utf-8")
    upload(desk, shared, title="Shared inventions", public=True)
    chosen = Select(desk.find_element(By.ID, "deck"))
    wait(desk, lambda: chosen.first_selected_option.text.startswith("Shared inventions"), 20)
    assert chosen.first_selected_option.get_attribute("value") in listed_to_anyone(live_server)
    assert console_errors(desk) == []
