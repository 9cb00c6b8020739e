#!/usr/bin/env bash
# Install the Debian packages Dugout needs, when some are missing.
#   gettext               compilemessages / makemessages
#   libharfbuzz-subset0   fast font subsetting in WeasyPrint (2-3x faster PDFs)
#   fonts-nanum           Korean glyphs; fonts-dejavu-core covers Latin and Greek
#   poppler-utils         pdftoppm / pdftotext, to look at PDFs
# With --test, also chromium for the browser tests.
# With --bench, also apache2-utils: ab, the load generator of benchmarks/http_bench.py; and chromium,
# nodejs and npm for benchmarks/lighthouse_bench.py (Node.js only where none is installed yet).
set -euo pipefail

packages=(gettext libharfbuzz-subset0 fonts-nanum fonts-dejavu-core poppler-utils)
[ "${1:-}" = "--test" ] && packages+=(chromium)
[ "${1:-}" = "--bench" ] && packages+=(apache2-utils chromium)
[ "${1:-}" = "--bench" ] && ! command -v npm >/dev/null && packages+=(nodejs npm)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null; then
  echo "Please install these packages with your system's package manager: ${missing[*]}" >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then sudo="sudo"; else
    echo "Missing Debian packages: ${missing[*]}. Run as root: apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi
echo "Installing Debian packages: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
