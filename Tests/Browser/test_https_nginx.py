"""A class over HTTPS through Debian's nginx (docs/guia-docente.md, "Clase con HTTPS"): the repository's site
file (deploy/nginx/adivina.conf) with a self-signed certificate made by openssl, in front of the
real `adivina --classroom --trust-proxy 127.0.0.1 --public-url https://…/`. A student joins
(their cookies are Secure), answers, and a leaderboard stream through nginx gets the score at
once (events are not buffered); the host key works through it; a forged X-Forwarded-For from
the student changes nothing (nginx appends the address it saw, the app takes the last).

Skipped, saying what is missing, without nginx or openssl (scripts/test installs both)."""

import http.client
import json
import queue
import socket
import threading
import time

import pytest

from classroom_helpers import QUIZ_BY_QUESTION
from conftest import wait_until
from nginx_proxy import NginxProxy

PROMPT_S = 2.0  # a buffering proxy holds a small event until its buffer fills: far longer
JOIN_BURST = 5  # ClassroomSession.joinRate's burst


@pytest.fixture
def behind_nginx(start_server):
    """(adivina, the proxy, the host key)."""
    missing = NginxProxy.missing()
    if missing:
        pytest.skip(f"the HTTPS test needs Debian's {missing} (scripts/test installs it with apt)")
    proxy = NginxProxy()
    try:
        server = start_server("--classroom", "--trust-proxy", "127.0.0.1",
                              "--public-url", f"https://127.0.0.1:{proxy.https_port}/")
        line = wait_until(lambda: next((l for l in server.output if l.startswith("Clave de anfitrión:")), None),
                          timeout=10, message="the host key in the output of adivina")
        proxy.start(server.port)
        yield server, proxy, line.split(":", 1)[1].strip()
    finally:
        proxy.stop()


class Device:
    """One student's (or the teacher's) device talking HTTPS to the proxy, like a browser: the
    page's Origin on actions, the cookie it was given, from `source` (an address of this machine)."""

    def __init__(self, proxy, source=None, cookie=None):
        self.proxy, self.source, self.cookie = proxy, source, cookie

    def call(self, method, path, body=None, headers=None):
        """(status, JSON body, the Set-Cookie headers)."""
        connection = http.client.HTTPSConnection(
            "127.0.0.1", self.proxy.https_port, context=self.proxy.context(), timeout=10,
            source_address=(self.source, 0) if self.source else None)
        sent = {"Content-Type": "application/json", **(headers or {})}
        if method not in ("GET", "HEAD"):
            sent["Origin"] = self.proxy.url
        if self.cookie:
            sent["Cookie"] = self.cookie
        connection.request(method, path, body=None if body is None else json.dumps(body).encode(), headers=sent)
        response = connection.getresponse()
        text = response.read().decode()
        cookies = response.msg.get_all("Set-Cookie") or []
        connection.close()
        return response.status, (json.loads(text) if text else None), cookies


def attributes(cookie):
    return [part.strip() for part in cookie.split(";")]


def cookie_named(cookies, name):
    found = [c for c in cookies if c.startswith(name + "=")]
    assert len(found) == 1, cookies
    return found[0]


class EventStream:
    """An event stream through the proxy, read on a thread: `next()` gives (arrival, name, data)."""

    def __init__(self, proxy, path):
        self.connection = http.client.HTTPSConnection("127.0.0.1", proxy.https_port, context=proxy.context(), timeout=10)
        self.connection.request("GET", path, headers={"Accept": "text/event-stream"})
        try:
            self.response = self.connection.getresponse()
        except TimeoutError:
            raise AssertionError("no answer to the event stream through nginx in 10 s: is it buffered?") from None
        assert self.response.status == 200, self.response.status
        assert self.response.getheader("Content-Type", "").startswith("text/event-stream")
        self.connection.sock.settimeout(None)  # a quiet stream is not an error; close() ends the reader
        self.events = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        name, data = "message", []
        try:
            while line := self.response.readline():
                line = line.decode().rstrip("\r\n")
                if not line:
                    if data:
                        self.events.put((time.monotonic(), name, "\n".join(data)))
                    name, data = "message", []
                elif line.startswith("event:"):
                    name = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].lstrip())
        except (OSError, ValueError, http.client.HTTPException):
            pass  # closed by the test

    def next(self, timeout):
        return self.events.get(timeout=timeout)

    def close(self):
        """Ends the stream: the reader sees the socket shut, then the connection is closed."""
        try:
            self.connection.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.reader.join(timeout=5)
        self.connection.close()


def scored(name, data, player_id):
    """The player's score in a leaderboard event (whole snapshot or patch), or None."""
    body = json.loads(data)
    rows = body.get("players") if name == "classroom" else body.get("lists", {}).get("players", {}).get("upsert")
    return next((row["score"] for row in rows or [] if row["id"] == player_id and "score" in row), None)


