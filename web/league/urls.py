from django.urls import include, path

from dugout.freshness import fresh_page
from league.freshness import entry_scopes, league_scopes, season_scopes
from web.league import api, views

app_name = "league"

# Pages cached by the versions of what they show, with conditional GET (dugout.freshness).
season_page, league_page = fresh_page(season_scopes), fresh_page(league_scopes)

urlpatterns = [
    path("", views.league_list, name="list"),
    path("new/", views.league_create, name="create"),
    path("new/import/", views.league_import, name="import"),
    path("join/", views.join, name="join"),
    path("join/<str:code>/", views.join, name="join_code"),
    # The JSON API, its OpenAPI schema and docs page (league/api/, docs/league-api.md).
    path("api/", include(api.urlpatterns)),
    # Seasons.
    path("seasons/<int:pk>/", season_page(views.season_detail), name="season"),
    path("seasons/<int:pk>/standings/", season_page(views.standings_page), name="standings"),
    path("seasons/<int:pk>/fixtures/", season_page(views.fixtures_page), name="fixtures"),
    path("seasons/<int:pk>/register/", views.register, name="register"),
    path("seasons/<int:pk>/entries/", views.entries, name="entries"),
    path("seasons/<int:pk>/status/", views.season_status, name="season_status"),
    path("seasons/<int:pk>/schedule/", views.schedule, name="schedule"),
    path("seasons/<int:pk>/schedule/round-robin/", views.schedule_round_robin, name="schedule_round_robin"),
    path("seasons/<int:pk>/schedule/swiss/", views.schedule_swiss, name="schedule_swiss"),
    path("seasons/<int:pk>/schedule/playoffs/", views.schedule_playoffs, name="schedule_playoffs"),
    path("seasons/<int:pk>/schedule/playoffs/next/", views.advance_playoffs, name="advance_playoffs"),
    path("seasons/<int:pk>/schedule/fixture/", views.fixture_add, name="fixture_add"),
    path("seasons/<int:pk>/decisions/", views.decisions, name="decisions"),
    path("seasons/<int:pk>/divisions/", views.divisions, name="divisions"),
    path("seasons/<int:pk>/divisions/balance/", views.divisions_balance, name="divisions_balance"),
    path("seasons/<int:pk>/divisions/promotion/", views.divisions_promotion, name="divisions_promotion"),
    path("divisions/<int:pk>/rename/", views.division_rename, name="division_rename"),
    path("divisions/<int:pk>/move/", views.division_move, name="division_move"),
    path("divisions/<int:pk>/delete/", views.division_delete, name="division_delete"),
    path("seasons/<int:pk>/adjustments/", views.adjustments, name="adjustments"),
    path("seasons/<int:pk>/calendar.ics", season_page(views.season_calendar), name="season_calendar"),
    path("seasons/<int:pk>/charts/standings.svg", season_page(views.chart_standings), name="chart_standings"),
    path(
        "seasons/<int:pk>/charts/team-value.svg", season_page(views.chart_team_value), name="chart_team_value"
    ),
    path("entries/<int:pk>/accept/", views.entry_accept, name="entry_accept"),
    path("entries/<int:pk>/withdraw/", views.entry_withdraw, name="entry_withdraw"),
    path("entries/<int:pk>/division/", views.entry_division, name="entry_division"),
    path(
        "entries/<int:pk>/calendar.ics", fresh_page(entry_scopes)(views.entry_calendar), name="entry_calendar"
    ),
    path("adjustments/<int:pk>/remove/", views.adjustment_remove, name="adjustment_remove"),
    # Fixtures and results.
    path("fixtures/<int:pk>/", views.fixture_detail, name="fixture"),
    path("fixtures/<int:pk>/submit/", views.result_submit, name="result_submit"),
    path("fixtures/<int:pk>/confirm/", views.result_confirm, name="result_confirm"),
    path("fixtures/<int:pk>/dispute/", views.result_dispute, name="result_dispute"),
    path("fixtures/<int:pk>/decide/", views.result_decide, name="result_decide"),
    path("fixtures/<int:pk>/reopen/", views.result_reopen, name="result_reopen"),
    path("fixtures/<int:pk>/reschedule/", views.fixture_reschedule, name="fixture_reschedule"),
    path("fixtures/<int:pk>/delete/", views.fixture_delete, name="fixture_delete"),
    # Leagues (last: a slug would match the words above).
    path("<slug:slug>/", league_page(views.league_detail), name="detail"),
    path("<slug:slug>/settings/", views.league_settings, name="settings"),
    path("<slug:slug>/export.json", views.league_export, name="export"),
    path("<slug:slug>/invitations/", views.invitations, name="invitations"),
    path("<slug:slug>/invitations/<int:pk>/revoke/", views.invitation_revoke, name="invitation_revoke"),
    path("<slug:slug>/seasons/new/", views.season_create, name="season_create"),
    path("<slug:slug>/leaderboards/", league_page(views.league_leaderboards), name="leaderboards"),
]
