"""Fixtures of the browser tests: the real `adivina` binary (from $ADIVINA_BIN) started on port 0
with a temporary data directory, Debian's Chromium driven by Playwright, and a small JSON client
for the server's web API. $ADIVINA_WEBROOT, when set, is passed on as `--webroot`."""

import json
import os
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError, expect, sync_playwright

from fake_quiz_server import FakeQuizServer
from fake_wordpress import FakeWordPress

# Debian's Chromium on Linux; on a Mac scripts/test sets CHROMIUM (Google Chrome or Playwright's own).
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
START_TIMEOUT_S = 30
STOP_TIMEOUT_S = 10

# Every wait is for an event (a text shown, a request answered); its time limit only bounds a
# hang. The limits are generous because a busy machine (scripts/test-under-load: every core
# taken) makes the browser seconds slower, and a passing test never waits them out.
BOUND_S = 30
expect.set_options(timeout=BOUND_S * 1000)


def wait_until(condition, timeout=BOUND_S, interval=0.02, message="condition"):
    """Polls `condition` until it returns a truthy value or the deadline passes."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {message}")
        time.sleep(interval)


SCREEN_LAYOUTS = [
    ({"width": 320, "height": 568}, "light"),
    ({"width": 568, "height": 320}, "dark"),
    ({"width": 1440, "height": 900}, "dark"),
]
"""(viewport, colour scheme) of the layout tests: a small phone, landscape, a desktop."""


def focus_ring_visible(page):
    """Whether the focused element draws an outline."""
    return page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle") != "none"


def tab_through(page, *targets):
    """Presses Tab once for each of `targets` and expects that one focused (None: not checked)."""
    for target in targets:
        page.keyboard.press("Tab")
        if target is not None:
            expect(target).to_be_focused()


def join_class(page, server, name):
    """Joins the class as `name` on `page` (the students' page: the name, "Unirme", the lobby with
    the name shown and the form gone). Returns the page."""
    page.goto(server.url("/clase/"))
    page.locator("#name").fill(name)
    page.locator("#join-button").click()
    expect(page.locator("#lobby")).to_be_visible()
    expect(page.locator("#me-name")).to_have_text(name.strip())
    expect(page.locator("#join")).to_be_hidden()
    return page


def check_screen(new_context, server, path, ready, viewport, scheme):
    """Opens `path` at `viewport` in `scheme` and waits for `ready`: no sideways scrolling, the
    theme's background, an alt attribute on every image, no console errors. Returns the page."""
    page = new_context(viewport=viewport, color_scheme=scheme).new_page()
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(server.url(path))
    expect(page.locator(ready).first).to_be_visible()
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{path} scrolls sideways by {overflow}px at {viewport}"
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert background == ("rgb(0, 0, 0)" if scheme == "dark" else "rgb(242, 242, 247)"), background
    missing_alt = page.evaluate("() => [...document.images].filter(i => !i.hasAttribute('alt')).map(i => i.src)")
    assert not missing_alt, missing_alt
    assert not errors, f"console errors on {path}: {errors}"
    return page


def set_outage(server, app, on, status=None):
    """Makes the stand-in of `app` fail (on; with `status`, else its default 503) or answer again (off)."""
    query = f"?status={status}" if on and status else ""
    code, body = server.request("PUT" if on else "DELETE", f"/standin/{app}/control/outage{query}")
    assert code == 200, (code, body)


class AdivinaServer:
    """One run of the `adivina` executable; `restart()` starts it again on the same port and data."""

    def __init__(self, binary, data_dir, extra_args=(), env=None):
        self.binary = binary
        self.data_dir = Path(data_dir)
        self.extra_args = list(extra_args)
        self.env = env  # the process's environment (None: this one's)
        self.process = None
        self.base_url = None
        self.port = 0
        self.output = []

    def start(self, port=None):
        # The stand-ins' test controls (set_outage) answer on loopback outside classroom mode.
        controls = [] if "--classroom" in self.extra_args or "--host" in self.extra_args else ["--standin-controls"]
        args = [self.binary, "--port", str(self.port if port is None else port),
                "--data-dir", str(self.data_dir), *controls, *self.extra_args]
        if os.environ.get("ADIVINA_WEBROOT"):
            args += ["--webroot", os.environ["ADIVINA_WEBROOT"]]
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True, bufsize=1, env=self.env)
        first_line = {}

        def read_first_line():
            first_line["line"] = self.process.stdout.readline()
            # Keep draining so the server never blocks on a full pipe.
            for line in self.process.stdout:
                self.output.append(line)

        reader = threading.Thread(target=read_first_line, daemon=True)
        reader.start()
        wait_until(lambda: "line" in first_line or self.process.poll() is not None,
                   timeout=START_TIMEOUT_S, message="the first line of adivina")
        line = first_line.get("line", "").strip()
        if not line.startswith("Adivina: http://"):
            self.stop()
            raise AssertionError(f"adivina did not announce its URL; first line: {line!r}; "
                                 f"exit code {self.process.returncode}")
        self.base_url = line[len("Adivina: "):].rstrip("/")
        self.port = int(self.base_url.rsplit(":", 1)[1])
        return self

    def stop(self, signal_number=signal.SIGTERM):
        """Sends SIGTERM (or `signal_number`), waits for the exit and returns its code."""
        if self.process is None or self.process.poll() is not None:
            return self.process.returncode if self.process else None
        self.process.send_signal(signal_number)
        try:
            return self.process.wait(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError("adivina did not exit within 10 s of SIGTERM")

    def restart(self):
        self.stop()
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                return self.start(port=self.port)
            except AssertionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)  # the port may still be held by the old process for a moment

    def url(self, path="/"):
        return self.base_url + path

    # --- the web API, straight over HTTP (to know the answers and the state) ---

    def request(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url(path), data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=10) as response:
                text = response.read().decode()
                return response.status, (json.loads(text) if text else None)
        except urllib.error.HTTPError as error:
            text = error.read().decode()
            return error.code, (json.loads(text) if text else None)

    def state(self, app="quizzes"):
        status, body = self.request("GET", f"/api/{app}/state")
        assert status == 200, (status, body)
        return body

    def answer(self, quiz_id, app="quizzes"):
        status, body = self.request("GET", f"/api/{app}/{quiz_id}/answer")
        assert status == 200, (status, body)
        return body["answer"]

    def loaded_state(self, app="quizzes"):
        """The state once the first download has finished with quizzes in it."""
        return wait_until(lambda: (lambda s: s if s["quizzes"] and not s["loading"] else None)(self.state(app)),
                          message="the first list of quizzes")


