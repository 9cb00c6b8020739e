from django.urls import path

from rulebook import views

app_name = "rulebook"

urlpatterns = [
    path("", views.index, name="index"),
    path("teams/", views.teams, name="teams"),
    path("teams/<slug:team_id>/", views.team, name="team"),
    path("skills/", views.skills, name="skills"),
    path("star-players/", views.star_players, name="star_players"),
    path("inducements/", views.inducements, name="inducements"),
    path("tables/", views.tables, name="tables"),
    path("tables/<slug:table_id>/", views.table, name="table"),
    path("<slug:edition_id>.json", views.export, name="export"),
]
