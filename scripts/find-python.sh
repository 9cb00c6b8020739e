#!/usr/bin/env bash
# Print the path of a Python >= 3.12 (Django 6 needs it), or explain how to get one and fail.
set -euo pipefail

candidates=(python3.13 python3.12 python3)
for dir in "$HOME"/.pyenv/versions/3.13* "$HOME"/.pyenv/versions/3.12* /usr/local/bin /usr/bin; do
  [ -x "$dir/bin/python3" ] && candidates+=("$dir/bin/python3")
  [ -x "$dir/python3.13" ] && candidates+=("$dir/python3.13")
  [ -x "$dir/python3.12" ] && candidates+=("$dir/python3.12")
done

for candidate in "${candidates[@]}"; do
  path=$(command -v "$candidate" 2>/dev/null) || continue
  if "$path" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null; then
    echo "$path"
    exit 0
  fi
done

cat >&2 <<'MSG'
Dugout needs Python 3.12 or newer, and none was found.
Install one, for example:
  - Debian 13 / Ubuntu 24.04:  sudo apt-get install python3 python3-venv
  - any Linux with pyenv:      pyenv install 3.13
then run the command again (or set PYTHON=/path/to/python3.12).
MSG
exit 1
