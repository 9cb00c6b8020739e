"""The NinjaAPI that serves the league's JSON API, its OpenAPI schema (/leagues/api/openapi.json) and
its docs page (/leagues/api/docs: the schema drawn as one of the site's pages by web/league/api/docs.py,
which says why not Swagger UI; no CDN, no script of its own).

league/urls.py includes `urlpatterns` under api/ without a namespace of its own, so that the endpoints
keep the names they had before django-ninja (league:api_standings...) and the API's own reverse of its
schema (league:openapi-json) works: its urls_namespace is the league app's.
"""

from django.shortcuts import redirect
from django.urls import re_path
from django.utils.translation import gettext as _
from ninja import NinjaAPI
from ninja.renderers import JSONRenderer

from web.league.api import errors, reads, submit
from web.league.api.auth import ApiThrottle
from web.league.api.docs import SchemaPage


class Utf8Renderer(JSONRenderer):
    """JSON as UTF-8 text ("Été", not "\\u00c9t\\u00e9"), as the API always answered."""

    json_dumps_params = {"ensure_ascii": False}


DESCRIPTION = """The leagues, seasons, standings, fixtures, results and teams of Dugout, and a coach's
result submission. Reads need no token for public leagues; a personal API token (made on your profile
page, sent as `Authorization: Bearer <token>`) reads the private leagues you commission, joined or play
in, and submits the results of your fixtures. Lists come 50 items a page (`?page=N`). Every error is
JSON: `{"detail": "..."}`. See docs/league-api.md."""

api = NinjaAPI(
    title="Dugout league API",
    version="2",
    description=DESCRIPTION,
    urls_namespace="league",
    openapi_url="openapi.json",
    docs_url="docs",
    docs=SchemaPage(),
    renderer=Utf8Renderer(),
    throttle=[ApiThrottle()],
)
errors.install(api)
api.add_router("", reads.router)
api.add_router("", submit.router)


def _home(request, **kwargs):
    """/leagues/api/ itself: the docs page."""
    return redirect("league:openapi-view")


def _not_found(request, rest):
    return api.create_response(request, {"detail": _("Not found.")}, status=404)


def _urlpatterns():
    patterns = api.urls[0]
    for pattern in patterns:
        if pattern.name == "api-root":
            pattern.callback = _home
        else:
            pattern.callback = errors.json_method_not_allowed(pattern.callback, api)
    # Any other URL under the API's prefix that ends with a slash: a JSON 404. One without is left
    # unmatched, so that CommonMiddleware still redirects it to the URL with a slash (APPEND_SLASH).
    return [*patterns, re_path(r"^(?P<rest>.*/)$", _not_found)]


urlpatterns = _urlpatterns()
