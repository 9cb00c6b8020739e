"""The live match: the scoreboard (polled by the other device), drives, the one-tap events and their
short forms, undo, next turn and conceding. htmx only swaps fragments: the scoreboard, and the #live
section; without JavaScript every form is a plain POST with redirect."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import get_language, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect, push_url

from matches.models import SIDES, Event, Match, other
from matches.services import drives, effects
from matches.services.common import match_table, match_table_text
from matches.services.drives.kickoff import half_roll_inducements
from matches.services.prematch.inducements import bribes_bought, rerolls_bought
from rosters.models import name_with_team
from rulebook import formulas
from rulebook.dice import Dice
from web.matches.forms import ConcedeForm, DriveStartForm, EndDriveForm, QuickEventForm, WeatherMageForm
from web.matches.views import jouster
from web.matches.views.access import (
    _back,
    _done,
    _match,
    _refused,
    _texts,
    recorder,
)
from web.matches.views.prematch import _prayer_label
from web.matches.views.trophy import trophy_ability_shown
from web.service_calls import attempt, show_errors


def _scoreboard(match):
    edition, language = _texts(match)
    all_drives = list(match.drives.all())
    drive = all_drives[-1] if all_drives else None
    lasting = effects.kickoff_effects(match, all_drives)
    if drive is not None and not drive.is_open:
        # Brilliant Coaching lasts its drive only, Cheering Fans' assist its next turn
        lasting["rerolls"], lasting["winners"] = dict.fromkeys(SIDES, 0), []
    half_rerolls = effects.half_rerolls(match, all_drives)
    now = drive if drive is None or drive.is_open else _NextDrive(drives.next_drive(match)[0], drive)
    # Between the halves the board already shows the half to come (turn 1), not the one just ended.
    half_time = match.status == Match.Status.IN_PROGRESS and now is not None and now.half > match.half
    sides = [
        {
            "side": side,
            "team": match.team(side),
            "bribes": bribes_bought(match, side) + lasting["bribes"][side] - drives.bribes_used(match, side),
            "rerolls": lasting["rerolls"][side],
            "bought_rerolls": rerolls_bought(match, side),
            "half_gained": half_rerolls.get(side, {}).get("gained", 0),
            "half_lost": half_rerolls.get(side, {}).get("lost", 0),
            "kickoff_won": side in lasting["winners"],
            "prayers": [
                _prayer_label(match, edition, row, entry, language)
                for row, entry in effects.prayer_entries_in_force(match, side, now)
            ],
        }
        for side in SIDES
    ]
    return {
        "match": match,
        "drive": drive,
        "board_half": now.half if half_time else match.half,
        "board_turn": 1 if half_time else match.turn,
        "edition_name": edition.text("edition.name", language),
        "board_sides": sides,
        "weather_name": match_table_text(match, "weather", match.weather, "name", language)
        if match.weather
        else "",
        # The Jolly Jouster Cup: the Dukedom beside the weather, what it gives while it lasts, the Chalice.
        "dukedom": jouster.dukedom_shown(match, edition, language, drive_open=bool(drive and drive.is_open)),
        "chalice": jouster.chalice_shown(match, edition, language),
        # A league trophy's ability in the holder's matches (the Flame Eternal's Flaming Goblet).
        "trophy_ability": trophy_ability_shown(match, edition, language),
        "kickoff_name": match_table_text(match, "kickoff", drive.kickoff_event, "name", language)
        if drive
        else "",
        "kickoff_effect": match_table_text(match, "kickoff", drive.kickoff_event, "effect", language)
        if drive
        else "",
    }


def _live_context(match, context, *, quick_form=None):
    """What the #live section needs besides the scoreboard: the one-tap buttons of both teams (or
    one event's short form), the drive forms and the latest events."""
    drive_open = bool(context["drive"] and context["drive"].is_open)
    detail = reverse("matches:detail", args=[match.pk])
    edition, language = _texts(match)
    swarming = _swarming(match, edition, language, context["drive"])
    return {
        "swarming": swarming,
        "drive_open": drive_open,
        "quick_form": quick_form,
        "quick_title": _quick_title(match, quick_form) if quick_form else "",
        "quick_side": quick_form.side if quick_form else "",
        "quick_buttons": _quick_buttons(match) if drive_open and quick_form is None else [],
        "detail_url": detail,
        "drive_form": _drive_start_form(match, edition, language, swarming=swarming),
        "next_kickoff": "" if drive_open else _next_kickoff(match),
        "end_form": EndDriveForm(match=match) if drive_open and quick_form is None else None,
        "last_half": drive_open and context["drive"].half >= edition.settings.halves,
        "concede_form": ConcedeForm(match=match),
        "events": _latest_events(match),
        "weather_mages": _weather_mages(match, edition, language) if drive_open and not quick_form else [],
    }


