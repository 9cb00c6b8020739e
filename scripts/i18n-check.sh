#!/usr/bin/env bash
# Extract the translatable strings afresh in a copy of the project and fail on any missing, empty or
# fuzzy translation there, so a string added to the code without its translations is caught while the
# committed catalogues stay untouched.
set -euo pipefail
cd "$(dirname "$0")/.."
top=$(pwd)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar --exclude=./.venv --exclude=./var --exclude=./.git --exclude=__pycache__ -cf - . | tar -xf - -C "$work"
(cd "$work" && DEBUG=1 "$top/.venv/bin/python" manage.py makemessages --all --no-obsolete -v 0)

status=0
for po in "$work"/locale/*/LC_MESSAGES/*.po; do
  language=$(basename "$(dirname "$(dirname "$po")")")
  stats=$(msgfmt --statistics -o /dev/null "$po" 2>&1)
  if grep -qE "fuzzy|untranslated" <<<"$stats"; then
    echo "locale/$language: $stats" >&2
    msgattrib --untranslated --no-wrap "$po" | grep -E '^msgid ' | grep -v '^msgid ""$' | head -n 20 >&2 || true
    msgattrib --only-fuzzy --no-wrap "$po" | grep -E '^msgid ' | grep -v '^msgid ""$' | head -n 20 >&2 || true
    status=1
  fi
done
[ $status -eq 0 ] && echo "i18n-check: every string is translated in every language."
exit $status
