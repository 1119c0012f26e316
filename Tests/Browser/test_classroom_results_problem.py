"""Issue 36, point 2: the host's page says at once, in an alert, that the results cannot be
written (the data folder's disk full mid-round: a tmpfs mounted for the test, so root on Linux),
and the alert goes once they are written again. Checked with axe, light and dark."""

import os
import shutil
import subprocess

import pytest
from playwright.sync_api import expect

from classroom_helpers import answer_round, call, open_host
from conftest import join_class, wait_until
from test_accessibility import audit, audited  # noqa: F401  (fixtures)

pytestmark = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("mount") is None,
    reason="mounting a tiny filesystem for the data folder needs root on Linux")


@pytest.fixture
def tiny_disk(tmp_path):
    """A 16 MB tmpfs mounted on a new folder, unmounted afterwards."""
    folder = tmp_path / "disk"
    folder.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(folder)], check=True)
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=False)


def test_the_host_is_told_when_results_cannot_be_written(start_server, tiny_disk, audited, audit):  # noqa: F811
    server = start_server("--classroom", data_dir=tiny_disk)
    line = wait_until(lambda: next((l for l in server.output if l.startswith("Clave de anfitrión:")), None),
                      timeout=10, message="the host key in the output of adivina")
    host = open_host(lambda **options: audited(**options).context, server, line.split(":", 1)[1].strip())
    problem = host.locator("#results-problem")
    expect(problem).to_be_hidden()
    players = [join_class(audited(viewport={"width": 390, "height": 844}), server, name) for name in ("Ana", "Bea")]
    quiz = {"kind": "truefalse", "question": "¿El agua hierve a 100 °C al nivel del mar?", "answer": True}
    status, body = call(host, "POST", "/api/classroom/sets", {"title": "Física", "quizzes": [quiz]})
    assert status == 201, body
    assert call(host, "PUT", "/api/classroom/host/pace", {"selfPaced": True})[0] == 200
    assert call(host, "POST", "/api/classroom/host/game", {"game": "quizzes", "set": body["id"]})[0] == 200
    host.locator("#start").click()
    expect(host.locator("#host-bar")).to_be_visible()
    answer_round([(players[0], 1, True)])

    filler = tiny_disk / "relleno"
    subprocess.run(["dd", "if=/dev/zero", f"of={filler}", "bs=64k"], capture_output=True, check=False)
    answer_round([(players[1], 1, True)])  # acknowledged, kept in memory
    expect(problem).to_be_visible()
    expect(problem).to_have_attribute("role", "alert")
    expect(host.locator("#results-problem-message")).to_contain_text(
        "No se pueden guardar los resultados: el disco está lleno")
    audit.check(host, "host page: the results cannot be written")

    filler.unlink()
    expect(problem).to_be_hidden(timeout=30_000)  # written at the store's next try (every 2 s)
    audit.assert_clean()
