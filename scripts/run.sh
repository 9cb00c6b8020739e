#!/usr/bin/env bash
# Start a Celery worker, Celery beat (the periodic tasks) and the web server together; Ctrl-C, or a TERM
# sent to this script alone, stops them all within a bounded time and leaves no process behind.
set -euo pipefail
cd "$(dirname "$0")/.."

python=.venv/bin/python
host=${DUGOUT_HOST:-127.0.0.1}
port=${DUGOUT_PORT:-8000}
grace=10 # seconds a process has to stop after TERM before it is killed

export DEBUG=${DEBUG:-1} DEMO_MODE=${DEMO_MODE:-1}
$python manage.py migrate --no-input -v 0
$python manage.py compilemessages -v 0 --ignore=.venv
$python manage.py load_demo

# Each process runs in a session, so a process group, of its own (setsid: its pid is its group's id):
# the terminal's Ctrl-C reaches only this script, which signals each process once and can kill a whole
# group, the worker's prefork pool with it. Everything runs in the background, runserver too: bash runs a
# trap only once the foreground command returns, but at once during `wait`.
pids=()
start() {
  setsid "$@" &
  pids+=("$!")
}
running() { # is any process of any group still alive?
  local pid
  for pid in "${pids[@]}"; do kill -0 -- "-$pid" 2>/dev/null && return 0; done
  return 1
}

stop() {
  trap '' INT TERM HUP # a second Ctrl-C must not cut the stop short and orphan the processes
  trap - EXIT
  echo "Stopping the web server, the worker and beat (at most ${grace} s)..." >&2
  # TERM to the leaders only: the pool's children die at once on TERM, while the worker's warm shutdown
  # lets their tasks finish. That shutdown waits on running tasks without a bound, hence the KILL after
  # the grace period (sheet work cut short is sent again by beat's sheets.recover_lost_work).
  kill -TERM "${pids[@]}" 2>/dev/null || true
  local tick
  for ((tick = 0; tick < grace * 10; tick++)); do
    running || break
    sleep 0.1
  done
  running && echo "Still running after ${grace} s: killed." >&2
  local pid
  for pid in "${pids[@]}"; do kill -KILL -- "-$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

start $python -m celery -A dugout worker --loglevel=WARNING --concurrency=2
# Celery beat sends the periodic tasks (dugout/celery.py); it keeps its schedule in a file under var/.
beat_dir=${DUGOUT_VAR_DIR:-var}/celery
mkdir -p "$beat_dir"
start $python -m celery -A dugout beat --loglevel=WARNING --schedule "$beat_dir/beat-schedule"
start $python manage.py runserver "$host:$port" --noreload

cat <<MSG

  Dugout runs at http://$host:$port/
  Press Ctrl-C to stop the web server, the worker and beat.

MSG
# Whichever process ends first (a signal interrupts the wait too) ends the others, by the EXIT trap.
wait -n
