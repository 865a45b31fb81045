"""The two map boards in Chromium: Ticket to Ride: Europe's map and Around the World's route, each played to the end
by a person against bots through the page's buttons (a route claimed by picking it on the map), every legal action
with its button and no other, the map drawn from the game's data, the final scoring as the game counts it."""

import json
import random
import time

import pytest
from selenium.common.exceptions import ElementNotInteractableException, StaleElementReferenceException
from selenium.webdriver.common.by import By

from tests.browser.play_helpers import (
    CARRIED,
    DESKTOP,
    PHONE,
    PRESSABLE,
    UNNAMED,
    api,
    board_drawn,
    canonical,
    console_errors,
    finished,
    open_lobby_table,
    shot,
    shown_name,
    stale,
    wait,
)

pytestmark = pytest.mark.browser
SLOW = pytest.mark.slow
TTR, ATW = "ticket-to-ride-europe", "around-the-world"
SEATS = {
    TTR: [{"name": "Ann"}, {"bot": "medium"}, {"bot": "medium"}, {"bot": "medium"}, {"bot": "easy"}],
    ATW: [{"name": "Ann"}, {"bot": "easy"}, {"bot": "easy"}, {"bot": "easy"}],
}


@pytest.fixture
def page(live_server, browser):
    browser.set_window_size(*DESKTOP)
    browser.get(f"{live_server.url}/play?lang=en")
    browser.execute_script("localStorage.clear()")
    browser.get_log("browser")
    return browser


def advance(base, game_type, seats, steps, seed):
    """A table moved on by random legal moves of every person's seat through the API (set-up only)."""
    created = api(base, "/v1/games", body={"type": game_type, "seats": seats, "seed": seed})
    gid, token = created["game"]["id"], created["tokens"][0]["token"]
    game = created["game"]
    chooser = random.Random(seed)
    for _ in range(steps):
        if game["status"] != "running":
            break
        if not game["legal_actions"]:
            time.sleep(0.05)
            game = api(base, f"/v1/games/{gid}", token)
            continue
        game = api(base, f"/v1/games/{gid}/actions", token, chooser.choice(game["legal_actions"]))["game"]
    return gid, token


def open_seat(driver, base, gid, token, game_type, lang="en"):
    driver.get(f"{base}/play/{gid}?lang={lang}#seat={token}")
    board_drawn(driver, game_type)
    wait(driver, lambda: driver.find_element(By.ID, "board").get_attribute("data-seat") == "0")


def phone_shot(driver, name, game_type):
    """A phone's screenshot of the page opened at a phone's size (a narrow map scrolls to where I stand)."""
    driver.set_window_size(*PHONE)
    driver.refresh()
    board_drawn(driver, game_type)
    wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#board svg"))
    shot(driver, name, PHONE)
    driver.set_window_size(*DESKTOP)


def carried(driver):
    return sorted(canonical(json.loads(action)) for action in driver.execute_script(CARRIED))


def buttons_match_the_api(driver, base, gid, token):
    """Every legal action of the seat has an element with that data-action, and no element carries another."""
    game = api(base, f"/v1/games/{gid}", token)
    wanted = sorted(canonical(action) for action in game["legal_actions"])
    try:
        wait(driver, lambda: carried(driver) == wanted, 10)
    except Exception:
        game = api(base, f"/v1/games/{gid}", token)  # a bot moved meanwhile: compare with the view of now
        wanted = sorted(canonical(action) for action in game["legal_actions"])
    assert carried(driver) == wanted
    assert driver.execute_script(UNNAMED) == []
    return game


# ---- the map is the game's data ---------------------------------------------------------------------------------


