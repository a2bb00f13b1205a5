#!/usr/bin/env python3
"""arbiter serve in headless Chromium, on a database a running match writes.

Checks that the runs page and a run page show what `arbiter report runs|run --format json` says,
that the game count rises while the match plays without the page being reloaded, and that a hostile
engine name (a script tag, quotes, a newline) is shown as text and runs nothing. With --screenshots
DIR it also saves the pages it saw (the README's picture comes from here).

usage: browser_test.py ARBITER TEMPO BOOK WORKDIR [--screenshots DIR]
Exit 0 pass, 1 fail, 77 skipped (no Chromium, chromium-driver or python3-selenium).
"""
import json
import os
import shutil
import subprocess
import sys
import time

SKIP = 77
# arbiter match refuses a control character in a name; the newline reaches the database another way
# (below), as a name from an engine's `id name` or an imported file might.
HOSTILE = "<script>alert(1)</script> \"q\" 'x'"
HOSTILE_WITH_NEWLINE = "<img src=x onerror=alert(2)>\n\"line two\""
LIVE_DEADLINE = 2.0  # seconds from a stored game to the page showing it (issue #42)


def skip(why):
    print("SKIPPED: " + why)
    sys.exit(SKIP)


def fail(why):
    print("FAIL: " + why)
    sys.exit(1)


def find_browser():
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver") or (os.path.exists("/usr/bin/chromedriver") and "/usr/bin/chromedriver")
    if not chromium:
        skip("no chromium (apt-get install chromium)")
    if not driver:
        skip("no chromedriver (apt-get install chromium-driver)")
    try:
        from selenium import webdriver  # noqa: F401
    except ImportError:
        # Debian's python3-selenium lives in Debian's Python; another python3 first on PATH lacks it.
        if os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3") and os.path.exists("/usr/bin/python3"):
            os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
        skip("no selenium (apt-get install python3-selenium)")
    return chromium, driver


