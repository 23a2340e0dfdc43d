#!/usr/bin/env python3
"""`cardstock preview` in headless Chromium (Selenium + chromedriver).

Checks, on a small game and on a shipped one: the page shows as many cards as the
manifest of a build has; a saved edit of a card's text in the game file changes that
card within 2 s without a reload (a JavaScript marker survives); a broken file shows its
positioned error over the stale cards; the console has no errors; a server on an open
address refuses a request without its token (403); traversal paths get 404.

usage: preview_test.py CARDSTOCK SOURCE_DIR WORK_DIR [SCREENSHOT_DIR]
Exit 77 (ctest: skipped) when Chromium, chromedriver or Selenium is missing.
"""
import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

SKIP = 77

GAME = """game: b
title: Browser test
designs:
  face:
    layers:
      - {type: rect, x: 0, y: 0, w: 100%, h: 100%, fill: "#fdf8e8", stroke: "#303030", stroke_width: 1pt}
      - {type: text, text: "{word}", x: 5mm, y: 5mm, w: 50mm, h: 20mm, size: 16pt}
decks:
  - id: d
    face: face
    stocks: [poker-3x3-letter]
    cards:
      - {id: alef, word: Alef}
      - {id: bet, word: Bet, count: 2}
      - {id: gimel, word: Gimel}
"""


def skip(why):
    print("SKIPPED: " + why + " (bash scripts/setup.sh --test installs chromium, chromium-driver and python3-selenium)")
    sys.exit(SKIP)


try:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
except ImportError:
    skip("python3-selenium is not installed")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
if not CHROMIUM:
    skip("chromium is not installed")
if not DRIVER:
    skip("chromedriver (chromium-driver) is not installed")

CARDSTOCK, SOURCE, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
SHOTS = sys.argv[4] if len(sys.argv) > 4 else os.environ.get("CARDSTOCK_SCREENSHOTS", "")
# Chromium's profile, and its scratch files and chromedriver's (they go to TMPDIR), in a
# short folder of the test's own under /tmp, removed at the end, failed or not: under a
# long build path (<checkout>/build-something-long/tests/tmp/...) the sockets Chromium
# makes there pass the 107 bytes a Unix socket's path may have, and it does not start.
# Not in the suite's temp folder either, which must stay empty.
BROWSER_DIR = tempfile.mkdtemp(prefix="cs-", dir="/tmp")
os.environ["TMPDIR"] = BROWSER_DIR
TEMPLATES = ["--shipped-templates", os.path.join(SOURCE, "templates")]
servers = []


def wait_for(what, done, seconds=30.0):
    """Polls done() every 50 ms (never a fixed sleep as the check); its last value."""
    end = time.monotonic() + seconds
    while True:
        value = done()
        if value or time.monotonic() > end:
            if not value:
                raise AssertionError("timed out waiting for " + what)
            return value
        time.sleep(0.05)


def start(cwd, *args):
    out = open(os.path.join(cwd, "preview.out"), "w+")
    err = open(os.path.join(cwd, "preview.err"), "w+")
    p = subprocess.Popen([CARDSTOCK, *TEMPLATES, "preview", "--port", "0", "--no-open", *args], cwd=cwd,
                         stdout=out, stderr=err, stdin=subprocess.DEVNULL)
    servers.append(p)

    def first_line():
        with open(out.name) as f:
            text = f.read()
        return text.split("\n")[0] if "\n" in text else None
    line = wait_for("the first line", first_line)
    m = re.fullmatch(r"Preview at (http://127\.0\.0\.1:\d+/(\?token=[0-9a-f]{32})?)", line)
    assert m, "first line: " + line
    return p, m.group(1)


def stop(p, d=None):
    if d is not None:
        d.get("about:blank")  # leave the page first: a server gone under an open page is an error there
        d.get_log("browser")
    if p.poll() is None:
        p.send_signal(signal.SIGTERM)
        try:
            assert p.wait(30) == 0, "exit status %s" % p.returncode
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
            raise


