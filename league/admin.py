from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from league.models import Fixture, Invitation, League, Result, Round, Season, SeasonEntry
from league.services.standings import rebuild_standings


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
    actions = ["rebuild"]

    def save_related(self, request, form, formsets, change):
        """Entries edited here bypass the services: the stored table is rebuilt after them."""
        super().save_related(request, form, formsets, change)
        rebuild_standings(season=form.instance)

    @admin.action(description=_("Rebuild the standings"))
    def rebuild(self, request, queryset):
        for season in queryset.select_related("league"):
            rebuild_standings(season=season)
        count = queryset.count()
        self.message_user(
            request,
            ngettext(
                "Rebuilt the standings of %(count)s season.",
                "Rebuilt the standings of %(count)s seasons.",
                count,
            )
            % {"count": count},
            messages.SUCCESS,
        )


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

    # A result changed here bypasses the services: its season's stored table is rebuilt.
    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        rebuild_standings(season=obj.fixture.season)

    def delete_model(self, request, obj):
        season = obj.fixture.season
        super().delete_model(request, obj)
        rebuild_standings(season=season)

    def delete_queryset(self, request, queryset):
        seasons = list(Season.objects.filter(fixtures__result__in=queryset).distinct())
        super().delete_queryset(request, queryset)
        for season in seasons:
            rebuild_standings(season=season)