def _drive_start_form(match, edition, language, data=None, *, swarming):
    return DriveStartForm(
        data,
        swarming=swarming,
        half_rolls=_half_rolls(match, edition, language),
        typed=_typed_adds(match, language),
    )


def _half_rolls(match, edition, language):
    """[{"side", "team", "name", "dice"}] of what the teams hired that rolls at the start of the drive
    to come, when it starts a half (the Halfling Master Chef)."""
    half = drives.next_drive(match)[0]
    if match.drives.filter(half=half).exists():
        return []
    return [
        {
            "side": side,
            "team": match.team(side),
            "name": edition.name(inducement, language),
            "dice": inducement.extra["steals_rerolls"],
        }
        for side in SIDES
        for inducement in half_roll_inducements(match, side)
    ]


# What a coach types for a kick-off event's roll (effects.TYPED_ADDS), by the row's `add`.
TYPED_ADD_LABELS = {"ma": gettext_lazy("MA of a random player of the team on the pitch")}


def _typed_adds(match, language):
    """[{"side", "team", "event", "what"}]: the numbers each coach adds to the roll of a kick-off event
    of the match's table that Dugout cannot know (That Peasant Is Revolting: an MA)."""
    rows = [row for row in match_table(match, "kickoff").rows if row.get("add") in effects.TYPED_ADDS]
    return [
        {
            "side": side,
            "team": match.team(side),
            "event": match_table_text(match, "kickoff", row["id"], "name", language),
            "what": TYPED_ADD_LABELS[row["add"]],
        }
        for row in rows
        for side in SIDES
    ]


def _weather_mages(match, edition, language):
    """[{"side", "team", "name", "desc", "form"}] of the teams with a Weather Mage still to use."""
    inducement = edition.inducements[drives.WEATHER_MAGE]
    return [
        {
            "side": side,
            "team": match.team(side),
            "name": edition.name(inducement, language),
            "desc": edition.text(f"{inducement.key}.desc", language),
            "form": WeatherMageForm(match=match, side=side),
        }
        for side in SIDES
        if drives.weather_mages_left(match, side)
    ]


# Who kicks the drive to start, and why (drives.why_kicking).
NEXT_KICKOFF = {
    "toss": gettext_lazy("%(team)s kick off first."),
    "touchdown": gettext_lazy("%(team)s kick off next: the team that scored kicks off."),
    "half": gettext_lazy(
        "%(team)s kick off the new half: the team that received the game's first kick-off kicks."
    ),
}


def _next_kickoff(match):
    """ "Reavers kick off next: ..." between two drives (empty once the game is over)."""
    half, side = drives.next_drive(match)
    if half > match.edition.settings.halves or not side:
        return ""
    return NEXT_KICKOFF[drives.why_kicking(match)] % {"team": match.team(side)}


def _swarming(match, edition, language, drive=None):
    """[{"team", "name", "desc", "positions", "dice", "extra"}] of the teams with Swarming, in the
    edition's names; `extra`: how many more players the open `drive`'s roll gave (None before it)."""
    rolled = {}
    if drive is not None and drive.is_open:
        kickoff = drive.events.filter(kind=Event.Kind.KICK_OFF).values_list("rolls", flat=True).first()
        rolled = (kickoff or {}).get("swarming", {})
    return [
        {
            "side": entry.side,
            "team": entry.team,
            "name": edition.rule_name(entry.rule, language),
            "desc": edition.text(f"{edition.rule_key(entry.rule)}.desc", language),
            "positions": ", ".join(edition.name(position, language) for position in entry.positions),
            "dice": entry.dice,
            "extra": rolled.get(entry.side, {}).get("extra"),
        }
        for entry in drives.swarming(match)
    ]


