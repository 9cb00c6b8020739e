"""Versions of scopes, changes in progress, and the epoch, all in the shared cache.

A scope is what a page shows, named `(kind, id)`. A write of what a scope shows is a *change*: `begin`
gives the scope a new random version and marks it as changing (a count, so that two transactions on one
scope each hold their mark); `end` gives it a new version again and lifts the mark, at once in autocommit,
when the transaction commits inside one. While a scope is marked, its pages are neither served kept nor
kept (pages.py): a page another request draws from the data before the commit is never kept, whatever
happens to the other on-commit callbacks (a Celery send that fails drops the callbacks after it: the
mark then stays until CHANGING_TIMEOUT, and the pages are drawn afresh meanwhile). A version that cannot
be written fails the write that needed it (FreshnessUnavailable).

The *epoch* is part of every page's key and of every remembered relation: bumping it (`new_epoch`: the
`invalidate_pages` command, every migration, a `loaddata`) makes everything kept unreachable at once,
as after a database restore that reuses ids under old versions.
"""

import collections
import contextlib
import logging
import secrets
import time

from django.core.cache import cache
from django.db import transaction

logger = logging.getLogger(__name__)

PREFIX = "fresh"
EPOCH_KEY = f"{PREFIX}:epoch"
# Seconds a change's mark lasts when its end was never written (the process died, a callback before it
# failed, the transaction rolled back): longer than any transaction that writes what pages show.
CHANGING_TIMEOUT = 300
# Seconds a remembered relation is kept (a write of the row forgets it at once).
REMEMBER_TIMEOUT = 3600

_fanouts = {}  # kind -> [function(ids) -> iterable of scopes]
# The latest changes of this process, named in the verification mode's reports (verify.py).
recent_changes = collections.deque(maxlen=12)


class FreshnessUnavailable(Exception):
    """The shared cache refused a version: the write that needed it must not go through, or a page kept
    before it would be served again."""


def register_fanout(kind, function):
    """After a change of scopes of `kind`, also change function(ids)'s scopes (the pages that show them)."""
    _fanouts.setdefault(kind, []).append(function)


def expand(scopes):
    """The scopes and those their fan-outs name (one level: a fan-out names the pages, not more data)."""
    scopes = {(kind, int(pk)) for kind, pk in scopes if pk is not None}
    by_kind = {}
    for kind, pk in scopes:
        by_kind.setdefault(kind, set()).add(pk)
    for kind, ids in by_kind.items():
        for function in _fanouts.get(kind, ()):
            scopes.update((k, int(pk)) for k, pk in function(sorted(ids)) if pk is not None)
    return frozenset(scopes)


# --- keys ------------------------------------------------------------------------------------------------


def version_key(scope):
    return f"{PREFIX}:v:{scope[0]}:{scope[1]}"


def changing_key(scope):
    return f"{PREFIX}:c:{scope[0]}:{scope[1]}"


def _new_version():
    return secrets.token_hex(6)


# --- changes ---------------------------------------------------------------------------------------------


class Change:
    """Scopes being changed by one write: begun, then ended when the write is visible to every request."""

    def __init__(self, scopes, why):
        self.scopes, self.why = scopes, why
        self.transaction = _open_transaction()

    def end(self):
        if self.transaction is None:
            _settle(self.scopes)
        else:
            self.transaction.pending |= self.scopes
            transaction.on_commit(self.transaction.settle, robust=True)


class _Transaction:
    """What one transaction changes: the scopes it marked (each once, however many writes) and those to
    give a new version when it commits. Kept on its outermost atomic block, and gone with it."""

    def __init__(self):
        self.marked, self.pending, self.settled = set(), set(), False

    def mark(self, scopes):
        for scope in scopes - self.marked:
            key = changing_key(scope)
            cache.add(key, 0, timeout=CHANGING_TIMEOUT)
            try:
                cache.incr(key)
            except ValueError:  # expired between the two calls
                cache.set(key, 1, timeout=CHANGING_TIMEOUT)
            self.marked.add(scope)

    def settle(self):
        """Once, from the first of its on-commit callbacks that runs (the others were registered by later
        writes, or inside savepoints that may have been rolled back)."""
        if not self.settled:
            self.settled = True
            _settle(self.pending | self.marked, unmark=self.marked)


def _open_transaction():
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        return None
    outermost = connection.atomic_blocks[0]
    if not hasattr(outermost, "fresh_changes"):
        outermost.fresh_changes = _Transaction()
    return outermost.fresh_changes


def _settle(scopes, unmark=()):
    try:
        _write_versions(scopes)
        for scope in unmark:
            with contextlib.suppress(ValueError):  # expired: nothing to lift
                cache.decr(changing_key(scope))
    except Exception:  # the data is committed: the marks stay and expire, pages are drawn meanwhile
        logger.exception("freshness: could not end the change of %s", sorted(scopes))


