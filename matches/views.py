"""Match pages: create a friendly, the pre-match steps, the live drive page with its scoreboard, the
post-match preview and apply, and the public report. Every form is a plain POST with redirect; htmx
only swaps fragments: the scoreboard, and on the live page the #live section (the one-tap event
buttons, one event's short form, undo and next turn)."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import get_language, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect, push_url

from league.models import Fixture
from matches.forms import (
    ConcedeForm,
    DiceForm,
    DriveStartForm,
    EndDriveForm,
    InducementsForm,
    KickingForm,
    MatchForm,
    PostmatchForm,
    PrayerTargetForm,
    QuickEventForm,
    SidesDiceForm,
)
from matches.models import SIDES, Event, Match
from matches.services import drives, effects, postmatch, prematch
from matches.services import league as league_link
from rosters.permissions import is_commissioner_for
from rulebook.data import SkillRef
from rulebook.dice import Dice
from rulebook.edition import get_edition

# --- access -------------------------------------------------------------------------------------------


def _is_commissioner(user, match):
    """A league match: a commissioner of its league. A friendly: of a league either team plays in."""
    if match.fixture_id:
        return match.fixture.season.league.is_commissioner(user)
    return any(is_commissioner_for(user, match.team(side)) for side in SIDES)


def may_record(user, match):
    """Both coaches record the match (from either device); a commissioner of their league may too."""
    if not user.is_authenticated:
        return False
    return user.pk in (match.home_team.coach_id, match.away_team.coach_id) or _is_commissioner(user, match)


def may_undo_apply(user, match):
    """A commissioner, or for a friendly the coach who created it."""
    if not user.is_authenticated:
        return False
    return _is_commissioner(user, match) or (match.is_friendly and match.created_by_id == user.pk)


def _match(pk):
    return get_object_or_404(
        Match.objects.select_related("home_team", "away_team", "fixture__season__league"), pk=pk
    )


def recorder(view):
    """Login required; 404 for an unknown match, 403 for anyone who may not record it."""

    @login_required
    @wraps(view)
    def wrapper(request, pk, *args, **kwargs):
        match = _match(pk)
        if not may_record(request.user, match):
            raise PermissionDenied
        return view(request, match, *args, **kwargs)

    return wrapper


def _done(request, match, message=None):
    if message:
        messages.success(request, message)
    return redirect("matches:detail", pk=match.pk)


def _error_messages(request, error):
    for message in getattr(error, "messages", [str(error)]):
        messages.error(request, message)


def _failed(request, match, error):
    _error_messages(request, error)
    return redirect("matches:detail", pk=match.pk)


def _form_errors(request, match, form):
    for errors in form.errors.values():
        for message in errors:
            messages.error(request, message)
    return redirect("matches:detail", pk=match.pk)


# --- list and creation ----------------------------------------------------------------------------------


@login_required
def match_list(request):
    matches = Match.objects.for_user(request.user).select_related("home_team", "away_team")
    form = MatchForm(user=request.user)
    return render(request, "matches/list.html", {"matches": matches, "form": form})


@login_required
@require_POST
def match_create(request):
    form = MatchForm(request.POST, user=request.user)
    if not form.is_valid():
        matches = Match.objects.for_user(request.user).select_related("home_team", "away_team")
        return render(request, "matches/list.html", {"matches": matches, "form": form}, status=400)
    try:
        match = prematch.create_match(
            home_team=form.cleaned_data["home_team"],
            away_team=form.cleaned_data["away_team"],
            created_by=request.user,
            petty_cash_procedure=form.cleaned_data["petty_cash_procedure"],
            optional_rules=form.cleaned_data["optional_rules"],
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("matches:list")
    return redirect("matches:detail", pk=match.pk)


@login_required
@require_POST
def match_from_fixture(request, fixture_pk):
    fixture = get_object_or_404(
        Fixture.objects.select_related("season__league", "home__team", "away__team"), pk=fixture_pk
    )
    existing = Match.objects.filter(fixture=fixture).first()
    if existing:
        return redirect("matches:detail", pk=existing.pk)
    try:
        match = league_link.create_league_match(fixture=fixture, created_by=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("league:fixture", pk=fixture.pk)
    return redirect("matches:detail", pk=match.pk)


@recorder
@require_POST
def submit_to_league(request, match):
    try:
        league_link.submit_to_league(match, user=request.user)
    except ValidationError as error:
        return _failed(request, match, error)
    return _done(request, match, _("The result was sent to the league: the other coach confirms it there."))


# --- the match page -------------------------------------------------------------------------------------


def _texts(match):
    edition = get_edition(match.home_team.edition)
    language = get_language()
    return edition, language


def _scoreboard(match):
    edition, language = _texts(match)
    all_drives = list(match.drives.all())
    drive = all_drives[-1] if all_drives else None
    lasting = effects.kickoff_effects(match, all_drives)
    if drive is not None and not drive.is_open:
        lasting["rerolls"] = dict.fromkeys(SIDES, 0)  # Brilliant Coaching lasts its drive only
    now = drive if drive is None or drive.is_open else _NextDrive(drives.next_drive(match)[0], drive)
    sides = [
        {
            "side": side,
            "team": match.team(side),
            "bribes": effects.inducement_count(match, side, "bribe") + lasting["bribes"][side],
            "rerolls": lasting["rerolls"][side],
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
        "board_sides": sides,
        "weather_name": edition.text(f"table.weather.{match.weather}.name", language)
        if match.weather
        else "",
        "kickoff_name": edition.text(f"table.kickoff.{drive.kickoff_event}.name", language) if drive else "",
        "kickoff_effect": edition.text(f"table.kickoff.{drive.kickoff_event}.effect", language)
        if drive
        else "",
    }


def _prayer_label(match, edition, row, entry, language, names=None):
    """{"name", "targets", "skill", "pending"} of one rolled prayer in the reader's language ("Iron Man",
    "#5 Griff"); `names`: the players' current names by key, else those kept when they were named."""
    names = names or {}
    skill = entry.get("skill")
    return {
        "name": edition.text(f"table.prayers_to_nuffle.{row['id']}.name", language),
        "targets": ", ".join(names.get(target["key"], target["name"]) for target in entry.get("targets", [])),
        "skill": edition.skill_label(SkillRef.parse(skill), language) if skill else "",
        "pending": match.status == Match.Status.PRE_MATCH and bool(prematch.prayer_needs(row, entry)),
    }