QUICK_BUTTON_LABELS = {Event.Kind.SECRET_WEAPON_SENT_OFF: pgettext_lazy("event button", "Secret weapon")}


# Events recorded only for the SPP they earn: no button where the edition rewards them with none
# (BB2025: a deflection; BB2020: a superb throw or a safe landing), read from its SPP table.
SPP_ONLY_KINDS = (
    Event.Kind.COMPLETION,
    Event.Kind.INTERCEPTION,
    Event.Kind.DEFLECTION,
    Event.Kind.SUPERB_THROW,
    Event.Kind.SAFE_LANDING,
)


def _offered(match, kind, side):
    if kind not in SPP_ONLY_KINDS:
        return True
    rules = match.team(side).rules_in_force
    return formulas.spp_for(effects.SPP_EVENTS[kind], team_rules=rules, edition=match.edition) > 0


def _quick_buttons(match):
    """[{"side", "team", "buttons": [{"kind", "label", "url"}]}]: one button per event kind and team."""
    return [
        {
            "side": side,
            "team": match.team(side),
            "buttons": [
                {
                    "kind": kind,
                    "label": QUICK_BUTTON_LABELS.get(kind, Event.Kind(kind).label),
                    "url": _quick_url(match, kind, side),
                }
                for kind in QuickEventForm.KINDS
                if _offered(match, kind, side)
            ],
        }
        for side in SIDES
    ]


def _quick_url(match, kind, side):
    """The live page with one event's short form open (a plain link: it works without JavaScript)."""
    return f"{reverse('matches:detail', args=[match.pk])}?{urlencode({'kind': kind, 'side': side})}"


def _asked_quick_form(match, params):
    """The short form that ?kind=...&side=... asks for, or None (unknown kinds show the buttons)."""
    kind, side = params.get("kind"), params.get("side")
    return QuickEventForm(match=match, kind=kind, side=side) if QuickEventForm.accepts(kind, side) else None


def _quick_title(match, form):
    return f"{Event.Kind(form.kind).label} · {match.team(form.side)}"


def _latest_events(match, count=8):
    """The last `count` events, newest first, with the names of their players (two queries)."""
    events = list(
        Event.objects.filter(drive__match=match)
        .select_related("player", "victim__team")
        .order_by("-id")[:count]
    )
    hired = {key: name for side in SIDES for key, name in match.match_only_players(side).items()}
    edition, language = _texts(match)
    return [
        {
            "event": event,
            "team": match.team(event.side) if event.names_a_team else "",
            "player": event.player or hired.get(event.journeyman, ""),
            "victim": _victim_name(match, event, hired),
            "outcome": _outcome(event, edition, language),
        }
        for event in events
    ]


def _outcome(event, edition, language):
    """The event's rulebook result, then what a bribe or a Regeneration roll made of it."""
    parts = [event.outcome_label(language, edition=edition)]
    if "bribed" in event.rolls:
        parts.append(_("bribe: the player stays") if event.rolls["bribed"] else _("bribe wasted"))
    if event.rolls.get("regenerated"):
        parts.append(_("regenerated: to the Reserves"))
    return " · ".join(part for part in parts if part)


def _victim_name(match, event, hired):
    """The victim with their team (the row names the acting team only): "#2 Hans (Reavers)"."""
    if event.victim is not None:
        return event.victim.with_team
    if event.victim_journeyman in hired:
        return name_with_team(hired[event.victim_journeyman], match.team(other(event.side)).name)
    return ""


def _live_response(request, match, *, quick_form=None):
    """After a write from the live page: with htmx, the #live section again (with the scoreboard,
    swapped out of band); without, back to the page (post/redirect/get)."""
    if not request.htmx:
        return redirect("matches:detail", pk=match.pk)
    if match.status != Match.Status.IN_PROGRESS:
        return HttpResponseClientRedirect(reverse("matches:detail", args=[match.pk]))
    context = {"match": match, "scoreboard_oob": True, **_scoreboard(match)}
    context.update(_live_context(match, context, quick_form=quick_form))
    response = render(request, "matches/match.html#live", context)
    return response if quick_form else push_url(response, context["detail_url"])


