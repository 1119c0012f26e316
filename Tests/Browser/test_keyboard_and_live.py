"""Accessibility beyond axe: every app played from the launcher by keyboard alone (Tab, Enter, Escape,
arrows — never a click), the alert's focus (in, trapped, Escape, back), the author photo's menu
by keyboard, what the live regions say after a right answer (once, not again on later stream
events), unique page titles, reduced motion, and `prefers-contrast: more`."""

import re

from playwright.sync_api import expect

from a11y import CONTEXT, run_axe
from conftest import focus_ring_visible, join_class, wait_until
from list_games import loaded_stand_in_items

from test_trivia import game_ready

# Every text a screen reader would hear from a live region, in order: the text of a region
# (aria-live, status, alert, alert dialog) each time something inside it changes or it appears.
SPOKEN = """(() => {
  window.spoken = [];
  const LIVE = '[aria-live]:not([aria-live="off"]), [role=status], [role=alert], [role=alertdialog]';
  new MutationObserver((records) => {
    const regions = new Set();
    for (const record of records) {
      const node = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      const region = node && node.closest(LIVE);
      if (region) regions.add(region);
      for (const added of record.addedNodes) if (added.nodeType === 1 && added.matches(LIVE)) regions.add(added);
    }
    for (const region of regions) {
      const text = region.textContent.replace(/\\s+/g, ' ').trim();
      if (text && !region.closest('[hidden]')) window.spoken.push(text);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();"""


def tab_to(page, locator, limit=60, back=False):
    """Presses Tab (Shift+Tab with `back`) until `locator` has the focus."""
    for _ in range(limit):
        if locator.evaluate("(e) => e === document.activeElement"):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"{limit} presses of Tab never reached {locator}")


def alert(page):
    return page.get_by_role("alertdialog")


def open_app_by_keyboard(page, server, app):
    page.goto(server.url("/"))
    tab_to(page, page.locator(f"#app-{app}"))
    assert focus_ring_visible(page)
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(rf"/{app}/$"))


# ---------- every app by keyboard alone ----------

def test_quizzes_by_keyboard_alone(server, page):
    state = server.loaded_state()
    open_app_by_keyboard(page, server, "quizzes")
    switch = page.locator("#only-unanswered")
    tab_to(page, switch)
    page.keyboard.press("Space")
    expect(switch).to_be_checked()
    page.keyboard.press("Space")
    expect(switch).not_to_be_checked()
    for number, quiz in enumerate(state["quizzes"][:3], start=1):
        row = page.locator(f'#quizzes > li[data-id="{quiz["id"]}"]')
        star = row.locator("button.star")
        tab_to(page, star)
        page.keyboard.press("Enter")
        expect(star).to_have_attribute("aria-pressed", "true")
        expect(star).to_have_attribute("aria-label", "Quitar de favoritos")
        tab_to(page, row.locator("a").first, back=True)
        page.keyboard.press("Enter")
        expect(page.locator("#question")).to_have_text(quiz["question"])
        tab_to(page, page.locator("#answer"))
        page.keyboard.type(server.answer(quiz["id"]))
        page.keyboard.press("Enter")
        expect(alert(page)).to_contain_text("¡Correcto!")
        page.keyboard.press("Enter")
        expect(page.locator("#score")).to_have_text(str(number))
        tab_to(page, page.locator("#back"), back=True)
        page.keyboard.press("Enter")
        expect(page.locator("#quizzes > li").first).to_be_visible()


def test_one_at_a_time_by_keyboard_alone(server, page):
    open_app_by_keyboard(page, server, "quiz")
    for number in range(1, 4):
        expect(page.locator("#question")).not_to_be_empty()
        question = page.locator("#question").inner_text()
        tab_to(page, page.locator("#author-photo"))
        page.keyboard.press("Enter")                 # the photo's menu: Rellenar con la respuesta
        page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
        expect(page.locator("#answer")).not_to_have_value("")
        expect(page.locator("#answer")).to_be_focused()
        page.keyboard.press("Enter")
        expect(alert(page)).to_contain_text("¡Correcto!")
        page.keyboard.press("Enter")
        expect(page.locator("#score")).to_have_text(str(number))
        expect(page.locator("#next")).to_be_focused()  # after a right answer, Siguiente
        page.keyboard.press("Enter")
        expect(page.locator("#question")).not_to_have_text(question)