def _live_context(match, context, *, quick_form=None):
    """What the #live section needs besides the scoreboard: the one-tap buttons of both teams (or
    one event's short form), the drive forms and the latest events."""
    drive_open = bool(context["drive"] and context["drive"].is_open)
    detail = reverse("matches:detail", args=[match.pk])
    return {
        "drive_open": drive_open,
        "quick_form": quick_form,
        "quick_title": _quick_title(match, quick_form) if quick_form else "",
        "quick_side": quick_form.side if quick_form else "",
        "quick_buttons": _quick_buttons(match) if drive_open and quick_form is None else [],
        "detail_url": detail,
        "drive_form": DriveStartForm(),
        "end_form": EndDriveForm(match=match) if drive_open and quick_form is None else None,
        "concede_form": ConcedeForm(match=match),
        "events": _latest_events(match),
    }


QUICK_BUTTON_LABELS = {Event.Kind.SECRET_WEAPON_SENT_OFF: pgettext_lazy("event button", "Secret weapon")}


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
        Event.objects.filter(drive__match=match).select_related("player", "victim").order_by("-id")[:count]
    )
    hired = {key: name for side in SIDES for key, name in match.match_only_players(side).items()}
    return [
        {
            "event": event,
            "team": match.team(event.side),
            "player": event.player or hired.get(event.journeyman, ""),
            "victim": event.victim or hired.get(event.victim_journeyman, ""),
            "outcome": event.outcome_label(),
        }
        for event in events
    ]


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


