"""The part every fake remote service of the browser tests shares: a `ThreadingHTTPServer` on a
free port of 127.0.0.1, served from a daemon thread, whose requests go to the subclass's
`handle(request)` (the `BaseHTTPRequestHandler`; `request.command` is the method)."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakeServer:
    methods = ("GET",)                     # the HTTP methods the subclass answers
    json_content_type = "application/json"

    httpd = None

    @property
    def url(self):
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def start(self):
        fake = self

        def dispatch(request):
            fake.handle(request)

        handler = type("Handler", (BaseHTTPRequestHandler,), {
            "protocol_version": "HTTP/1.1",
            "log_message": lambda request, *args: None,
            **{f"do_{method}": dispatch for method in self.methods},
        })
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    def send(self, request, status, body, content_type=None, headers=()):
        """Answers `request` with `body` (bytes, text, or anything else as JSON)."""
        data = body if isinstance(body, bytes) else (
            body.encode() if isinstance(body, str) else json.dumps(body).encode())
        request.send_response(status)
        request.send_header("Content-Type", content_type or self.json_content_type)
        request.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            request.send_header(name, value)
        request.end_headers()
        request.wfile.write(data)
