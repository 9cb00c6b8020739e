"""The league's JSON API under /leagues/api/ (documented in docs/league-api.md and by its own OpenAPI
schema at /leagues/api/openapi.json), built with django-ninja: typed endpoints (reads, submit) whose
schemas (schemas) are both the checked shape of each answer and its description. Personal API tokens
(accounts.tokens) and throttling are in auth, the JSON errors in errors, the pages of lists in pages.
"""

from web.league.api.site import api, urlpatterns

__all__ = ["api", "urlpatterns"]
