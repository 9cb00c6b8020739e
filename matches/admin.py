from django.contrib import admin

from matches.models import DiceLog, Drive, Event, Match


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "status", "home_score", "away_score", "created_at"]
    list_filter = ["status"]
    raw_id_fields = ["home_team", "away_team", "created_by", "applied_by"]


@admin.register(Drive)
class DriveAdmin(admin.ModelAdmin):
    list_display = ["__str__", "half", "kicking", "kickoff_event", "ended_by"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["__str__", "drive", "turn", "outcome"]
    raw_id_fields = ["drive", "player", "victim"]


@admin.register(DiceLog)
class DiceLogAdmin(admin.ModelAdmin):
    list_display = ["__str__", "match", "step", "created_at"]
    raw_id_fields = ["match"]
