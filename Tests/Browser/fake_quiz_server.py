"""A quiz server of the course's contract (CORE-UPM quiz server) that a test controls: it can be
made to fail or to answer slowly, and it serves the items the test gives it. adivina talks to it
through `--quiz-server URL --quiz-token TOKEN`."""

import json
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TOKEN = "browser-test-token-5f2a"

PICTURE = ("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 30'>"
           "<rect width='40' height='30' fill='hsl({hue},70%,55%)'/>"
           "<circle cx='28' cy='9' r='5' fill='#fff'/></svg>")


def default_quizzes():
    return [
        {"id": 1, "question": "¿Capital de Francia?", "answer": "París", "author": "Ana", "picture": True},
        {"id": 2, "question": "¿Cuántas patas tiene una araña?", "answer": "8", "author": "Luis", "picture": True},
        {"id": 3, "question": "Who wrote Hamlet?", "answer": "Shakespeare", "author": None, "picture": False},
    ]


class FakeQuizServer:
    def __init__(self, quizzes=None):
        self.quizzes = quizzes or default_quizzes()
        self.failing = False      # every /api route answers 500
        self.delay_s = 0.0        # random10 answers after this delay
        self.favourites = set()
        self.answered_right = set()
        self.lock = threading.Lock()
        self.httpd = None

    @property
    def url(self):
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def start(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                fake.handle(self, "GET")

            def do_PUT(self):
                fake.handle(self, "PUT")

            def do_DELETE(self):
                fake.handle(self, "DELETE")

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    def item(self, quiz, with_answer=False):
        item = {
            "id": quiz["id"],
            "question": quiz["question"],
            "author": None if quiz["author"] is None else {
                "id": quiz["id"] + 100, "isAdmin": False, "username": None, "accountTypeId": 3,
                "profileId": 111310641530571150000, "profileName": quiz["author"],
                "photo": {"mime": None, "url": f"{self.url}/users/{quiz['id']}/photo"},
            },
            "attachment": {"mime": "image/svg+xml", "url": f"{self.url}/quizzes/{quiz['id']}/attachment"}
            if quiz["picture"] else None,
            "favourite": quiz["id"] in self.favourites,
        }
        if with_answer:
            item["answer"] = quiz["answer"]
        return item

    def handle(self, request, method):
        url = urllib.parse.urlsplit(request.path)
        query = urllib.parse.parse_qs(url.query)
        parts = url.path.strip("/").split("/")

        def send(status, body, content_type="application/json; charset=utf-8"):
            data = body if isinstance(body, bytes) else (
                body.encode() if isinstance(body, str) else json.dumps(body).encode())
            request.send_response(status)
            request.send_header("Content-Type", content_type)
            request.send_header("Content-Length", str(len(data)))
            request.end_headers()
            request.wfile.write(data)

        if parts[0] in ("users", "quizzes") and parts[-1] in ("photo", "attachment"):
            return send(200, PICTURE.format(hue=int(parts[1]) * 97 % 360), "image/svg+xml")
        if parts[0] != "api":
            return send(404, {"error": "Not found"})
        if query.get("token") != [TOKEN]:
            return send(401, "Unauthorized", "text/plain")
        if self.failing:
            return send(500, {"error": "Internal Server Error"})
        with self.lock:
            by_id = {str(q["id"]): q for q in self.quizzes}
            if parts[1:] == ["quizzes", "random10"] and method == "GET":
                delay = self.delay_s
                items = [self.item(q) for q in self.quizzes[:10]]
            elif parts[1:] == ["quizzes", "random"] and method == "GET":
                rest = [q for q in self.quizzes if q["id"] not in self.answered_right]
                return send(200, self.item(rest[0]) if rest else {"nomore": True})
            elif len(parts) == 4 and parts[1] == "quizzes" and parts[3] in ("check", "answer"):
                quiz = by_id.get(parts[2])
                if quiz is None:
                    return send(404, {"error": f"There is no quiz with id={parts[2]}"})
                if parts[3] == "answer":
                    return send(200, {"quizId": quiz["id"], "answer": quiz["answer"]})
                answer = query.get("answer", [""])[0]
                result = answer.strip().lower() == quiz["answer"].strip().lower()
                if result:
                    self.answered_right.add(quiz["id"])
                return send(200, {"quizId": quiz["id"], "answer": answer, "result": result})
            elif parts[1:4] == ["users", "tokenOwner", "favourites"] and len(parts) == 5 and method in ("PUT", "DELETE"):
                quiz = by_id.get(parts[4])
                if quiz is None:
                    return send(404, {"error": f"There is no quiz with id={parts[4]}"})
                if method == "PUT":
                    self.favourites.add(quiz["id"])
                else:
                    self.favourites.discard(quiz["id"])
                return send(200, {"id": quiz["id"], "favourite": method == "PUT"})
            else:
                return send(404, {"error": "Not found"})
        time.sleep(delay)
        send(200, items)
