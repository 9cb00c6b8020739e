from django.urls import path

from web.sheets import views

app_name = "sheets"

urlpatterns = [
    path("", views.index, name="index"),
    path("jobs/<uuid:pk>/", views.job_detail, name="job"),
    path("jobs/<uuid:pk>/download/", views.job_download, name="job_download"),
    path("jobs/<uuid:pk>/retry/", views.job_retry, name="job_retry"),
    path("packs/new/", views.pack_new, name="pack_new"),
    path("packs/<uuid:pk>/", views.pack_detail, name="pack"),
    path("packs/<uuid:pk>/download/", views.pack_download, name="pack_download"),
    path(
        "packs/<uuid:pk>/download/merged/",
        views.pack_download,
        {"kind": "merged"},
        name="pack_download_merged",
    ),
    path("packs/<uuid:pk>/retry/", views.pack_retry, name="pack_retry"),
    # Before the "<game>/<sheet>/" patterns, which would take "league" and "team" for games.
    path("league/<slug:slug>/", views.league_pack, name="league_pack"),
    path("team/<int:pk>/", views.team_sheet, name="team"),
    path("team/<int:pk>/pdf/", views.team_pdf, name="team_pdf"),
    path("match/<int:pk>/", views.match_sheet, name="match"),
    path("match/<int:pk>/pdf/", views.match_pdf, name="match_pdf"),
    path("<slug:game>/<slug:sheet>/", views.sheet_page, name="sheet"),
    path("<slug:game>/<slug:sheet>/pdf/", views.request_pdf, name="request_pdf"),
]
