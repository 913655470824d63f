#!/usr/bin/env python3
"""The book's terminals in a real browser: every part page and the field of
view page, opened from disk (file://) in headless Chromium, driven through
ChromeDriver (WebDriver) as a reader's keyboard drives them.

Each walk's session, as the page's trace() gives it, must be the screens of
`rogue-trace replay` for the same part, seed, size, field of view and keys,
cell for cell and colour class for colour class (`rogue-trace diff`). Bad
addresses and keys the program does not read get a message in the page.

    python3 tests/browser.py           # the tests (make test)
    python3 tests/browser.py --bench   # sizes and speeds (make bench)

Needs the built book (`make book`), Chromium and ChromeDriver (`make
test-deps`): a missing one fails the tests, it does not skip them.
"""

import gzip
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOOK = os.path.join(ROOT, "target", "book")
ROGUE_TRACE = os.path.join(ROOT, "target", "debug", "rogue-trace")
# How long a page may take to do what it is asked before the test fails.
PATIENCE = 60.0


def fail(message):
    print("browser test: " + message, file=sys.stderr)
    sys.exit(1)


class Browser:
    """A headless Chromium session through ChromeDriver."""

    def __init__(self):
        driver = shutil.which("chromedriver")
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if not driver or not chromium:
            fail("Chromium and ChromeDriver are needed: `make test-deps` "
                 "installs them (Debian: chromium chromium-driver)")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        self.base = "http://127.0.0.1:%d" % port
        self.driver = subprocess.Popen(
            [driver, "--port=%d" % port],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.profile = tempfile.mkdtemp(prefix="rogue-browser-")
        deadline = time.monotonic() + PATIENCE
        while True:
            try:
                self.call("GET", "/status")
                break
            except OSError:
                if time.monotonic() > deadline:
                    self.close()
                    fail("ChromeDriver did not start")
                time.sleep(0.05)
        options = {"binary": chromium, "args": [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--window-size=1400,1000",
            "--user-data-dir=" + self.profile]}
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome", "goog:chromeOptions": options}}}
        self.session = self.call("POST", "/session", caps)["sessionId"]

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(
            self.base + path, data=data, method=method,
            headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=PATIENCE) as answer:
            return json.loads(answer.read().decode())["value"]

    def s(self, method, path, body=None):
        return self.call(method, "/session/%s%s" % (self.session, path), body)

    def open(self, page, query="", served=None):
        url = ("file://" + os.path.join(BOOK, page) if served is None
               else served + "/" + page) + query
        self.s("POST", "/url", {"url": url})

    def run(self, script, *args):
        return self.s("POST", "/execute/sync",
                      {"script": script, "args": list(args)})

    def element(self, css):
        found = self.s("POST", "/element", {"using": "css selector",
                                            "value": css})
        return list(found.values())[0]

    def click(self, css):
        self.s("POST", "/element/%s/click" % self.element(css), {})

    def type(self, css, keys):
        self.s("POST", "/element/%s/value" % self.element(css),
               {"text": keys})

    def wait(self, script, what, *args):
        """Polls `script` until it returns something true, and returns it."""
        deadline = time.monotonic() + PATIENCE
        while True:
            value = self.run(script, *args)
            if value:
                return value
            if time.monotonic() > deadline:
                fail("the page never " + what)
            time.sleep(0.02)

    def close(self):
        try:
            if getattr(self, "session", None):
                self.call("DELETE", "/session/" + self.session)
        finally:
            self.driver.terminate()
            self.driver.wait()
            shutil.rmtree(self.profile, ignore_errors=True)


TERMINAL = "[data-rogue-play]"
# The number of steps of the terminal's trace so far, as a JS expression.
COUNT = ("(function (s) { var t = document.querySelector(s).trace();"
         " return (t.match(/^== step /gm) || []).length; })(arguments[0])")
STEPS = "return " + COUNT + ";"
STATUS = "return document.querySelector(arguments[0] + ' .rp-status')" \
         ".textContent;"
PROBLEMS = "return document.querySelector(arguments[0] + ' .rp-problems')" \
           ".textContent;"
# WebDriver's codes for keys that are not characters.
WEBDRIVER_KEYS = {"\t": "\ue004", "\n": "\ue007", "\x1b": "\ue00c"}


def ready(browser):
    """Waits until the program runs and waits for a key."""
    browser.wait("return document.querySelector(arguments[0]) && "
                 "/Click the terminal|has ended/.test(document.querySelector("
                 "arguments[0] + ' .rp-status').textContent);",
                 "started its program", TERMINAL)


def expected_steps(keys, part):
    """How many steps a walk records: one before any key, one after each,
    none after the quit key."""
    if part == 0:
        return 0
    quit_at = next((i for i, k in enumerate(keys) if k in "q\0"), None)
    return 1 + (len(keys) if quit_at is None else quit_at)


def walk(browser, page, part, keys, query="", replay_args=(), served=None):
    """Types `keys` into the terminal of `page` and diffs its trace with the
    replay of the same walk."""
    browser.open(page, query, served)
    ready(browser)
    browser.click(TERMINAL + " .rp-screen")
    typed = "".join(WEBDRIVER_KEYS.get(k, k) for k in keys)
    if typed:
        browser.type(TERMINAL + " .rp-screen", typed)
    want = expected_steps(keys, part)
    browser.wait("return " + COUNT + " === arguments[1];",
                 "recorded every key", TERMINAL, want)
    if any(k in "q\0" for k in keys) or part == 0:
        browser.wait("return /has ended/.test(document.querySelector("
                     "arguments[0] + ' .rp-status').textContent);",
                     "said the program ended", TERMINAL)
    trace = browser.run("return document.querySelector(arguments[0])"
                        ".trace();", TERMINAL)
    header = dict(line[2:].split(": ", 1) for line in trace.splitlines()
                  if line.startswith("# ") and ": " in line)
    with tempfile.TemporaryDirectory() as scratch:
        ours = os.path.join(scratch, "page.trace")
        theirs = os.path.join(scratch, "replay.trace")
        with open(ours, "w") as f:
            f.write(trace)
        command = [ROGUE_TRACE, "replay", "--part", header["part"],
                   "--seed", header.get("seed", "0"), "--rng", "glibc",
                   "--size", header["size"], "--keys", keys_arg(keys),
                   "--out", theirs] + list(replay_args)
        subprocess.run(command, check=True)
        if want == 0:
            steps = trace.count("\n== step ")
            if steps != 0:
                fail("%s: %d steps where the replay has none" % (page, steps))
            return header
        out = subprocess.run([ROGUE_TRACE, "diff", ours, theirs],
                             capture_output=True, text=True)
        if out.returncode != 0:
            fail("%s%s with %r: the page differs from the replay:\n%s"
                 % (page, query, keys, out.stdout + out.stderr))
    return header


def keys_arg(keys):
    """Keys as --keys takes them (the escapes of a trace's header)."""
    out = ""
    for k in keys:
        if k == "\\":
            out += "\\\\"
        elif k == "\t":
            out += "\\t"
        elif k == "\n":
            out += "\\n"
        elif " " <= k <= "~":
            out += k
        else:
            out += "\\x%02x" % ord(k)
    return out


def tests(browser):
    walks = [
        ("part-00.html", 0, "", ""),
        ("part-01.html", 1, "kkkkhhhhjjjllxq", ""),
        ("part-02.html", 2, "jjjlllllkkkhhhhhhhhhhhh. j", ""),
        ("part-03.html", 3, "jjjlllkkkhhhllll\tx", "?seed=42"),
        ("part-04.html", 4, "jjjlllllllllllkkkhhhq", "?seed=1000"),
        ("part-04.html", 4, "lllljjjjhhkk", "?seed=7&size=60x18"),
    ]
    for page, part, keys, query in walks:
        walk(browser, page, part, keys, query)
        print("browser: %s%s, %d keys: the replay's screens" %
              (page, query, len(keys)))
    for mode in ["tutorial", "symmetric", "restrictive", "rays", "fog",
                 "lines", "radius"]:
        walk(browser, "fov.html", 4, "jlllllllll\tkkh",
             "?seed=42&fov=" + mode, replay_args=["--fov", mode])
    print("browser: fov.html, every field of view: the replay's screens")
    # The selector starts the game again with another field of view.
    browser.open("fov.html", "?seed=42")
    ready(browser)
    browser.run("var s = document.querySelector(arguments[0] + ' select');"
                "s.value = 'rays'; s.dispatchEvent(new Event('change'));",
                TERMINAL)
    ready(browser)
    header_fov = browser.wait(
        "var t = document.querySelector(arguments[0]).trace();"
        "return /# fov: rays/.test(t) && t;", "switched to rays", TERMINAL)
    if "# seed: 42" not in header_fov:
        fail("the selector lost the seed")
    print("browser: fov.html, the selector plays the same dungeon in "
          "another field of view")
    # Served by `mdbook serve` as well as from disk.
    mdbook = shutil.which("mdbook")
    if not mdbook:
        fail("mdbook is needed: `make mdbook` installs it")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    served = tempfile.mkdtemp(prefix="rogue-served-")
    server = subprocess.Popen(
        [mdbook, "serve", os.path.join(ROOT, "docs"), "--hostname",
         "127.0.0.1", "--port", str(port), "--dest-dir", served],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = "http://127.0.0.1:%d" % port
        deadline = time.monotonic() + PATIENCE
        while True:
            try:
                urllib.request.urlopen(url + "/part-04.html", timeout=5)
                break
            except OSError:
                if time.monotonic() > deadline:
                    fail("mdbook serve did not serve the book")
                time.sleep(0.1)
        walk(browser, "part-04.html", 4, "jjjlll", "?seed=42", served=url)
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(served, ignore_errors=True)
    print("browser: part-04.html served by mdbook serve: the replay's screens")
    # No cursor after curs_set(0); the buttons type; keys taken do not
    # scroll the page.
    browser.open("part-02.html")
    ready(browser)
    if browser.run("return document.querySelectorAll("
                   "arguments[0] + ' .rg-cursor').length;", TERMINAL):
        fail("part-02.html shows a cursor after curs_set(0)")
    browser.run("window.scrollTo(0, 0);")
    browser.click(TERMINAL + " .rp-screen")
    top = browser.run("return window.scrollY;")
    browser.type(TERMINAL + " .rp-screen", "   ")  # space scrolls a page
    browser.click(TERMINAL + " .rp-bar button:nth-of-type(2)")  # j
    browser.wait("return " + COUNT + " === 5;", "took the j button",
                 TERMINAL)
    if browser.run("return window.scrollY;") != top:
        fail("keys typed into the terminal scrolled the page")
    trace = browser.run("return document.querySelector(arguments[0])"
                        ".trace();", TERMINAL)
    if "# keys:    j" not in trace:
        fail("the keys typed and the j button are not the trace's keys")
    print("browser: no cursor; the buttons type; keys do not scroll the page")
    # Bad addresses: a message, and the terminal plays all the same.
    for query, said in [("?size=abc", "?size=abc is not COLSxROWS"),
                        ("?size=5000x2", "?size=5000x2 is not COLSxROWS"),
                        ("?seed=-4", "?seed=-4 is not a number"),
                        ("?seed=99999999999", "is not a number")]:
        browser.open("part-04.html", query)
        ready(browser)
        problems = browser.run(PROBLEMS, TERMINAL)
        if said not in problems:
            fail("part-04.html%s: no message (%r)" % (query, problems))
    header = walk(browser, "part-04.html", 4, "jjl", "?size=abc&seed=x")
    if header["size"] != "100x25":
        fail("a bad size does not fall back to 100x25")
    print("browser: bad ?size= and ?seed= get a message; the terminal plays")
    # A key the program does not read, and one it reads but ignores.
    browser.open("part-01.html")
    ready(browser)
    browser.click(TERMINAL + " .rp-screen")
    browser.type(TERMINAL + " .rp-screen", "\ue013")  # the up arrow
    status = browser.run(STATUS, TERMINAL)
    if "is not a key this program reads" not in status:
        fail("an arrow key gets no message: %r" % status)
    browser.type(TERMINAL + " .rp-screen", "x")
    status = browser.wait("var s = document.querySelector(arguments[0] + "
                          "' .rp-status').textContent;"
                          "return /does nothing here/.test(s) && s;",
                          "said x does nothing", TERMINAL)
    # After q: the page says so, and runs the program again on request.
    browser.type(TERMINAL + " .rp-screen", "q")
    browser.wait("return /has ended/.test(document.querySelector(arguments[0]"
                 " + ' .rp-status').textContent);", "ended", TERMINAL)
    browser.click(TERMINAL + " .rp-bar button:last-child")
    ready(browser)
    print("browser: keys it does not read get a message; after q it runs "
          "again")
    # Part 3 offers its crand to download: the built book carries the
    # part's own file, and the page links it.
    with open(os.path.join(BOOK, "download", "crand", "lib.rs")) as f:
        offered = f.read()
    own = os.path.join(ROOT, "crates", "parts", "part-3", "crates", "crand",
                       "src", "lib.rs")
    with open(own) as f:
        if f.read() != offered:
            fail("the book's download/crand/lib.rs is not Part 3's crand")
    with open(os.path.join(BOOK, "part-03.html")) as f:
        if 'href="download/crand/lib.rs"' not in f.read():
            fail("part-03.html does not link download/crand/lib.rs")
    print("browser: Part 3's page offers its own crand to download")


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * len(values))))]


