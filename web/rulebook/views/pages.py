"""The rulebook pages of one edition (/rules/<edition>/): teams and rosters, skills, star players and
inducements, in the active language; /rules/ itself lets the reader pick the edition."""

from django import forms
from django.http import Http404
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from web.rulebook.views.common import (
    by_name,
    categories,
    characteristic_headers,
    edition_or_404,
    editions_newest_first,
    render_page,
    rule,
    skills,
    text,
)


def _counts(edition):
    return {
        "teams": len(edition.teams),
        "skills": len(edition.skills),
        "stars": len(edition.star_players),
        "inducements": len(edition.inducements),
        "tables": len(edition.tables) + len(edition.optional_tables),
    }


@require_safe
def index(request):
    """Every edition, the newest first, each with what it holds."""
    editions = [
        {"id": edition.id, "name": text(edition, "edition.name"), "counts": _counts(edition)}
        for edition in editions_newest_first()
    ]
    return render(request, "rulebook/editions.html", {"editions": editions})


@require_safe
def edition_index(request, edition_id):
    edition = edition_or_404(edition_id)
    return render_page(
        request, "rulebook/index.html", edition, {"counts": _counts(edition)}, url_name="edition"
    )


@require_safe
def teams(request, edition_id):
    edition = edition_or_404(edition_id)
    rows = by_name(
        {
            "id": team.id,
            "name": edition.name(team, get_language()),
            "tier": team.tier,
            "reroll_cost": team.reroll_cost,
            "apothecary": team.apothecary,
            "leagues": [text(edition, f"league.{league}.name") for league in team.leagues],
        }
        for team in edition.teams.values()
    )
    has_leagues = any(row["leagues"] for row in rows)
    return render_page(
        request, "rulebook/teams.html", edition, {"teams": rows, "has_leagues": has_leagues}, url_name="teams"
    )


def _star_condition(edition, star, team):
    """None when the star always plays for the team, the names of the draft choices it needs (a League,
    a Favoured of ...), or False when it never does."""
    if star.plays_for_team(team):
        return None
    for chosen in team.choice_sets():
        if star.plays_for_team(team, chosen):
            needed = [choice for choice in chosen if not star.plays_for_team(team, _without(chosen, choice))]
            return " / ".join(
                text(edition, f"{edition.rule_key(choice)}.name") for choice in needed or chosen
            )
    return False


def _without(chosen, choice):
    return tuple(other for other in chosen if other != choice)


def _positions(edition, roster):
    language = get_language()
    return [
        {
            "id": position.id,
            "name": edition.name(position, language),
            "max": position.max,
            "cost": position.cost,
            "profile": position.profile,
            "skills": skills(edition, position.skills),
            "primary": categories(edition, position.primary),
            "secondary": categories(edition, position.secondary),
            "keywords": [text(edition, f"keyword.{keyword}.name") for keyword in position.keywords],
            "lineman": position.lineman,
            "big_guy": position.big_guy,
        }
        for position in roster.positions
    ]


def _team_stars(edition, roster):
    language = get_language()
    stars = []
    for star in edition.star_players.values():
        condition = _star_condition(edition, star, roster)
        if condition is False:
            continue
        partner = edition.star_players[star.pair] if star.pair else None
        stars.append(
            {
                "id": star.id,
                "name": edition.name(star, language),
                "cost": star.cost,
                "pair": edition.name(partner, language) if partner else None,
                "condition": condition,
            }
        )
    return by_name(stars)


@require_safe
def team(request, edition_id, team_id):
    edition = edition_or_404(edition_id)
    roster = edition.teams.get(team_id)
    if roster is None:
        raise Http404("No such team")
    context = {
        "team": roster,
        "team_name": edition.name(roster, get_language()),
        "positions": _positions(edition, roster),
        "characteristics": characteristic_headers(edition),
        "leagues": [rule(edition, league) for league in roster.leagues],
        "league_rules": [
            {"league": text(edition, f"league.{league}.name"), "rules": [rule(edition, r) for r in rules]}
            for league, rules in roster.league_rules.items()
        ],
        "special_rules": [rule(edition, rule_id) for rule_id in roster.special_rules],
        "special_rule_options": [rule(edition, rule_id) for rule_id in roster.special_rule_options],
        "stars": _team_stars(edition, roster),
    }
    return render_page(
        request,
        "rulebook/team.html",
        edition,
        context,
        url_name="team",
        item_id=team_id,
        has_item=lambda other: team_id in other.teams,
    )