def play_list_game_by_keyboard(server, page, app, stand_in, ready, buttons):
    """From the launcher: three items, each opened from the list, answered (right, wrong,
    right), the alert closed and back to the list, by keyboard alone."""
    items = list(loaded_stand_in_items(server, app, stand_in).values())[:3]
    open_app_by_keyboard(page, server, app)
    score = 0
    for index, item in enumerate(items):
        tab_to(page, page.locator(f'#items > li[data-id="{item["id"]}"] a'))
        page.keyboard.press("Enter")
        expect(page.locator(ready)).to_be_visible()
        right, wrong = buttons(item)
        target = page.locator(wrong if index == 1 else right)
        tab_to(page, target)
        assert focus_ring_visible(page)
        page.keyboard.press("Enter")
        expect(alert(page).locator(".alert-title")).to_have_text("Incorrecto" if index == 1 else "¡Correcto!")
        page.keyboard.press("Escape")
        expect(alert(page)).to_have_count(0)
        expect(target).to_be_focused()
        score += 0 if index == 1 else 1
        expect(page.locator("#score")).to_have_text(str(score))
        tab_to(page, page.locator("#back"), back=True)
        page.keyboard.press("Enter")
        expect(page.locator("#items > li").first).to_be_visible()


def test_books_by_keyboard_alone(server, page):
    play_list_game_by_keyboard(server, page, "books", "/standin/books/", "#book",
                               lambda b: (f"#answer{b['solution']}", f"#answer{3 - b['solution']}"))


def test_matches_by_keyboard_alone(server, page):
    def buttons(match):
        right = match["winner"]
        return f"#team{right}", f"#team{3 - right}" if right in (1, 2) else "#team1"
    items = list(loaded_stand_in_items(server, "matches", "/standin/matches/partidos.json").values())
    assert all(m["winner"] in (1, 2) for m in items[:3]), items[:3]
    play_list_game_by_keyboard(server, page, "matches", "/standin/matches/partidos.json", "#phase", buttons)


def test_movies_by_keyboard_alone(server, page):
    play_list_game_by_keyboard(server, page, "movies", "/standin/movies/movies.json", "#poster",
                               lambda m: ("#yes", "#no") if m["answer"] else ("#no", "#yes"))


def test_trivia_by_keyboard_alone_from_the_launcher(server, page):
    game_ready(server)
    open_app_by_keyboard(page, server, "trivia")
    tab_to(page, page.locator("#play"))
    page.keyboard.press("Enter")
    for number in range(1, 11):
        expect(page.locator("#progress")).to_have_text(f"{number} / 10")
        button = page.locator("#answers .answer").nth(number % 4)
        expect(button).to_be_enabled()
        tab_to(page, button, back=number % 4 == 0)
        page.keyboard.press("Enter")
    expect(page.locator("#name")).to_be_focused()
    page.keyboard.type("Teclado")
    page.keyboard.press("Enter")
    expect(page.locator("#saved")).to_be_visible()


def test_the_class_by_keyboard_alone(classroom, new_context):  # noqa: F811
    server, key = classroom
    host = new_context().new_page()
    host.goto(server.url("/clase/anfitrion.html"))
    tab_to(host, host.locator("#key"))
    host.keyboard.type(key)
    host.keyboard.press("Enter")
    expect(host.locator("#host")).to_be_visible()
    student = new_context().new_page()
    student.goto(server.url("/clase/"))
    expect(student.locator("#name")).to_be_focused()
    student.keyboard.type("Ana")
    student.keyboard.press("Enter")
    expect(student.locator("#lobby")).to_be_visible()

    tab_to(host, host.locator("#game-trivia"))
    host.keyboard.press("Enter")
    expect(host.locator("#game-trivia")).to_have_attribute("aria-pressed", "true")
    tab_to(host, host.locator("#start"))
    host.keyboard.press("Enter")
    expect(host.locator("#next")).to_be_visible()

    # The phone moves into the question by itself: one right answer, one key on a tile.
    expect(student.locator("#question-screen .tile")).to_have_count(4)
    tab_to(student, student.locator("#question-screen .tile").first)
    student.keyboard.press("Enter")
    expect(student.locator("#verdict-screen")).to_be_visible()  # the only player answered: it closed
    expect(host.locator("#next")).to_have_text("Siguiente pregunta")
    tab_to(host, host.locator("#end"))
    host.keyboard.press("Enter")
    expect(alert(host)).to_be_visible()
    tab_to(host, alert(host).get_by_role("button", name="Terminar"))
    host.keyboard.press("Enter")
    expect(host).to_have_url(re.compile(r"/clase/resultados\.html#ultima$"))
    expect(student.locator("#end-line")).to_have_text(re.compile(r"^[01] de 1 aciertos · "))  # one question asked


