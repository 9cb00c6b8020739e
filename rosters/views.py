"""Pages of the rosters app: team lists, the draft / between-matches panel, the team page, players,
advancement, import and export.

Views are thin: every view that writes finds the team with get_team_for_editor (the coach, or a league
commissioner), binds a form whose save() calls the service, and answers with a redirect (post/redirect/
get, with messages) or, for htmx, the fragment it changed.
"""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from league.services.prizes import trophies_held
from rosters import advancement, display, redraft, services, transfer
from rosters.forms import (
    CharacteristicChoiceForm,
    CharacteristicRollForm,
    ChosenSkillForm,
    FansForm,
    FireForm,
    HireForm,
    ImportForm,
    NewTeamForm,
    PlayerForm,
    RandomSkillForm,
    ReadyForm,
    RedraftForm,
    RerollForm,
    RetireForm,
    ReturnForm,
    StaffForm,
    UndoForm,
)
from rosters.ledger import latest_undoable
from rosters.models import Player, Team
from rosters.permissions import editor_for, get_team_for_editor
from rulebook.edition import get_edition
from rulebook.templatetags.rules import gold

TEAMS_PER_PAGE = 50
LEDGER_PREVIEW = 20


def _latest_summary(team):
    entry = team.ledger.first()
    return display.entry_summary(team, entry) if entry else ""


def _submit(request, form, *, success=None, errors_as_messages=True):
    """Submit the form and say what happened: the success text (by default the summary of the ledger
    entry the change wrote), or every reason it was refused (unless the page shows the form again)."""
    if form.submit():
        messages.success(request, success(form) if success else _latest_summary(form.team))
        return True
    if errors_as_messages:
        for text in form.messages():
            messages.error(request, text)
    return False


def _get_player(team, player_pk):
    return get_object_or_404(team.players, pk=player_pk)


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
    form = NewTeamForm(request.POST or None, coach=request.user)
    if request.method == "POST" and form.submit():
        messages.success(request, _("%(name)s is created: hire your players.") % {"name": form.result.name})
        return redirect("rosters:manage", pk=form.result.pk)
    starting_treasury = form.edition.settings["starting_treasury"]
    return render(request, "rosters/team_new.html", {"form": form, "starting_treasury": starting_treasury})


@login_required
def team_import(request):
    form = ImportForm(request.POST or None, request.FILES or None, coach=request.user)
    if request.method == "POST" and form.submit():
        messages.success(request, _("%(name)s is imported.") % {"name": form.result.name})
        return redirect("rosters:team", pk=form.result.pk)
    return render(request, "rosters/team_import.html", {"form": form})


def team_export(request, pk):
    team = get_object_or_404(Team, pk=pk)
    data = transfer.export_team(team)
    response = HttpResponse(
        json.dumps(data, indent=2, ensure_ascii=False), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{slugify(team.name) or "team"}.json"'
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
        "timeline": display.timeline(team, entries[:LEDGER_PREVIEW] if more else entries),
        "more_ledger": more,
        "undoable": undoable,
        "undoable_summary": display.entry_summary(team, undoable) if undoable else "",
        "staff": display.staff_rows(team),
        "reroll_price": services.reroll_price(team),
        "rules": _team_rules(team),
        "redraft_season": redraft.redraft_season(team) if editor else None,
        "trophies": _trophies_shown(team, request.user),
    }
    return render(request, "rosters/team_detail.html", context)


def _trophies_shown(team, user):
    """The leagues whose League Trophy the team holds (one query): the public ones, and for its coach
    the private ones too (no link to a league page the visitor may not see, and no query per league)."""
    return [league for league in trophies_held(team) if league.public or team.coach_id == user.pk]


def _team_rules(team):
    edition = get_edition(team.edition)
    rules = list(team.rules.special_rules)
    if team.chosen_rule:
        rules.append(team.chosen_rule)
    return [edition.text(f"team_rule.{rule}.name", get_language()) for rule in rules]


@login_required
@require_POST
def undo(request, pk):
    team, editor = get_team_for_editor(request, pk)
    form = UndoForm(request.POST, team=team, editor=editor)
    _submit(
        request,
        form,
        success=lambda f: _("Undone: %(what)s") % {"what": display.entry_summary(team, f.result)},
    )
    if request.POST.get("next") == "manage":
        return _panel_response(request, team, editor)
    return redirect("rosters:team", pk=team.pk)


# --- the draft panel / between matches ----------------------------------------------------------------


