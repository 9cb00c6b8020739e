"""Team pages: the lists, creating, importing and exporting a team, the team page, and the draft /
between-matches panel (hire, fire, re-rolls, staff, fans, ready, undo)."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from league import naflm_xml
from league.redraft import redraft_season
from league.services import checklist
from rosters import captain, dedication, display, ledger_display, lineup, services, team_json
from rosters.ledger import latest_undoable
from rosters.models import Team
from rulebook.edition import get_edition
from web.league.new_team import league_for_new_team
from web.rosters.forms import (
    CaptainForm,
    DedicationForm,
    EditionForm,
    FansForm,
    FireForm,
    HireForm,
    ImportForm,
    LineupForm,
    NaflmImportForm,
    NewTeamForm,
    ReadyForm,
    RerollForm,
    StaffForm,
    UndoForm,
    draft_numbers,
)
from web.rosters.permissions import editor_for, get_team_for_editor
from web.rosters.views.common import LEDGER_PREVIEW, TEAMS_PER_PAGE, get_player, submit
from web.service_calls import attempt

# --- lists, creation, import, export ------------------------------------------------------------------


def team_list(request):
    teams = Team.objects.select_related("coach").order_by("name", "pk")
    page = Paginator(teams, TEAMS_PER_PAGE).get_page(request.GET.get("page"))
    mine = []
    if request.user.is_authenticated:
        mine = list(Team.objects.for_coach(request.user).select_related("coach"))
    return render(request, "rosters/team_list.html", {"page": page, "mine": mine})


@login_required
def team_new(request):
    """Choose the edition (GET, the newest by default), then a team list of it and its draft choices.

    Choosing a team list asks again with htmx (GET ?roster=) for the League and special rule fields
    of that list only; without JavaScript, the form posted without them says which to choose. From a
    league's page (?league=<slug>), the edition is the league's, so that the team may enter it."""
    league = _league_drafted_for(request)
    edition = request.POST.get("edition") or request.GET.get("edition") or (league or {}).get("edition")
    roster = request.GET.get("roster")
    rules = league["optional_rules"] if league and league["edition"] == edition else ()
    form = NewTeamForm(
        request.POST or None,
        coach=request.user,
        edition=edition,
        roster=roster,
        optional_rules=rules,
        league_slug=league["slug"] if rules else "",
    )
    if request.method == "POST" and form.submit():
        messages.success(request, _created_message(form.result, league))
        return redirect("rosters:manage", pk=form.result.pk)
    if request.htmx and request.method == "GET":
        return render(request, "rosters/team_new.html#choices", {"form": form})
    context = {
        "form": form,
        "edition_form": EditionForm(initial={"edition": form.edition.id}),
        "numbers": draft_numbers(form.edition, form.optional_rules),
        "league": league if league and league["edition"] == form.edition.id else None,
    }
    return render(request, "rosters/team_new.html", context)


def _league_drafted_for(request):
    """The league a "New team" link came from (?league=<slug>, kept in the form), or None."""
    slug = request.POST.get("league") or request.GET.get("league")
    return league_for_new_team(slug, request.user) if slug else None


def _created_message(team, league):
    if league and league["edition"] == team.edition:
        return _("%(name)s is created: hire your players, mark it ready, then enter it in %(league)s.") % {
            "name": team.name,
            "league": league["name"],
        }
    return _("%(name)s is created: hire your players.") % {"name": team.name}


@login_required
def team_import(request):
    """Two forms: a Dugout team file (JSON), or NAFLM's team XML (?format=naflm in the post)."""
    naflm = request.method == "POST" and request.POST.get("format") == "naflm"
    dugout_data = (request.POST, request.FILES) if request.method == "POST" and not naflm else (None, None)
    form = ImportForm(*dugout_data, coach=request.user)
    naflm_form = NaflmImportForm(
        *((request.POST, request.FILES) if naflm else (None, None)), coach=request.user
    )
    submitted = naflm_form if naflm else form
    if request.method == "POST" and submitted.submit():
        teams = submitted.result if naflm else [submitted.result]
        for team in teams:
            messages.success(request, _("%(name)s is imported.") % {"name": team.name})
        if len(teams) == 1:
            return redirect("rosters:team", pk=teams[0].pk)
        return redirect("rosters:list")
    return render(request, "rosters/team_import.html", {"form": form, "naflm_form": naflm_form})


