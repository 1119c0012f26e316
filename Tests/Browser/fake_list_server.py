"""A server of one JSON list that a test controls (the Books and Películas exams' contract: the
whole list at one URL): it serves the items the test gives it, answers slowly or fails when told.
adivina downloads from it through `--books-url URL` or `--movies-url URL`."""

import time

from fake_server import FakeServer


class FakeListServer(FakeServer):
    def __init__(self, items):
        self.items = items
        self.failing = False      # every request answers 500
        self.delay_s = 0.0        # the list comes after this delay

    @property
    def url(self):
        return super().url + "/"

    def handle(self, request):
        if self.delay_s:
            time.sleep(self.delay_s)  # the fake server is slow on purpose; tests never sleep
        status, body = (500, {"error": "down"}) if self.failing else (200, self.items)
        self.send(request, status, body)