def test_the_map_draws_every_city_route_and_space_and_every_action_has_its_button(page, live_server):
    gid, token = advance(live_server.url, TTR, SEATS[TTR], 40, 31)
    open_seat(page, live_server.url, gid, token, TTR)
    data = api(live_server.url, f"/v1/game-types/{TTR}")["data"]
    assert len(page.find_elements(By.CSS_SELECTOR, ".ttr-map g.city")) == len(data["board"]["cities"]) == 47
    assert len(page.find_elements(By.CSS_SELECTOR, ".ttr-map g.route")) == 101
    assert len(page.find_elements(By.CSS_SELECTOR, ".ttr-map g.route rect.space")) == 300
    game = buttons_match_the_api(page, live_server.url, gid, token)
    claims = game["view"]["claims"]
    assert claims, "forty moves claim routes"
    for route in claims:
        drawn = page.find_element(By.CSS_SELECTOR, f".ttr-map g.route[data-route='{route}']")
        assert "claimed" in drawn.get_attribute("class")
        assert len(drawn.find_elements(By.CSS_SELECTOR, "text.owner-mark")) == len(
            data["board"]["routes"][route]["spaces"]
        )
    hand = page.find_elements(By.CSS_SELECTOR, ".ttr-hand .card-count")
    assert sum(int(count.text.lstrip("×")) for count in hand) == sum(game["view"]["hand"].values())
    shot(page, "play-ttr-map-desktop")
    phone_shot(page, "play-ttr-map-phone", TTR)
    # a spectator (a browser without the seat's token) sees the map and the claims, and no hand, tickets or buttons
    page.execute_script("localStorage.clear()")
    page.get(f"{live_server.url}/play/{gid}?lang=cs")
    board_drawn(page, TTR)
    assert page.find_element(By.ID, "board").get_attribute("data-seat") is None
    assert page.find_elements(By.CSS_SELECTOR, "[data-action]") == []
    assert page.find_elements(By.CSS_SELECTOR, ".ttr-hand, .ttr-ticket-list") == []
    assert console_errors(page) == []


def test_the_route_round_the_world_and_every_action_has_its_button(page, live_server):
    gid, token = advance(live_server.url, ATW, SEATS[ATW], 12, 32)
    open_seat(page, live_server.url, gid, token, ATW)
    game = buttons_match_the_api(page, live_server.url, gid, token)
    places = page.find_elements(By.CSS_SELECTOR, ".atw-map g.place")
    assert [p.get_attribute("data-place") for p in places] == [
        location["id"] for location in api(live_server.url, f"/v1/game-types/{ATW}")["data"]["route"]["locations"]
    ]
    detective = page.find_element(By.CSS_SELECTOR, ".atw-map g.place .detective").find_element(By.XPATH, "..")
    assert detective.get_attribute("data-place") == game["view"]["detective"]
    assert len(page.find_elements(By.CSS_SELECTOR, ".atw-map g.traveller")) == len(SEATS[ATW])
    assert len(page.find_elements(By.CSS_SELECTOR, ".atw-hand .atw-card")) == len(game["view"]["hand"])
    shot(page, "play-atw-route-desktop")
    phone_shot(page, "play-atw-route-phone", ATW)
    assert console_errors(page) == []


@SLOW
@pytest.mark.parametrize(
    ("game_type", "steps", "seed"),
    [(game_type, steps, seed) for game_type in (TTR, ATW) for steps, seed in ((0, 41), (7, 42), (25, 43), (60, 44))],
)
def test_every_legal_action_has_its_button_and_no_other_in_random_states(page, live_server, game_type, steps, seed):
    gid, token = advance(live_server.url, game_type, SEATS[game_type], steps, seed)
    open_seat(page, live_server.url, gid, token, game_type)
    buttons_match_the_api(page, live_server.url, gid, token)
    assert console_errors(page) == []


# ---- played to the end through the page --------------------------------------------------------------------------

TTR_ORDER = ("keep_tickets", "pay_tunnel", "draw_deck", "draw_faceup", "pass", "give_up_tunnel", "draw_tickets")
ATW_ORDER = ("accept", "draw_receipt", "travel", "discard", "take", "end_turn", "decline_receipt", "draw", "reroll")


def press(driver, button):
    try:
        button.click()
    except (StaleElementReferenceException, ElementNotInteractableException):
        return False
    wait(driver, lambda: finished(driver) or stale(button), 30)
    return True


