"""What the new-team page learns of the league a coach drafts for: a league page's "New team" link opens
the form with ?league=<slug>, and the team must be of the league's edition to enter it."""

from django.core.validators import slug_re
from django.urls import reverse

from league.models import League


def league_for_new_team(slug, user):
    """{"slug", "name", "edition", "url", "optional_rules"} of the Blood Bowl league `slug` if `user`
    may see it, else None."""
    if not slug_re.match(slug):  # not looked up: PostgreSQL refuses a NUL, for one (a 500)
        return None
    league = League.objects.visible_to(user).filter(slug=slug).first()
    if league is None or not league.is_blood_bowl:
        return None
    url = reverse("league:detail", args=[slug])
    return {
        "slug": slug,
        "name": league.name,
        "edition": league.edition,
        "url": url,
        "optional_rules": list(league.optional_rules),
    }
