"""A server of one JSON list that a test controls (the Books and Películas exams' contract: the
whole list at one URL): it serves the items the test gives it, answers slowly or fails when told.
adivina downloads from it through `--books-url URL` or `--movies-url URL`."""

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakeListServer:
    def __init__(self, items):
        self.items = items
        self.failing = False      # every request answers 500
        self.delay_s = 0.0        # the list comes after this delay
        self.httpd = None

    @property
    def url(self):
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}/"

    def start(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                fake.handle(self)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    def handle(self, request):
        if self.delay_s:
            time.sleep(self.delay_s)  # the fake server is slow on purpose; tests never sleep
        status, body = (500, {"error": "down"}) if self.failing else (200, self.items)
        data = json.dumps(body).encode()
        request.send_response(status)
        request.send_header("Content-Type", "application/json")
        request.send_header("Content-Length", str(len(data)))
        request.end_headers()
        request.wfile.write(data)
