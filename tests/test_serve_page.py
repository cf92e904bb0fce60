"""The web page of ``mjpy serve`` in a real browser: headless Chromium (Debian's ``chromium`` and
``chromium-driver``, which ``.ci/run`` installs) driven by Selenium against ``mjpy serve`` on a free loopback
port. Skipped, with the reason, only where no Chromium is installed.

``MJPY_PAGE_SCREENSHOT=docs/serve-page.png pytest tests/test_serve_page.py`` also writes the screenshot of
docs/serve.md.
"""
from __future__ import annotations

import os
import shutil

import pytest

pytest.importorskip("starlette", reason="mjpy serve needs the serve extra (pip install '.[serve]')")

import mjpy  # noqa: E402
from mjpy import rules as R  # noqa: E402

from serve_helpers import Server  # noqa: E402

CHROMIUM = next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)
DRIVER = shutil.which("chromedriver")
if CHROMIUM is None or DRIVER is None:
    if os.environ.get("MJPY_REQUIRE_BROWSER"):          # .ci/run installs Chromium: there, a skip would hide a gap
        raise RuntimeError("MJPY_REQUIRE_BROWSER is set but chromium / chromedriver are not installed")
    pytestmark = pytest.mark.skip(reason="no Chromium installed (Debian: apt-get install chromium chromium-driver)")


@pytest.fixture(scope="module")
def page():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1280,980", "--lang=en-US"):
        opts.add_argument(arg)
    with Server(1) as srv:
        driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
        try:
            driver.get(srv.url + "/")
            _wait(driver, lambda d: d.find_element("tag name", "body").get_attribute("data-ready") == "1")
            yield driver, srv
        finally:
            driver.quit()


def _wait(driver, cond, timeout=15):
    """Wait until the page has answered the last input (``body[data-busy=0]``) and ``cond`` holds."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    def settled(d):
        return d.find_element("tag name", "body").get_attribute("data-busy") == "0" and cond(d)

    return WebDriverWait(driver, timeout, poll_frequency=0.05,
                         ignored_exceptions=(StaleElementReferenceException,)).until(settled)


def _type(driver, text):
    box = driver.find_element("id", "hand")
    box.clear()
    box.send_keys(text)


def _text(driver, element_id):
    return driver.find_element("id", element_id).text.strip()


def _tiles(driver, element_id):
    return [e.get_attribute("data-tile") for e in driver.find_elements("css selector", f"#{element_id} .tile")]


def _choose(driver, name):
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element("id", "rules")).select_by_value(name)


def test_typed_hand_shows_shanten_and_waits(page):
    driver, _ = page
    _type(driver, "2233445566778p")
    _wait(driver, lambda d: _tiles(d, "waits") == ["2p", "5p", "8p"])
    assert _text(driver, "shanten") == "0"
    captions = [e.text for e in driver.find_elements("css selector", "#waits .tile .cap")]
    assert captions == ["2p ×2", "5p ×2", "8p ×3"]          # copies left: 4 less those in the hand
    assert _text(driver, "error") == ""


def test_discard_table_of_a_14_tile_hand(page):
    driver, _ = page
    hand = "123m456p789s11234z"
    _type(driver, hand)
    _wait(driver, lambda d: len(d.find_elements("css selector", "#discards tbody tr")) > 0
          and _text(d, "shanten") == str(mjpy.shanten(hand)))
    rows = driver.find_elements("css selector", "#discards tbody tr")
    h = mjpy.parse(hand)
    assert sorted(r.get_attribute("data-discard") for r in rows) == sorted(
        mjpy.tile_name(int(t)) for t in h.nonzero()[0])
    for r in rows:
        t = r.get_attribute("data-discard")
        after = h.copy()
        after[mjpy.tile_index(t)] -= 1
        cells = r.find_elements("tag name", "td")
        assert int(cells[1].text) == mjpy.shanten(after)
        assert int(cells[3].text) == sum(u.left for u in mjpy.useful_tiles(after))


def test_clicking_tiles_builds_the_hand(page):
    driver, _ = page
    _type(driver, "")
    for t in ["1m", "1m", "2m", "3m"]:
        driver.find_element("css selector", f"#palette button[data-tile='{t}']").click()
    _wait(driver, lambda d: d.find_element("id", "hand").get_attribute("value") == "1123m")
    driver.find_element("id", "back").click()
    _wait(driver, lambda d: d.find_element("id", "hand").get_attribute("value") == "112m")


def test_rule_set_scores_complete_hands_and_waits(page):
    driver, srv = page
    _choose(driver, "sichuan_fan")
    hand = "11222244p557799m"
    _type(driver, hand)
    want = R.get("sichuan_fan").score(hand, win_tile="9m").total
    _wait(driver, lambda d: d.find_elements("id", "total") and _text(d, "total") == str(want))
    assert "龙七对" in _text(driver, "score")
    # switch to Guobiao: the same page scores under the other table
    _choose(driver, "guobiao")
    hand = "123m456p789s11122z"
    _type(driver, hand)
    want = R.get("guobiao").score(hand, win_tile="2z")
    _wait(driver, lambda d: d.find_elements("id", "total") and _text(d, "total") == str(want.total))
    assert all(name in _text(driver, "score") for name, _ in want.fans)
    # a waiting hand: each wait with its score
    _choose(driver, "sichuan_fan")
    driver.find_element("id", "flag-dingque").send_keys("s")
    _type(driver, "1122244p557799m")
    waits = R.get("sichuan_fan").waits("1122244p557799m", dingque="s")
    _wait(driver, lambda d: sorted(r.get_attribute("data-wait") for r in d.find_elements(
        "css selector", "#score tr[data-wait]")) == sorted(waits))
    best = max(waits.items(), key=lambda kv: kv[1].total)
    assert _text(driver, "best").endswith(str(best[1].total))


def test_invalid_hand_shows_the_error(page):
    driver, _ = page
    _choose(driver, "")
    _type(driver, "123x")
    _wait(driver, lambda d: "unknown character 'x' at position 3" in _text(d, "error"))
    assert _text(driver, "shanten") == "–"
    _type(driver, "11111m2345678p")
    _wait(driver, lambda d: "1m appears 5 times" in _text(d, "error"))


def test_share_link_restores_the_page(page):
    driver, srv = page
    _choose(driver, "sichuan_fan")
    _type(driver, "11222244p557799m")
    _wait(driver, lambda d: d.find_elements("id", "total") and _text(d, "total") != "")
    total = _text(driver, "total")
    link = driver.find_element("id", "share").get_attribute("href")
    assert "hand=11222244p557799m" in link and "rules=sichuan_fan" in link
    driver.get("about:blank")
    driver.get(link)
    _wait(driver, lambda d: d.find_element("tag name", "body").get_attribute("data-ready") == "1")
    _wait(driver, lambda d: d.find_elements("id", "total") and _text(d, "total") == total)
    assert driver.find_element("id", "hand").get_attribute("value") == "11222244p557799m"
    out = os.environ.get("MJPY_PAGE_SCREENSHOT")
    if out:
        _choose(driver, "")
        _type(driver, "123m456p789s11234z")
        _wait(driver, lambda d: len(d.find_elements("css selector", "#discards tbody tr")) > 0)
        driver.save_screenshot(out)
