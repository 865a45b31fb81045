"""The table page under the request budgets a real `deskovka serve` runs with (`api.limits.DEFAULTS`): a person
plays the busiest tables the lobby offers, one against the most bots a game allows, through the page's buttons, and
the server refuses none of the page's requests (the other browser tests turn the budgets off)."""

import json
import re

import pytest
from selenium.common.exceptions import TimeoutException

from tests.browser.conftest import chromium, serving
from tests.browser.play_helpers import PRESSABLE, at_random, console_errors, open_lobby_table, play_to_end, prefer, wait
from tests.browser.test_play_maps import ATW, ATW_ORDER, TTR, TTR_ORDER

pytestmark = pytest.mark.browser

# Every problem the page shows goes through its toast, which hides itself after 6 s: keep each text it shows.
WATCH_TOASTS = """
window.shownProblems = [];
const box = document.getElementById('toast');
new MutationObserver(() => { if (!box.hidden && box.textContent) window.shownProblems.push(box.textContent); })
  .observe(box, { attributes: true, childList: true, characterData: true, subtree: true });
"""
# Seats, options, bots, what the person presses. Strong bots in the map games think longer than a request's 50 ms
# of bot moves, so the keeper plays them at the bots' pace and the feed answers for each: the busiest page there is.
# A person looks at the board before pressing: 0.4 s is quick (one of seven bots' moves to read, a card to place).
THINK = 0.4
TABLES = {
    "timeline": (8, {"hand_size": 10}, "strong", at_random(7)),
    ATW: (6, {}, "strong", prefer(ATW_ORDER, 8)),
    TTR: (5, {}, "strong", prefer(TTR_ORDER, 9)),
}
SLOW = {ATW, TTR}  # 20-25 s each


@pytest.fixture(scope="module")
def default_server(tmp_path_factory):
    # No budget is turned off: each table here is a person's and bots' (not a bot-only game), a few in all, well
    # within the tables' budget of one address. The long-poll's wait is the default too: the browser quits before
    # the server stops, so gunicorn has no long-poll to wait out.
    with serving(tmp_path_factory.mktemp("desk-data"), {}) as live:
        yield live


@pytest.fixture(scope="module")
def person(tmp_path_factory, default_server):
    session = chromium(tmp_path_factory.mktemp("chromium-profile"), "1366,768")
    yield session
    session.quit()


def answers(driver, base):
    """The server's answers to the page since the last call: (seconds, status, method and path), in order sent."""
    sent, answered = {}, []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        params = message["params"]
        if message["method"] == "Network.requestWillBeSent" and params["request"]["url"].startswith(base):
            sent[params["requestId"]] = (params["timestamp"], params["request"]["method"])
        elif message["method"] == "Network.responseReceived" and params["requestId"] in sent:
            at, method = sent[params["requestId"]]
            answered.append((at, params["response"]["status"], f"{method} {params['response']['url'][len(base) :]}"))
    return sorted(answered)


def busiest_second(answered):
    """The most requests the page sent in any one second, and which."""
    times = [at for at, _, _ in answered]
    count, first = max((sum(1 for at in times[i:] if at < start + 1), i) for i, start in enumerate(times))
    return count, [line for _, _, line in answered[first : first + count]]


def report(answered):
    refused = [line for _, status, line in answered if status == 429]
    count, second = busiest_second(answered)
    return f"refused {len(refused)}: {refused[:5]}; the busiest second asked {count}: {second}"


@pytest.mark.parametrize("game_type", [pytest.param(t, marks=[pytest.mark.slow] if t in SLOW else []) for t in TABLES])
def test_a_person_against_the_most_bots_under_the_default_budgets(default_server, person, game_type):
    base = default_server.url
    seats, options, bot, choose = TABLES[game_type]
    person.get_log("performance")
    person.get_log("browser")
    try:
        open_lobby_table(person, base, game_type, seats=seats, options=options, bot=bot)
        person.execute_script(WATCH_TOASTS)
        wait(person, lambda: person.execute_script(PRESSABLE))
        pressed = play_to_end(person, choose, timeout=30, stop_after=20, think=THINK)
    except TimeoutException:  # a refused move leaves the board as it was: say what was refused
        pytest.fail(f"the page stopped moving on; {report(answers(person, base))}")
    answered = answers(person, base)
    assert pressed > 0
    assert [line for _, status, line in answered if status == 429] == [], report(answered)
    assert person.execute_script("return window.shownProblems") == []
    assert console_errors(person) == []
    feed = [line for _, _, line in answered if "/events?" in line]
    assert len(feed) >= pressed  # the feed answered for the bots' moves (Timeline's all come with the person's)
    assert not re.search(r"[A-Z]+ /\S* 429\b", default_server.log.read_text(errors="replace"))