# ---------- the alert and the context menu ----------

def test_the_alert_takes_traps_and_gives_back_the_focus(server, page):
    quiz = server.loaded_state()["quizzes"][0]
    page.goto(server.url(f"/quizzes/play.html?id={quiz['id']}"))
    page.fill("#answer", "no es esto")
    page.press("#answer", "Enter")
    dialog = alert(page)
    expect(dialog).to_be_visible()
    expect(dialog).to_have_accessible_name("Incorrecto")
    ok = dialog.get_by_role("button", name="Aceptar")
    expect(ok).to_be_focused()
    for key in ("Tab", "Tab", "Shift+Tab"):           # one button: the focus stays on it
        page.keyboard.press(key)
        expect(ok).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(page.locator("#answer")).to_be_focused()

    # With two buttons (the host ending a round is the same alert) the focus goes round them.
    page.evaluate("""() => import('/js/ui.js').then((ui) => { window.choice = ui.showAlert({
        title: 'Dos', actions: [{label: 'Uno', value: 1}, {label: 'Dos', value: 2, preferred: true}]}); })""")
    expect(alert(page).get_by_role("button", name="Dos")).to_be_focused()
    page.keyboard.press("Tab")
    expect(alert(page).get_by_role("button", name="Uno")).to_be_focused()
    page.keyboard.press("Tab")
    expect(alert(page).get_by_role("button", name="Dos")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(alert(page).get_by_role("button", name="Uno")).to_be_focused()
    page.keyboard.press("Escape")
    assert page.evaluate("() => window.choice") == 2   # Escape: the cancel value (the last action)
    expect(page.locator("#answer")).to_be_focused()


def test_the_photo_menu_is_announced_as_a_menu_and_works_by_keyboard(server, page):
    quiz = server.loaded_state()["quizzes"][0]
    page.goto(server.url(f"/quizzes/play.html?id={quiz['id']}"))
    photo = page.get_by_role("button", name="Foto del autor: abre el menú de la respuesta")
    expect(photo).to_have_attribute("aria-haspopup", "menu")
    expect(photo).to_have_attribute("aria-expanded", "false")
    tab_to(page, photo)
    page.keyboard.press("Enter")
    menu = page.get_by_role("menu", name="Respuesta")
    expect(menu).to_be_visible()
    expect(photo).to_have_attribute("aria-expanded", "true")
    expect(menu.get_by_role("menuitem", name="Limpiar")).to_be_focused()
    page.keyboard.press("End")
    expect(menu.get_by_role("menuitem", name="Rellenar con la respuesta correcta")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#answer")).to_have_value(server.answer(quiz["id"]))
    expect(photo).to_have_attribute("aria-expanded", "false")


# ---------- live regions ----------

def test_a_right_answer_is_announced_once(server, new_context):
    quiz = server.loaded_state()["quizzes"][0]
    context = new_context()
    context.add_init_script(SPOKEN)
    page = context.new_page()
    page.goto(server.url(f"/quizzes/play.html?id={quiz['id']}"))
    expect(page.locator("#score")).to_have_text("0")
    page.evaluate("() => { window.spoken = []; }")
    page.fill("#answer", server.answer(quiz["id"]))
    page.press("#answer", "Enter")
    expect(alert(page)).to_be_visible()
    page.keyboard.press("Enter")
    expect(page.locator("#score")).to_have_text("1")
    # More stream events about other things (a favourite on and off) say nothing new.
    for method in ("PUT", "DELETE"):
        assert server.request(method, f"/api/quizzes/{quiz['id']}/favourite")[0] == 200
        expect(page.locator("#favourite")).to_have_attribute("aria-pressed", "true" if method == "PUT" else "false")
    spoken = page.evaluate("() => window.spoken")
    verdicts = [text for text in spoken if text.startswith("¡Correcto!")]
    assert len(verdicts) == 1 and f"«{server.answer(quiz['id'])}» es la respuesta correcta." in verdicts[0], spoken
    assert sorted(spoken) == sorted([verdicts[0], "Puntos: 1 Récord: 1"]), spoken


def test_a_new_class_question_and_the_loading_are_said_once(classroom, new_context):  # noqa: F811
    server, key = classroom
    host = new_context().new_page()
    host.goto(server.url("/clase/anfitrion.html"))
    host.fill("#key", key)
    host.click("#login-button")
    context = new_context()
    context.add_init_script(SPOKEN)
    student = join_class(context.new_page(), server, "Ana")
    for index in range(2):
        join_class(new_context().new_page(), server, f"Otro {index}")
    host.click("#game-trivia")
    host.click("#start")
    expect(student.locator("#question-screen .tile")).to_have_count(4)
    student.locator("#question-screen .tile").first.click()  # one right answer: one tap
    expect(student.locator("#answer-status")).to_be_visible()
    host.click("#next")  # Mostrar respuesta: the verdict first
    expect(student.locator("#verdict-screen")).to_be_visible()
    expect(host.locator("#next")).to_have_text("Siguiente pregunta")
    student.evaluate("() => { window.spoken = []; }")
    join_class(new_context().new_page(), server, "Otro 2")  # the room changes: nothing to say
    wait_until(lambda: len(server.request("GET", "/api/classroom/state")[1]["players"]) == 4)
    host.click("#next")
    expect(student.locator("#round-number")).to_have_text("Pregunta 2 de 10")
    question = student.locator("#round-question").inner_text()
    wait_until(lambda: student.evaluate("() => window.spoken.length") > 1)
    student.wait_for_timeout(500)
    spoken = student.evaluate("() => window.spoken")
    assert spoken == ["¡Prepárate! Pregunta 2 de 10.", f"Pregunta 2 de 10. {question}"], spoken


# ---------- titles, motion, contrast ----------

def test_every_page_has_its_own_title(server, page):
    titles = {}
    for path in ["/", "/quizzes/", "/quiz/", "/books/", "/matches/", "/movies/", "/trivia/", "/trivia/ranking.html",
                 "/trivia/play.html", "/news/", "/news/#favoritos", "/news/#acerca", "/clase/",
                 "/clase/anfitrion.html", "/clase/marcador.html", "/clase/resultados.html"]:
        page.goto(server.url(path))
        page.wait_for_load_state("load")
        expect(page.locator("h1").first).to_be_attached()
        titles.setdefault(page.title(), []).append(path)
    repeated = {title: paths for title, paths in titles.items() if len(paths) > 1}
    assert not repeated, repeated


def test_reduced_motion_fills_the_answer_at_once(server, new_context):
    quiz = next(q for q in server.loaded_state()["quizzes"] if q["attachment"])
    page = new_context(reduced_motion="reduce").new_page()
    page.goto(server.url(f"/quizzes/play.html?id={quiz['id']}"))
    expect(page.locator("#question")).to_have_text(quiz["question"])
    # Every value the page gives the field, in order.
    page.evaluate("""() => { window.values = []; const input = document.getElementById('answer');
        const { get, set } = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
        Object.defineProperty(input, 'value', { get() { return get.call(this); },
          set(v) { window.values.push(v); set.call(this, v); } }); }""")
    page.locator("#attachment").dblclick()
    answer = server.answer(quiz["id"])
    expect(page.locator("#answer")).to_have_value(answer)
    assert page.evaluate("() => window.values") == [answer]    # no letter-by-letter typing
    expect(page.locator("#answer")).not_to_have_class(re.compile("filling"))
    # Películas: the poster still goes grey with the alert, without the slow transition.
    page.goto(server.url("/movies/play.html?id=" + str(loaded_stand_in_items(server, "movies", "/standin/movies/movies.json").popitem()[0])))
    duration = page.locator("#poster").evaluate("(e) => getComputedStyle(e).transitionDuration")
    assert all(float(d.rstrip("s")) < 0.001 for d in duration.split(",")), duration


def test_more_contrast_meets_aaa_text_contrast(server, new_context):
    """With `prefers-contrast: more` the palette is stronger: text meets even AAA's 7:1."""
    server.loaded_state()
    page = new_context(**CONTEXT).new_page()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme, contrast="more")
        for path, ready in [("/quizzes/", "#quizzes > li"), ("/books/", "#items > li")]:
            page.goto(server.url(path))
            expect(page.locator(ready).first).to_be_visible()
            violations = run_axe(page, {"runOnly": {"type": "rule", "values": ["color-contrast", "color-contrast-enhanced"]}})
            assert not violations, [(v["id"], [n["target"] for n in v["nodes"]][:5]) for v in violations]