@recorder
def match_detail(request, match):
    edition, language = _texts(match)
    context = {"match": match, "can_undo_apply": may_undo_apply(request.user, match), **_scoreboard(match)}
    if match.status == Match.Status.PRE_MATCH:
        context.update(_prematch_context(match, edition, language, user=request.user))
    elif match.status == Match.Status.IN_PROGRESS:
        context.update(_live_context(match, context, quick_form=_asked_quick_form(match, request.GET)))
    elif match.status == Match.Status.POST_MATCH:
        context["postmatch_form"] = PostmatchForm(match=match)
        if match.postmatch:
            context["preview"] = postmatch.preview(match)
    elif match.status in (Match.Status.SUBMITTED, Match.Status.CONFIRMED):
        league_link.refresh_status(match)
        context.update(
            preview=postmatch.preview(match),
            league_result=league_link.league_result(match),
            ready_to_apply=league_link.ready_to_apply(match),
        )
    if request.htmx and request.GET.get("fragment") == "scoreboard":
        return render(request, "matches/match.html#scoreboard", context)
    if request.htmx.target == "live" and not request.htmx.history_restore_request:
        if match.status != Match.Status.IN_PROGRESS:  # ended meanwhile, from the other device
            return HttpResponseClientRedirect(reverse("matches:detail", args=[match.pk]))
        return render(request, "matches/match.html#live", context)
    return render(request, "matches/match.html", context)


def _prematch_context(match, edition, language, *, user):
    step = prematch.next_step(match)
    key = {
        "fans": "structure.pre_game.fans",
        "weather": "structure.pre_game.weather",
        "journeymen": "structure.pre_game.journeymen",
        "inducements": "structure.pre_game.inducements",
        "prayers": "structure.pre_game.prayers_to_nuffle",
        "kicking": "structure.pre_game.kicking_team",
        "stadium": "optional.stadium",
        "match_ball": "optional.match_balls",
    }[step]
    context = {
        "step": step,
        "step_name": edition.text(f"{key}.name", language),
        "step_text": edition.text(f"{key}.desc", language),
        "steps": prematch.steps(match),
        "dice_form": DiceForm(),
        "sides_form": SidesDiceForm(),
        "kicking_form": KickingForm(),
        "concede_form": ConcedeForm(match=match),
    }
    if step == "inducements":
        shop = []
        for side in SIDES:
            form = _inducements_form(match, side, edition, language)
            shop.append(
                {
                    "side": side,
                    "team": match.team(side),
                    "budget": prematch.budget(match, side),
                    "may_buy": prematch.may_buy_now(match, side),
                    "done": match.side_value("inducements_done", side),
                    "form": form,
                    "mercenaries": _mercenary_terms(form.mercenary_offer, edition, language),
                    "side_bet": form.side_bet_offer,
                    "withheld": [edition.name(item["item"], language) for item in form.withheld],
                }
            )
        context["shop"] = shop
        context["favourite"] = prematch.favourite_side(match)
    if step == "prayers":
        context["prayers_side"], context["prayers_count"] = prematch.prayers_side(match)
        if match.prayers_done:
            context["prayers_rolled"] = _prayers_rolled(match, edition, language, user=user)
    return context


def _prayers_rolled(match, edition, language, *, user):
    """[{"side", "prayer", "team", "label", "effect", "form", "url", "may_record"}] of the prayers rolled:
    those still waiting for the players they name hold the form of what they need (the last three keys).
    Each team's players are read once, whatever the number of prayers."""
    table = edition.table("prayers_to_nuffle")
    players = {}
    rolled = []
    allowed = None  # asked once, when a prayer needs it (a commissioner's check reads the leagues)
    for side in SIDES:
        for entry in effects.prayer_entries(match, side):
            row = table.row(entry["id"])
            item = {
                "side": side,
                "prayer": row["id"],
                "team": match.team(side),
                "label": _prayer_label(match, edition, row, entry, language),
                "effect": edition.text(f"table.prayers_to_nuffle.{row['id']}.effect", language),
            }
            if need := prematch.prayer_needs(row, entry):
                pending = prematch.PendingPrayer(side, row, entry, need)
                named = prematch.target_side(side, row)
                if named not in players:
                    players[named] = prematch.match_players(match, named)
                if allowed is None:
                    # Like every pre-match step, either coach records it: one phone may serve the table.
                    allowed = may_record(user, match)
                item.update(
                    form=_prayer_form(match, pending, edition, players=players[named]),
                    url=reverse("matches:prayer_targets", args=[match.pk, side, row["id"]]),
                    may_record=allowed,
                )
            rolled.append(item)
    return rolled


