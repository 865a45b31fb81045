"""The table page in Chromium: a person plays each of Timeline, Chronology and Lost Cities to the end against bots
through the page's buttons, every legal action has its button and no other, two browsers share a table through an
invitation link, a spectator sees the moves and no hand, the CSP holds and a hostile name stays text."""

import json
import random
import re

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from api.http.resources.play import texts
from tests.browser.conftest import CHROMIUM_FLAGS
from tests.browser.play_helpers import (
    CARRIED,
    DESKTOP,
    PHONE,
    UNNAMED,
    api,
    at_random,
    board_drawn,
    canonical,
    console_errors,
    finished,
    game_id,
    open_lobby_table,
    other_hosts,
    outcome_matches_the_api,
    play_to_end,
    prefer,
    shot,
    wait,
)

pytestmark = pytest.mark.browser
SLOW = pytest.mark.slow


@pytest.fixture
def page(live_server, browser):
    browser.set_window_size(*DESKTOP)
    browser.get(f"{live_server.url}/play?lang=en")
    browser.execute_script("localStorage.clear()")
    browser.get_log("browser")
    browser.get_log("performance")
    return browser


def new_profile(tmp_path):
    """Another Chromium with a profile of its own: another person's browser."""
    import shutil

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path}")
    options.add_argument("--window-size=1366,768")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service(executable_path=shutil.which("chromedriver")))


PLAYS = {
    "timeline": ({"hand_size": 2}, at_random(1)),
    "chronology": ({"cards_per_colour": 1}, prefer(["start", "place", "discard_top", "skip"], 2)),
    "lost-cities": ({}, prefer(["take", "accelerate", "refuse"], 3)),
}


@pytest.mark.parametrize("game_type", ["timeline", "chronology", "lost-cities"])
def test_a_person_plays_against_a_bot_to_the_end_through_the_page(page, live_server, game_type):
    options, choose = PLAYS[game_type]
    gid = open_lobby_table(page, live_server.url, game_type, options=options)
    wait(page, lambda: page.execute_script("return document.querySelectorAll('#board button[data-action]').length") > 0)
    shot(page, f"play-{game_type}-desktop")
    shot(page, f"play-{game_type}-phone", PHONE)
    page.set_window_size(*DESKTOP)
    pressed = play_to_end(page, choose)
    assert pressed > 0
    game = outcome_matches_the_api(page, live_server.url, gid)
    if game_type == "lost-cities":
        scores = [cell.text for cell in page.find_elements(By.CSS_SELECTOR, "#outcome > table.standings td.score")]
        assert scores == [str(s["score"]) for s in game["outcome"]["standings"]]
    shot(page, f"play-{game_type}-over-desktop")
    shot(page, f"play-{game_type}-over-phone", PHONE)
    page.set_window_size(*DESKTOP)
    if game_type == "timeline":  # play again: the same seats at a new table, and this browser holds its seat
        page.find_element(By.ID, "rematch").click()
        wait(page, lambda: game_id(page) != gid)
        board_drawn(page, game_type)
        assert api(live_server.url, f"/v1/games/{gid}")["rematch"] == game_id(page)
        wait(page, lambda: page.find_element(By.ID, "board").get_attribute("data-seat") == "0")
    assert console_errors(page) == []


def advance(base, game_type, seats, options, steps, seed):
    """A game moved on by random legal moves of seat 0 through the API (set-up only, not the page's play)."""
    created = api(base, "/v1/games", body={"type": game_type, "seats": seats, "options": options, "seed": seed})
    gid, token = created["game"]["id"], created["tokens"][0]["token"]
    game = created["game"]
    chooser = random.Random(seed)
    for _ in range(steps):
        if game["status"] != "running" or not game["legal_actions"]:
            break
        game = api(base, f"/v1/games/{gid}/actions", token, chooser.choice(game["legal_actions"]))["game"]
    return gid, token


STATES = {
    "timeline": ([{"name": "Ann"}, {"bot": "medium"}, {"bot": "easy"}], {"hand_size": 4}),
    "chronology": ([{"name": "Ann"}, {"bot": "medium"}, {"bot": "easy"}], {"cards_per_colour": 3}),
    "lost-cities": ([{"name": "Ann"}, {"bot": "medium"}, {"bot": "easy"}], {}),
}