def start_browser(chromium, driver_path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000"):
        options.add_argument(flag)
    try:
        return webdriver.Chrome(service=Service(driver_path), options=options)
    except Exception as error:  # a container without the means to start Chromium
        skip("Chromium did not start: %s" % str(error).splitlines()[0])


def start_match(arbiter, tempo, book, db, rounds):
    log = open(db + ".match.log", "w")
    return subprocess.Popen(
        [arbiter, "match", "-engine", "cmd=" + tempo, "name=" + HOSTILE, "-engine", "cmd=" + tempo, "name=base",
         "-each", "proto=uci", "nodes=3000", "-games", "2", "-rounds", str(rounds), "-repeat", "-maxmoves", "40",
         "-openings", "file=" + book, "format=epd", "-concurrency", "1", "--db", db],
        stdout=log, stderr=subprocess.STDOUT)


def start_server(arbiter, db):
    server = subprocess.Popen([arbiter, "serve", "--db", db, "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    if not line.startswith("arbiter serve: http://"):
        server.kill()
        fail("arbiter serve did not start: %r %r" % (line, server.stderr.read()))
    return server, line.split()[2]


def report_json(arbiter, db, *words):
    out = subprocess.run([arbiter, "report", *words, "--db", db, "--format", "json"], capture_output=True, text=True,
                         check=True).stdout
    return json.loads(out)


def wait_for(what, condition, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    fail("timed out waiting for " + what)


# Read in one script call each: the live script may swap the content between two WebDriver calls.
TABLE_ROWS_JS = """
var table = document.querySelectorAll('#content table')[arguments[0]];
if (!table) return [];
var heads = Array.from(table.querySelectorAll('thead th')).map(function (th) { return th.textContent; });
return Array.from(table.querySelectorAll('tbody tr')).map(function (row) {
  var cells = {};
  row.querySelectorAll('td').forEach(function (td, i) { cells[heads[i]] = td.textContent; });
  return cells;
});
"""

PAGE_GAMES_JS = """
var notes = document.querySelectorAll('#content p.note');
for (var i = 0; i < notes.length; ++i)
  if (notes[i].textContent.indexOf('Progress: ') === 0) return parseInt(notes[i].textContent.split(' ')[1], 10);
return -1;
"""


def table_rows(browser, index=0):
    """The index-th table of the content as a list of {column: textContent} (a newline stays one)."""
    return browser.execute_script(TABLE_ROWS_JS, index)


def stored_games(db_path):
    import sqlite3
    connection = sqlite3.connect("file:%s?mode=ro" % db_path, uri=True)
    try:
        return connection.execute("SELECT count(*) FROM games").fetchone()[0]
    finally:
        connection.close()


def check_live_count(browser, db):
    """The run page's game count follows the database, each new game within LIVE_DEADLINE (plus a
    second of slack for a loaded machine), and the page is never reloaded."""
    browser.execute_script("window.arbiterMarker = 'not reloaded';")
    seen, lags = [], []
    for _ in range(3):
        stored = stored_games(db)
        wait_for("game %d to be stored" % (stored + 1), lambda: stored_games(db) > stored, 60)
        stored_at, target = time.monotonic(), stored_games(db)
        wait_for("the page to show game %d" % target, lambda: page_games(browser) >= target, 10)
        lags.append(time.monotonic() - stored_at)
        seen.append(page_games(browser))
    if browser.execute_script("return window.arbiterMarker;") != "not reloaded":
        fail("the page was reloaded")
    if not (seen[0] < seen[1] < seen[2]):
        fail("the game count did not rise: %s" % seen)
    if max(lags) > LIVE_DEADLINE + 1.0:
        fail("a stored game took %.2f s to reach the page" % max(lags))
    print("live: the page showed %s games as the match stored them, %.2f s after each at most" % (seen, max(lags)))


def page_games(browser):
    return browser.execute_script(PAGE_GAMES_JS)


def store_newline_name(db):
    """Renames the white player of the last game, as a test fixture writing the file directly."""
    import sqlite3
    connection = sqlite3.connect(db, timeout=10)
    with connection:
        connection.execute("UPDATE games SET white = ? WHERE id = (SELECT max(id) FROM games)", (HOSTILE_WITH_NEWLINE,))
    connection.close()


def check_hostile_name(browser, names):
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By
    try:
        browser.switch_to.alert
        fail("the engine name ran as a script")
    except NoAlertPresentException:
        pass
    scripts = browser.find_elements(By.TAG_NAME, "script")
    if len(scripts) != 1 or not scripts[0].get_attribute("src").endswith("/live.js"):
        fail("a script element came from the data: %d scripts" % len(scripts))
    if browser.find_elements(By.CSS_SELECTOR, "#content img"):
        fail("an img element came from the data")
    text = browser.execute_script("return document.getElementById('content').textContent;")
    for name in names:
        if name not in text:
            fail("the name %r is not shown as text" % name)


def compare_with_report(browser, arbiter, db, url):
    """Once the match has ended, the pages show the report's numbers, cell for cell."""
    browser.get(url + "runs")
    runs = report_json(arbiter, db, "runs")["sections"][0]["tables"][0]["rows"]
    wait_for("the runs page to match the report", lambda: table_rows(browser) == runs, 10)
    browser.get(url + "run/1")
    run = report_json(arbiter, db, "run", "--run", "1")
    expected = run["sections"][0]["tables"][0]["rows"]
    try:
        wait_for("the run page to match the report", lambda: table_rows(browser) == expected, 10)
    except SystemExit:
        print("page:   %s\nreport: %s" % (table_rows(browser), expected))
        raise
    print("runs page and run page agree with arbiter report (%d runs, %s)" % (len(runs), expected[0].get("Games")))


def main():
    if len(sys.argv) < 5:
        print(__doc__)
        return 2
    arbiter, tempo, book, workdir = sys.argv[1:5]
    shots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
    chromium, driver_path = find_browser()
    os.makedirs(workdir, exist_ok=True)
    db = os.path.join(workdir, "live.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    match = start_match(arbiter, tempo, book, db, 12)
    wait_for("the match's first game", lambda: os.path.exists(db) and stored_games(db) > 0, 120)
    server, url = start_server(arbiter, db)
    browser = start_browser(chromium, driver_path)
    try:
        browser.get(url)
        wait_for("the run on the runs page", lambda: len(table_rows(browser)) == 1, 10)
        browser.get(url + "run/1")
        check_hostile_name(browser, [HOSTILE])
        check_live_count(browser, db)
        if shots:
            os.makedirs(shots, exist_ok=True)
            browser.save_screenshot(os.path.join(shots, "run.png"))
        if match.wait(timeout=600) != 0:
            fail("the match failed: see " + db + ".match.log")
        store_newline_name(db)
        compare_with_report(browser, arbiter, db, url)
        check_hostile_name(browser, [HOSTILE, HOSTILE_WITH_NEWLINE])
        if shots:
            browser.get(url)
            browser.save_screenshot(os.path.join(shots, "runs.png"))
    finally:
        browser.quit()
        server.terminate()
        if server.wait(timeout=10) != 0:
            fail("arbiter serve did not stop cleanly on SIGTERM")
        if match.poll() is None:
            match.kill()
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
