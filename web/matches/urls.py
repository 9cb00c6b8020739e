from django.urls import path

from dugout.freshness import fresh_page
from matches.freshness import match_scopes
from web.matches import views

app_name = "matches"

urlpatterns = [
    path("", views.match_list, name="list"),
    path("new/", views.match_create, name="create"),
    path("fixture/<int:fixture_pk>/", views.match_from_fixture, name="from_fixture"),
    path("<int:pk>/league/submit/", views.submit_to_league, name="submit_to_league"),
    path("<int:pk>/", views.match_detail, name="detail"),
    path("<int:pk>/pre-match/<slug:step>/", views.prematch_step, name="prematch_step"),
    path("<int:pk>/inducements/<slug:side>/", views.inducements, name="inducements"),
    path("<int:pk>/prayers/<slug:side>/<slug:prayer>/", views.prayer_targets, name="prayer_targets"),
    # Polled by every phone at the table: a 304 while nothing changed.
    path("<int:pk>/scoreboard/", fresh_page(match_scopes)(views.scoreboard), name="scoreboard"),
    path("<int:pk>/drive/start/", views.drive_start, name="drive_start"),
    path("<int:pk>/drive/end/", views.drive_end, name="drive_end"),
    path("<int:pk>/events/add/", views.event_add, name="event_add"),
    path("<int:pk>/events/undo/", views.event_undo, name="event_undo"),
    path("<int:pk>/turn/", views.turn_next, name="turn_next"),
    path("<int:pk>/weather-mage/", views.weather_mage, name="weather_mage"),
    path("<int:pk>/concede/", views.concede, name="concede"),
    path("<int:pk>/post-match/roll/", views.postmatch_roll, name="postmatch_roll"),
    path("<int:pk>/post-match/apply/", views.postmatch_apply, name="postmatch_apply"),
    path("<int:pk>/post-match/undo/", views.postmatch_undo, name="postmatch_undo"),
    path("<int:pk>/report/", fresh_page(match_scopes)(views.report), name="report"),
    path("<int:pk>/correct/", views.correction_new, name="correction_new"),
    path("corrections/<int:pk>/", views.correction_detail, name="correction"),
    path("corrections/<int:pk>/settle/", views.correction_settle, name="correction_settle"),
    path("corrections/<int:pk>/accept/", views.correction_accept, name="correction_accept"),
    path("corrections/<int:pk>/reject/", views.correction_reject, name="correction_reject"),
    path("corrections/<int:pk>/undo/", views.correction_undo, name="correction_undo"),
]
