"""A quiz server of the course's contract (CORE-UPM quiz server) that a test controls: it can be
made to fail or to answer slowly, and it serves the items the test gives it. adivina talks to it
through `--quiz-server URL --quiz-token TOKEN`."""

import threading
import time
import urllib.parse

from fake_server import FakeServer

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


class FakeQuizServer(FakeServer):
    methods = ("GET", "PUT", "DELETE")
    json_content_type = "application/json; charset=utf-8"

    def __init__(self, quizzes=None):
        self.quizzes = quizzes or default_quizzes()
        self.failing = False      # every /api route answers 500
        self.delay_s = 0.0        # random10 answers after this delay
        self.favourites = set()
        self.answered_right = set()
        self.lock = threading.Lock()

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

    def handle(self, request):
        method = request.command
        url = urllib.parse.urlsplit(request.path)
        query = urllib.parse.parse_qs(url.query)
        parts = url.path.strip("/").split("/")


        if parts[0] in ("users", "quizzes") and parts[-1] in ("photo", "attachment"):
            return self.send(request, 200, PICTURE.format(hue=int(parts[1]) * 97 % 360), "image/svg+xml")
        if parts[0] != "api":
            return self.send(request, 404, {"error": "Not found"})
        if query.get("token") != [TOKEN]:
            return self.send(request, 401, "Unauthorized", "text/plain")
        if self.failing:
            return self.send(request, 500, {"error": "Internal Server Error"})
        with self.lock:
            by_id = {str(q["id"]): q for q in self.quizzes}
            if parts[1:] == ["quizzes", "random10"] and method == "GET":
                delay = self.delay_s
                items = [self.item(q) for q in self.quizzes[:10]]
            elif parts[1:] == ["quizzes", "random"] and method == "GET":
                rest = [q for q in self.quizzes if q["id"] not in self.answered_right]
                return self.send(request, 200, self.item(rest[0]) if rest else {"nomore": True})
            elif len(parts) == 4 and parts[1] == "quizzes" and parts[3] in ("check", "answer"):
                quiz = by_id.get(parts[2])
                if quiz is None:
                    return self.send(request, 404, {"error": f"There is no quiz with id={parts[2]}"})
                if parts[3] == "answer":
                    return self.send(request, 200, {"quizId": quiz["id"], "answer": quiz["answer"]})
                answer = query.get("answer", [""])[0]
                result = answer.strip().lower() == quiz["answer"].strip().lower()
                if result:
                    self.answered_right.add(quiz["id"])
                return self.send(request, 200, {"quizId": quiz["id"], "answer": answer, "result": result})
            elif parts[1:4] == ["users", "tokenOwner", "favourites"] and len(parts) == 5 and method in ("PUT", "DELETE"):
                quiz = by_id.get(parts[4])
                if quiz is None:
                    return self.send(request, 404, {"error": f"There is no quiz with id={parts[4]}"})
                if method == "PUT":
                    self.favourites.add(quiz["id"])
                else:
                    self.favourites.discard(quiz["id"])
                return self.send(request, 200, {"id": quiz["id"], "favourite": method == "PUT"})
            else:
                return self.send(request, 404, {"error": "Not found"})
        time.sleep(delay)
        self.send(request, 200, items)
