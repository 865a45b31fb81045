"""The contract browser in a real browser: /docs renders OpenAPI 3.1 and lists every operation, from this host only."""

import json

import pytest
import yaml
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tests.browser.conftest import ROOT, artifacts

pytestmark = pytest.mark.browser
METHODS = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}


def contract_operations() -> set[tuple[str, str]]:
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    return {(method, path) for path, item in spec["paths"].items() for method in item if method in METHODS}


def shown_operations(browser) -> set[tuple[str, str]]:
    script = """return [...document.querySelectorAll('.opblock')].map(block => [
        block.querySelector('.opblock-summary-method').textContent.trim().toLowerCase(),
        block.querySelector('.opblock-summary-path').getAttribute('data-path')])"""
    return {tuple(pair) for pair in browser.execute_script(script)}


def test_docs_list_every_operation_of_the_contract_offline(browser, live_server):
    browser.get_log("browser")
    browser.get_log("performance")
    browser.get(f"{live_server.url}/docs")
    wanted = contract_operations()
    assert len(wanted) > 15
    WebDriverWait(browser, 60, poll_frequency=0.2).until(lambda _: len(shown_operations(browser)) >= len(wanted))
    browser.save_screenshot(str(artifacts() / "docs.png"))
    assert shown_operations(browser) == wanted
    page = browser.find_element(By.ID, "ui").text
    assert "Unable to render" not in page and "OAS 3.1" in page
    schemas = browser.find_element(By.CSS_SELECTOR, "section.models").text
    assert "Schemas" in schemas and "Problem" in schemas and "PaginationMetadata" in schemas, schemas[:2000]
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == [], errors  # a refused script, style or image under the page's policy would show here
    requested = set()
    for entry in browser.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            if not url.startswith("chrome://"):  # the browser's own pages (its new tab), not the network
                requested.add(url)
    assert requested and all(url.startswith((live_server.url + "/", "data:")) for url in requested), requested