def test_a_class_plays_over_https_through_nginx(behind_nginx):
    server, proxy, key = behind_nginx
    join_url = f"https://127.0.0.1:{proxy.https_port}/clase/"
    assert f"Clase: {join_url}\n" in server.output, server.output[:3]
    status, info, _ = Device(proxy).call("GET", "/api/classroom/info")
    assert (status, info) == (200, {"joinURL": join_url})

    board = EventStream(proxy, "/api/events?topics=classroom")
    try:
        _, name, _ = board.next(timeout=10)
        assert name == "classroom"

        status, joined, cookies = Device(proxy).call("POST", "/api/classroom/join", {"name": "Ana"})
        assert status == 201, joined
        player = cookie_named(cookies, "adivina_player")
        assert {"Secure", "HttpOnly", "SameSite=Strict"} <= set(attributes(player)), player
        assert "Secure" in attributes(cookie_named(cookies, "adivina_clase"))
        ana = Device(proxy, cookie=attributes(player)[0])

        status, _, cookies = Device(proxy).call("POST", "/api/classroom/host/login", {"key": key})
        assert status == 200
        host_cookie = cookie_named(cookies, "adivina_host")
        assert {"Secure", "HttpOnly", "Path=/api/classroom"} <= set(attributes(host_cookie)), host_cookie
        host = Device(proxy, cookie=attributes(host_cookie)[0])
        assert host.call("POST", "/api/classroom/host/game", {"game": "quizzes"})[0] == 200
        assert Device(proxy).call("POST", "/api/classroom/host/start", headers={"X-Host-Key": key})[0] == 200
        assert ana.call("POST", "/api/classroom/host/start")[0] == 401, "a student's cookie is not the host's"

        status, view, _ = ana.call("GET", "/api/classroom/round")
        assert status == 200 and view["text"], view
        while True:  # the round's door, once the question's 3-2-1 is over
            status, verdict, _ = ana.call("POST", "/api/classroom/round/answer",
                                          {"question": 1, "answer": QUIZ_BY_QUESTION[view["text"]]})
            if status != 409 or "cuenta atrás" not in verdict.get("error", ""):
                break
            time.sleep(0.1)
        assert status == 200 and verdict["status"] == "recibida", verdict  # host-paced: who was right shows at the close
        status, view, _ = ana.call("GET", "/api/classroom/round")
        assert status == 200 and view["verdict"]["right"] is True, view  # the only player: it closed
        answered = time.monotonic()

        deadline = answered + PROMPT_S
        while True:
            arrived, name, data = board.next(timeout=max(0.01, deadline - time.monotonic()))
            if scored(name, data, joined["id"]) == 1:
                break
        assert arrived - answered < PROMPT_S
    finally:
        board.close()


def test_plain_http_is_sent_to_https(behind_nginx):
    _, proxy, _ = behind_nginx
    connection = http.client.HTTPConnection("127.0.0.1", proxy.http_port, timeout=10)
    connection.request("GET", "/clase/?x=1")
    response = connection.getresponse()
    assert response.status == 301
    assert response.getheader("Location") == f"https://127.0.0.1:{proxy.https_port}/clase/?x=1"
    connection.close()


def lan_address():
    """This machine's first non-loopback IPv4 address (no packet is sent), or None."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
        except OSError:
            return None
        address = probe.getsockname()[0]
        return None if address.startswith("127.") else address


def test_a_forged_forwarded_for_changes_nothing(behind_nginx):
    _, proxy, _ = behind_nginx
    forged = {"X-Forwarded-For": "10.9.9.9"}
    # Through nginx from this machine, the app sees "10.9.9.9, 127.0.0.1" and takes 127.0.0.1:
    # loopback, never limited. Had it believed the student, the sixth join would be refused.
    for number in range(1, JOIN_BURST + 4):
        status, body, _ = Device(proxy).call("POST", "/api/classroom/join", {"name": f"Eco {number}"}, forged)
        assert status == 201, (number, body)

    lan = lan_address()
    if lan is None:
        pytest.skip("no non-loopback address on this machine: the per-device limit behind nginx is not checked")
    # From a device with its own address: a different forged address on every join does not
    # escape the device's limits: one player a device (409 after the first), then the join rate.
    statuses = []
    for number in range(1, JOIN_BURST + 3):
        status, body, _ = Device(proxy, source=lan).call(
            "POST", "/api/classroom/join", {"name": f"Bot {number}"}, {"X-Forwarded-For": f"10.9.9.{number}"})
        statuses.append(status)
    assert statuses == [201] + [409] * (JOIN_BURST - 1) + [429, 429], statuses
    assert body["error"] == "Demasiados intentos de entrar desde este dispositivo: espera un minuto."
