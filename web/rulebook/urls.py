from django.urls import path
from django.views.generic import RedirectView

from rulebook.edition import EDITION_OF_UNVERSIONED_URLS
from web.rulebook.views import export, inducements, pages, tables

app_name = "rulebook"


def _unversioned(path_suffix):
    """Links made before editions were in the URL (/rules/teams/...) were that edition's: keep them."""
    return RedirectView.as_view(
        url=f"/rules/{EDITION_OF_UNVERSIONED_URLS}/{path_suffix}", permanent=True, query_string=True
    )


urlpatterns = [
    path("", pages.index, name="index"),
    path("<slug:edition_id>.json", export.export, name="export"),
    path("teams/", _unversioned("teams/")),
    path("teams/<slug:team_id>/", _unversioned("teams/%(team_id)s/")),
    path("skills/", _unversioned("skills/")),
    path("star-players/", _unversioned("star-players/")),
    path("inducements/", _unversioned("inducements/")),
    path("tables/", _unversioned("tables/")),
    path("tables/<slug:table_id>/", _unversioned("tables/%(table_id)s/")),
    path("<slug:edition_id>/", pages.edition_index, name="edition"),
    path("<slug:edition_id>/teams/", pages.teams, name="teams"),
    path("<slug:edition_id>/teams/<slug:team_id>/", pages.team, name="team"),
    path("<slug:edition_id>/skills/", pages.skill_list, name="skills"),
    path("<slug:edition_id>/star-players/", pages.star_players, name="star_players"),
    path("<slug:edition_id>/inducements/", inducements.inducements, name="inducements"),
    path("<slug:edition_id>/tables/", tables.tables, name="tables"),
    path("<slug:edition_id>/tables/<slug:table_id>/", tables.table, name="table"),
]
