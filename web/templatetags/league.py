"""Template tags of the league for the pages of the apps below it: a team's page shows the League
Trophies the team holds without its view importing the league."""

from django import template

from league.services.prizes import trophies_held

register = template.Library()


@register.simple_tag(takes_context=True)
def trophies_shown(context, team):
    """The leagues whose League Trophy `team` holds, as the page's visitor may see them (one query): the
    public ones, and for the team's coach the private ones too (no link to a league page the visitor
    may not see, and no query per league)."""
    user = context["request"].user
    return [league for league in trophies_held(team) if league.public or team.coach_id == user.pk]
