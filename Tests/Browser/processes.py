"""What the helpers that run real servers for the tests (nginx, MariaDB and PHP) share: a free
port, waiting for a condition with a deadline, and stopping a process politely then firmly."""
import socket
import subprocess
import time


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(condition, timeout, what, interval=0.1):
    """Calls `condition` every `interval` s until it is true; RuntimeError after `timeout` s."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise RuntimeError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(interval)


def stop_process(process, timeout=10):
    """Terminates `process` (a Popen or None) if it runs, and kills it after `timeout` s."""
    if process is not None and process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
