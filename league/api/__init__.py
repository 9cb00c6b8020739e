"""The league's JSON API under /leagues/api/ (documented in docs/league-api.md and by its own OpenAPI
schema at /leagues/api/openapi.json), built with django-ninja: typed endpoints (reads, submit) whose
schemas (schemas) are both the checked shape of each answer and its description. Personal API tokens
(accounts.tokens) and throttling are in auth, the JSON errors in errors, the pages of lists in pages.
"""

# Items per page of every list (read when a page is drawn, so that tests may lower it).
PAGE_SIZE = 50

from league.api.site import api, urlpatterns  # noqa: E402  (the modules read PAGE_SIZE from here)

__all__ = ["PAGE_SIZE", "api", "urlpatterns"]
