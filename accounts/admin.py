from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.utils.translation import gettext_lazy as _

from accounts.models import User


@admin.register(User)
class DugoutUserAdmin(UserAdmin):
    fieldsets = UserAdmin.fieldsets + ((_("Profile"), {"fields": ("display_name", "preferred_language")}),)
    list_display = ("username", "display_name", "email", "is_staff")
