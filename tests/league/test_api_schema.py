"""The API's OpenAPI schema: it validates, it describes every endpoint, and every GET endpoint in it
answers 200 with the documented shape on the demo's data; the docs page shows it all, from our own
static files."""

import re

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.cache import cache
from django.urls import reverse
from openapi_schema_validator import OAS31Validator
from openapi_spec_validator import validate

from accounts.demo import create_demo_users
from league.demo import DEMO_SLUG, RUNNING_SEASON, create_demo_league
from league.models import Season
from rosters.demo import create_demo_teams
from web.league.api.docs import prose, type_html

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_counts():
    """Each test starts with no API request counted: the throttle's windows live in the shared cache."""
    cache.clear()


ENDPOINTS = {
    ("get", "/leagues/api/leagues/"),
    ("get", "/leagues/api/leagues/{slug}/"),
    ("get", "/leagues/api/seasons/{pk}/"),
    ("get", "/leagues/api/seasons/{pk}/standings/"),
    ("get", "/leagues/api/seasons/{pk}/fixtures/"),
    ("get", "/leagues/api/seasons/{pk}/results/"),
    ("get", "/leagues/api/seasons/{pk}/teams/"),
    ("post", "/leagues/api/fixtures/{pk}/result/"),
}


@pytest.fixture
def spec(client):
    response = client.get(reverse("league:openapi-json"))
    assert response.status_code == 200
    return response.json()


def _operations(spec):
    return {
        (method, path): operation
        for path, item in spec["paths"].items()
        for method, operation in item.items()
    }


def _conforms(spec, operation, status, body):
    """Fails unless `body` is what the schema documents for `status` of `operation`."""
    schema = operation["responses"][str(status)]["content"]["application/json"]["schema"]
    OAS31Validator({**schema, "components": spec["components"]}).validate(body)


def test_openapi_schema_validates_and_describes_every_endpoint(spec):
    validate(spec)
    assert spec["openapi"].startswith("3.")
    assert set(_operations(spec)) == ENDPOINTS
    assert spec["components"]["securitySchemes"] == {"BearerToken": {"type": "http", "scheme": "bearer"}}


def test_every_get_endpoint_of_the_schema_answers_the_documented_shape_on_the_demo(client, spec):
    users = create_demo_users()
    create_demo_teams(users)
    create_demo_league(users)
    season = Season.objects.get(league__slug=DEMO_SLUG, name=RUNNING_SEASON)
    values = {"slug": DEMO_SLUG, "pk": str(season.pk)}
    checked = 0
    for (method, path), operation in _operations(spec).items():
        if method != "get":
            continue
        url = re.sub(r"\{(\w+)\}", lambda match: values[match.group(1)], path)
        response = client.get(url)
        assert response.status_code == 200, url
        body = response.json()
        _conforms(spec, operation, 200, body)
        lists = [value for value in body.values() if isinstance(value, list) and "count" in body]
        assert all(lists), url  # the demo fills every list, so the item schemas are checked too
        checked += 1
    assert checked == 7


def test_errors_have_the_documented_shape(client, spec, season):
    operations = _operations(spec)
    standings = operations[("get", "/leagues/api/seasons/{pk}/standings/")]
    bad_page = client.get(reverse("league:api_standings", args=[season.pk]), {"page": "x"})
    _conforms(spec, standings, 400, bad_page.json())
    missing = client.get(reverse("league:api_standings", args=[season.pk + 1000]))
    _conforms(spec, standings, 404, missing.json())
    submit = operations[("post", "/leagues/api/fixtures/{pk}/result/")]
    anonymous = client.post(
        reverse("league:api_result_submit", args=[1]), {}, content_type="application/json"
    )
    assert anonymous.status_code == 401
    _conforms(spec, submit, 401, anonymous.json())


def test_docs_page_shows_every_endpoint_and_schema_from_our_static_files_and_links_the_schema(client, spec):
    page = client.get(reverse("league:openapi-view")).content.decode()
    assert f'href="{reverse("league:openapi-json")}"' in page
    assert '<html lang="en">' in page
    for method, path in _operations(spec):
        assert f"<code>{method.upper()} {path}</code>" in page
    for name in spec["components"]["schemas"]:
        assert f'id="schema-{name}"' in page
    assert "swagger" not in page.lower()  # the schema drawn as a page of ours (web/league/api/docs.py)
    scripts = re.findall(r'<script src="([^"]+)"', page)
    assert scripts
    assert all(src.startswith("/static/") for src in scripts)
    assert "<script>" not in page  # no inline script: the Content-Security-Policy allows none
    for src in scripts:
        assert finders.find(src.removeprefix(settings.STATIC_URL)), src
    assert client.get(reverse("league:api-root")).url == reverse("league:openapi-view")


def test_docs_page_writes_the_schemas_code_as_code_and_escapes_the_rest():
    assert prose("Send `Authorization: Bearer <token>`.\n\nA <b>second</b>\nparagraph.") == [
        "Send <code>Authorization: Bearer &lt;token&gt;</code>.",
        "A &lt;b&gt;second&lt;/b&gt; paragraph.",
    ]
    nullable_list = {
        "anyOf": [{"type": "array", "items": {"$ref": "#/components/schemas/Team"}}, {"type": "null"}]
    }
    assert type_html(nullable_list) == 'array[<a href="#schema-Team">Team</a>] | null'
    assert type_html({"enum": ["", "home"], "type": "string"}) == "&quot;&quot; | &quot;home&quot;"
