"""Measure the table page for Ticket to Ride's map at its largest (5 players, late in the game) in Chromium: the bytes
it loads, the time from opening it to a drawn board, and from an event arriving to the board drawn again.

Run: python bench/bench_table_page.py  (starts its own `deskovka serve` on loopback and headless Debian Chromium;
prints Markdown rows). Floors, measured side by side in the same browser: a page load of a tiny same-origin JSON
document (`/readyz`), and replacing the board's contents with one paragraph.
"""

import gzip
import json
import random
import shutil
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service as ChromeService

sys.path.insert(0, str(Path(__file__).parents[1]))
from tests.faults.service import running  # noqa: E402

ROUNDS = 7
REDRAWS = 12
SEATS = [{"name": "Ann"}, {"bot": "medium"}, {"bot": "medium"}, {"bot": "medium"}, {"bot": "medium"}]

# Installed before any of the page's scripts: when the map first appears, and every time the board is drawn again.
WATCH = """
window.__drawn = null; window.__redraws = [];
performance.setResourceTimingBufferSize(100000);
new MutationObserver(() => {
  const board = document.getElementById('board');
  if (!board) return;
  if (window.__drawn === null && board.querySelector('svg.ttr-map g.route')) {
    const at = performance.now();
    requestAnimationFrame(() => setTimeout(() => { window.__drawn = {dom: at, painted: performance.now()}; }));
  }
  if (!window.__boardObserved) {
    window.__boardObserved = true;
    new MutationObserver(() => {
      const at = performance.now();
      requestAnimationFrame(() => setTimeout(() => window.__redraws.push({dom: at, painted: performance.now()})));
    }).observe(board, {childList: true});
  }
}).observe(document, {childList: true, subtree: true});
"""


def api(base, path, token=None, body=None):
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    with urllib.request.urlopen(urllib.request.Request(base + path, data=data, headers=headers), timeout=30) as answer:
        return json.load(answer)


def late_game(base, seed=7):
    """Five seats, the person drawing cards all game (a big hand: the most ways to pay), until a seat has 12 or fewer
    trains left."""
    created = api(base, "/v1/games", body={"type": "ticket-to-ride-europe", "seats": SEATS, "seed": seed})
    gid, token = created["game"]["id"], created["tokens"][0]["token"]
    chooser = random.Random(seed)
    for _ in range(400):
        game = api(base, f"/v1/games/{gid}", token)
        if game["status"] != "running" or min(p["trains"] for p in game["view"]["players"]) <= 12:
            break
        legal = game["legal_actions"]
        if not legal:
            time.sleep(0.05)
            continue
        keeps = [a for a in legal if a["type"] == "keep_tickets"]
        draws = [a for a in legal if a["type"] == "draw_deck"]
        action = chooser.choice((keeps[-1:] if keeps else None) or draws or legal)
        api(base, f"/v1/games/{gid}/actions", token, action)
    return gid, token


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"):
        options.add_argument(flag)
    options.add_argument("--window-size=1366,768")
    driver = webdriver.Chrome(options=options, service=ChromeService(executable_path=shutil.which("chromedriver")))
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
    return driver


def wait_for(driver, script, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.02)
    raise TimeoutError(script)


def open_once(driver, url):
    """Milliseconds from the start of navigation to the map in the DOM and to the frame after it."""
    driver.get("about:blank")
    driver.get(url)
    drawn = wait_for(driver, "return window.__drawn")
    return drawn["dom"], drawn["painted"]


def floor_load(driver, base):
    driver.get("about:blank")
    driver.get(base + "/readyz")
    return wait_for(driver, "const n = performance.getEntriesByType('navigation')[0]; return n && n.loadEventEnd")


def loaded_bytes(driver, bearer):
    """Every resource the table page loaded (the document, scripts, styles, the API's JSON), fetched again here."""
    names = driver.execute_script("return performance.getEntriesByType('resource').map((e) => e.name)")
    kinds = {"document": [driver.current_url.split("#")[0]]}
    for name in names:
        if "/events?" in name:
            continue  # the long-poll held open: it brings events, not the page
        kind = "script" if name.split("?")[0].endswith(".js") else "style" if ".css" in name else "data"
        kinds.setdefault(kind, []).append(name)
    sizes = {}
    for kind, urls in kinds.items():
        raw = zipped = 0
        for url in urls:
            headers = {"Authorization": f"Bearer {bearer}"} if bearer and "/v1/" in url else {}
            with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=30) as answer:
                body = answer.read()
            raw += len(body)
            zipped += len(gzip.compress(body, 6))
        sizes[kind] = (len(urls), raw, zipped)
    return sizes


