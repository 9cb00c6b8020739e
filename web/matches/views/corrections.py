"""Correcting an applied match: the form that proposes a correction, the correction's page (its edits,
what applying it does to both teams, the conflicts to settle, accept or turn down, undo), and the
corrections listed on the match report (report.py reads `applied_corrections`)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from django.views.decorators.http import require_POST

from league.models import SeasonEntry
from matches.models import Correction, Event, Match
from matches.services import corrections
from matches.services.common import match_table_text
from matches.services.corrections.edits import Record
from rosters.models import Player
from rulebook.data import CHARACTERISTICS
from web.matches.forms.corrections import CorrectionForm
from web.matches.views.access import _match, _texts
from web.service_calls import attempt, show_errors

FIELD_LABELS = {
    "treasury": gettext_lazy("Treasury"),
    "rerolls": gettext_lazy("Team re-rolls"),
    "dedicated_fans": gettext_lazy("Dedicated fans"),
    "team_value": gettext_lazy("TV"),
    "current_team_value": gettext_lazy("CTV"),
    "status": gettext_lazy("Status"),
    "spp_earned": gettext_lazy("SPP earned"),
    "spp_spent": gettext_lazy("SPP spent"),
    "advancements": gettext_lazy("Advancements"),
    "lasting_injuries": gettext_lazy("Lasting injuries"),
    "niggling_injuries": gettext_lazy("Niggling injuries"),
    "miss_next_game": gettext_lazy("Misses the next game"),
    "value": gettext_lazy("Value"),
}
GOLD = {"treasury", "team_value", "current_team_value", "value"}
# In a context of their own: "Keep it" also names keeping a drawn skill, which reads otherwise elsewhere.
CHOICE_LABELS = {
    corrections.KEEP: pgettext_lazy("correction conflict", "Keep it"),
    corrections.TAKE_BACK: pgettext_lazy("correction conflict", "Take it back"),
}


def _correction(pk):
    return get_object_or_404(
        Correction.objects.select_related(
            "match__home_team",
            "match__away_team",
            "match__fixture__season__league",
            "proposed_by",
            "decided_by",
        ),
        pk=pk,
    )


def _require_party(user, correction):
    """The coaches of the match and the league's commissioners see and decide a correction."""
    if not (corrections.may_propose(user, correction.match) or corrections.may_accept(user, correction)):
        raise PermissionDenied


@login_required
def correction_new(request, pk):
    match = _match(pk)
    if not corrections.may_propose(request.user, match):
        raise PermissionDenied
    if match.status != Match.Status.APPLIED:
        messages.error(request, _("Only a match applied to the rosters can be corrected."))
        return redirect("matches:detail", pk=match.pk)
    _edition, language = _texts(match)
    form = CorrectionForm(request.POST or None, record=Record.load(match), language=language)
    if request.method == "POST":
        if not form.is_valid():
            show_errors(request, form)
        else:
            proposed = attempt(
                request,
                lambda: corrections.propose_correction(
                    match=match, by=request.user, edits=form.edits(), reason=form.cleaned_data["reason"]
                ),
                _("The correction is proposed: check what it does before it is accepted."),
            )
            if proposed:
                return redirect("matches:correction", pk=proposed.value.pk)
    return render(request, "matches/correction_form.html", {"match": match, "form": form})


@login_required
def correction_detail(request, pk):
    correction = _correction(pk)
    _require_party(request.user, correction)
    match = correction.match
    edition, language = _texts(match)
    context = {
        "correction": correction,
        "match": match,
        "edits": described_edits(correction, language),
        "can_accept": corrections.may_accept(request.user, correction),
        "can_undo": corrections.may_undo(request.user, correction),
        "is_proposer": correction.proposed_by_id == request.user.pk,
    }
    outcome = _preview(request, correction) if correction.status == Correction.Status.PROPOSED else None
    if outcome is not None:
        context.update(
            teams=_shown_teams(outcome.teams, edition, language),
            result=outcome.result,
            table=_table(outcome.table),
            conflicts=[_conflict(conflict, correction) for conflict in outcome.conflicts],
            unsettled=bool(outcome.unsettled),
        )
    elif correction.status in (Correction.Status.APPLIED, Correction.Status.UNDONE):
        stored = {key: value for key, value in correction.summary.items() if key != "result"}
        context.update(
            teams=_shown_teams(stored, edition, language), result=correction.summary.get("result") or {}
        )
    return render(request, "matches/correction.html", context)


def _preview(request, correction):
    """What applying would do; None, with the reason shown, when it can no longer be applied (another
    correction of the match came first)."""
    try:
        return corrections.preview_correction(correction)
    except ValidationError as error:
        show_errors(request, error)
        return None


def _conflict(conflict, correction):
    return {
        "conflict": conflict,
        "message": conflict.message,
        "choices": [(choice, CHOICE_LABELS[choice]) for choice in conflict.choices],
        "chosen": correction.resolutions.get(conflict.id, ""),
    }


def _table(changes):
    """[(team name, position before, after)] of the teams whose place in the table changes."""
    names = {
        str(entry.pk): entry.display_name
        for entry in SeasonEntry.objects.filter(pk__in=[int(pk) for pk in changes]).select_related("team")
    }
    return [(names.get(pk, pk), before, after) for pk, (before, after) in changes.items()]


@login_required
@require_POST
def correction_settle(request, pk):
    correction = _correction(pk)
    _require_party(request.user, correction)
    choices = {
        key.removeprefix("conflict:"): value
        for key, value in request.POST.items()
        if key.startswith("conflict:")
    }
    attempt(
        request,
        lambda: corrections.settle_conflicts(correction=correction, by=request.user, choices=choices),
        _("Your choices are saved."),
    )
    return redirect("matches:correction", pk=correction.pk)


