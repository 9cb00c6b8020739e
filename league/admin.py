from django.contrib import admin

from league.models import Fixture, Invitation, League, Result, Round, Season, SeasonEntry


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "game", "public"]
    search_fields = ["name", "slug"]
    filter_horizontal = ["commissioners", "members"]


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ["code", "league", "expires", "uses", "max_uses"]
    list_select_related = ["league"]


class SeasonEntryInline(admin.TabularInline):
    model = SeasonEntry
    raw_id_fields = ["team", "coach"]
    extra = 0


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "league", "status", "format"]
    list_filter = ["status", "format"]
    list_select_related = ["league"]
    inlines = [SeasonEntryInline]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["season", "number", "date"]
    list_select_related = ["season__league"]


@admin.register(Fixture)
class FixtureAdmin(admin.ModelAdmin):
    list_display = ["__str__", "season", "round", "stage", "scheduled_at"]
    list_select_related = ["season__league", "round", "home__team", "away__team"]
    raw_id_fields = ["home", "away", "round"]


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    list_display = ["__str__", "status", "submitted_by", "decided_by", "updated_at"]
    list_filter = ["status"]
    list_select_related = ["fixture__home__team", "fixture__away__team", "submitted_by", "decided_by"]
    raw_id_fields = ["fixture", "conceded_by", "submitted_by", "decided_by"]