def _prayer_form(match, pending, edition, *, data=None, players=None):
    """The PrayerTargetForm of `pending` with its choices (`players`: match_players of the team it names)."""
    if players is None:
        players = prematch.match_players(match, prematch.target_side(pending.side, pending.row))
    candidates = prematch.prayer_candidates(match, pending.side, pending.row, players=players)
    skills = prematch.prayer_skill_options(match, pending, players=players) if pending.need == "skill" else ()
    return PrayerTargetForm(
        data,
        pending=pending,
        edition=edition,
        candidates=candidates,
        skills=skills,
        prefix=f"{pending.side}-{pending.entry['id']}",
    )


@login_required
@require_POST
def prayer_targets(request, pk, side, prayer):
    """Record what one prayer of `side` names (a player chosen, random players, a skill)."""
    match = _match(pk)
    if side not in SIDES or not may_record(request.user, match):
        raise PermissionDenied
    pending = prematch.pending_prayer(match, side, prayer)
    if pending is None:
        messages.error(request, _("This prayer has nothing left to record."))
        return redirect("matches:detail", pk=match.pk)
    edition, _language = _texts(match)
    form = _prayer_form(match, pending, edition, data=request.POST)
    if not form.is_valid():
        return _form_errors(request, match, form)
    try:
        form.save(match=match, user=request.user, dice=Dice())
    except ValidationError as error:
        return _failed(request, match, error)
    return _done(request, match)


@recorder
@require_POST
def prematch_step(request, match, step):
    dice = Dice()
    try:
        if step == "fans":
            form = SidesDiceForm(request.POST)
            if not form.is_valid():
                return _form_errors(request, match, form)
            prematch.roll_fans(match, dice=dice, user=request.user, faces=form.faces())
        elif step == "kicking":
            form = KickingForm(request.POST)
            if not form.is_valid():
                return _form_errors(request, match, form)
            prematch.choose_kicking(
                match,
                user=request.user,
                side=form.cleaned_data["side"],
                dice=dice,
                faces=form.cleaned_data["faces"],
            )
        elif step == "journeymen":
            prematch.take_journeymen(match, user=request.user)
        elif step in {"weather", "prayers", "stadium", "match_ball"}:
            form = DiceForm(request.POST)
            if not form.is_valid():
                return _form_errors(request, match, form)
            action = {
                "weather": prematch.roll_weather,
                "prayers": prematch.roll_prayers,
                "stadium": prematch.roll_stadium,
                "match_ball": prematch.roll_match_ball,
            }[step]
            action(match, dice=dice, user=request.user, faces=form.cleaned_data["faces"])
        else:
            raise PermissionDenied
    except ValidationError as error:
        return _failed(request, match, error)
    return _done(request, match)


def _inducements_form(match, side, edition, language, data=None):
    """The inducements form of `side`: what it may buy, with prices in the labels."""
    items = prematch.catalogue(match, side)
    for item in items:
        item["label"] = f"{edition.name(item['item'], language)} ({item['price']:,})"
    mercenaries, side_bet = prematch.mercenary_offer(match, side), prematch.side_bet_offer(match, side)
    return InducementsForm(
        data,
        items=items,
        mercenaries=mercenaries,
        side_bet=side_bet,
        edition=edition,
        withheld=prematch.withheld(match, side),
        prefix=side,
    )


