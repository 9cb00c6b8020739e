"""A fixed-window counter in the shared cache: how often a client may do something per hour."""

from django.core.cache import cache

WINDOW_SECONDS = 3600


def allow(*keys, limit, window=WINDOW_SECONDS):
    """Count one attempt under every key; False when any of them is past `limit` in this window."""
    allowed = True
    for key in keys:
        cache_key = f"throttle:{key}"
        cache.add(cache_key, 0, timeout=window)
        try:
            count = cache.incr(cache_key)
        except ValueError:  # expired between add and incr
            cache.set(cache_key, 1, timeout=window)
            count = 1
        allowed = allowed and count <= limit
    return allowed