def raw_get(url, path):
    """Sends `path` exactly as written; the status."""
    host, port = re.match(r"http://([^:/]+):(\d+)", url).groups()
    c = http.client.HTTPConnection(host, int(port), timeout=30)
    c.putrequest("GET", path, skip_host=False, skip_accept_encoding=True)
    c.endheaders()
    r = c.getresponse()
    body = r.read()
    c.close()
    return r.status, body


def manifest_cards(cwd, game):
    subprocess.run([CARDSTOCK, *TEMPLATES, "build", game, "-o", "out", "-j", "1", "-q"], cwd=cwd, check=True)
    gid = os.path.splitext(os.path.basename(game))[0]
    with open(os.path.join(cwd, "out", gid, "manifest.json")) as f:
        m = json.load(f)
    ids = set()
    for o in m["outputs"]:
        if o["kind"] in ("cards", "labels", "foldover"):
            for page in o["pages"]:
                ids.update((o["deck"], pl["id"]) for pl in page["placements"] if pl["side"] == "front")
    return len(ids)


def browser():
    o = Options()
    o.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900",
              "--no-first-run", "--disable-extensions"):
        o.add_argument(a)
    o.add_argument("--user-data-dir=" + os.path.join(BROWSER_DIR, "profile"))
    o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(DRIVER), options=o)


def remove_browser_dir():
    """Removes BROWSER_DIR; Chromium's last children may still be writing into it."""
    end = time.monotonic() + 30
    while os.path.exists(BROWSER_DIR):
        shutil.rmtree(BROWSER_DIR, ignore_errors=True)
        if os.path.exists(BROWSER_DIR) and time.monotonic() > end:
            raise AssertionError("cannot remove the browser's folder " + BROWSER_DIR)
        time.sleep(0.05)


def loaded_cards(d):
    return d.execute_script(
        "return [...document.querySelectorAll('button.card')].filter(b => { const i = b.querySelector('img.front');"
        " return i.complete && i.naturalWidth > 0; }).length")


def save(path, text):
    """As an editor saves: a new file renamed over the old one."""
    with open(path + ".new", "w") as f:
        f.write(text)
    os.replace(path + ".new", path)


def shot(d, name):
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        d.save_screenshot(os.path.join(SHOTS, name))


def severe(d):
    return [e for e in d.get_log("browser") if e.get("level") == "SEVERE"]