def _mercenary_terms(offer, edition, language):
    """The numbers of the mercenary rule for the form's help text (all from data), or None."""
    if offer is None:
        return None
    extra = offer["inducement"].extra
    return {
        "name": edition.name(offer["inducement"], language),
        "surcharge": extra["surcharge"],
        "skill_surcharge": extra["skill_surcharge"],
        "skills": ", ".join(
            edition.skill_label(SkillRef.parse(ref), language) for ref in extra.get("skills", [])
        ),
        "room": offer["room"],
    }


@recorder
@require_POST
def inducements(request, match, side):
    if side not in SIDES:
        raise PermissionDenied
    edition, language = _texts(match)
    form = _inducements_form(match, side, edition, language, request.POST)
    if not form.is_valid():
        return _form_errors(request, match, form)
    try:
        prematch.buy_inducements(
            match,
            side=side,
            counts=form.counts(),
            user=request.user,
            mercenaries=form.mercenaries(),
            side_bet=form.stake(),
        )
    except ValidationError as error:
        return _failed(request, match, error)
    return _done(request, match)


# --- drives ---------------------------------------------------------------------------------------------


def scoreboard(request, pk):
    """The live scoreboard fragment, polled by the other device every few seconds (public)."""
    match = _match(pk)
    return render(request, "matches/match.html#scoreboard", _scoreboard(match))


@recorder
@require_POST
def drive_start(request, match):
    form = DriveStartForm(request.POST)
    if not form.is_valid():
        return _form_errors(request, match, form)
    event = form.cleaned_data["event"]
    faces = {"kickoff": form.cleaned_data["kickoff"], "event": [[face] for face in event] if event else None}
    try:
        drives.start_drive(match, dice=Dice(), user=request.user, faces=faces)
    except ValidationError as error:
        return _failed(request, match, error)
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
    if form.is_valid():
        try:
            form.save(user=request.user, dice=Dice())
        except ValidationError as error:
            form.add_error(None, error)
    if form.errors:
        if request.htmx:
            return _live_response(request, match, quick_form=form)
        for name, errors in form.errors.items():
            label = form.fields[name].label if name in form.fields else ""
            for message in errors:
                messages.error(request, f"{label}: {message}" if label else message)
        return redirect(_quick_url(match, kind, side))
    messages.success(request, _("Recorded: %(event)s.") % {"event": _quick_title(match, form)})
    return _live_response(request, match)


@recorder
@require_POST
def event_undo(request, match):
    try:
        drives.undo_last_event(match, user=request.user)
    except ValidationError as error:
        _error_messages(request, error)
        return _live_response(request, match)
    messages.success(request, _("The last event was undone."))
    return _live_response(request, match)


@recorder
@require_POST
def turn_next(request, match):
    try:
        drives.next_turn(match, user=request.user)
    except ValidationError as error:
        _error_messages(request, error)
    return _live_response(request, match)


@recorder
@require_POST
def drive_end(request, match):
    form = EndDriveForm(request.POST, match=match)
    if not form.is_valid():
        return _form_errors(request, match, form)
    try:
        drives.end_drive(
            match,
            user=request.user,
            knocked_out=form.knocked_out_list(),
            dice=Dice(),
            faces=form.faces_list(),
        )
    except ValidationError as error:
        return _failed(request, match, error)
    return _done(request, match)


@recorder
@require_POST
def concede(request, match):
    form = ConcedeForm(request.POST, match=match)
    if not form.is_valid():
        return _form_errors(request, match, form)
    try:
        drives.concede(
            match,
            side=form.cleaned_data["side"],
            user=request.user,
            without_penalty=form.cleaned_data["without_penalty"],
        )
    except ValidationError as error:
        return _failed(request, match, error)
    return _done(request, match)


# --- post-match -------------------------------------------------------------------------------------------


@recorder
@require_POST
def postmatch_roll(request, match):
    form = PostmatchForm(request.POST, match=match)
    if not form.is_valid():
        return _form_errors(request, match, form)
    try:
        postmatch.roll_postmatch(
            match,
            dice=Dice(),
            user=request.user,
            faces=form.faces(),
            hire=form.hire(),
            awarded=form.awarded(),
        )
    except ValidationError as error:
        return _failed(request, match, error)
    return _done(request, match)