class SkillFilterForm(forms.Form):
    """?category=A: the skills of one category; empty or absent: every skill."""

    category = forms.ChoiceField(label=_("Category"), required=False)

    def __init__(self, *args, edition, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["category"].choices = [("", _("All categories"))] + [
            (item["letter"], item["name"]) for item in categories(edition, edition.categories)
        ]
        self.fields["category"].widget.attrs["data-autosubmit"] = ""

    def clean_category(self):
        return self.cleaned_data["category"] or None


@require_safe
def skill_list(request, edition_id):
    """One URL, two renderings: the page, or (htmx) only the list of skills."""
    edition = edition_or_404(edition_id)
    form = SkillFilterForm(request.GET or None, edition=edition)
    category = form.cleaned_data["category"] if form.is_valid() else None
    groups = []
    for letter in edition.categories:
        if category and letter != category:
            continue
        rows = by_name(
            {
                "id": skill.id,
                "name": edition.name(skill, get_language()),
                "desc": text(edition, f"{skill.key}.desc"),
                "elite": skill.elite,
            }
            for skill in edition.skills.values()
            if skill.category == letter
        )
        groups.append({"letter": letter, "name": text(edition, f"category.{letter}"), "skills": rows})
    fragment = request.htmx and not request.htmx.history_restore_request
    template = "rulebook/skills.html#skill_list" if fragment else "rulebook/skills.html"
    context = {"form": form, "groups": groups, "category": category}
    response = render_page(request, template, edition, context, url_name="skills")
    patch_vary_headers(response, ["HX-Request"])
    return response


def _leagues_with_teams(edition, league_ids):
    """Each League (or league affiliation) stars play in, with the teams that play in it."""
    language = get_language()
    leagues = []
    for rule_id in league_ids:
        teams = [
            {
                "id": roster.id,
                "name": edition.name(roster, language),
                "chosen": rule_id not in roster.rules_in_force(),
            }
            for roster in edition.teams.values()
            if any(rule_id in roster.rules_in_force(chosen) for chosen in roster.choice_sets())
        ]
        leagues.append({**rule(edition, rule_id), "teams": by_name(teams)})
    return by_name(leagues)


@require_safe
def star_players(request, edition_id):
    """Each star lists the leagues it plays in; the leagues' teams are listed once, below the stars."""
    edition = edition_or_404(edition_id)
    language = get_language()
    rows = [
        {
            "id": star.id,
            "name": edition.name(star, language),
            "cost": star.cost,
            "profile": star.profile,
            "skills": skills(edition, star.skills),
            "rule_name": text(edition, f"{star.key}.rule_name"),
            "rule_desc": text(edition, f"{star.key}.rule_desc"),
            "any_team": "any" in star.plays_for,
            "leagues": [rule(edition, rule_id) for rule_id in star.plays_for if rule_id != "any"],
            "excluded": [edition.name(edition.teams[team_id], language) for team_id in star.excluded_teams],
            "pair": edition.name(edition.star_players[star.pair], language) if star.pair else None,
            "big_guy": star.big_guy,
        }
        for star in edition.star_players.values()
    ]
    league_ids = sorted(
        {rule_id for star in edition.star_players.values() for rule_id in star.plays_for} - {"any"}
    )
    context = {
        "stars": by_name(rows),
        "leagues": _leagues_with_teams(edition, league_ids),
        "characteristics": characteristic_headers(edition),
    }
    return render_page(request, "rulebook/star_players.html", edition, context, url_name="star_players")
