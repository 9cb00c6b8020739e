from django.contrib import admin

from rosters.models import LedgerEntry, Player, Team


class PlayerInline(admin.TabularInline):
    """Read-only: players change through the roster pages, which keep values and the ledger right."""

    model = Player
    fields = ("number", "name", "position", "status", "spp_earned", "spp_spent", "value")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("name", "roster", "coach", "status", "team_value", "treasury")
    list_filter = ("status", "roster")
    search_fields = ("name", "coach__username", "coach__display_name")
    list_select_related = ("coach",)
    readonly_fields = ("team_value", "current_team_value", "created_at", "updated_at")
    inlines = [PlayerInline]


@admin.register(LedgerEntry)
class LedgerEntryAdmin(admin.ModelAdmin):
    """Read-only: the ledger is written by the services and undone from the team page."""

    list_display = ("team", "kind", "actor", "as_commissioner", "gold_change", "created_at")
    list_filter = ("kind", "as_commissioner")
    list_select_related = ("team", "actor")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
