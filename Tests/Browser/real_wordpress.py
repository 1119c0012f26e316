"""A real WordPress for the news tests: Debian's `wordpress` package on its own MariaDB server
(a fresh data directory, reachable only through a Unix socket) behind PHP's built-in server on
127.0.0.1, all started and stopped by the test suite. Content is made through WordPress's own PHP
functions (`wordpress/wp_tool.php`, which loads wp-load.php).

`scripts/test` installs the packages (`wordpress mariadb-server php-cli php-mysql`); when they
are not there, `RealWordPress.missing()` says what is missing and the tests are skipped."""

import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from processes import free_port, stop_process, wait_for

HERE = Path(__file__).resolve().parent / "wordpress"
DEBIAN_WORDPRESS = Path("/usr/share/wordpress")
MARIADBD = shutil.which("mariadbd") or "/usr/sbin/mariadbd"
INSTALL_DB = shutil.which("mariadb-install-db") or "/usr/bin/mariadb-install-db"
MARIADB = shutil.which("mariadb") or "/usr/bin/mariadb"
PHP = shutil.which("php") or "/usr/bin/php"


class RealWordPress:
    """One WordPress site: `start()` makes the database, installs WordPress and serves it;
    `stop()` ends everything and removes its files. `url` is the site's root."""

    @staticmethod
    def missing():
        """What this machine lacks to run a WordPress, or None."""
        needed = {"wordpress": DEBIAN_WORDPRESS / "wp-settings.php", "mariadb-server": Path(MARIADBD),
                  "mariadb-install-db": Path(INSTALL_DB), "php-cli": Path(PHP)}
        absent = [name for name, path in needed.items() if not path.exists()]
        if not absent:
            probe = subprocess.run([PHP, "-m"], capture_output=True, text=True)
            if "mysqli" not in probe.stdout:
                absent.append("php-mysql")
        return ", ".join(absent) or None

    def __init__(self):
        self.root = Path(tempfile.mkdtemp(prefix="adivina-wordpress-"))
        self.port = free_port()
        self.database = None
        self.php = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    @property
    def socket_path(self):
        return str(self.root / "mysqld.sock")

    # ---------- lifecycle ----------

    def start(self):
        started = time.monotonic()
        self._start_database()
        self._make_tree()
        self.tool("install")
        self.start_php()
        self.seconds_to_start = time.monotonic() - started
        return self

    def _start_database(self):
        data = self.root / "mysql"
        user = ["--user=root"] if os.geteuid() == 0 else []
        subprocess.run([INSTALL_DB, "--no-defaults", f"--datadir={data}", "--auth-root-authentication-method=normal",
                        "--skip-test-db", *user], check=True, capture_output=True)
        self.database = subprocess.Popen(
            [MARIADBD, "--no-defaults", f"--datadir={data}", f"--socket={self.socket_path}", "--skip-networking",
             f"--pid-file={self.root / 'mysqld.pid'}", f"--log-error={self.root / 'mysqld.err'}",
             "--innodb-buffer-pool-size=32M", "--skip-log-bin", *user],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(lambda: self._sql("SELECT 1").returncode == 0, 60, "MariaDB to accept connections")
        self._sql("CREATE DATABASE wordpress CHARACTER SET utf8mb4", check=True)

    def _sql(self, statement, check=False):
        return subprocess.run([MARIADB, "--no-defaults", f"--socket={self.socket_path}", "-uroot", "-e", statement],
                              capture_output=True, text=True, check=check)

    def _make_tree(self):
        """Debian's WordPress through symbolic links, with the test's wp-config.php and content folder."""
        tree = self.root / "wp"
        tree.mkdir()
        for entry in DEBIAN_WORDPRESS.iterdir():
            if entry.name not in ("wp-config.php", "wp-content"):
                (tree / entry.name).symlink_to(entry)
        content = tree / "wp-content"
        (content / "uploads").mkdir(parents=True)
        for entry in (DEBIAN_WORDPRESS / "wp-content").iterdir():
            (content / entry.name).symlink_to(entry)
        (tree / "wp-config.php").write_text(f"""<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', 'localhost:{self.socket_path}');
define('DB_CHARSET', 'utf8mb4');
define('WP_CONTENT_DIR', '{content}');
define('WP_CONTENT_URL', '{self.url}/wp-content');
define('WP_HOME', '{self.url}');
define('WP_SITEURL', '{self.url}');
define('DISABLE_WP_CRON', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
$table_prefix = 'wp_';
if (!defined('ABSPATH')) define('ABSPATH', '{tree}/');
require_once ABSPATH . 'wp-settings.php';
""")
        self.tree = tree

    def start_php(self):
        """Serves the site (again, after `stop_php`) on the same port."""
        environment = {**os.environ, "ADIVINA_WP_ROOT": str(self.tree)}
        self.php = subprocess.Popen(
            [PHP, "-S", f"127.0.0.1:{self.port}", "-t", str(self.tree), str(HERE / "router.php")],
            env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def answers():
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return True
            except OSError:
                return False
        wait_for(answers, 30, "PHP's server")

    def stop_php(self):
        stop_process(self.php)
        self.php = None

    def stop(self):
        self.stop_php()
        stop_process(self.database, timeout=30)
        shutil.rmtree(self.root, ignore_errors=True)

    # ---------- content, through WordPress's PHP functions ----------

    def tool(self, action, **arguments):
        environment = {**os.environ, "ADIVINA_WP_ROOT": str(self.tree), "ADIVINA_WP_HOST": f"127.0.0.1:{self.port}"}
        done = subprocess.run([PHP, str(HERE / "wp_tool.php"), action, json.dumps(arguments)],
                              env=environment, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"wp_tool {action} failed: {done.stderr or done.stdout}")
        return json.loads(done.stdout.strip().splitlines()[-1])
