from django.contrib import admin

from sheets.models import SheetJob, SheetPack, SheetPackItem


@admin.register(SheetJob)
class SheetJobAdmin(admin.ModelAdmin):
    list_display = ["filename", "status", "created_at", "finished_at"]
    list_filter = ["status", "game", "language", "paper"]
    search_fields = ["id", "game", "sheet", "content_hash"]
    readonly_fields = [field.name for field in SheetJob._meta.fields]


class SheetPackItemInline(admin.TabularInline):
    model = SheetPackItem
    extra = 0
    readonly_fields = ["position", "job"]
    can_delete = False


@admin.register(SheetPack)
class SheetPackAdmin(admin.ModelAdmin):
    list_display = ["id", "status", "paper", "merged", "created_at", "finished_at"]
    list_filter = ["status", "paper"]
    readonly_fields = [field.name for field in SheetPack._meta.fields]
    inlines = [SheetPackItemInline]
