#!/usr/bin/env python3
"""Bytes a phone downloads for one screen on its first visit (goal <= 40 KB).

Starts the `adivina` binary on loopback (and a second one with --classroom for the class pages
under /clase/), opens every page of WebRoot/ in a fresh Chromium context (empty cache: a first
visit) and sums, per screen, the bodies of its HTML, style sheets and scripts as they came over
the wire (Playwright's `request.sizes()["responseBodySize"]`: Chromium's encoded body size, so
gzip counts compressed), after the page's "load" (every module it imports statically is in). The SharedWorker's scripts (js/events-worker.js and what it imports) load in a
target of their own that the page's network events do not show: they are fetched here with
Chromium's own `Accept-Encoding` and their wire body sizes added to each page that starts the
worker (but for the modules the page loaded already: the context's HTTP cache has them). API calls, event streams and images are not counted.

--identity sends `Accept-Encoding: identity` from the browser (what the server sent before it
compressed: the "before" column of docs/benchmarks.md's table).

Usage: benchmarks/page-bytes.py [--binary .build/release/adivina] [--identity]
  (needs Playwright: python3 -m venv .venv && .venv/bin/pip install -r Tests/Browser/requirements.txt;
   run it as .venv/bin/python benchmarks/page-bytes.py)
"""
import argparse
import http.client
import os
import re
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from urllib.parse import urljoin, urlparse

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
WEBROOT = ROOT / "WebRoot"
COUNTED = {"document": "html", "stylesheet": "css", "script": "js"}
BROWSER_ENCODINGS = "gzip, deflate, br, zstd"
GOAL = 40 * 1024


def start(binary, data_dir, *extra):
    process = subprocess.Popen([binary, "--port", "0", "--data-dir", data_dir, *extra],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    line = process.stdout.readline().strip()
    if not line.startswith("Adivina: http://"):
        process.kill()
        sys.exit(f"adivina did not start: {line!r}")
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
    return process, line[len("Adivina: "):].rstrip("/")


def wire_body_bytes(url, encoding):
    """The body bytes of a GET of `url` as sent (Content-Length of the encoded body)."""
    parts = urlparse(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port)
    connection.request("GET", parts.path, headers={"Accept-Encoding": encoding})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return len(body)


def worker_scripts(url, seen):
    """`url` and every module it imports statically (the SharedWorker's own scripts)."""
    if url in seen:
        return
    seen.add(url)
    parts = urlparse(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port)
    connection.request("GET", parts.path)
    text = connection.getresponse().read().decode()
    connection.close()
    for ref in re.findall(r'(?:import|export)\s[^;]*?from\s+"([^"]+)"|import\s+"([^"]+)"', text):
        worker_scripts(urljoin(url, next(r for r in ref if r)), seen)


def measure(browser, base, path, encoding):
    context = browser.new_context(extra_http_headers={"Accept-Encoding": encoding} if encoding != BROWSER_ENCODINGS else {})
    page = context.new_page()
    loaded = []
    page.on("requestfinished", lambda request: loaded.append(request))
    # Not "networkidle": the pages keep an event stream open. Module scripts (and their static
    # imports) are in before "load"; the pause lets late requests finish.
    page.goto(base + path, wait_until="load")
    page.wait_for_timeout(500)
    totals = {"html": 0, "css": 0, "js": 0}
    workers = set()
    for request in loaded:
        kind = COUNTED.get(request.resource_type)
        if kind and not urlparse(request.url).path.startswith("/api/"):
            totals[kind] += request.sizes()["responseBodySize"]
        if kind == "js":
            body = request.response().text() if request.response() else ""
            for ref in re.findall(r'new SharedWorker\(\s*new URL\("([^"]+)"', body):
                worker_scripts(urljoin(request.url, ref), workers)
    # A module the page loaded already comes from the context's HTTP cache (a 304 at most).
    workers -= {request.url for request in loaded}
    totals["worker"] = sum(wire_body_bytes(url, encoding) for url in workers)
    context.close()
    return totals


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=str(ROOT / ".build/release/adivina"))
    parser.add_argument("--identity", action="store_true", help="ask for uncompressed bodies")
    arguments = parser.parse_args()
    encoding = "identity" if arguments.identity else BROWSER_ENCODINGS
    pages = sorted("/" + str(p.relative_to(WEBROOT)) for p in WEBROOT.rglob("*.html") if "partials" not in p.parts)
    with tempfile.TemporaryDirectory() as data:
        apps, apps_url = start(arguments.binary, os.path.join(data, "apps"), "--standin-controls")
        room, room_url = start(arguments.binary, os.path.join(data, "room"), "--classroom")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"])
                print(f"first visit, Accept-Encoding: {encoding}; bytes of response bodies on the wire")
                print(f"{'screen':24} {'html':>7} {'css':>7} {'js':>7} {'worker':>7} {'total':>8}")
                worst = 0
                for path in pages:
                    base = room_url if path.startswith("/clase/") else apps_url
                    t = measure(browser, base, path, encoding)
                    total = sum(t.values())
                    worst = max(worst, total)
                    mark = "" if total <= GOAL else "  > 40 KB"
                    print(f"{path:24} {t['html']:7,} {t['css']:7,} {t['js']:7,} {t['worker']:7,} {total:8,}{mark}")
                print(f"largest screen: {worst:,} bytes ({worst / 1024:.1f} KiB); goal <= {GOAL:,}")
                browser.close()
        finally:
            for process in (apps, room):
                process.terminate()
                process.wait()


if __name__ == "__main__":
    main()
