"""Pages that are never stale, cached by the versions of what they show, with conditional GET.

A *scope* is what a page shows, named `(kind, id)`: ("team", 3), ("season", 7), ("league", 2),
("match", 11). Every scope has a version in the shared cache (settings.CACHES: Redis in production, a
folder for the embedded default, so every worker and host sees the same one). The apps' receivers
(<app>/freshness.py, connected in their AppConfig.ready) `bump` the scopes of every row saved or deleted,
and services that write around the signals (queryset update, bulk_create) bump theirs by hand.

A bump writes a new random version twice: at once (so the request that wrote, and a test inside one
transaction, read the change on their next load) and again when the transaction commits (so a page a
concurrent request rendered from the data before the commit, under the first new version, is never
served again). Versions are random rather than counted: a version the cache evicted comes back as a new
random value, never as one an old page was cached under.

`fresh_page(scopes)` decorates a GET view: its ETag and its cache key are made of the versions of the
scopes (a cache read, no SQL, no rendering), the viewer (anonymous, or the user and what the site shows
of them), the language, the full path, the htmx headers and the release (the code, templates and
translations in use). An unchanged page answers 304; a page cached already is served without running the
view; otherwise the view runs and its answer is kept. The CSRF token in a kept page is swapped for the
requesting client's own on every load. A request with messages to show, a non-200 answer and a page that
set a cookie of its own bypass the cache. Fan-outs (`register_fanout`) turn a bump of one scope into the
scopes that show it too (a team's seasons and leagues), with the queries of the app that knows them.
"""

import functools
import hashlib
import logging
import os
import re
import secrets
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils.autoreload import file_changed
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import condition

logger = logging.getLogger(__name__)

PAGE_TIMEOUT = 3600  # seconds a rendered page is kept (a version bump makes it unreachable at once)
PREFIX = "fresh"
CSRF_PLACEHOLDER = "\x00csrf\x00"
_TOKEN = re.compile(r"(?<![A-Za-z0-9])[A-Za-z0-9]{64}(?![A-Za-z0-9])")

_fanouts = {}  # kind -> [function(ids) -> iterable of scopes]


def register_fanout(kind, function):
    """After a bump of scopes of `kind`, also bump function(ids)'s scopes (the pages that show them)."""
    _fanouts.setdefault(kind, []).append(function)


# --- versions -------------------------------------------------------------------------------------------


def _key(scope):
    return f"{PREFIX}:v:{scope[0]}:{scope[1]}"


def _new_version():
    return secrets.token_hex(6)


def expand(scopes):
    """The scopes and those their fan-outs name (one level: a fan-out names the pages, not more data)."""
    scopes = {(kind, int(pk)) for kind, pk in scopes if pk is not None}
    by_kind = {}
    for kind, pk in scopes:
        by_kind.setdefault(kind, set()).add(pk)
    for kind, ids in by_kind.items():
        for function in _fanouts.get(kind, ()):
            scopes.update((k, int(pk)) for k, pk in function(sorted(ids)) if pk is not None)
    return scopes


def _write(scopes):
    try:
        cache.set_many({_key(scope): _new_version() for scope in scopes}, timeout=None)
    except Exception:  # a cache that is down must not undo a write; its pages are unreachable too
        logger.exception("freshness: could not bump %s", sorted(scopes))


def bump(*scopes):
    """New versions for `scopes` (and their fan-outs): now, and again when the transaction commits."""
    scopes = expand(scopes)
    if not scopes:
        return
    _write(scopes)
    if transaction.get_connection().in_atomic_block:
        transaction.on_commit(functools.partial(_write, scopes))


def versions(scopes):
    """{scope: version} of `scopes`, giving a new version to a scope the cache does not hold."""
    keys = {_key(scope): scope for scope in scopes}
    found = cache.get_many(list(keys))
    for key in keys.keys() - found.keys():
        cache.add(key, _new_version(), timeout=None)
        found[key] = cache.get(key)
    return {scope: found[key] for key, scope in keys.items()}