def bench(browser):
    print("The book's terminals (headless Chromium, from disk):")
    print("first screen: after the page's load event (and from the start "
          "of its navigation);")
    print("key: p99 over 200 keys, to the screen in the page (to the frame "
          "that paints it)\n")
    print("%-10s %10s %22s %22s" % ("program", "gzip'd KB", "first screen",
                                    "key to screen, p99"))
    shared = 0
    for name in ["grid.js", "grid.css", "play.js", "play.css"]:
        with open(os.path.join(BOOK, "play", name), "rb") as f:
            shared += len(gzip.compress(f.read(), 9))
    pages = [("part-00.html", "0"), ("part-01.html", "1"),
             ("part-02.html", "2"), ("part-03.html", "3"),
             ("part-04.html", "4"), ("fov.html", "game")]
    for page, name in pages:
        script = "game.js" if name == "game" else "part-%s.js" % name
        with open(os.path.join(BOOK, "play", script), "rb") as f:
            size = shared + len(gzip.compress(f.read(), 9))
        browser.open(page, "?seed=42")
        ready(browser)
        if name != "0":
            browser.wait("return document.querySelector(arguments[0])"
                         ".timings().firstScreen !== null;",
                         "painted its first screen", TERMINAL)
        timings = browser.run("return document.querySelector(arguments[0])"
                              ".timings();", TERMINAL)
        loaded = browser.run("return performance.getEntriesByType("
                             "'navigation')[0].loadEventEnd;")
        first = None
        if name != "0":
            first = "%.0f ms (%.0f ms)" % (
                max(0, timings["firstScreen"] - loaded),
                timings["firstScreen"])
        p99 = None
        if name != "0":
            browser.click(TERMINAL + " .rp-screen")
            for i in range(200):
                key = "jlkh"[i // 25 % 4]
                before = browser.run(STEPS, TERMINAL)
                browser.type(TERMINAL + " .rp-screen", key)
                browser.wait("return " + COUNT + " > arguments[1];",
                             "drew the key", TERMINAL, before)
            timings = browser.run("return document.querySelector("
                                  "arguments[0]).timings();", TERMINAL)
            p99 = "%.1f ms (%.1f ms)" % (
                percentile(timings["keysDrawn"], 99),
                percentile(timings["keys"], 99))
        print("%-10s %10.1f %22s %22s" % (
            "Part " + name if name != "game" else "the game",
            size / 1024.0, first or "-", p99 or "-"))


def main():
    if not os.path.exists(os.path.join(BOOK, "play", "play.js")):
        fail("the book is not built with its terminals: run `make book`")
    if not os.path.exists(ROGUE_TRACE):
        fail("rogue-trace is not built: run `cargo build -p rogue-trace`")
    browser = Browser()
    try:
        if "--bench" in sys.argv:
            bench(browser)
        else:
            tests(browser)
    finally:
        browser.close()


if __name__ == "__main__":
    main()
