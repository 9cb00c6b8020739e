"""Template tags of the league for the pages of the apps below it: a team's page shows the League
Trophies the team holds and the divisions it won without its view importing the league; a season's page
its division winners."""

from django import template

from league.services.prizes import division_titles, division_winners, trophies_held

register = template.Library()


@register.simple_tag(takes_context=True)
def trophies_shown(context, team):
    """The leagues whose League Trophy `team` holds, as the page's visitor may see them (one query): the
    public ones, and for the team's coach the private ones too (no link to a league page the visitor
    may not see, and no query per league)."""
    user = context["request"].user
    return [league for league in trophies_held(team) if league.public or team.coach_id == user.pk]


@register.simple_tag(takes_context=True)
def division_titles_shown(context, team):
    """[(season, division)] the divisions `team` won in finished seasons, as the page's visitor may see
    them: the public leagues', and for the team's coach the private ones too (one query)."""
    user = context["request"].user
    return [
        (season, division)
        for season, division in division_titles(team)
        if season.league.public or team.coach_id == user.pk
    ]


@register.simple_tag
def season_division_winners(season):
    """[(division, entry)] the winners of a finished season's divisions (one query)."""
    return division_winners(season)