@recorder
@require_POST
def postmatch_apply(request, match):
    try:
        postmatch.apply_postmatch(match, user=request.user)
    except ValidationError as error:
        return _failed(request, match, error)
    messages.success(request, _("The match was applied to both teams."))
    return redirect("matches:report", pk=match.pk)


@login_required
@require_POST
def postmatch_undo(request, pk):
    match = _match(pk)
    if not may_undo_apply(request.user, match):
        raise PermissionDenied
    try:
        postmatch.undo_apply(match, user=request.user)
    except ValidationError as error:
        return _failed(request, match, error)
    return _done(request, match, _("The match was undone: both teams are back as they were."))


# --- report -------------------------------------------------------------------------------------------------


def report(request, pk):
    """The public match report: pre-match results, drives and events, player stats, outcome."""
    match = _match(pk)
    edition, language = _texts(match)
    all_drives = list(match.drives.prefetch_related("events__player", "events__victim"))
    names = {}
    for side in SIDES:
        names.update({f"p{p.pk}": str(p) for p in match.team(side).players.all()})
        names.update(match.match_only_players(side, language))
    timeline = []
    for drive in all_drives:
        rows = []
        for event in drive.events.all():
            rows.append(
                {
                    "event": event,
                    "team": match.team(event.side),
                    "player": names.get(event.actor_key, ""),
                    "victim": names.get(event.victim_key, ""),
                    "outcome": event.outcome_label(language),
                }
            )
        timeline.append(
            {
                "drive": drive,
                "kickoff": edition.text(f"table.kickoff.{drive.kickoff_event}.name", language),
                "events": rows,
            }
        )
    match_events = [event for drive in all_drives for event in drive.events.all()]
    stats = {
        side: [
            {"name": names.get(key, key), **record}
            for key, record in postmatch.spp_earned(match, match_events).get(side, {}).items()
        ]
        for side in SIDES
    }
    table = edition.table("prayers_to_nuffle")
    prayers = {
        side: [
            _prayer_label(match, edition, table.row(entry["id"]), entry, language, names)
            for entry in effects.prayer_entries(match, side)
        ]
        for side in SIDES
    }
    outcome = {side: match.outcome.get(side) for side in SIDES} if match.outcome else None
    hurt = postmatch.injuries(match, match_events)
    injured = {
        side: [
            {"name": names.get(key, key), "results": [_injury_label(edition, r, language) for r in results]}
            for key, results in hurt[side].items()
        ]
        for side in SIDES
    }
    context = {
        "match": match,
        "timeline": timeline,
        "stats": stats,
        "injured": injured,
        "veterans": _veteran_rolls(match),
        "dice_steps": _dice_steps(match, edition, language),
        "optional": _optional_results(match, edition, language),
        "prayers": prayers,
        "outcome": outcome,
        "names": names,
        "extra_players": {
            side: {
                "journeymen": match.plain_journeymen(side),
                "mercenaries": match.mercenaries(side),
                "stars": [names[star["key"]] for star in match.star_players(side)],
            }
            for side in SIDES
        },
        "score": postmatch.final_score(match),
        "report_url": request.build_absolute_uri(reverse("matches:report", args=[match.pk])),
        **_scoreboard(match),
    }
    return render(request, "matches/report.html", context)


def _veteran_rolls(match):
    """[{"side", "team", "rolls": [{"name", "total", "leaves"}]}]: the veterans' rolls after a penalised
    concession (from the post-match dice, so they show once rolled, before the match is applied)."""
    return [
        {
            "side": side,
            "team": match.team(side),
            "rolls": [
                {"name": entry["name"], "total": entry["roll"]["total"], "leaves": entry["leaves"]}
                for entry in match.postmatch[side]["veterans"]
            ],
        }
        for side in SIDES
        if side == postmatch.penalised_conceder(match) and match.postmatch.get(side, {}).get("veterans")
    ]