class _NextDrive:
    """The drive to come after `last` (for the prayers in force between two drives)."""

    def __init__(self, half, last):
        self.half, self.number = half, last.number + 1


def scoreboard(request, pk):
    """The live scoreboard fragment, polled by the other device every few seconds (public)."""
    match = _match(pk)
    return render(request, "matches/match.html#scoreboard", _scoreboard(match))


@recorder
@require_POST
def drive_start(request, match):
    edition, language = _texts(match)
    swarming = _swarming(match, edition, language)
    form = _drive_start_form(match, edition, language, request.POST, swarming=swarming)
    if not form.is_valid():
        return _refused(request, match, form)
    faces = {
        "kickoff": form.cleaned_data["kickoff"],
        "event": form.cleaned_data["event"] or None,  # the dice as typed, in the order of the event's rolls
        "swarming": form.swarming_faces(),
        "half": form.half_faces(),
    }
    added = form.added_numbers()
    if not attempt(
        request,
        lambda: drives.start_drive(match, dice=Dice(), user=request.user, faces=faces, added=added),
    ):
        return _back(match)
    return _done(request, match)


@recorder
@require_POST
def event_add(request, match):
    """Save one event's short form. Bad input changes nothing: the form comes back with its errors
    (htmx), or the page reopens that form with the errors as messages."""
    kind, side = request.POST.get("kind"), request.POST.get("side")
    if not QuickEventForm.accepts(kind, side):
        messages.error(request, _("Choose an event and a team."))
        return _live_response(request, match)
    form = QuickEventForm(request.POST, match=match, kind=kind, side=side)
    if not form.submit(user=request.user, dice=Dice()):
        if request.htmx:
            return _live_response(request, match, quick_form=form)
        show_errors(request, form)
        return redirect(_quick_url(match, kind, side))
    messages.success(request, _("Recorded: %(event)s.") % {"event": _quick_title(match, form)})
    return _live_response(request, match)


@recorder
@require_POST
def event_undo(request, match):
    attempt(
        request, lambda: drives.undo_last_event(match, user=request.user), _("The last event was undone.")
    )
    return _live_response(request, match)


@recorder
@require_POST
def turn_next(request, match):
    attempt(request, lambda: drives.next_turn(match, user=request.user))
    return _live_response(request, match)


@recorder
@require_POST
def drive_end(request, match):
    form = EndDriveForm(request.POST, match=match)
    if not form.is_valid():
        return _refused(request, match, form)
    if not attempt(
        request,
        lambda: drives.end_drive(
            match,
            user=request.user,
            knocked_out=form.knocked_out_list(),
            dice=Dice(),
            faces=form.faces_list(),
        ),
    ):
        return _back(match)
    return _done(request, match)


@recorder
@require_POST
def concede(request, match):
    form = ConcedeForm(request.POST, match=match)
    if not form.is_valid():
        return _refused(request, match, form)
    if not attempt(
        request,
        lambda: drives.concede(
            match,
            side=form.cleaned_data["side"],
            user=request.user,
            without_penalty=form.cleaned_data["without_penalty"],
        ),
    ):
        return _back(match)
    return _done(request, match)


def _weather_name(match, weather):
    return match_table_text(match, "weather", weather, "name", get_language())


@recorder
@require_POST
def weather_mage(request, match):
    """A team's Weather Mage rolls the weather again (drives.cast_weather_mage); bad input changes
    nothing and says why."""
    side = request.POST.get("side")
    if side not in SIDES:
        messages.error(request, _("Choose a side."))
        return _live_response(request, match)
    form = WeatherMageForm(request.POST, match=match, side=side)
    if not form.is_valid():
        show_errors(request, form)
        return _live_response(request, match)
    attempt(
        request,
        lambda: form.save(user=request.user, dice=Dice()),
        lambda weather: _("The weather is now: %(weather)s.") % {"weather": _weather_name(match, weather)},
    )
    return _live_response(request, match)
