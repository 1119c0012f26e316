"""Each screen says what happened (issue 39, point 8): a phone whose player came back on another
device with the code says so (not "the host removed you"); a removed phone says it was removed
at once, never "Sin conexión — reconectando…" on a working network."""

import re

from playwright.sync_api import expect

from classroom_helpers import alert, open_host
from conftest import join_class
from test_accessibility import audit, audited  # noqa: F401  (fixtures)

ELSEWHERE = "Has vuelto a la clase desde otro dispositivo con tu código: sigue allí. Para jugar aquí, vuelve con tu nombre y tu código."
REMOVED = "El anfitrión te ha quitado de la clase. Puedes volver a unirte."


def test_a_rejoin_elsewhere_and_a_removal_each_say_what_happened(classroom, audited, audit):  # noqa: F811
    server, key = classroom
    host = open_host(lambda **options: audited(**options).context, server, key)
    old_phone = join_class(audited(viewport={"width": 390, "height": 844}), server, "Ana")
    expect(old_phone.locator("#me-code")).to_have_text(re.compile(r"^Tu código para volver: [A-Z0-9]{4,12}$"))
    code = old_phone.locator("#me-code").inner_text().rsplit(" ", 1)[-1]
    bea = join_class(audited(viewport={"width": 360, "height": 740}), server, "Bea")
    connection_seen = []
    bea.expose_function("sawBanner", lambda: connection_seen.append(True))
    bea.evaluate("""() => new MutationObserver(() => { if (document.getElementById('connection')) window.sawBanner(); })
        .observe(document.body, { childList: true, subtree: true })""")

    # Ana takes her name back on a new phone with her code: the old phone says so.
    new_phone = audited(viewport={"width": 390, "height": 844})
    new_phone.goto(server.url("/clase/"))
    new_phone.locator("#name").fill("Ana")
    new_phone.locator("#code").fill(code)
    new_phone.locator("#join-button").click()
    expect(new_phone.locator("#lobby")).to_be_visible()
    expect(old_phone.locator("#join-note")).to_have_text(ELSEWHERE)
    expect(old_phone.locator("#connection")).to_have_count(0)
    audit.check(old_phone, "phone: the player came back on another device")

    # The host removes Bea: her phone says so at once, no connection banner on the way.
    host.get_by_role("button", name="Expulsar a Bea").click()
    alert(host).get_by_role("button", name="Expulsar", exact=True).click()
    expect(bea.locator("#join-note")).to_have_text(REMOVED)
    expect(bea.locator("#connection")).to_have_count(0)
    assert connection_seen == [], "a removed phone said «Sin conexión»"
    audit.assert_clean()
