"""Debian's nginx in front of a test's `adivina`, as a non-root user: the repository's own site
file (deploy/nginx/adivina.conf) with its ports, certificate paths and upstream swapped for the
test's, a self-signed certificate made by `openssl` at start, and its own prefix, pid file, logs
and temporary folders in a temporary directory (`daemon off`, so the test owns the process).

`scripts/test` installs nginx (and openssl) with apt; when they are missing,
`NginxProxy.missing()` says what is missing and the tests are skipped."""

import shutil
import socket
import ssl
import subprocess
import tempfile
from pathlib import Path

from processes import free_port, stop_process, wait_for

SITE = Path(__file__).resolve().parents[2] / "deploy/nginx/adivina.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
OPENSSL = shutil.which("openssl") or "/usr/bin/openssl"


def self_signed_certificate(folder):
    """The teacher's guide's command for a class's certificate, for 127.0.0.1: (certificate, key)."""
    certificate, key = Path(folder) / "adivina.crt", Path(folder) / "adivina.key"
    subprocess.run([OPENSSL, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-keyout", str(key), "-out", str(certificate), "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
                   check=True, capture_output=True)
    return certificate, key


def site_for_test(text, https_port, http_port, app_port, certificate, key):
    """The shipped site file with the machine's ports and paths replaced by the test's; fails
    naming any line the file no longer has."""
    replacements = [
        ("listen 443 ssl http2;", f"listen 127.0.0.1:{https_port} ssl http2;"),
        ("listen [::]:443 ssl http2;", ""),
        ("listen 80;", f"listen 127.0.0.1:{http_port};"),
        ("listen [::]:80;", ""),
        ("return 301 https://$host$request_uri;", f"return 301 https://$host:{https_port}$request_uri;"),
        ("server 127.0.0.1:8080;", f"server 127.0.0.1:{app_port};"),
        ("/etc/ssl/adivina/adivina.crt;", f"{certificate};"),
        ("/etc/ssl/adivina/adivina.key;", f"{key};"),
    ]
    for old, new in replacements:
        assert text.count(old) == 1, f"deploy/nginx/adivina.conf no longer has exactly one «{old}»"
        text = text.replace(old, new)
    return text


class NginxProxy:
    """`start(app_port)` runs nginx on `https_port` (TLS) and `http_port` (the redirect) in front
    of the app; `stop()` ends it and removes its files; `context()` trusts its certificate."""

    @staticmethod
    def missing():
        """What this machine lacks to run the proxy, or None."""
        absent = [name for name, path in {"nginx": NGINX, "openssl": OPENSSL}.items() if not Path(path).exists()]
        return ", ".join(absent) or None

    def __init__(self):
        self.root = Path(tempfile.mkdtemp(prefix="adivina-nginx-"))
        self.https_port = free_port()
        self.http_port = free_port()
        self.process = None
        self.certificate = None

    @property
    def url(self):
        return f"https://127.0.0.1:{self.https_port}"

    def context(self):
        """A TLS context that trusts only this proxy's self-signed certificate."""
        return ssl.create_default_context(cafile=str(self.certificate))

    def start(self, app_port):
        self.certificate, key = self_signed_certificate(self.root)
        for folder in ("logs", "client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.root / folder).mkdir()
        site = site_for_test(SITE.read_text(), self.https_port, self.http_port, app_port, self.certificate, key)
        (self.root / "adivina.conf").write_text(site)
        root = self.root
        (root / "nginx.conf").write_text(f"""
daemon off;
worker_processes 1;
pid {root}/nginx.pid;
error_log {root}/logs/error.log info;
events {{ worker_connections 512; }}
http {{
    access_log {root}/logs/access.log;
    client_body_temp_path {root}/client_body;
    proxy_temp_path {root}/proxy;
    fastcgi_temp_path {root}/fastcgi;
    uwsgi_temp_path {root}/uwsgi;
    scgi_temp_path {root}/scgi;
    include {root}/adivina.conf;
}}
""")
        self.process = subprocess.Popen(
            [NGINX, "-p", str(root), "-c", str(root / "nginx.conf"), "-e", str(root / "logs/error.log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        try:
            wait_for(self._listening, 10, "nginx to listen", interval=0.05)
        except RuntimeError as error:
            if self.process.poll() is not None:
                raise
            raise RuntimeError(f"{error}:\n{self.error_log()}") from None
        return self

    def _listening(self):
        if self.process.poll() is not None:
            raise RuntimeError(f"nginx exited with {self.process.returncode}:\n{self.error_log()}")
        try:
            with socket.create_connection(("127.0.0.1", self.https_port), timeout=0.2):
                return True
        except OSError:
            return False

    def error_log(self):
        path = self.root / "logs/error.log"
        return path.read_text() if path.exists() else ""

    def stop(self):
        stop_process(self.process)
        shutil.rmtree(self.root, ignore_errors=True)