def begin(scopes, why):
    """A write of what `scopes` show is about to be made (or has been, uncommitted). Returns the Change,
    to `end` once the write is made; raises FreshnessUnavailable when the cache refuses it."""
    change = Change(expand(scopes), why)
    if change.scopes:
        recent_changes.append((time.time(), why, change.scopes))
        try:
            if change.transaction is not None:
                change.transaction.mark(change.scopes)
            _write_versions(change.scopes)
        except Exception as error:
            raise FreshnessUnavailable(f"no new version for {sorted(change.scopes)}: {error}") from error
    return change


def bump(*scopes, why=None):
    """New versions for `scopes` after a write around the models' signals (a bulk write, an update): at
    once, and inside a transaction also when it commits, the scopes marked as changing till then."""
    begin(scopes, why or "bump").end()


@contextlib.contextmanager
def rolled_back():
    """An atomic block whose writes are all rolled back: a preview that does the real work to show what
    it would do. Outermost, it lifts the changing marks its writes made when it ends (nothing changed;
    the new versions they were given only have their pages drawn once more). Nested, the marks belong
    to the enclosing transaction and end with it."""
    outermost = not transaction.get_connection().in_atomic_block
    marked: set = set()
    try:
        with transaction.atomic():
            changes = _open_transaction() if outermost else None
            try:
                yield
            finally:
                transaction.set_rollback(True)
                if changes is not None:
                    marked = set(changes.marked)
    finally:
        for scope in marked:
            with contextlib.suppress(ValueError):  # expired: nothing to lift
                cache.decr(changing_key(scope))


def _write_versions(scopes):
    cache.set_many({version_key(scope): _new_version() for scope in scopes}, timeout=None)


def changing(found):
    """The scopes marked as changing by another transaction, from a get_many of their changing_key. The
    open transaction's own marks do not count: its uncommitted writes are what it reads, so they do not
    stop it keeping a page (a test inside one transaction)."""
    ours = _open_transaction()
    mine = ours.marked if ours is not None else set()
    return {
        scope
        for scope in _scopes_marked(found)
        if (found.get(changing_key(scope)) or 0) - (1 if scope in mine else 0) > 0
    }


def _scopes_marked(found):
    scopes = set()
    for key, count in found.items():
        if key.startswith(f"{PREFIX}:c:") and count:
            kind, pk = key.removeprefix(f"{PREFIX}:c:").rsplit(":", 1)
            scopes.add((kind, int(pk)))
    return scopes


# --- reading ---------------------------------------------------------------------------------------------


def read(scopes):
    """(epoch, {scope: version}, scopes changing elsewhere) in one round trip; a version or epoch the
    cache does not hold is given a new random one (never one an old page was kept under)."""
    scopes = sorted(scopes)
    keys = [EPOCH_KEY, *map(version_key, scopes), *map(changing_key, scopes)]
    found = cache.get_many(keys)
    epoch = found.get(EPOCH_KEY) or _given(EPOCH_KEY)
    found_versions = {scope: found.get(version_key(scope)) or _given(version_key(scope)) for scope in scopes}
    return epoch, found_versions, changing(found)


def versions(scopes):
    """{scope: version} of `scopes`."""
    return read(scopes)[1]


def _given(key):
    cache.add(key, _new_version(), timeout=None)
    return cache.get(key)


def epoch():
    return cache.get(EPOCH_KEY) or _given(EPOCH_KEY)


def new_epoch():
    """Every kept page and remembered relation unreachable at once."""
    try:
        cache.set(EPOCH_KEY, _new_version(), timeout=None)
    except Exception as error:
        raise FreshnessUnavailable(f"no new epoch: {error}") from error
    recent_changes.append((time.time(), "new epoch", frozenset()))


# --- remembered relations --------------------------------------------------------------------------------


def _memo_key(name, key):
    return f"{PREFIX}:m:{name}:{key}"


def remembered(name, key, compute):
    """compute(key), kept for the epoch (at most REMEMBER_TIMEOUT): for relations a page's scopes are read
    through (the league of a season), forgotten by a write of the row (`forget`)."""
    memo_key = _memo_key(name, key)
    found = cache.get_many([memo_key, EPOCH_KEY])
    current = found.get(EPOCH_KEY) or _given(EPOCH_KEY)
    memo = found.get(memo_key)
    if memo is not None and memo[0] == current:
        return memo[1]
    value = compute(key)
    if value is not None:
        cache.set(memo_key, (current, value), timeout=REMEMBER_TIMEOUT)
    return value


def forget(name, key):
    try:
        cache.delete(_memo_key(name, key))
    except Exception as error:
        raise FreshnessUnavailable(f"could not forget {name} {key}: {error}") from error