def team_export(request, pk):
    team = get_object_or_404(Team, pk=pk)
    data = team_json.export_team(team)
    response = HttpResponse(
        json.dumps(data, indent=2, ensure_ascii=False), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{slugify(team.name) or "team"}.json"'
    return response


def team_export_naflm(request, pk):
    """The team in NAFLM's team XML (league.naflm_xml), or back to its page saying why it cannot be."""
    team = get_object_or_404(Team, pk=pk)
    exported = attempt(request, lambda: naflm_xml.export_team(team))
    if not exported:
        return redirect("rosters:team", pk=team.pk)
    response = HttpResponse(exported.value, content_type="application/xml; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slugify(team.name) or "team"}.xml"'
    return response


# --- the team page ------------------------------------------------------------------------------------


def team_detail(request, pk):
    """The roster sheet, the team panel and the ledger, in a constant number of queries."""
    team = get_object_or_404(Team.objects.select_related("coach"), pk=pk)
    players = list(team.players.all())
    current, former = display.roster_sheet(team, players)
    editor = editor_for(request.user, team)
    whole_ledger = request.GET.get("ledger") == "all"
    entries = team.ledger.select_related("actor")
    entries = list(entries if whole_ledger else entries[: LEDGER_PREVIEW + 1])
    more = not whole_ledger and len(entries) > LEDGER_PREVIEW
    undoable = latest_undoable(team) if editor else None
    context = {
        "team": team,
        "editor": editor,
        "rows": current,
        "former": former,
        "timeline": ledger_display.timeline(team, entries[:LEDGER_PREVIEW] if more else entries),
        "more_ledger": more,
        "undoable": undoable,
        "undoable_summary": ledger_display.entry_summary(team, undoable) if undoable else "",
        "staff": display.staff_rows(team),
        "reroll_price": services.reroll_price(team),
        "rules": _team_rules(team),
        "redraft_season": redraft_season(team) if editor else None,
        "captain": _captain_context(team, editor),
        "dedication": _dedication_context(team, editor),
        **_where_next(request.user, team),
    }
    return render(request, "rosters/team_detail.html", context)


def _where_next(user, team):
    """For the coach of a ready team: the seasons it is entered in (`entries`), else `next_step`: that
    the page loads the next step (team_next) with htmx. The kept page shows nothing that changes with
    the coach's leagues: an entry and its season are the team's, the open seasons and leagues are not."""
    if team.is_draft or not user.is_authenticated or team.coach_id != user.pk:
        return {}
    entries = checklist.team_entries(team)
    return {"entries": entries, "next_step": not entries}


@login_required
def team_next(request, pk):
    """The coach's next step with a ready team entered in no season: enter it in an open season of a
    league of theirs, or join or create a league (the home page's steps). Loaded by the team page with
    htmx (the fragment), a page of its own without JavaScript; not kept (dugout.freshness): it changes
    with the leagues, seasons and entries of the coach."""
    team = get_object_or_404(Team.objects.select_related("coach"), pk=pk, coach=request.user)
    steps = [] if team.is_draft or checklist.team_entries(team) else checklist.team_steps(team)
    template = "rosters/team_next.html#steps" if request.htmx else "rosters/team_next.html"
    return render(request, template, {"team": team, "steps": steps})


def _dedication_context(team, editor):
    """What the team is dedicated to (an Elven god) and, for its coach until its first match, the form
    to choose; None for a team that is dedicated to nothing and that no such league would take."""
    if not team.dedication and not dedication.may_be_dedicated(team):
        return None
    edition, language = team.edition_rules, get_language()
    favoured = ""
    if team.dedication_position:
        favoured = display.position_name(team, team.dedication_position)
    may_choose = editor is not None and not editor.as_commissioner and not dedication.has_played(team)
    return {
        "name": dedication.name(edition, team.dedication, language),
        "effect": dedication.effect(edition, team.dedication, language),
        "position": favoured,
        "form": DedicationForm(team=team, editor=editor) if may_choose else None,
    }


def _captain_context(team, editor):
    """The Team Captain and, when the coach may nominate one now, the form (None without the rule)."""
    if not captain.has_captain_rule(team):
        return None
    current = team.captain
    may_nominate = editor is not None and captain.may_nominate(team, current)
    return {"player": current, "form": CaptainForm(team=team, editor=editor) if may_nominate else None}


def _team_rules(team):
    """The names of every team rule and League in force (the draft choices included)."""
    edition = get_edition(team.edition)
    return [edition.rule_name(rule, get_language()) for rule in team.rules_in_force]


@login_required
@require_POST
def undo(request, pk):
    team, editor = get_team_for_editor(request, pk)
    form = UndoForm(request.POST, team=team, editor=editor)
    submit(
        request,
        form,
        success=lambda f: _("Undone: %(what)s") % {"what": ledger_display.entry_summary(team, f.result)},
    )
    if request.POST.get("next") == "manage":
        return _panel_response(request, team, editor)
    return redirect("rosters:team", pk=team.pk)


# --- the draft panel / between matches ----------------------------------------------------------------


def _manage_context(team, editor):
    players = list(team.players.on_roster())
    settings = get_edition(team.edition).settings
    undoable = latest_undoable(team)
    minimum = lineup.minimum_lineup(team, players)
    return {
        "team": team,
        "editor": editor,
        "players": [display.player_row(player) for player in players],
        "positions": display.position_rows(team, players),
        "lineup": display.lineup_offer(
            team, minimum, captain=lineup.captain_in_lineup(team, players, minimum)
        ),
        "staff": display.staff_rows(team),
        "problems": services.draft_problems(team, players) if team.is_draft else [],
        "purchases": services.draft_purchases(team, players),
        "reroll_price": services.reroll_price(team),
        "max_rerolls": settings.max_rerolls,
        "fans_form": FansForm(team=team, editor=editor),
        "captain": _captain_context(team, editor),
        "undoable": undoable,
        "undoable_summary": ledger_display.entry_summary(team, undoable) if undoable else "",
    }


def _panel_response(request, team, editor):
    """The panel fragment for htmx; otherwise back to the page (post/redirect/get)."""
    if request.htmx:
        team.refresh_from_db()
        return render(request, "rosters/manage.html#panel", _manage_context(team, editor))
    return redirect("rosters:manage", pk=team.pk)


@login_required
def manage(request, pk):
    team, editor = get_team_for_editor(request, pk)
    return render(request, "rosters/manage.html", _manage_context(team, editor))


@login_required
@require_POST
def hire(request, pk):
    """Hire one player of a position, or (posting `lineup`) the players a draft still needs."""
    team, editor = get_team_for_editor(request, pk)
    form_class = LineupForm if "lineup" in request.POST else HireForm
    submit(request, form_class(request.POST, team=team, editor=editor))
    return _panel_response(request, team, editor)


@login_required
@require_POST
def fire(request, pk, player_pk):
    team, editor = get_team_for_editor(request, pk)
    player = get_player(team, player_pk)
    submit(request, FireForm(request.POST, team=team, editor=editor, player=player))
    return _panel_response(request, team, editor)


@login_required
@require_POST
def rerolls(request, pk):
    team, editor = get_team_for_editor(request, pk)
    submit(request, RerollForm(request.POST, team=team, editor=editor))
    return _panel_response(request, team, editor)


@login_required
@require_POST
def staff(request, pk):
    team, editor = get_team_for_editor(request, pk)
    submit(request, StaffForm(request.POST, team=team, editor=editor))
    return _panel_response(request, team, editor)


@login_required
@require_POST
def fans(request, pk):
    team, editor = get_team_for_editor(request, pk)
    submit(request, FansForm(request.POST, team=team, editor=editor))
    return _panel_response(request, team, editor)


@login_required
@require_POST
def nominate_captain(request, pk):
    """Nominate the Team Captain: at the draft, or to replace one removed from the roster."""
    team, editor = get_team_for_editor(request, pk)
    submit(request, CaptainForm(request.POST, team=team, editor=editor))
    if request.POST.get("next") == "manage":
        return _panel_response(request, team, editor)
    return redirect("rosters:team", pk=team.pk)


@login_required
@require_POST
def dedicate(request, pk):
    """Dedicate the team (an Elven god, for a whole league): its coach only, until its first match."""
    team, editor = get_team_for_editor(request, pk)
    if editor.as_commissioner:
        raise PermissionDenied
    submit(request, DedicationForm(request.POST, team=team, editor=editor))
    return redirect("rosters:team", pk=team.pk)


@login_required
@require_POST
def ready(request, pk):
    team, editor = get_team_for_editor(request, pk)
    if not submit(request, ReadyForm(request.POST, team=team, editor=editor)):
        return _panel_response(request, team, editor)
    url = reverse("rosters:team", kwargs={"pk": team.pk})
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
