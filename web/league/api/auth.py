"""Who calls the API, and how often they may.

A request may carry a personal API token (`Authorization: Bearer <token>`, accounts.tokens): it then acts
as the token's owner, whose session it does not need. A token that is unknown or revoked is refused
(401), never taken for an anonymous request. Without a token, reads use the session if there is one (a
browser) or see public leagues only; writes need a token (a session would need CSRF, which a bot has not).

Requests are counted per token, and per client address without one, in the shared cache: fixed windows
counted with the cache's atomic increment (Redis's INCR), so that every web process counts together and
two requests at once are both counted. (django-ninja's SimpleRateThrottle rewrites a list of timestamps,
which two processes can overwrite, on an instance every thread shares.) A cache that is down refuses
nobody.
"""

import logging
import threading
import time

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext as _
from ninja.errors import AuthenticationError, Throttled
from ninja.security import HttpBearer
from ninja.throttling import BaseThrottle

from accounts import tokens
from accounts.client import client_ip
from accounts.models import ApiToken

logger = logging.getLogger(__name__)


class BearerToken(HttpBearer):
    """`Authorization: Bearer <token>`, a personal API token made on the profile page."""

    def authenticate(self, request, token):
        api_token = tokens.authenticate(token.strip())
        if api_token is None:
            # A wrong token counts against its client address like a request without one: guessing
            # is throttled too (django-ninja's throttles run only once a request is authenticated).
            if not GUESSES.allow_request(request):
                raise Throttled(wait=GUESSES.wait())
            raise AuthenticationError(message=_("This API token is not valid: it is unknown or was revoked."))
        request.user = api_token.user  # the pages' rules (who may see, who may submit) apply to its owner
        return api_token


def session_or_anonymous(request):
    """No token: the request goes on as its session's user, or anonymous (public leagues only)."""
    return True  # request.user, set by Django's middleware, is left as it is


READ_AUTH = [BearerToken(), session_or_anonymous]
WRITE_AUTH = [BearerToken()]
# A read works without a token too: OpenAPI's empty requirement says so.
READ_SECURITY = {"security": [{}]}


PERIODS = {"s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600, "hour": 3600, "d": 86400, "day": 86400}


def parse_rate(rate):
    """(requests, seconds) of a rate such as "120/min" (django-ninja's notation)."""
    count, _slash, period = rate.partition("/")
    if not count.isdigit() or period not in PERIODS:
        raise ImproperlyConfigured(f"An API rate is N/s, N/min, N/hour or N/day, not {rate!r}.")
    return int(count), PERIODS[period]


class ApiThrottle(BaseThrottle):
    """At most settings.API_TOKEN_RATE requests per token, API_ANONYMOUS_RATE per client address
    without one (read at each request, so that a deployment or a test may change them)."""

    def __init__(self):
        self._local = threading.local()  # what wait() reports about this thread's last request

    def allow_request(self, request):
        token = getattr(request, "auth", None)
        if isinstance(token, ApiToken):
            rate, who = settings.API_TOKEN_RATE, f"token:{token.pk}"
        else:
            rate, who = settings.API_ANONYMOUS_RATE, f"ip:{client_ip(request)}"
        limit, seconds = parse_rate(rate)
        now = time.time()
        window = int(now // seconds)
        self._local.wait = seconds * (window + 1) - now
        key = f"api-throttle:{who}:{seconds}:{window}"
        try:
            cache.add(key, 0, timeout=seconds + 1)
            count = cache.incr(key)
        except ValueError:  # expired between add and incr: a new window
            cache.set(key, 1, timeout=seconds + 1)
            count = 1
        except Exception:  # the cache is down: count nothing rather than refuse everyone
            logger.warning("API throttle: the cache is unreachable; request let through", exc_info=True)
            return True
        return count <= limit

    def wait(self):
        return getattr(self._local, "wait", None)


GUESSES = ApiThrottle()