def _manage_context(team, editor):
    players = list(team.players.on_roster())
    settings = get_edition(team.edition).settings
    undoable = latest_undoable(team)
    return {
        "team": team,
        "editor": editor,
        "players": [display.player_row(player) for player in players],
        "positions": display.position_rows(team, players),
        "staff": display.staff_rows(team),
        "problems": services.draft_problems(team, players) if team.is_draft else [],
        "reroll_price": services.reroll_price(team),
        "max_rerolls": settings["max_rerolls"],
        "fans_form": FansForm(team=team, editor=editor),
        "undoable": undoable,
        "undoable_summary": display.entry_summary(team, undoable) if undoable else "",
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
    team, editor = get_team_for_editor(request, pk)
    _submit(request, HireForm(request.POST, team=team, editor=editor))
    return _panel_response(request, team, editor)


@login_required
@require_POST
def fire(request, pk, player_pk):
    team, editor = get_team_for_editor(request, pk)
    player = _get_player(team, player_pk)
    _submit(request, FireForm(request.POST, team=team, editor=editor, player=player))
    return _panel_response(request, team, editor)


@login_required
@require_POST
def rerolls(request, pk):
    team, editor = get_team_for_editor(request, pk)
    _submit(request, RerollForm(request.POST, team=team, editor=editor))
    return _panel_response(request, team, editor)


@login_required
@require_POST
def staff(request, pk):
    team, editor = get_team_for_editor(request, pk)
    _submit(request, StaffForm(request.POST, team=team, editor=editor))
    return _panel_response(request, team, editor)


@login_required
@require_POST
def fans(request, pk):
    team, editor = get_team_for_editor(request, pk)
    _submit(request, FansForm(request.POST, team=team, editor=editor))
    return _panel_response(request, team, editor)


@login_required
@require_POST
def ready(request, pk):
    team, editor = get_team_for_editor(request, pk)
    if not _submit(request, ReadyForm(request.POST, team=team, editor=editor)):
        return _panel_response(request, team, editor)
    url = reverse("rosters:team", kwargs={"pk": team.pk})
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


# --- one player -----------------------------------------------------------------------------------


def _player_context(team, editor, player, form=None):
    return {
        "team": team,
        "editor": editor,
        "player": player,
        "row": display.player_row(player),
        "form": form or PlayerForm(team=team, editor=editor, player=player),
        "can_retire": player.status == Player.Status.ACTIVE and not team.is_draft,
        "can_retire_temporarily": player.status == Player.Status.ACTIVE and bool(player.lasting_injuries),
        "can_return": player.status == Player.Status.TEMPORARILY_RETIRED,
        "on_roster": player.status in {Player.Status.ACTIVE, Player.Status.TEMPORARILY_RETIRED},
    }


@login_required
def player_detail(request, pk, player_pk):
    """The player's sheet with rename / renumber (POST here), retirement and a link to advancement."""
    team, editor = get_team_for_editor(request, pk)
    player = _get_player(team, player_pk)
    form = PlayerForm(request.POST or None, team=team, editor=editor, player=player)
    if request.method == "POST" and _submit(request, form, errors_as_messages=False):
        return redirect("rosters:player", pk=team.pk, player_pk=player.pk)
    return render(request, "rosters/player.html", _player_context(team, editor, player, form))


@login_required
@require_POST
def retire(request, pk, player_pk):
    team, editor = get_team_for_editor(request, pk)
    player = _get_player(team, player_pk)
    _submit(request, RetireForm(request.POST, team=team, editor=editor, player=player))
    return redirect("rosters:player", pk=team.pk, player_pk=player.pk)


@login_required
@require_POST
def return_player(request, pk, player_pk):
    team, editor = get_team_for_editor(request, pk)
    player = _get_player(team, player_pk)
    _submit(request, ReturnForm(request.POST, team=team, editor=editor, player=player))
    return redirect("rosters:player", pk=team.pk, player_pk=player.pk)


# --- advancement ------------------------------------------------------------------------------------


def _why_not(player, option):
    """Why an advancement cannot be taken now ("" when it can)."""
    if player.status != Player.Status.ACTIVE or player.journeyman:
        return _("Only an active, permanently hired player can advance.")
    if player.pending_advancement:
        return _("Finish the characteristic improvement already rolled first.")
    if option["cost"] is None:
        return _("A player may take at most six advancements.")
    if option["kind"] != "characteristic" and not option["categories"]:
        return _("This position has no skill category for this advancement.")
    if player.spp < option["cost"]:
        return _("Needs %(cost)d SPP; the player has %(spp)d.") % {"cost": option["cost"], "spp": player.spp}
    return ""


def _advance_context(team, editor, player, bound=None):
    edition = get_edition(team.edition)
    language = get_language()
    kwargs = {"team": team, "editor": editor, "player": player}
    forms = {
        "random_primary": RandomSkillForm(kind="random_primary", **kwargs),
        "random_secondary": RandomSkillForm(kind="random_secondary", **kwargs),
        "chosen_primary": ChosenSkillForm(kind="chosen_primary", **kwargs),
        "chosen_secondary": ChosenSkillForm(kind="chosen_secondary", **kwargs),
        "characteristic": CharacteristicRollForm(**kwargs),
    }
    choice_form = CharacteristicChoiceForm(**kwargs) if player.pending_advancement else None
    if isinstance(bound, CharacteristicChoiceForm):
        choice_form = bound
    elif bound is not None:
        key = "characteristic" if isinstance(bound, CharacteristicRollForm) else bound.advancement_kind
        forms[key] = bound
    options = []
    for option in advancement.advancement_options(player):
        kind = option["kind"]
        label_key = (
            "table.advancement_costs.characteristic.name"
            if kind == "characteristic"
            else f"table.value_increases.{kind}.name"
        )
        options.append(
            {
                **option,
                "label": edition.text(label_key, language),
                "category_names": [edition.text(f"category.{c}", language) for c in option["categories"]],
                "value": None
                if kind == "characteristic"
                else edition.table("value_increases").row(kind)["value"],
                "why_not": _why_not(player, option),
                "form": forms[kind],
            }
        )
    pending = player.pending_advancement
    return {
        "team": team,
        "editor": editor,
        "player": player,
        "row": display.player_row(player),
        "options": options,
        "pending_roll": pending["roll"] if pending else None,
        "choice_form": choice_form,
        "no_characteristic": pending is not None and not advancement.characteristic_choices(player),
    }


@login_required
def advance(request, pk, player_pk):
    team, editor = get_team_for_editor(request, pk)
    player = _get_player(team, player_pk)
    return render(request, "rosters/advance.html", _advance_context(team, editor, player))


def _advance_post(request, pk, player_pk, form_class):
    team, editor = get_team_for_editor(request, pk)
    player = _get_player(team, player_pk)
    form = form_class(request.POST, team=team, editor=editor, player=player)
    if _submit(request, form, errors_as_messages=False):
        return redirect("rosters:advance", pk=team.pk, player_pk=player.pk)
    player.refresh_from_db()
    return render(request, "rosters/advance.html", _advance_context(team, editor, player, bound=form))


@login_required
@require_POST
def advance_random(request, pk, player_pk):
    return _advance_post(request, pk, player_pk, RandomSkillForm)


@login_required
@require_POST
def advance_chosen(request, pk, player_pk):
    return _advance_post(request, pk, player_pk, ChosenSkillForm)


@login_required
@require_POST
def advance_roll(request, pk, player_pk):
    return _advance_post(request, pk, player_pk, CharacteristicRollForm)


@login_required
@require_POST
def advance_choose(request, pk, player_pk):
    return _advance_post(request, pk, player_pk, CharacteristicChoiceForm)


# --- the re-draft between seasons -------------------------------------------------------------------


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
        "reroll_price": redraft.carry_over_cost("reroll", reroll_cost=team.rules.reroll_cost),
    }


