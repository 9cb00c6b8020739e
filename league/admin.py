from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from league.models import Fixture, Invitation, League, Result, Round, Season, SeasonEntry
from league.services.leagues import SCORING_FIELDS
from league.standings.store import rebuild_standings, recompute_league_standings

# Edits here go through what the pages' services do after them (the stored tables, the players' totals,
# rebuilt), or are read-only where nothing could set right what they bypass (a league's edition, a
# fixture's teams).


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "game", "edition", "public"]
    search_fields = ["name", "slug"]
    filter_horizontal = ["commissioners", "members"]

    def get_readonly_fields(self, request, obj=None):
        # its teams, seasons and matches are of that game and edition
        return ["game", "edition"] if obj is not None else []

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change and set(form.changed_data) & set(SCORING_FIELDS):
            recompute_league_standings(league=obj)


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ["code", "league", "expires", "uses", "max_uses"]
    list_select_related = ["league"]


class SeasonEntryInline(admin.TabularInline):
    model = SeasonEntry
    raw_id_fields = ["team", "coach"]
    # Placed on the divisions page (league.services.divisions), which keeps a team in its season's
    # divisions and out of them once the season has started.
    readonly_fields = ["division"]
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


class RebuildsItsSeason(admin.ModelAdmin):
    """Rows a season's stored table, leaderboards and players' totals are made from: saved or deleted
    here, around the services, their season is rebuilt after (league.standings.store)."""

    def season_of(self, obj):
        raise NotImplementedError

    def seasons_of(self, queryset):
        raise NotImplementedError

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        rebuild_standings(season=self.season_of(obj))

    def delete_model(self, request, obj):
        season = self.season_of(obj)
        super().delete_model(request, obj)
        rebuild_standings(season=season)

    def delete_queryset(self, request, queryset):
        seasons = list(self.seasons_of(queryset).distinct())
        super().delete_queryset(request, queryset)
        for season in seasons:
            rebuild_standings(season=season)


@admin.register(Fixture)
class FixtureAdmin(RebuildsItsSeason):
    list_display = ["__str__", "season", "round", "stage", "scheduled_at"]
    list_select_related = ["season__league", "round", "home__team", "away__team"]
    raw_id_fields = ["home", "away", "round"]

    def get_readonly_fields(self, request, obj=None):
        # A played fixture's season and teams are its result's and its match's (applied to rosters).
        return ["season", "home", "away"] if obj is not None else []

    def season_of(self, fixture):
        return fixture.season

    def seasons_of(self, queryset):
        return Season.objects.filter(fixtures__in=queryset)


@admin.register(Result)
class ResultAdmin(RebuildsItsSeason):
    list_display = ["__str__", "status", "submitted_by", "decided_by", "updated_at"]
    list_filter = ["status"]
    list_select_related = ["fixture__home__team", "fixture__away__team", "submitted_by", "decided_by"]
    raw_id_fields = ["fixture", "conceded_by", "submitted_by", "decided_by"]

    def get_readonly_fields(self, request, obj=None):
        # Its status: confirming applies a match recorded with Dugout to both rosters, reopening undoes
        # it, which only the fixture page's decide and reopen do.
        return ["fixture", "status"] if obj is not None else []

    def season_of(self, result):
        return result.fixture.season

    def seasons_of(self, queryset):
        return Season.objects.filter(fixtures__result__in=queryset)