def _injury_label(edition, result, language):
    """The casualty outcome and lasting injury of a casualty result, in the reader's language."""
    label = edition.text(f"table.casualty.{result['casualty']}.name", language)
    if result.get("lasting_injury"):
        label += " – " + edition.text(f"table.lasting_injury.{result['lasting_injury']}.name", language)
    return label


DICE_STEPS = {
    "pre_match": gettext_lazy("Pre-match"),
    "drive": gettext_lazy("Drives"),
    "post_match": gettext_lazy("Post-match"),
}
DICE_PURPOSES = {
    "stadium": gettext_lazy("Stadium"),
    "fan_factor": gettext_lazy("Fan factor"),
    "weather": gettext_lazy("Weather"),
    "prayer": gettext_lazy("Prayer to Nuffle"),
    "coin_toss": gettext_lazy("Kicking team toss"),
    "match_ball": gettext_lazy("Match ball"),
    "kick_off": gettext_lazy("Kick-off event"),
    "injury": gettext_lazy("Injury"),
    "casualty": gettext_lazy("Casualty"),
    "apothecary": gettext_lazy("Apothecary"),
    "lasting_injury": gettext_lazy("Lasting injury"),
    "ko_recovery": gettext_lazy("KO recovery"),
    "dedicated_fans": gettext_lazy("Dedicated fans"),
    "conceder_fans_loss": gettext_lazy("Dedicated fans lost by conceding"),
    "veteran_leaves": gettext_lazy("Veteran leaves after the concession"),
    "mvp": gettext_lazy("MVP"),
    "expensive_mistake": gettext_lazy("Expensive mistake"),
    "expensive_mistake_dice": gettext_lazy("Expensive mistake's own dice"),
}


# Rolls for the players a prayer names (purposes "prayer_count.<prayer id>", "prayer_target.<prayer id>").
PRAYER_ROLLS = {
    "prayer_count": gettext_lazy("how many players"),
    "prayer_target": gettext_lazy("random player"),
}


def _dice_purpose(edition, purpose, language):
    kind, _dot, prayer = purpose.partition(".")
    if kind in PRAYER_ROLLS:
        return f"{edition.text(f'table.prayers_to_nuffle.{prayer}.name', language)}: {PRAYER_ROLLS[kind]}"
    if purpose.startswith("kick_off_"):
        return edition.text(f"table.kickoff.{purpose.removeprefix('kick_off_')}.name", language)
    if purpose == "argue_the_call":
        return edition.text("table.argue_the_call.name", language)
    return DICE_PURPOSES.get(purpose, purpose)


def _dice_steps(match, edition, language):
    """[{"name", "rolls": [{"purpose", "team", "player", "dice", "faces", "total", "entered"}]}] from the
    dice log, step by step in the order of the match (one query)."""
    steps = {}
    for entry in match.dice_log.select_related("team", "player").order_by("id"):
        roll = entry.roll
        steps.setdefault(entry.step, []).append(
            {
                "purpose": _dice_purpose(edition, entry.purpose, language),
                "team": entry.team,
                "player": entry.subject_name,
                "dice": roll.get("dice", ""),
                "faces": " ".join(str(face) for face in roll.get("faces", [])),
                "total": roll.get("total"),
                "entered": roll.get("source") == "entered",
            }
        )
    return [
        {"step": step, "name": DICE_STEPS.get(step, step), "rolls": steps[step]}
        for step in [*DICE_STEPS, *sorted(set(steps) - set(DICE_STEPS))]
        if step in steps
    ]


def _optional_results(match, edition, language):
    """[{"rule", "name", "effect"}]: the stadium and the match ball, when those optional rules are used."""
    results = []
    for rule, value in (("stadium", match.stadium), ("match_balls", match.match_ball)):
        if rule in match.optional_rules and value:
            results.append(
                {
                    "rule": edition.text(f"optional.{rule}.name", language),
                    "name": edition.text(f"optional.{rule}.{value}.name", language),
                    "effect": edition.text(f"optional.{rule}.{value}.effect", language),
                }
            )
    return results