@pytest.mark.parametrize(
    ("game_type", "steps", "seed"),
    [
        ("timeline", 3, 11),
        ("chronology", 4, 12),
        ("lost-cities", 5, 13),
        *[
            pytest.param(game_type, steps, seed, marks=SLOW)
            for game_type in STATES
            for steps, seed in ((0, 21), (9, 22), (17, 23), (30, 24), (45, 25))
        ],
    ],
)
def test_every_legal_action_has_its_button_and_no_other(page, live_server, game_type, steps, seed):
    seats, options = STATES[game_type]
    gid, token = advance(live_server.url, game_type, seats, options, steps, seed)
    page.get(f"{live_server.url}/play/{gid}?lang=en#seat={token}")
    board_drawn(page, game_type)
    assert "#" not in page.current_url and token not in page.current_url  # the token moved into storage
    game = api(live_server.url, f"/v1/games/{gid}", token)
    wanted = sorted(canonical(action) for action in game["legal_actions"])
    wait(page, lambda: page.find_element(By.ID, "board").get_attribute("data-seat") == "0")

    def carried():
        return sorted(canonical(json.loads(action)) for action in page.execute_script(CARRIED))

    wait(page, lambda: carried() == wanted or finished(page), 10)
    assert carried() == wanted
    assert page.execute_script(UNNAMED) == []
    if wanted:
        assert page.find_element(By.ID, "turn-status").text
    assert console_errors(page) == []


def press_first(driver, selector):
    """Press the first visible button that `selector` finds, again if the board was drawn anew under the pointer (a
    feed message may redraw it between finding the button and pressing it)."""
    for _ in range(5):
        try:
            driver.execute_script(f"return document.querySelector('{selector}')").click()
            return
        except StaleElementReferenceException:
            continue
    raise AssertionError(f"{selector} was drawn anew five times while it was being pressed")


def move_and_see(url, gid, players, spectator):
    """The seat to act presses a gap; the other player's page and the spectator's show it in the log at once."""
    acting = players[api(url, f"/v1/games/{gid}")["to_act"][0]]
    watcher = next(driver for driver in players.values() if driver is not acting)
    visible = "#board button[data-action]:not([hidden])"
    wait(acting, lambda: acting.execute_script(f"return document.querySelectorAll('{visible}').length") > 0)
    seen = {driver: len(driver.find_elements(By.CSS_SELECTOR, "#log li")) for driver in (watcher, spectator)}
    press_first(acting, visible)
    for driver, before in seen.items():
        wait(driver, lambda d=driver, b=before: len(d.find_elements(By.CSS_SELECTOR, "#log li")) > b, 3)


def test_a_friend_joins_by_the_invitation_link_and_a_spectator_sees_the_moves(page, live_server, tmp_path):
    base = page
    base.get(f"{live_server.url}/play?lang=en")
    wait(base, lambda: base.find_elements(By.CSS_SELECTOR, "button[data-type='timeline']"))
    base.find_element(By.CSS_SELECTOR, "button[data-type='timeline']").click()
    Select(base.find_element(By.CSS_SELECTOR, "#seat-list li:nth-child(2) select")).select_by_value("open")
    Select(base.find_element(By.ID, "option-hand_size")).select_by_value("3")
    Select(base.find_element(By.ID, "clock")).select_by_value("300")
    base.find_element(By.ID, "create-table").click()
    wait(base, lambda: base.find_elements(By.CSS_SELECTOR, ".invite-link"))
    link = base.find_element(By.CSS_SELECTOR, ".invite-link").get_attribute("value")
    gid = game_id(base)
    assert link.endswith(f"/play/{gid}#join=1")

    friend = new_profile(tmp_path / "friend")
    spectator = new_profile(tmp_path / "spectator")
    try:
        friend.get(link.replace(f"/play/{gid}", f"/play/{gid}?lang=en"))
        wait(friend, lambda: friend.find_elements(By.ID, "join-name"))
        name = friend.find_element(By.ID, "join-name")
        name.clear()
        name.send_keys("Bob")
        friend.find_element(By.ID, "join-seat").click()
        board_drawn(friend, "timeline")
        assert "#" not in friend.current_url
        wait(friend, lambda: friend.find_element(By.ID, "board").get_attribute("data-seat") == "1")
        board_drawn(base, "timeline")  # the creator's page sees the table dealt
        # the spectator opens the invitation after Bob took its seat: it says so, and the page is a spectator's
        spectator.get(link.replace(f"/play/{gid}", f"/play/{gid}?lang=en"))
        board_drawn(spectator, "timeline")
        wait(spectator, lambda: spectator.find_element(By.ID, "toast").text == texts("en")["seat_taken"], 5)
        assert spectator.find_element(By.ID, "board").get_attribute("data-seat") is None
        assert spectator.find_elements(By.CSS_SELECTOR, "[data-action]") == []
        assert spectator.find_elements(By.CSS_SELECTOR, ".tl-hand") == []

        # two moves, one from each browser; the other browser and the spectator see each in the log
        for _ in range(2):
            move_and_see(live_server.url, gid, {0: base, 1: friend}, spectator)
        assert "Bob" in spectator.find_element(By.ID, "players").text

        # the clock of whoever must act counts down from the server's deadline
        def clock():
            return spectator.execute_script("return document.querySelector('#players .clock')?.textContent")

        first = clock()
        assert re.fullmatch(r"⏱ [0-5]:[0-5]\d", first or ""), first
        wait(spectator, lambda: clock() != first, 3)
        shot(spectator, "play-timeline-spectator")
        assert console_errors(friend) == [] and console_errors(spectator) == []
    finally:
        friend.quit()
        spectator.quit()
    assert console_errors(base) == []