def redraws(driver, base, gid, token):
    """Milliseconds from each long-poll answer that brought a new view (the event arriving) to the board drawn again,
    and to the frame after it: the person's own moves posted from outside the page, and the bots' after them."""
    moves = 0
    for _ in range(REDRAWS * 20):
        if moves == REDRAWS:
            break
        game = api(base, f"/v1/games/{gid}", token)
        kinds = ("draw_deck", "draw_faceup", "keep_tickets", "pay_tunnel", "pass")
        legal = game["legal_actions"]
        if game["status"] != "running" or not legal:
            time.sleep(0.1)
            continue
        # drawing keeps the view at its largest; with the pile drawn dry, the person claims a route
        action = next((a for a in reversed(legal) if a["type"] in kinds), legal[-1])
        api(base, f"/v1/games/{gid}/actions", token, action)
        moves += 1
        time.sleep(0.4)
    return driver.execute_script(
        """
        const polls = performance.getEntriesByType('resource').filter((e) => e.name.includes('/events?'));
        const pairs = [];
        for (const poll of polls) {
          const next = window.__redraws.find((r) => r.dom >= poll.responseEnd);
          const end = poll.responseEnd;
          if (next && next.dom - end < 500) pairs.push([next.dom - end, next.painted - end]);
        }
        return pairs;
        """
    )


def board_alone(driver, token):
    """The board module's drawBoard on the page's own data, and the floor (one paragraph), in milliseconds."""
    return driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const token = arguments[0];
        (async () => {
          const base = document.body.dataset.static;
          const board = await import(`${base}boards/ticket-to-ride-europe.js?v=${document.body.dataset.version}`);
          const id = location.pathname.split('/').pop();
          const headers = {Authorization: `Bearer ${token}`};
          const view = await (await fetch(`/v1/games/${id}`, {headers})).json();
          const type = await (await fetch(`/v1/game-types/${view.type}?language=en`)).json();
          const table = {view, type, seat: view.you ?? null, lang: 'en', t: (k) => k, name: (kind, i) => i,
                         act: () => Promise.resolve(), seatName: (s) => `Seat ${s}`};
          const root = document.createElement('section');
          document.body.append(root);
          const time = (draw) => {
            const start = performance.now();
            root.replaceChildren();
            draw();
            root.getBoundingClientRect();
            document.body.offsetHeight;
            return performance.now() - start;
          };
          const drawn = [], floor = [];
          for (let i = 0; i < 15; i++) {
            drawn.push(time(() => board.drawBoard(root, table)));
            floor.push(time(() => root.append(document.createElement('p'))));
          }
          root.remove();
          done({drawn, floor, actions: view.legal_actions.length});
        })();
        """,
        token,
    )


def median(values):
    return statistics.median(values) if values else float("nan")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder, running(Path(folder) / "data", Path(folder) / "serve.log") as server:
        base = server.base
        gid, token = late_game(base)
        driver = browser()
        try:
            url = f"{base}/play/{gid}?lang=en#seat={token}"
            driver.get(url)
            wait_for(driver, "return window.__drawn")
            time.sleep(1)  # the board's stylesheet, linked when it is first drawn
            sizes = loaded_bytes(driver, token)
            opened, painted, floors = [], [], []
            for _ in range(ROUNDS):
                floors.append(floor_load(driver, base))
                dom, frame = open_once(driver, f"{base}/play/{gid}?lang=en")
                opened.append(dom)
                painted.append(frame)
            alone = board_alone(driver, token)
            pairs = redraws(driver, base, gid, token)
            game = api(base, f"/v1/games/{gid}", token)
        finally:
            driver.quit()
    total_raw = sum(raw for _, raw, _ in sizes.values())
    total_zip = sum(z for _, _, z in sizes.values())
    print(
        f"game: 5 seats, turn {game['view']['turn']}, {len(game['view']['claims'])} routes claimed, "
        f"{alone['actions']} legal actions in the view"
    )
    print("| loaded | files | bytes | gzip -6 |\n|---|---|---|---|")
    for kind, (files, raw, zipped) in sorted(sizes.items()):
        print(f"| {kind} | {files} | {raw:,} | {zipped:,} |")
    print(f"| all | {sum(f for f, _, _ in sizes.values())} | {total_raw:,} | {total_zip:,} |")
    print("\n| measure | rounds | median ms | floor ms | ratio |\n|---|---|---|---|---|")
    floor = median(floors)
    print(f"| open to map in the DOM | {ROUNDS} | {median(opened):.0f} | {floor:.0f} | {median(opened) / floor:.1f} |")
    print(
        f"| open to the frame after | {ROUNDS} | {median(painted):.0f} | {floor:.0f} | {median(painted) / floor:.1f} |"
    )
    board, bare = median(alone["drawn"]), median(alone["floor"])
    print(f"| drawBoard + layout | 15 | {board:.1f} | {bare:.1f} | {board / bare:.0f} |")
    if pairs:
        dom, frame = median([p[0] for p in pairs]), median([p[1] for p in pairs])
        print(f"| event arrived to board drawn | {len(pairs)} | {dom:.1f} | | |")
        print(f"| event arrived to the frame after | {len(pairs)} | {frame:.1f} | | |")


if __name__ == "__main__":
    main()
