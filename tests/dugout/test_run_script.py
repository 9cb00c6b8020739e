"""`make run` (scripts/run.sh) stopped by Ctrl-C or by a TERM leaves no process behind (issue #26).

The script runs for real on the embedded default (SQLite and the filesystem broker) in a temporary
DUGOUT_VAR_DIR: migrate, load_demo, then the worker, beat and runserver, until /healthz answers.
"""

import contextlib
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings

RUN_SCRIPT = Path(settings.BASE_DIR) / "scripts" / "run.sh"
STARTUP_TIMEOUT = 180  # migrate and load_demo on a fresh database, then the worker's start
STOP_TIMEOUT = 30  # the script's grace period is 10 s

# What the script's processes must not inherit from the test run: the embedded default is wanted, with
# everything under the temporary folder, and the pages drawn once.
UNSET = (
    "DATABASE_URL",
    "CELERY_BROKER_URL",
    "CELERY_RESULT_BACKEND",
    "CACHE_URL",
    "MEDIA_ROOT",
    "FRESHNESS_VERIFY",
    "PYTEST_XDIST_WORKER",  # or the script's processes would keep their files in a sub-folder of var_dir
)


@pytest.fixture(scope="module")
def var_dir(tmp_path_factory):
    """One folder for both cases: the second one migrates an existing database, which is quicker."""
    return tmp_path_factory.mktemp("run-sh-var")


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def processes_of(*, session, var_dir):
    """{pid: command line} of the live processes in the script's session or whose environment names
    its var folder: the worker, beat and runserver run in sessions of their own, and carry it."""
    marker = f"DUGOUT_VAR_DIR={var_dir}".encode()
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            # After the command's closing parenthesis: state, ppid, pgrp, session...
            state, _ppid, _pgrp, sid = stat.rpartition(")")[2].split()[:4]
            try:
                environ = (entry / "environ").read_bytes().split(b"\0")
            except PermissionError:
                environ = []
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except (FileNotFoundError, ProcessLookupError):
            continue  # it ended while we looked
        # A zombie runs nothing any more: it only waits for its new parent to reap it.
        if state != "Z" and (int(sid) == session or marker in environ):
            found[int(entry.name)] = cmdline.strip()
    return found


def tail(log):
    return log.read_text(errors="replace")[-3000:]


def wait_until_healthy(process, port, log):
    """/healthz answers 200 once the database, the broker and a worker's heartbeat are there."""
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"run.sh exited with {process.returncode} before it served:\n{tail(log)}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.5)
    pytest.fail(f"/healthz did not answer within {STARTUP_TIMEOUT} s:\n{tail(log)}")


@pytest.mark.parametrize(
    ("signum", "to_group"),
    [
        # A terminal's Ctrl-C signals its whole foreground process group: the script and its children.
        pytest.param(signal.SIGINT, True, id="ctrl-c"),
        # `kill <pid>` (or a supervisor) signals the script alone.
        pytest.param(signal.SIGTERM, False, id="term-to-the-script"),
    ],
)
def test_run_script_leaves_no_process_when_stopped(signum, to_group, var_dir):
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key not in UNSET}
    env.update(DUGOUT_VAR_DIR=str(var_dir), DUGOUT_PORT=str(port))
    log = var_dir / f"run-{signum.name}.log"
    with log.open("w") as output:
        # A session of its own: its id is the script's pid, so its processes can be found and killed.
        process = subprocess.Popen(
            ["bash", str(RUN_SCRIPT)],
            cwd=settings.BASE_DIR,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    session = process.pid
    try:
        wait_until_healthy(process, port, log)
        started = processes_of(session=session, var_dir=var_dir)
        # The search finds what it has to find: otherwise "nothing left" would prove nothing.
        assert any("celery -A dugout worker" in command for command in started.values()), started
        assert any("celery -A dugout beat" in command for command in started.values()), started
        assert any("runserver" in command for command in started.values()), started

        if to_group:
            os.killpg(process.pid, signum)
        else:
            os.kill(process.pid, signum)
        try:
            process.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            left = processes_of(session=session, var_dir=var_dir)
            pytest.fail(f"run.sh still runs {STOP_TIMEOUT} s after {signum.name}; its processes: {left}")

        assert processes_of(session=session, var_dir=var_dir) == {}
    finally:
        for pid in processes_of(session=session, var_dir=var_dir):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        if process.poll() is None:
            process.kill()
            process.wait()