def test_a_hostile_name_is_text_and_the_page_stays_on_its_host(page, live_server):
    hostile = '<img src=x onerror="document.title=1">'
    created = api(
        live_server.url, "/v1/games", body={"type": "timeline", "seats": [{"name": hostile}, {"bot": "easy"}]}
    )
    gid, token = created["game"]["id"], created["tokens"][0]["token"]
    page.get(f"{live_server.url}/play/{gid}?lang=en#seat={token}")
    board_drawn(page, "timeline")
    assert hostile in page.find_element(By.ID, "players").text
    assert page.find_elements(By.CSS_SELECTOR, "#main img") == []
    inline = page.execute_script(
        "return [...document.scripts].filter((s) => !s.src && s.type !== 'application/json').length"
    )
    assert inline == 0
    page.find_element(By.ID, "resign").click()  # asks first
    page.find_element(By.ID, "confirm-no").click()
    assert api(live_server.url, f"/v1/games/{gid}")["status"] == "running"
    page.find_element(By.ID, "resign").click()
    page.find_element(By.ID, "confirm-yes").click()
    wait(page, lambda: finished(page))
    assert api(live_server.url, f"/v1/games/{gid}")["resigned"] == [0]
    assert "resigned" in page.find_element(By.CSS_SELECTOR, "#players [data-player='0']").text

    opened = api(live_server.url, "/v1/games", body={"type": "timeline", "seats": [{"name": "Ann"}, {"open": True}]})
    other, its_token = opened["game"]["id"], opened["tokens"][0]["token"]
    page.get(f"{live_server.url}/play/{other}?lang=en#seat={its_token}")
    wait(page, lambda: page.find_elements(By.ID, "cancel-table"))
    page.find_element(By.ID, "cancel-table").click()
    page.find_element(By.ID, "confirm-yes").click()
    wait(page, lambda: page.find_element(By.ID, "turn-status").text == "Table cancelled")
    assert api(live_server.url, f"/v1/games/{other}")["status"] == "cancelled"

    page.get(f"{live_server.url}/play?lang=en")
    wait(page, lambda: page.find_elements(By.CSS_SELECTOR, "#my-games a"))
    assert any(gid in link.get_attribute("href") for link in page.find_elements(By.CSS_SELECTOR, "#my-games a"))
    assert other_hosts(page, live_server.url) == set()
    assert console_errors(page) == []


def test_a_hostile_deck_title_and_card_titles_are_text(page, live_server):
    hostile = '<img src=x onerror="document.title=1">'
    rows = "\n".join(f'c{i},{1000 + 7 * i},"<b>{i}</b> {hostile.replace(chr(34), chr(34) * 2)}"' for i in range(30))
    deck = api(
        live_server.url, "/v1/decks", body={"csv": f"id,year,title_en\n{rows}\n", "title": hostile, "public": True}
    )
    page.get(f"{live_server.url}/play?lang=en")
    wait(page, lambda: page.find_elements(By.CSS_SELECTOR, "button[data-type='timeline']"))
    page.find_element(By.CSS_SELECTOR, "button[data-type='timeline']").click()
    choice = page.find_element(By.CSS_SELECTOR, f"#option-deck option[value='{deck['id']}']")
    assert choice.get_attribute("textContent") == hostile
    gid = open_lobby_table(page, live_server.url, "timeline", options={"deck": deck["id"], "hand_size": 2})
    assert api(live_server.url, f"/v1/games/{gid}")["options"]["deck"] == deck["id"]
    wait(page, lambda: page.find_elements(By.CSS_SELECTOR, ".tl-hand .tl-title"))
    titles = [element.text for element in page.find_elements(By.CSS_SELECTOR, ".tl-title")]
    assert titles and all(title.endswith(hostile) and title.startswith("<b>") for title in titles)
    assert page.find_elements(By.CSS_SELECTOR, "#main img, #main b") == []
    assert page.title != "1"
    assert console_errors(page) == []