@login_required
def redraft_team(request, pk):
    """The re-draft between seasons. GET shows the budget and the form; POST with "preview" shows what
    the choices cost (only that fragment for htmx); any other POST applies the re-draft and goes back to
    the team page with the rolls of rest and recovery as messages."""
    team, editor = get_team_for_editor(request, pk)
    season = redraft.redraft_season(team)
    if season is None:
        messages.error(request, _("A team can be re-drafted only between seasons, once per finished season."))
        return redirect("rosters:team", pk=team.pk)
    record = redraft.season_record(team, season)
    form = RedraftForm(request.POST or None, team=team, editor=editor, record=record)
    preview = request.method == "POST" and "preview" in request.POST
    if request.method == "POST" and not preview and form.submit():
        messages.success(
            request,
            _("%(team)s is re-drafted for %(cost)s gp; the treasury is now %(treasury)s gp.")
            % {"team": team.name, "cost": gold(form.result["cost"]), "treasury": gold(team.treasury)},
        )
        for text in redraft.recovery_summary(team, form.result):
            messages.info(request, text)
        return redirect("rosters:team", pk=team.pk)
    context = _redraft_context(team, editor, form, season)
    if preview and request.htmx:
        return render(request, "rosters/redraft.html#total", context)
    return render(request, "rosters/redraft.html", context)