def adivina_binary():
    binary = os.environ.get("ADIVINA_BIN")
    if not binary or not os.access(binary, os.X_OK):
        raise AssertionError("Set ADIVINA_BIN to the built adivina executable "
                             "(scripts/test does: swift build --product adivina).")
    return binary


@pytest.fixture
def start_server(tmp_path):
    """Starts adivina with extra arguments: start_server("--quiz-server", url, …), and `env` its
    environment (None: this process's)."""
    servers = []

    def start(*extra_args, data_dir=None, env=None):
        server = AdivinaServer(adivina_binary(), data_dir or (tmp_path / "data"), extra_args, env)
        server.data_dir.mkdir(parents=True, exist_ok=True)
        servers.append(server.start())
        return server

    yield start
    for server in servers:
        server.stop()  # its exit code is checked by test_adivina_exits_0_on_a_stop_signal


@pytest.fixture
def server(start_server):
    """adivina on port 0 with a fresh data directory and the built-in stand-ins."""
    return start_server()


@pytest.fixture
def classroom(start_server):
    """adivina in classroom mode and the host key it printed."""
    server = start_server("--classroom")
    line = wait_until(lambda: next((l for l in server.output if l.startswith("Clave de anfitrión:")), None),
                      timeout=10, message="the host key in the output of adivina")
    return server, line.split(":", 1)[1].strip()


@pytest.fixture
def fake_quiz_server():
    """A quiz server of the course's contract that the test controls (fail, delay, items)."""
    fake = FakeQuizServer().start()
    yield fake
    fake.stop()


@pytest.fixture
def fake_wordpress():
    """A WordPress site that the test controls (slow author and category look-ups, broken images)."""
    fake = FakeWordPress().start()
    yield fake
    fake.stop()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture
def new_context(browser):
    """Opens browser contexts (each is a separate "browser" with its own SharedWorker), past the
    launch screen unless `launch_screen=True`."""
    contexts = []

    def open_context(launch_screen=False, **options):
        options.setdefault("viewport", {"width": 390, "height": 844})
        options.setdefault("locale", "es-ES")
        context = browser.new_context(**options)
        context.set_default_timeout(BOUND_S * 1000)
        if not launch_screen:
            # The launch screen shows once per browser session on the first page opened; it has
            # its own tests (launch_screen=True), the others start past it.
            context.add_init_script("try { sessionStorage.setItem('adivina.launched', '1'); } catch (e) {}")
        errors = []
        context.on("weberror", lambda error: errors.append(str(error.error)))
        context.page_errors = errors
        contexts.append(context)
        return context

    yield open_context
    errors = [error for context in contexts for error in context.page_errors]
    for context in contexts:
        leave_pages(context)
        context.close()
    assert not errors, f"uncaught errors in the pages: {errors}"


def leave_pages(context):
    """Takes every page of `context` to about:blank, so no navigation is under way and no
    SharedWorker has a client when the context closes. Closing a context while one of its pages
    commits a navigation (the host's "Terminar" leading to the results) and its SharedWorker is
    connected hung `BrowserContext.close` for good, about one run in seven of
    test_classroom_timer.py (Chromium 156, Playwright 1.65)."""
    for page in context.pages:
        try:
            page.goto("about:blank", timeout=5_000)
        except PlaywrightError:
            pass  # a page that cannot leave is closed with its context all the same


@pytest.fixture
def context(new_context):
    return new_context()


@pytest.fixture
def page(context):
    return context.new_page()
