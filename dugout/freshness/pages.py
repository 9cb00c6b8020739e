"""Kept pages: `fresh_page(scopes)` decorates a GET view with versioned caching and conditional GET.

The page's tag (its ETag and its cache key) is a digest of the release (dugout.release), the epoch, the
versions of its scopes (one cache read, no SQL, no rendering), the viewer (anonymous, or the user and
what the site shows of them), the language, the full path and the htmx headers. An unchanged page answers
304; a kept page is served without running the view; otherwise the view runs and a plain 200 is kept for
PAGE_TIMEOUT. A scope that another transaction is changing gives no tag: the page is drawn, not kept. The
CSRF token in a kept page is swapped for the requesting client's own on every load. A request with
messages to show or an API token, a non-200 answer and a page that set a cookie of its own bypass it.
With settings.FRESHNESS_VERIFY (the test suite), every kept page or 304 is checked against the view
(verify.py).
"""

import functools
import hashlib
import logging
import re

from django.core.cache import cache
from django.http import HttpResponse, HttpResponseNotModified
from django.middleware.csrf import _unmask_cipher_token, get_token
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags
from django.utils.translation import get_language

from dugout.freshness import verify
from dugout.freshness.changes import PREFIX, read
from dugout.release import release

logger = logging.getLogger(__name__)

PAGE_TIMEOUT = 3600  # seconds a rendered page is kept (a new version makes it unreachable at once)
CSRF_PLACEHOLDER = "\x00csrf\x00"
_TOKEN = re.compile(r"(?<![A-Za-z0-9])[A-Za-z0-9]{64}(?![A-Za-z0-9])")


def viewer(request):
    """Who the page is drawn for: 'a' for anyone anonymous, else the user and what pages show of them."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return "a"
    shown = f"{user.pk}:{user}:{user.is_staff}:{user.is_superuser}"
    return "u" + hashlib.sha256(shown.encode()).hexdigest()[:16]


def page_tag(request, scopes):
    """The page's version, or None while one of its scopes is being changed by another transaction."""
    epoch, found, changing = read(scopes)
    if changing:
        return None
    parts = [
        release(),
        epoch,
        viewer(request),
        get_language() or "",
        request.get_full_path(),
        request.headers.get("HX-Request", ""),
        request.headers.get("HX-Target", ""),
        *(f"{kind}:{pk}:{found[(kind, pk)]}" for kind, pk in sorted(found)),
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]


def _has_messages(request):
    storage = getattr(request, "_messages", None)
    return storage is not None and len(storage) > 0


def kept_form(response, request):
    """The response as kept in the cache, or None when it must not be (not a plain 200, a cookie of its
    own, messages shown)."""
    if response.status_code != 200 or response.streaming or response.cookies:
        return None
    storage = getattr(request, "_messages", None)
    if storage is not None and storage.used:
        return None
    body = response.content
    secret = request.META.get("CSRF_COOKIE")
    if secret and b"csrf" in body.lower():
        body = _without_tokens(body.decode(response.charset), secret).encode(response.charset)
    headers = {
        name: response[name]
        for name in ("Content-Type", "Content-Disposition", "Content-Language")
        if response.has_header(name)
    }
    return {"body": body, "headers": headers, "vary": response.get("Vary", "")}


def _without_tokens(text, secret):
    """The page with every CSRF token of the request's secret replaced by CSRF_PLACEHOLDER (the check
    Django's middleware makes)."""

    def swap(match):
        return CSRF_PLACEHOLDER if _unmask_cipher_token(match.group()) == secret else match.group()

    return _TOKEN.sub(swap, text)


def _served(kept, request):
    body = kept["body"]
    placeholder = CSRF_PLACEHOLDER.encode()
    if placeholder in body:
        body = body.replace(placeholder, get_token(request).encode())
    response = HttpResponse(body)
    for name, value in kept["headers"].items():
        response[name] = value
    if kept["vary"]:
        patch_vary_headers(response, [v.strip() for v in kept["vary"].split(",") if v.strip()])
    return response


def _page_key(tag):
    return f"{PREFIX}:p:{tag}"


def fresh_page(scopes):
    """Decorates a GET view with versioned caching and conditional GET. `scopes(request, *args,
    **kwargs)` names the scopes the page shows (cheaply: a cache read or one indexed query), or None to
    serve the view as it is (an object that does not exist: the view answers 404)."""

    def decorator(view):
        @functools.wraps(view)
        def page(request, *args, **kwargs):
            tag = _tag_of(request, scopes, args, kwargs)
            if tag is None:
                return view(request, *args, **kwargs)

            def draw():
                return kept_form(view(request, *args, **kwargs), request)

            if _asked_again(request, tag):
                # The client's copy is the page drawn under this tag: answered without reading it,
                # but for the verification mode.
                if verify.enabled():
                    drawn = _cache_get(_page_key(tag)) or verify.recorded(tag)
                    if drawn is not None:
                        verify.check(request, drawn, draw)
                return _for_clients(HttpResponseNotModified(), request, tag)
            kept = _cache_get(_page_key(tag))
            if kept is None:
                response = view(request, *args, **kwargs)
                kept = kept_form(response, request)
                if kept is None:
                    return response  # not kept: no ETag either, its copy is not this tag's page
                _cache_set(_page_key(tag), kept)
                verify.record(tag, kept)
            else:
                verify.check(request, kept, draw)
                response = _served(kept, request)
            return _for_clients(response, request, tag)

        return page

    return decorator


def _tag_of(request, scopes, args, kwargs):
    if request.method not in ("GET", "HEAD") or _has_messages(request):
        return None
    if "Authorization" in request.headers:  # answered by the view: the API token may be revoked
        return None
    try:
        named = scopes(request, *args, **kwargs)
        if named is None:
            return None
        request.fresh_scopes = sorted(set(named))
        return page_tag(request, named)
    except Exception:  # the cache is down: the page is drawn as if there were none
        logger.exception("freshness: no tag for %s", request.path)
        return None


def _asked_again(request, tag):
    """Whether the request's If-None-Match names the page's tag, compared weakly (W/ or not), as RFC 9110
    asks of If-None-Match."""
    return f'"{tag}"' in (
        etag.removeprefix("W/") for etag in parse_etags(request.headers.get("If-None-Match", ""))
    )


def _for_clients(response, request, tag):
    """Browsers and proxies keep the page but ask each time (If-None-Match), a private one only for the
    user it was drawn for. The ETag is weak: a kept page comes back with the client's own CSRF token, and
    gzipped or not (GZipMiddleware), so it is the same page, not the same bytes; the 304 and the 200
    carry the same one."""
    response["ETag"] = f'W/"{tag}"'
    patch_cache_control(response, no_cache=True, private=request.user.is_authenticated)
    patch_vary_headers(response, ("Cookie", "Accept-Language"))
    return response


def _cache_get(key):
    try:
        return cache.get(key)
    except Exception:
        logger.exception("freshness: could not read %s", key)
        return None


def _cache_set(key, value):
    try:
        cache.set(key, value, timeout=PAGE_TIMEOUT)
    except Exception:
        logger.exception("freshness: could not keep %s", key)
