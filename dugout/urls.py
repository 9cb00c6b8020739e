from django.contrib import admin
from django.urls import include, path

from dugout.health import healthz
from dugout.views import home

urlpatterns = [
    path("", home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("accounts/", include("accounts.urls")),
    path("admin/", admin.site.urls),
]
