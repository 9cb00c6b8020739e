from django.contrib import admin

from matches.models import DiceLog, Drive, Event, Match


class ReadOnlyAdmin(admin.ModelAdmin):
    """A match is written by its pages, which apply it to both rosters and undo it: changed or deleted
    here, the rosters, tables and leaderboards it fed would stay as they were."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "status", "home_score", "away_score", "created_at"]
    list_filter = ["status"]


@admin.register(Drive)
class DriveAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "half", "kicking", "kickoff_event", "ended_by"]


@admin.register(Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "drive", "turn", "outcome"]


@admin.register(DiceLog)
class DiceLogAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "match", "step", "created_at"]
