"""How many new PDFs and packs an anonymous client may ask for: counted per client address in the shared
cache (accounts.throttle), only when something is to be made (a PDF made already is served at once,
uncounted). Signed-in users are not limited here."""

import logging

from accounts.client import client_ip
from accounts.throttle import allow

logger = logging.getLogger(__name__)

# Per anonymous client address and per hour.
ANONYMOUS_RENDERS_PER_HOUR = 60
ANONYMOUS_PACKS_PER_HOUR = 10


def _allowed(request, action, limit):
    if request.user.is_authenticated:
        return True
    try:
        return allow(f"sheets-{action}:{client_ip(request)}", limit=limit)
    except Exception:  # the shared cache is down: nobody is refused for that
        logger.warning("the sheets' rate limit could not be counted", exc_info=True)
        return True


def may_render(request):
    """Whether this request may have a new PDF made (and count it)."""
    return _allowed(request, "render", ANONYMOUS_RENDERS_PER_HOUR)


def may_pack(request):
    """Whether this request may have a new pack made (and count it)."""
    return _allowed(request, "pack", ANONYMOUS_PACKS_PER_HOUR)
