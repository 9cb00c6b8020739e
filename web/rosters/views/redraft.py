"""The re-draft between seasons (rosters.redraft), with what the league and the matches know of the season."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from league import redraft as league_redraft
from matches.services.league import friendlies_played
from rosters import display, recovery, redraft
from rulebook.edition import get_edition
from rulebook.formatting import gold
from web.rosters.forms import RedraftForm
from web.rosters.permissions import get_team_for_editor


def _redraft_context(team, editor, form, season):
    budget, total = form.budget(), form.total()
    left = None if total is None else budget.total - total
    return {
        "team": team,
        "editor": editor,
        "season": season,
        "form": form,
        "record": form.record,
        "budget": budget,
        "total": total,
        "left": left,
        "over_budget": -left if left is not None and left < 0 else 0,
        "players": [
            {
                **display.player_row(player),
                "price": form.price(player),
                "seasons": form.seasons.get(player.pk, 0),
                "fields": form.player_fields(player),
            }
            for player in form.players
        ],
        "rules": redraft.rules(get_edition(team.edition)),
        "reroll_price": redraft.carry_over_cost(
            "reroll", reroll_cost=team.rules.reroll_cost, edition=get_edition(team.edition)
        ),
    }


def season_record(team, season):
    """Games the team played in `season` (confirmed results), its wins and draws, and the friendlies it
    played since its previous re-draft."""
    previous = redraft.previous_redraft(team)
    return redraft.SeasonRecord(
        season_id=season.pk,
        season_name=str(season.name),
        **league_redraft.league_games(team, season),
        friendlies=friendlies_played(team, since=previous.created_at if previous else None),
    )


@login_required
def redraft_team(request, pk):
    """The re-draft between seasons. GET shows the budget and the form; POST with "preview" shows what
    the choices cost (only that fragment for htmx); any other POST applies the re-draft and goes back to
    the team page with the rolls of rest and recovery as messages."""
    team, editor = get_team_for_editor(request, pk)
    season = league_redraft.redraft_season(team)
    if season is None:
        messages.error(request, _("A team can be re-drafted only between seasons, once per finished season."))
        return redirect("rosters:team", pk=team.pk)
    record = season_record(team, season)
    form = RedraftForm(request.POST or None, team=team, editor=editor, record=record)
    preview = request.method == "POST" and "preview" in request.POST
    if request.method == "POST" and not preview and form.submit():
        messages.success(
            request,
            _("%(team)s is re-drafted for %(cost)s gp; the treasury is now %(treasury)s gp.")
            % {"team": team.name, "cost": gold(form.result["cost"]), "treasury": gold(team.treasury)},
        )
        for text in recovery.recovery_summary(team, form.result):
            messages.info(request, text)
        return redirect("rosters:team", pk=team.pk)
    context = _redraft_context(team, editor, form, season)
    if preview and request.htmx:
        return render(request, "rosters/redraft.html#total", context)
    return render(request, "rosters/redraft.html", context)