# The ways to pay for the route picked on the map: the buttons of the one open choice.
OPENED = "return [...document.querySelectorAll('.ttr-choices .buttons:not([hidden]) button[data-action]:enabled')];"


def claim_on_the_map(driver, chooser):
    """Pick a claimable route on the map (the longest), then one of its ways to pay: True if a claim was pressed."""
    routes = driver.execute_script(
        "return [...document.querySelectorAll('.ttr-map g.route.claimable')]"
        ".map((g) => [g, g.querySelectorAll('rect.space').length]);"
    )
    if not routes:
        return False
    longest = max(length for _, length in routes)
    route = chooser.choice([g for g, length in routes if length == longest])
    try:
        driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", route)
    except StaleElementReferenceException:
        return False
    ways = driver.execute_script(OPENED)
    return bool(ways) and press(driver, chooser.choice(ways))


def play(driver, order, chooser, claims=False, limit=700, timeout=900):
    pressed = 0
    deadline = time.monotonic() + timeout
    while not finished(driver):
        assert time.monotonic() < deadline and pressed < limit, "the game did not end in time"
        if claims and claim_on_the_map(driver, chooser):
            pressed += 1
            continue
        buttons = [(b, json.loads(action)) for b, action in driver.execute_script(PRESSABLE)]
        if not buttons:
            time.sleep(0.05)
            continue
        rank = {kind: place for place, kind in enumerate(order)}
        best = min(rank.get(action["type"], len(order)) for _, action in buttons)
        some = [(b, action) for b, action in buttons if rank.get(action["type"], len(order)) == best]
        if best == rank.get("keep_tickets"):
            fewest = min(len(action["tickets"]) for _, action in some)
            some = [(b, action) for b, action in some if len(action["tickets"]) == fewest]
        if press(driver, chooser.choice(some)[0]):
            pressed += 1
    return pressed


@pytest.mark.parametrize("game_type", [pytest.param(TTR, marks=SLOW), ATW])
def test_a_person_plays_against_bots_to_the_end_through_the_page(page, live_server, game_type):
    gid = open_lobby_table(page, live_server.url, game_type, seats=3)
    wait(page, lambda: page.find_element(By.ID, "board").get_attribute("data-seat") == "0")
    chooser = random.Random(52)
    pressed = play(page, TTR_ORDER if game_type == TTR else ATW_ORDER, chooser, claims=game_type == TTR)
    assert pressed > 10
    game = api(live_server.url, f"/v1/games/{gid}")
    assert game["status"] == "finished"
    heading = page.find_element(By.ID, "outcome-heading").text
    assert all(shown_name(page, winner) in heading for winner in game["outcome"]["winners"])
    if game_type == TTR:
        rows = page.find_elements(By.CSS_SELECTOR, "#ttr-scores tbody tr")
        standings = game["outcome"]["standings"]
        assert [int(row.get_attribute("data-seat")) for row in rows] == [s["seat"] for s in standings]
        for row, standing in zip(rows, standings, strict=True):
            cells = [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
            parts = standing["breakdown"]
            assert cells[0].startswith(str(parts["routes"]["points"]))
            assert cells[1].startswith(str(parts["tickets"]["points"]))
            assert cells[2].startswith(str(parts["stations"]["points"]))
            assert cells[3].startswith(str(parts["european_express"]["points"]))
            assert cells[4] == str(standing["score"])
        assert page.find_elements(By.CSS_SELECTOR, ".ttr-map g.route.claimed")
    else:
        rows = page.find_elements(By.CSS_SELECTOR, "#outcome .outcome-detail li")
        assert [int(row.get_attribute("data-seat")) for row in rows] == [
            s["seat"] for s in game["outcome"]["standings"]
        ]
    page.execute_script("window.scrollTo(0, 0)")
    shot(page, f"play-{game_type}-over-desktop")
    shot(page, f"play-{game_type}-over-phone", PHONE)
    assert console_errors(page) == []
