"""The measurement behind scripts/bench-live-latency (not a test: pytest does not collect it).

One page acts through the web API (`fetch` from the page, so the clock starts in the browser),
and watcher pages record with a MutationObserver when the change shows. The watcher in the same
browser context shares the acting page's SSE stream (SharedWorker); the other one has its own."""

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
from conftest import CHROMIUM, AdivinaServer, adivina_binary  # noqa: E402

WATCH = """selector => {
    const target = document.querySelector(selector);
    const before = target.outerHTML;
    window.__changed = new Promise(resolve => {
        const observer = new MutationObserver(() => {
            if (target.outerHTML !== before) { observer.disconnect(); resolve(Date.now()); }
        });
        observer.observe(target, {subtree: true, childList: true, characterData: true, attributes: true});
    });
}"""

ACT = """async ([method, url, body]) => {
    const started = Date.now();
    const response = await fetch(url, {method, headers: {'Content-Type': 'application/json'},
                                       body: body === null ? undefined : JSON.stringify(body)});
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status}`);
    return started;
}"""


def measure(actor, watchers, selector, method, url, body):
    """Milliseconds from the action's start to the change in each watcher."""
    for watcher in watchers:
        watcher.evaluate(WATCH, selector)
    started = actor.evaluate(ACT, [method, url, body])
    return [watcher.evaluate("() => window.__changed") - started for watcher in watchers]


def summary(name, samples):
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (f"{name:<40} n={len(ordered):3d}  median {statistics.median(ordered):6.1f} ms  "
            f"p95 {p95:6.1f} ms  max {ordered[-1]:6.1f} ms")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3, help="quiz rounds of right answers")
    parser.add_argument("--toggles", type=int, default=30, help="favourite toggles")
    options = parser.parse_args()

    with tempfile.TemporaryDirectory() as data, sync_playwright() as playwright:
        server = AdivinaServer(adivina_binary(), data).start()
        try:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            shared = browser.new_context()
            actor, same_browser = shared.new_page(), shared.new_page()
            other_browser = browser.new_context().new_page()
            for page in (actor, same_browser, other_browser):
                page.goto(server.url("/quizzes/"))
                page.wait_for_selector("#quizzes > li")

            answers = {"same browser": [], "other browser": []}
            for _ in range(options.rounds):
                for quiz in server.loaded_state()["quizzes"]:
                    body = {"answer": server.answer(quiz["id"])}
                    same, other = measure(actor, [same_browser, other_browser], "#score",
                                          "POST", f"/api/quizzes/{quiz['id']}/check", body)
                    answers["same browser"].append(same)
                    answers["other browser"].append(other)
                measure(actor, [same_browser], "#score", "POST", "/api/quizzes/reload", None)

            toggles = {"same browser": [], "other browser": []}
            quiz = server.loaded_state()["quizzes"][0]
            star = f'#quizzes > li[data-id="{quiz["id"]}"] button.star'
            for index in range(options.toggles):
                method = "PUT" if index % 2 == 0 else "DELETE"
                same, other = measure(actor, [same_browser, other_browser], star,
                                      method, f"/api/quizzes/{quiz['id']}/favourite", None)
                toggles["same browser"].append(same)
                toggles["other browser"].append(other)

            for where, samples in answers.items():
                print(summary(f"right answer → score, {where}", samples))
            for where, samples in toggles.items():
                print(summary(f"favourite → star, {where}", samples))
            browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
