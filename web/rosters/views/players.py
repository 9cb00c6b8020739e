"""A player's pages: the player, retiring and returning, and advancement (random or chosen skill, a
characteristic rolled or entered)."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from rosters import advancement, display
from rosters.models import Player
from rulebook.edition import get_edition
from web.rosters.forms import (
    CharacteristicChoiceForm,
    CharacteristicRollForm,
    ChosenSkillForm,
    PlayerForm,
    RandomSkillForm,
    RandomSkillKeepForm,
    RetireForm,
    ReturnForm,
)
from web.rosters.permissions import get_team_for_editor
from web.rosters.views.common import get_player, submit

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
    player = get_player(team, player_pk)
    form = PlayerForm(request.POST or None, team=team, editor=editor, player=player)
    if request.method == "POST" and submit(request, form, errors_as_messages=False):
        return redirect("rosters:player", pk=team.pk, player_pk=player.pk)
    return render(request, "rosters/player.html", _player_context(team, editor, player, form))


@login_required
@require_POST
def retire(request, pk, player_pk):
    team, editor = get_team_for_editor(request, pk)
    player = get_player(team, player_pk)
    submit(request, RetireForm(request.POST, team=team, editor=editor, player=player))
    return redirect("rosters:player", pk=team.pk, player_pk=player.pk)


@login_required
@require_POST
def return_player(request, pk, player_pk):
    team, editor = get_team_for_editor(request, pk)
    player = get_player(team, player_pk)
    submit(request, ReturnForm(request.POST, team=team, editor=editor, player=player))
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
    pending = player.pending_advancement
    characteristic_pending = bool(pending) and pending.get("kind") == "characteristic"
    choice_form = CharacteristicChoiceForm(**kwargs) if characteristic_pending else None
    keep_form = RandomSkillKeepForm(**kwargs) if advancement.random_skill_options(player) else None
    if isinstance(bound, CharacteristicChoiceForm):
        choice_form = bound
    elif isinstance(bound, RandomSkillKeepForm):
        keep_form = bound
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
    return {
        "team": team,
        "editor": editor,
        "player": player,
        "row": display.player_row(player),
        "options": options,
        "pending_roll": pending["roll"] if characteristic_pending else None,
        "pending_die": advancement.characteristic_die(team),
        "choice_form": choice_form,
        "keep_form": keep_form,
        "no_characteristic": characteristic_pending and not advancement.characteristic_choices(player),
    }


@login_required
def advance(request, pk, player_pk):
    team, editor = get_team_for_editor(request, pk)
    player = get_player(team, player_pk)
    return render(request, "rosters/advance.html", _advance_context(team, editor, player))


def _advance_post(request, pk, player_pk, form_class):
    team, editor = get_team_for_editor(request, pk)
    player = get_player(team, player_pk)
    form = form_class(request.POST, team=team, editor=editor, player=player)
    if submit(request, form, errors_as_messages=False):
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


@login_required
@require_POST
def advance_keep(request, pk, player_pk):
    """Keep one of the skills drawn at random (BB2025 draws two)."""
    return _advance_post(request, pk, player_pk, RandomSkillKeepForm)
