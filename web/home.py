from django.conf import settings
from django.shortcuts import render

from accounts.demo import DEMO_PASSWORD, DEMO_USERS
from league.services import checklist
from rosters.models import Team


def _next_steps(user):
    """The home page's checklist for a signed-in user: the steps not taken yet (a newcomer's, a
    commissioner's, a coach's) and where their fixtures stand; a fixed number of queries."""
    has_team = Team.objects.filter(coach=user).exists()
    commissioner_steps, commissioned = checklist.commissioner_steps(user)
    steps = checklist.newcomer_steps(
        has_team=has_team, in_league=bool(commissioned) or checklist.in_a_league(user)
    )
    steps += checklist.entry_steps(user, has_team=has_team) + commissioner_steps
    return {"steps": steps, "fixtures": checklist.coach_fixtures(user, commissioned=commissioned)}


def home(request):
    context = {}
    if settings.DEMO_MODE:
        context = {"demo_logins": DEMO_USERS, "demo_password": DEMO_PASSWORD}
    if request.user.is_authenticated:
        context.update(_next_steps(request.user))
    return render(request, "home.html", context)
