from django.contrib import admin

from rosters.ledger import TEAM_FIELDS
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
    # Only its name and its coach (a team handed over) change here: the rest is the roster pages', which
    # keep the values and the ledger right and can undo; a team leaves through retiring, not a delete.
    readonly_fields = (
        *(name for name in TEAM_FIELDS if name != "name"),  # what the ledger records and undoes
        "edition",
        "roster",
        "chosen_league",
        "created_at",
        "updated_at",
    )
    raw_id_fields = ("coach",)
    inlines = [PlayerInline]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


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
