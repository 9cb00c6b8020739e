"""Who is asking: the client address that rate limits and login lock-outs count by."""

from django.conf import settings


def client_ip(request):
    """The client's address: REMOTE_ADDR, or behind our reverse proxy (BEHIND_PROXY=1) the address the
    proxy appended last to X-Forwarded-For (earlier entries are whatever the client claimed); None when
    the request has none (a login made in code, such as the test client's force_login)."""
    if settings.BEHIND_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        addresses = [address.strip() for address in forwarded.split(",") if address.strip()]
        if addresses:
            return addresses[-1]
    return request.META.get("REMOTE_ADDR") or None
