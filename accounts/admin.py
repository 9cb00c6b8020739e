from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import ApiToken, User


@admin.register(User)
class DugoutUserAdmin(UserAdmin):
    fieldsets = UserAdmin.fieldsets + ((_("Profile"), {"fields": ("display_name", "preferred_language")}),)
    list_display = ("username", "display_name", "email", "is_staff")


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Staff see who holds which token and may revoke one (a leaked token, an account gone rogue); the
    token itself is never kept, so it can be neither shown nor made here."""

    list_display = ("name", "user", "prefix", "created_at", "last_used_at", "revoked_at")
    list_filter = (("revoked_at", admin.EmptyFieldListFilter),)
    search_fields = ("name", "prefix", "user__username")
    readonly_fields = ("user", "name", "prefix", "created_at", "last_used_at", "revoked_at")
    exclude = ("hashed",)
    actions = ("revoke",)

    def has_add_permission(self, request):
        return False

    @admin.action(description=_("Revoke the selected tokens"))
    def revoke(self, request, queryset):
        revoked = queryset.filter(revoked_at__isnull=True).update(revoked_at=timezone.now())
        self.message_user(request, _("%(count)s tokens revoked.") % {"count": revoked})
