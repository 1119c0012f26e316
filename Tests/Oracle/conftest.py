"""Fixtures of the Moodle oracle suite: Moodle's own parsers (`oracle.php`, in
../shared/moodle-oracle beside the repository or $ADIVINA_MOODLE_ORACLE) and the real `adivina`
binary ($ADIVINA_BIN) in classroom mode on an ephemeral port, talked to over HTTP.

Without the oracle folder or PHP (a clone alone) every test here is skipped, saying which is
missing."""

import json
import os
import shutil
import subprocess
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]


def oracle_directory():
    """The oracle folder: $ADIVINA_MOODLE_ORACLE, else the nearest ancestor's shared/moodle-oracle."""
    override = os.environ.get("ADIVINA_MOODLE_ORACLE")
    if override:
        return Path(override) if (Path(override) / "oracle.php").is_file() else None
    for ancestor in REPOSITORY.parents:
        candidate = ancestor / "shared" / "moodle-oracle"
        if (candidate / "oracle.php").is_file():
            return candidate
    return None


ORACLE = oracle_directory()
PHP = shutil.which("php")


def why_skipped():
    """Why the suite cannot run here, or None."""
    if ORACLE is None:
        return "no Moodle oracle: ../shared/moodle-oracle beside the repository (or $ADIVINA_MOODLE_ORACLE) is absent"
    if PHP is None:
        return "no php: apt-get install -y php-cli php-xml php-mbstring"
    probe = subprocess.run([PHP, "-m"], capture_output=True, text=True)
    missing = [m for m in ("xml", "mbstring") if m not in probe.stdout.split()]
    if missing:
        return f"php lacks {', '.join(missing)}: apt-get install -y php-xml php-mbstring"
    return None


def pytest_collection_modifyitems(config, items):
    reason = why_skipped()
    if reason:
        for item in items:
            item.add_marker(pytest.mark.skip(reason=reason))


def moodle_parse(format_name, path):
    """What Moodle's own parser reads from the file at `path` (`gift`, `xml` or `aiken`): the
    oracle's JSON, or None when Moodle's parser prints nothing (a file it cannot encode)."""
    result = subprocess.run([PHP, str(ORACLE / "oracle.php"), format_name, str(path)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    text = result.stdout.strip()
    return json.loads(text) if text else None


def moodle_parse_text(format_name, text, tmp_path, name="export"):
    """`moodle_parse` of `text` written to a file in `tmp_path`."""
    path = tmp_path / f"{name}.{format_name}"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return moodle_parse(format_name, path)


class Adivina:
    """One classroom-mode run of the binary, and the host's calls to its sets' API."""

    def __init__(self, binary, data_dir):
        args = [binary, "--port", "0", "--data-dir", str(data_dir), "--classroom"]
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.lines = []
        seen = threading.Event()

        def drain():
            for line in self.process.stdout:
                self.lines.append(line)
                if line.startswith("Clave de anfitrión:"):
                    seen.set()
            seen.set()

        threading.Thread(target=drain, daemon=True).start()
        # A bound against hanging, not a pace: the host key line is the event waited for.
        assert seen.wait(60), "adivina printed no host key"
        first = next((l for l in self.lines if l.startswith("Adivina: http://")), None)
        key = next((l for l in self.lines if l.startswith("Clave de anfitrión:")), None)
        assert first and key, f"adivina did not start: {self.lines!r}"
        self.base = first[len("Adivina: "):].strip().rstrip("/")
        self.key = key.split(":", 1)[1].strip()

    def call(self, method, path, body=None, content_type=None):
        """(status, bytes, headers) of a host request; `body` bytes sent as is."""
        headers = {"X-Host-Key": self.key}
        if content_type:
            headers["Content-Type"] = content_type
        request = urllib.request.Request(self.base + path, data=body, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                return response.status, response.read(), dict(response.headers)
        except urllib.error.HTTPError as error:
            return error.code, error.read(), dict(error.headers)

    def import_bank(self, data, format_name=None, content_type="text/plain; charset=utf-8", title=None):
        """(status, JSON answer) of importing `data` (bytes or text)."""
        query = {}
        if format_name:
            query["format"] = format_name
        if title is not None:
            query["title"] = title
        body = data if isinstance(data, bytes) else data.encode()
        status, reply, _ = self.call("POST", "/api/classroom/sets/import?" + urllib.parse.urlencode(query), body, content_type)
        return status, json.loads(reply)

    def set(self, set_id):
        status, body, _ = self.call("GET", f"/api/classroom/sets/{set_id}")
        assert status == 200, body
        return json.loads(body)

    def export(self, set_id, name):
        status, body, _ = self.call("GET", f"/api/classroom/sets/{set_id}/{name}")
        assert status == 200, body
        return body.decode()

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.fixture(scope="session")
def adivina(tmp_path_factory):
    if why_skipped():
        pytest.skip(why_skipped())
    binary = os.environ.get("ADIVINA_BIN")
    assert binary and os.access(binary, os.X_OK), "set ADIVINA_BIN to the built adivina (scripts/test does)"
    server = Adivina(binary, tmp_path_factory.mktemp("data"))
    yield server
    server.stop()