def _decision(action, success):
    """A POST view running `action(correction, user)` on a correction its parties see, then showing it
    (a refusal as error messages)."""

    @login_required
    @require_POST
    def view(request, pk):
        correction = _correction(pk)
        _require_party(request.user, correction)
        attempt(request, lambda: action(correction, request.user), success)
        return redirect("matches:correction", pk=correction.pk)

    return view


correction_accept = _decision(
    lambda correction, user: corrections.apply_correction(correction=correction, by=user),
    gettext_lazy("The correction is applied to both teams, and everything they did since was replayed."),
)
correction_reject = _decision(
    lambda correction, user: corrections.reject_correction(correction=correction, by=user),
    gettext_lazy("The correction was turned down: nothing changed."),
)
correction_undo = _decision(
    lambda correction, user: corrections.undo_correction(correction=correction, by=user),
    gettext_lazy("The correction was undone: both teams are as they were before it."),
)


# --- showing edits and changes ----------------------------------------------------------------------------


def applied_corrections(match, language):
    """[{"correction", "edits"}] of the match's corrections applied (or applied and undone), latest first,
    for its report: when, by whom, why and what changed."""
    shown = match.corrections.exclude(status__in=[Correction.Status.PROPOSED, Correction.Status.REJECTED])
    found = list(shown.select_related("proposed_by", "decided_by"))
    if not found:
        return []
    return [{"correction": c, "edits": described_edits(c, language)} for c in found]


def _player_names(match, language):
    names = {}
    for side in ("home", "away"):
        team = match.team(side)
        names.update({f"p{p.pk}": f"#{p.number} {p.name}" for p in team.players.all()})
        names.update(match.match_only_players(side, language))
    return names


def described_edits(correction, language):
    """[text] of each edit: what it changes, from what to what, in the reader's language."""
    match = correction.match
    edition = match.edition
    names = _player_names(match, language)
    events = {event.pk: event for event in Event.objects.filter(drive__match=match).select_related("drive")}
    return [_described(edit, match, edition, names, events, language) for edit in correction.edits]


def _value(edit, value, match, edition, names, language):
    kind = edit["type"]
    if kind in ("actor", "victim", "catcher"):
        return names.get(value, value) if value else "—"
    if kind == "event_kind":
        return Event.Kind(value).label
    if kind == "casualty":
        result = value.get("result") or {}
        label = edition.text(f"table.casualty.{value['outcome']}.name", language)
        if result.get("lasting_injury"):
            label += " – " + edition.text(f"table.lasting_injury.{result['lasting_injury']}.name", language)
        return label
    if kind == "mvp":
        return ", ".join(names.get(key, key) for key in value)
    if kind == "kickoff":
        return match_table_text(match, "kickoff", value, "name", language)
    return str(value)


def _described(edit, match, edition, names, events, language):
    kind = edit["type"]
    old = _value(edit, edit["old"], match, edition, names, language)
    new = _value(edit, edit["new"], match, edition, names, language)
    if "event" in edit and edit["event"] in events:
        event = events[edit["event"]]
        where = _("Turn %(turn)s, %(kind)s") % {"turn": event.turn, "kind": event.get_kind_display()}
    elif "drive" in edit:
        where = _("Kick-off event")
    else:
        where = str(match.team(edit["side"]))
    what = {
        "actor": _("player"),
        "victim": _("victim"),
        "catcher": _("catcher"),
        "event_kind": _("what happened"),
        "casualty": _("casualty"),
        "mvp": _("MVP"),
        "fans": _("dedicated fans roll"),
        "mistake": _("expensive mistakes roll"),
        "kickoff": "",
        "score": _("score"),
    }[kind]
    label = f"{where} · {what}" if what else where
    return _("%(what)s: %(old)s → %(new)s") % {"what": label, "old": old, "new": new}


def _shown_teams(teams, edition, language):
    """The preview's or the stored summary's changes with labels and values as the page shows them."""
    shown = []
    for changes in teams.values():
        shown.append(
            {
                "name": changes["name"],
                "team": [
                    _shown(field, before, after, edition, language)
                    for field, before, after in changes["team"]
                ],
                "players": [
                    {
                        "name": player["name"],
                        "changes": [_shown(f, b, a, edition, language) for f, b, a in player["changes"]],
                    }
                    for player in changes["players"]
                ],
            }
        )
    return shown


def _shown(field, before, after, edition, language):
    # Characteristics by the edition's own names (MA, ST, ... in each language), as the team page does.
    label = edition.text(f"characteristic.{field}.name", language) if field in CHARACTERISTICS else None
    return {
        "label": label or FIELD_LABELS.get(field, field),
        "before": _format(field, before, edition, language),
        "after": _format(field, after, edition, language),
    }


def _format(field, value, edition, language):
    if value is None:
        return "—"
    if field in GOLD:
        return f"{value:,}"
    if field == "status":
        return Player.Status(value).label
    if field == "advancements":
        return ", ".join(_advancement(item, edition, language) for item in value) or "—"
    if field == "lasting_injuries":
        return ", ".join(edition.text(f"table.lasting_injury.{item}.name", language) for item in value) or "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


def _advancement(item, edition, language):
    if "skill" in item:
        skill_id = item["skill"].split(":")[0]
        skill = edition.skills.get(skill_id)
        return edition.name(skill, language) if skill else item["skill"]
    return item.get("characteristic", item.get("kind", "")).upper()