@functools.cache
def release():
    """A digest of the code, templates, rules data, translations and static files in use (their
    contents, so that every host of one deployment agrees): a deployment of new ones does not serve
    pages drawn by the old (nor their links to static files it no longer has). Read once per process
    (about 0.2 s); settings.RELEASE, when set, saves reading the tree."""
    given = getattr(settings, "RELEASE", "")
    if given:
        return given
    digest = hashlib.sha256()
    root = Path(settings.BASE_DIR)
    for folder, folders, files in os.walk(root):
        folders[:] = sorted(name for name in folders if not _ignored(name))
        for name in sorted(files):
            if Path(name).suffix in {".py", ".html", ".toml", ".mo", ".css", ".js"}:
                path = Path(folder) / name
                digest.update(f"{path.relative_to(root)}\n".encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _changed(sender, file_path, **kwargs):
    """runserver saw a file change that needs no restart (a template): the next page is a new release."""
    release.cache_clear()


file_changed.connect(_changed, dispatch_uid="freshness.release")


def _ignored(folder):
    return folder.startswith(".") or folder in {"var", "tests", "node_modules", "__pycache__"}


def remembered(name, key, compute):
    """compute(key), kept for good: for relations that never change (the league of a season)."""
    cache_key = f"{PREFIX}:m:{name}:{key}"
    found = cache.get(cache_key)
    if found is None:
        found = compute(key)
        if found is not None:
            cache.set(cache_key, found, timeout=None)
    return found


def watch(model, scopes_of, *, m2m=(), ignore_fields=frozenset()):
    """Bump scopes_of(instance) after every save and delete of `model` (and every change of its
    many-to-many fields `m2m`); a save that wrote only `ignore_fields` (a login's last_login) bumps
    nothing."""
    uid = f"freshness:{model._meta.label}:{scopes_of.__module__}.{scopes_of.__qualname__}"

    def saved(sender, instance, update_fields=None, **kwargs):
        if update_fields and set(update_fields) <= set(ignore_fields):
            return
        bump(*scopes_of(instance))

    def deleted(sender, instance, **kwargs):
        bump(*scopes_of(instance))

    def changed(sender, instance, action, **kwargs):
        if action.startswith("post_") and isinstance(instance, model):
            bump(*scopes_of(instance))

    post_save.connect(saved, sender=model, weak=False, dispatch_uid=uid)
    post_delete.connect(deleted, sender=model, weak=False, dispatch_uid=uid)
    for field in m2m:
        m2m_changed.connect(
            changed, sender=getattr(model, field).through, weak=False, dispatch_uid=f"{uid}.{field}"
        )


# --- pages ----------------------------------------------------------------------------------------------


def viewer(request):
    """Who the page is drawn for: 'a' for anyone anonymous, else the user and what pages show of them."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return "a"
    shown = f"{user.pk}:{user}:{user.is_staff}:{user.is_superuser}"
    return "u" + hashlib.sha256(shown.encode()).hexdigest()[:16]


def _tag(request, scopes):
    """The page's version: a digest of its scopes' versions and of everything else it varies with."""
    found = versions(sorted(scopes))
    parts = [
        release(),
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


def _kept(response, request):
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
    """The page with every CSRF token of the request's secret replaced by CSRF_PLACEHOLDER."""
    from django.middleware.csrf import _unmask_cipher_token  # the check Django's middleware makes

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


def fresh_page(scopes):
    """Decorates a GET view with versioned caching and conditional GET. `scopes(request, *args,
    **kwargs)` names the scopes the page shows (cheaply: a cache read or one indexed query), or None to
    serve the view as it is (an object that does not exist: the view answers 404)."""

    def decorator(view):
        def tag_of(request, *args, **kwargs):
            if not hasattr(request, "_fresh_tag"):
                request._fresh_tag = None
                # A request with an API token is answered by the view: the token may be revoked.
                anonymous_api = "Authorization" not in request.headers
                if request.method in ("GET", "HEAD") and anonymous_api and not _has_messages(request):
                    try:
                        named = scopes(request, *args, **kwargs)
                        request._fresh_tag = _tag(request, named) if named is not None else None
                    except Exception:  # the cache is down: the page is drawn as if there were none
                        logger.exception("freshness: no tag for %s", request.path)
            return request._fresh_tag

        def etag(request, *args, **kwargs):
            tag = tag_of(request, *args, **kwargs)
            return f'"{tag}"' if tag else None

        @functools.wraps(view)
        def cached(request, *args, **kwargs):
            tag = tag_of(request, *args, **kwargs)
            if tag is None:
                return view(request, *args, **kwargs)
            key = f"{PREFIX}:p:{tag}"
            kept = _cache_get(key)
            if kept is None:
                response = view(request, *args, **kwargs)
                kept = _kept(response, request)
                if kept is None:
                    return response
                _cache_set(key, kept)
            else:
                response = _served(kept, request)
            # Browsers and proxies keep the page but ask each time (If-None-Match), a private one only
            # for the user it was drawn for.
            patch_cache_control(response, no_cache=True, private=request.user.is_authenticated)
            patch_vary_headers(response, ("Cookie", "Accept-Language"))
            return response

        return functools.wraps(view)(condition(etag_func=etag)(cached))

    return decorator


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
