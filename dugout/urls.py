from django.contrib import admin
from django.urls import include, path

from dugout.health import healthz
from dugout.views import home

urlpatterns = [
    path("", home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("accounts/", include("accounts.urls")),
    path("rules/", include("rulebook.urls")),
    path("sheets/", include("sheets.urls")),
    path("teams/", include("rosters.urls")),
    path("leagues/", include("league.urls")),
    path("matches/", include("matches.urls")),
    path("admin/", admin.site.urls),
]
