from django.conf import settings
from django.shortcuts import render

from accounts.demo import DEMO_PASSWORD, DEMO_USERS


def home(request):
    context = {}
    if settings.DEMO_MODE:
        context = {"demo_logins": DEMO_USERS, "demo_password": DEMO_PASSWORD}
    return render(request, "home.html", context)