def check_small_game(d):
    cwd = os.path.join(WORK, "small")
    shutil.rmtree(cwd, ignore_errors=True)
    os.makedirs(cwd)
    game = os.path.join(cwd, "b.yaml")
    with open(game, "w") as f:
        f.write(GAME)
    expected = manifest_cards(cwd, "b.yaml")
    p, url = start(cwd, "b.yaml")
    d.get(url)
    wait_for("%d cards loaded" % expected, lambda: loaded_cards(d) == expected)
    assert len(d.find_elements("css selector", "button.card")) == expected
    d.execute_script("window.cardstockMarker = 'not reloaded';")
    bet = "button.card[data-card-id='bet'] img.front"
    key = d.find_element("css selector", bet).get_attribute("data-key")
    saved = time.monotonic()
    save(game, GAME.replace("word: Bet,", "word: Beth,"))

    def redrawn():
        return d.execute_script(
            "const i = document.querySelector(arguments[0]);"
            "return i.dataset.key !== arguments[1] && i.complete && i.naturalWidth > 0;", bet, key)
    wait_for("the card 'bet' redrawn", redrawn, 30)
    took = time.monotonic() - saved
    assert took < 2.0, "the edited card changed after %.2f s (at most 2 s)" % took
    assert d.execute_script("return window.cardstockMarker;") == "not reloaded", "the page was reloaded"
    print("edit to picture on the page: %.0f ms" % (took * 1000))
    # A broken save: the positioned error, the last cards kept and marked stale.
    save(game, GAME.replace("word: Gimel}", "word: Gimel"))
    item = wait_for("the error on the page", lambda: d.execute_script(
        "const li = document.querySelector('#problem-list li.sev-error'); return li && li.textContent;"))
    assert re.match(r"b\.yaml:\d+:\d+: error: ", item), item
    assert d.execute_script("return document.querySelector('section.game').classList.contains('stale');")
    assert len(d.find_elements("css selector", "button.card")) == expected
    assert d.execute_script("return window.cardstockMarker;") == "not reloaded"
    shot(d, "preview-error.png")
    # Mended: the error goes.
    save(game, GAME)
    wait_for("the error gone", lambda: d.execute_script("return document.getElementById('problems').hidden;"))
    # The larger view opens from the keyboard.
    d.execute_script("document.querySelector(\"button.card[data-card-id='alef']\").focus();")
    from selenium.webdriver.common.keys import Keys
    d.switch_to.active_element.send_keys(Keys.ENTER)
    wait_for("the card's larger view", lambda: d.execute_script("return document.getElementById('card-view').open;"))
    alt = d.find_element("css selector", "#card-view-pictures img").get_attribute("alt")
    assert alt.startswith("Card alef of deck"), alt
    for path in ("/../etc/passwd", "/%2e%2e%2fetc%2fpasswd", "/pic%2F..%2Fb.yaml", "/b.yaml", "//etc/passwd"):
        status, body = raw_get(url, path)
        assert status == 404 and b"root:" not in body, "%s: %d" % (path, status)
    logs = severe(d)
    assert not logs, "console errors: %s" % logs
    stop(p, d)


def check_shipped_game(d):
    cwd = os.path.join(WORK, "shipped")
    shutil.rmtree(cwd, ignore_errors=True)
    shutil.copytree(os.path.join(SOURCE, "content"), os.path.join(cwd, "content"))
    expected = manifest_cards(cwd, "content/echad.yaml")
    p, url = start(cwd, "content/echad.yaml")
    d.get(url)
    wait_for("%d cards" % expected, lambda: len(d.find_elements("css selector", "button.card")) == expected)
    wait_for("the first screen of cards drawn", lambda: d.execute_script(
        "const imgs = [...document.querySelectorAll('button.card img')]"
        ".filter(i => i.getBoundingClientRect().top < window.innerHeight);"
        "return imgs.length > 0 && imgs.every(i => i.complete && i.naturalWidth > 0);"))
    shot(d, "preview-echad.png")
    d.set_window_size(390, 844)  # a phone
    assert d.execute_script("return document.documentElement.scrollWidth <= window.innerWidth + 1;"), \
        "the page is wider than a phone's screen"
    shot(d, "preview-phone.png")
    logs = severe(d)
    assert not logs, "console errors: %s" % logs
    stop(p, d)


def check_token(d):
    cwd = os.path.join(WORK, "token")
    shutil.rmtree(cwd, ignore_errors=True)
    os.makedirs(cwd)
    with open(os.path.join(cwd, "b.yaml"), "w") as f:
        f.write(GAME)
    p, url = start(cwd, "--host", "0.0.0.0", "b.yaml")
    bare = url.split("?")[0]
    status, _ = raw_get(bare, "/")
    assert status == 403, status
    status, _ = raw_get(bare, "/state.json")
    assert status == 403, status
    d.get(url)
    wait_for("cards behind the token", lambda: loaded_cards(d) == 3)
    stop(p, d)


def main():
    d = None
    try:
        os.makedirs(WORK, exist_ok=True)
        d = browser()
        check_small_game(d)
        check_token(d)
        check_shipped_game(d)
    finally:
        if d is not None:
            d.quit()
        for p in servers:
            if p.poll() is None:
                p.kill()
                p.wait()
        remove_browser_dir()
    print("ok")


if __name__ == "__main__":
    main()
