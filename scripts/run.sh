#!/usr/bin/env bash
# Start a Celery worker, Celery beat (the periodic tasks) and the web server together; Ctrl-C stops them all.
set -euo pipefail
cd "$(dirname "$0")/.."

python=.venv/bin/python
host=${DUGOUT_HOST:-127.0.0.1}
port=${DUGOUT_PORT:-8000}

export DEBUG=${DEBUG:-1} DEMO_MODE=${DEMO_MODE:-1}
$python manage.py migrate --no-input -v 0
$python manage.py compilemessages -v 0 --ignore=.venv
$python manage.py load_demo

$python -m celery -A dugout worker --loglevel=WARNING --concurrency=2 &
worker=$!
# Celery beat sends the periodic tasks (dugout/celery.py); it keeps its schedule in a file under var/.
beat_dir=${DUGOUT_VAR_DIR:-var}/celery
mkdir -p "$beat_dir"
$python -m celery -A dugout beat --loglevel=WARNING --schedule "$beat_dir/beat-schedule" &
beat=$!
trap 'kill "$worker" "$beat" 2>/dev/null; wait "$worker" "$beat" 2>/dev/null' EXIT INT TERM

cat <<MSG

  Dugout runs at http://$host:$port/
  Press Ctrl-C to stop the web server, the worker and beat.

MSG
$python manage.py runserver "$host:$port" --noreload
