"""The pages' Content-Security-Policy: the static file server sends it as a response header (no
page carries a `<meta>` of it, so a page cannot forget it) and the browser enforces it: an inline
script never runs, and the class pages load no image from another origin."""

import pytest
from playwright.sync_api import expect

from conftest import wait_until

PAGES = ["/", "/quiz/", "/quizzes/", "/quizzes/play.html", "/books/", "/books/play.html", "/matches/",
         "/matches/play.html", "/movies/", "/movies/play.html", "/trivia/", "/trivia/play.html",
         "/trivia/ranking.html", "/news/", "/news/post.html", "/clase/", "/clase/anfitrion.html",
         "/clase/marcador.html", "/clase/resultados.html"]

WATCH = """() => {
  window.violations = [];
  document.addEventListener("securitypolicyviolation", (e) => window.violations.push(e.effectiveDirective));
}"""


@pytest.mark.parametrize("path", PAGES)
def test_every_page_gets_the_policy_as_a_header_and_an_inline_script_is_blocked(server, page, path):
    response = page.goto(server.url(path))
    policy = response.headers.get("content-security-policy", "")
    assert "script-src 'self';" in policy and "default-src 'self';" in policy, policy
    expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).to_have_count(0)
    page.evaluate(WATCH)
    page.evaluate("""() => {
      const script = document.createElement("script");
      script.textContent = "window.inlineRan = true";
      document.head.append(script);
    }""")
    wait_until(lambda: "script-src-elem" in page.evaluate("() => window.violations"),
               message="the policy's report of the blocked inline script")
    assert page.evaluate("() => window.inlineRan") is None, "an inline script ran"


@pytest.mark.parametrize("path,allowed", [("/quizzes/", True), ("/clase/", False), ("/clase/marcador.html", False),
                                                ("/clase/resultados.html", False)])
def test_only_the_class_pages_refuse_images_from_another_origin(server, page, path, allowed):
    page.goto(server.url(path))
    page.evaluate(WATCH)
    other_origin = server.url("/favicon.svg").replace("127.0.0.1", "localhost")
    page.evaluate("""(url) => new Promise((resolve) => {
      const image = new Image();
      image.onload = () => resolve(window.loaded = true);
      image.onerror = () => resolve(window.loaded = false);
      image.src = url;
    })""", other_origin)
    assert page.evaluate("() => window.loaded") is allowed
    assert ("img-src" in page.evaluate("() => window.violations")) is not allowed
