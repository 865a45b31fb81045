"""Driving the table page as a person does: real clicks on the buttons it draws, nothing posted by the test."""

import json
import random
import time
import urllib.request
from urllib.parse import urlsplit

from selenium.common.exceptions import ElementNotInteractableException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from tests.browser.conftest import artifacts

PHONE = (360, 740)
DESKTOP = (1366, 768)

# The page's buttons that post a legal action and that a person could press now: shown and enabled.
PRESSABLE = """
return [...document.querySelectorAll('#board button[data-action]')]
  .filter((b) => !b.disabled && b.offsetParent !== null && !b.closest('[hidden]'))
  .map((b) => [b, b.dataset.action]);
"""
# Elements that carry an action but are not a real button with a name a screen reader or a keyboard user can use.
UNNAMED = """
return [...document.querySelectorAll('[data-action]')]
  .filter((e) => e.tagName !== 'BUTTON' || !(e.getAttribute('aria-label') || e.textContent || '').trim())
  .map((e) => e.outerHTML.slice(0, 200));
"""
# Every element that carries an action, shown or not.
CARRIED = "return [...document.querySelectorAll('[data-action]')].map((e) => e.dataset.action);"


def wait(driver, condition, timeout=30):
    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda _: condition())


def api(base, path, token=None, body=None, method=None):
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def canonical(action):
    return json.dumps(action, sort_keys=True)


def console_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def other_hosts(driver, base):
    host = urlsplit(base).netloc
    hosts = set()
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            url = urlsplit(message["params"]["request"]["url"])
            if url.scheme in ("http", "https", "ws", "wss") and url.netloc != host:
                hosts.add(url.netloc)
    return hosts


def shot(driver, name, size=DESKTOP):
    """A screenshot at a size, kept as an artefact; the page must fit that width (a map scrolls inside its box)."""
    driver.set_window_size(*size)
    time.sleep(0.3)
    driver.save_screenshot(str(artifacts() / f"{name}.png"))
    overflow = driver.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 1, f"{name}: the page is {overflow} px wider than the window"


def game_id(driver):
    return urlsplit(driver.current_url).path.rsplit("/", 1)[-1]


def board_drawn(driver, game_type):
    wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, f"#board[data-game='{game_type}']"), 30)


def finished(driver):
    return bool(driver.execute_script("const o = document.getElementById('outcome'); return o && !o.hidden;"))


def play_to_end(driver, choose, limit=600, timeout=300, stop_after=None, think=0.0):
    """Press one of the page's buttons whenever there is one (after `think` seconds looking at them), until the page
    shows the outcome (or `stop_after` presses); the count pressed."""
    pressed = 0
    deadline = time.monotonic() + timeout
    while not finished(driver) and pressed != stop_after:
        assert time.monotonic() < deadline, "the game did not end in time"
        assert pressed < limit, "too many moves"
        buttons = driver.execute_script(PRESSABLE)
        if not buttons:
            time.sleep(0.05)
            continue
        if think:
            time.sleep(think)
            buttons = driver.execute_script(PRESSABLE)  # what the page shows now
            if not buttons:
                continue
        button = choose([(element, json.loads(action)) for element, action in buttons])
        try:
            button.click()
        except (StaleElementReferenceException, ElementNotInteractableException):
            continue  # the board was drawn again under the pointer (a bot moved): look again
        pressed += 1
        wait(
            driver, lambda pressed_now=button: finished(driver) or stale(pressed_now), 30
        )  # answered: the board is drawn anew
    return pressed


def stale(element):
    try:
        element.is_enabled()
        return False
    except StaleElementReferenceException:
        return True


def at_random(seed):
    chooser = random.Random(seed)
    return lambda buttons: chooser.choice(buttons)[0]


def prefer(kinds, seed=0):
    """Pick an action of the first kind present (by `type`), at random among them."""
    chooser = random.Random(seed)

    def choose(buttons):
        for kind in kinds:
            some = [element for element, action in buttons if action["type"] == kind]
            if some:
                return chooser.choice(some)
        return chooser.choice(buttons)[0]

    return choose


def open_lobby_table(driver, base, game_type, name="Ann", options=None, seats=2, bot=None):
    """Open a table from the lobby: the game's tile, my name, options; me against the game's default bots (or
    `bot`'s)."""
    driver.get(f"{base}/play?lang=en")
    wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, f"button[data-type='{game_type}']"))
    driver.find_element(By.CSS_SELECTOR, f"button[data-type='{game_type}']").click()
    while len(driver.find_elements(By.CSS_SELECTOR, "#seat-list li")) < seats:
        driver.find_element(By.ID, "add-seat").click()
    for seat in range(1, seats) if bot else ():  # each choice draws the list anew
        Select(driver.find_elements(By.CSS_SELECTOR, "#seat-list select.seat-kind")[seat]).select_by_value(f"bot:{bot}")
    field = driver.find_element(By.ID, "my-name")
    field.clear()
    field.send_keys(name)
    for option, value in (options or {}).items():
        control = driver.find_element(By.ID, f"option-{option}")
        if control.tag_name == "select":
            Select(control).select_by_value(str(value))
        else:
            control.clear()
            control.send_keys(str(value))
    driver.find_element(By.ID, "create-table").click()
    board_drawn(driver, game_type)
    return game_id(driver)


def outcome_matches_the_api(driver, base, gid):
    game = api(base, f"/v1/games/{gid}")
    assert game["status"] == "finished"
    seats = [
        int(row.get_attribute("data-seat")) for row in driver.find_elements(By.CSS_SELECTOR, "#outcome tr[data-seat]")
    ]
    assert seats == [standing["seat"] for standing in game["outcome"]["standings"]]
    heading = driver.find_element(By.ID, "outcome-heading").text
    for winner in game["outcome"]["winners"]:
        assert shown_name(driver, winner) in heading
    return game


def shown_name(driver, seat):
    """A seat's name as the page's list of players writes it (a default bot's name in the page's language)."""
    return driver.find_element(By.CSS_SELECTOR, f"#players [data-player='{seat}'] .player-name").text