def press_key(driver, key):
    ActionChains(driver).send_keys(key).perform()


def tab_to(driver, selector, presses=120):
    """Press Tab until the focused element matches the selector; that element."""
    for _ in range(presses):
        press_key(driver, Keys.TAB)
        focused = driver.switch_to.active_element
        if driver.execute_script("return arguments[0].matches(arguments[1])", focused, selector):
            return focused
    raise AssertionError(f"Tab never reached {selector}")


def test_a_person_plays_by_keyboard_in_the_language_chosen_with_the_switch(page, live_server):
    words = texts("cs")
    page.get(f"{live_server.url}/play")
    wait(page, lambda: page.find_elements(By.ID, "create-table"))
    Select(page.find_element(By.ID, "language-switch")).select_by_value("cs")
    wait(page, lambda: page.execute_script("return document.documentElement.lang") == "cs")
    wait(page, lambda: page.find_elements(By.ID, "create-table"))
    assert page.find_element(By.ID, "create-table").text == words["create_table"]
    tab_to(page, "button[data-type='timeline']")
    press_key(page, Keys.ENTER)
    tab_to(page, "#create-table")
    press_key(page, Keys.ENTER)
    board_drawn(page, "timeline")
    assert page.find_element(By.CSS_SELECTOR, "#board .tl-line").get_attribute("aria-label") == words["tl_timeline"]
    for _ in range(3):
        if finished(page):
            break
        wait(page, lambda: page.find_elements(By.CSS_SELECTOR, "#board button[data-action]:not([hidden])"))
        before = len(page.find_elements(By.CSS_SELECTOR, "#log li"))
        tab_to(page, "button[data-action]")
        press_key(page, Keys.ENTER)
        wait(page, lambda b=before: len(page.find_elements(By.CSS_SELECTOR, "#log li")) > b or finished(page))
    log = [
        item.find_element(By.CSS_SELECTOR, "span:last-child").text
        for item in page.find_elements(By.CSS_SELECTOR, "#log li")
    ]
    placed = re.escape(words["tl_log_placed"]).replace(r"\{name\}", ".+").replace(r"\{card\}", ".+")
    boxed = re.escape(words["tl_log_boxed"]).replace(r"\{name\}", ".+").replace(r"\{card\}", ".+")
    patterns = [re.compile(p.replace(r"\{key\}", ".*")) for p in (placed, boxed)]
    assert any(pattern.fullmatch(line) for line in log for pattern in patterns), log
    assert page.find_element(By.ID, "resign").text == words["resign"]
    bot = page.find_element(By.CSS_SELECTOR, "#players [data-player='1'] .player-name").text
    levels = [words[key] for key in words if key.startswith("bot_") and key != "bot_named"]
    assert bot in [words["bot_named"].replace("{bot}", level) for level in levels], bot
    # my games: the table, with a badge exactly when it is my turn (the lobby asks the many-games call)
    gid = game_id(page)
    wait(page, lambda: finished(page) or api(live_server.url, f"/v1/games/{gid}")["to_act"] == [0])
    mine = api(live_server.url, f"/v1/games/{gid}")["to_act"] == [0]
    page.get(f"{live_server.url}/play")
    wait(page, lambda: page.find_elements(By.CSS_SELECTOR, f"#my-games li[data-game='{gid}']"))
    item = page.find_element(By.CSS_SELECTOR, f"#my-games li[data-game='{gid}']")
    assert bool(item.find_elements(By.CSS_SELECTOR, ".badge")) == mine
    assert item.find_element(By.CSS_SELECTOR, ".status").text == (
        words["your_turn"] if mine else words["status_finished"]
    )
    page.execute_script("localStorage.removeItem('deskovka.play.lang')")
    assert console_errors(page) == []
