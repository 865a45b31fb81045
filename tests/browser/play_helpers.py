"""Driving the table page as a person does: real clicks on the buttons it draws, nothing posted by the test."""

import json
import random
import time
import urllib.request
from urllib.parse import urlsplit

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tests.browser.conftest import artifacts

PHONE = (360, 740)
DESKTOP = (1366, 768)

# The page's buttons that post a legal action and that a person could press now: shown and enabled.
PRESSABLE = """
return [...document.querySelectorAll('#board button[data-action]')]
  .filter((b) => !b.disabled && b.offsetParent !== null && !b.closest('[hidden]'))
  .map((b) => [b, b.dataset.action]);
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
    driver.set_window_size(*size)
    time.sleep(0.3)
    driver.save_screenshot(str(artifacts() / f"{name}.png"))


def game_id(driver):
    return urlsplit(driver.current_url).path.rsplit("/", 1)[-1]


def board_drawn(driver, game_type):
    wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, f"#board[data-game='{game_type}']"), 30)


def finished(driver):
    return bool(driver.execute_script("const o = document.getElementById('outcome'); return o && !o.hidden;"))


def play_to_end(driver, choose, limit=600, timeout=300):
    """Press one of the page's buttons whenever there is one, until the page shows the outcome; the count pressed."""
    pressed = 0
    deadline = time.monotonic() + timeout
    while not finished(driver):
        assert time.monotonic() < deadline, "the game did not end in time"
        assert pressed < limit, "too many moves"
        buttons = driver.execute_script(PRESSABLE)
        if not buttons:
            time.sleep(0.05)
            continue
        button = choose([(element, json.loads(action)) for element, action in buttons])
        try:
            button.click()
        except StaleElementReferenceException:
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
