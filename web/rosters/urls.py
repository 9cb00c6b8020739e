from django.urls import path

from dugout.freshness import fresh_page
from rosters.freshness import team_scopes
from web.rosters import views

app_name = "rosters"

_player = "<int:pk>/players/<int:player_pk>/"

urlpatterns = [
    path("", views.team_list, name="list"),
    path("new/", views.team_new, name="new"),
    path("import/", views.team_import, name="import"),
    path("<int:pk>/", fresh_page(team_scopes)(views.team_detail), name="team"),
    path("<int:pk>/next/", views.team_next, name="next"),
    path("<int:pk>/export.json", views.team_export, name="export"),
    path("<int:pk>/export.xml", views.team_export_naflm, name="export_naflm"),
    path("<int:pk>/manage/", views.manage, name="manage"),
    path("<int:pk>/hire/", views.hire, name="hire"),
    path("<int:pk>/rerolls/", views.rerolls, name="rerolls"),
    path("<int:pk>/staff/", views.staff, name="staff"),
    path("<int:pk>/fans/", views.fans, name="fans"),
    path("<int:pk>/ready/", views.ready, name="ready"),
    path("<int:pk>/captain/", views.nominate_captain, name="captain"),
    path("<int:pk>/dedication/", views.dedicate, name="dedicate"),
    path("<int:pk>/undo/", views.undo, name="undo"),
    path("<int:pk>/redraft/", views.redraft_team, name="redraft"),
    path(_player, fresh_page(team_scopes)(views.player_detail), name="player"),
    path(f"{_player}fire/", views.fire, name="fire"),
    path(f"{_player}retire/", views.retire, name="retire"),
    path(f"{_player}return/", views.return_player, name="return"),
    path(f"{_player}advance/", views.advance, name="advance"),
    path(f"{_player}advance/random/", views.advance_random, name="advance_random"),
    path(f"{_player}advance/chosen/", views.advance_chosen, name="advance_chosen"),
    path(f"{_player}advance/characteristic/", views.advance_roll, name="advance_roll"),
    path(f"{_player}advance/characteristic/choose/", views.advance_choose, name="advance_choose"),
    path(f"{_player}advance/random/keep/", views.advance_keep, name="advance_keep"),
]
