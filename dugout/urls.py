from django.contrib import admin
from django.urls import include, path

from dugout.health import healthz
from web.home import home

urlpatterns = [
    path("", home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("accounts/", include("web.accounts.urls")),
    path("rules/", include("web.rulebook.urls")),
    path("sheets/", include("web.sheets.urls")),
    path("teams/", include("web.rosters.urls")),
    path("leagues/", include("web.league.urls")),
    path("matches/", include("web.matches.urls")),
    path("admin/", admin.site.urls),
]
