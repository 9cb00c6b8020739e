"""Before kick-off: the list of one's matches, creating a friendly or a league match, the pre-match
steps, the inducements shop and the players the prayers to Nuffle name."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.models import Fixture
from matches.models import SIDES, Match
from matches.services import effects, jolly_jouster, prematch
from matches.services import league as league_link
from rulebook.data import SkillRef
from rulebook.dice import Dice
from web.matches.forms import (
    ChaliceForm,
    ConcedeForm,
    DiceForm,
    KickOrReceiveForm,
    MatchForm,
    PrayerTargetForm,
    SidesDiceForm,
    TossForm,
)
from web.matches.views.access import (
    _back,
    _done,
    _match,
    _refused,
    _texts,
    may_record,
    recorder,
)
from web.matches.views.inducements_shop import BOTH, inducements_form, inducements_of_both, shop_entry
from web.matches.views.prematch_rolls import no_journeymen_text, prematch_results, step_message
from web.service_calls import attempt


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
    created = attempt(
        request,
        lambda: prematch.create_match(
            home_team=form.cleaned_data["home_team"],
            away_team=form.cleaned_data["away_team"],
            created_by=request.user,
            petty_cash_procedure=form.cleaned_data["petty_cash_procedure"],
            optional_rules=form.cleaned_data["optional_rules"],
        ),
    )
    if not created:
        return redirect("matches:list")
    return redirect("matches:detail", pk=created.value.pk)


@login_required
@require_POST
def match_from_fixture(request, fixture_pk):
    fixture = get_object_or_404(
        Fixture.objects.select_related("season__league", "home__team", "away__team"), pk=fixture_pk
    )
    existing = Match.objects.filter(fixture=fixture).first()
    if existing:
        return redirect("matches:detail", pk=existing.pk)
    created = attempt(
        request, lambda: league_link.create_league_match(fixture=fixture, created_by=request.user)
    )
    if not created:
        return redirect("league:fixture", pk=fixture.pk)
    return redirect("matches:detail", pk=created.value.pk)


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


STEP_KEYS = {
    "fans": "structure.pre_game.fans",
    "weather": "structure.pre_game.weather",
    "journeymen": "structure.pre_game.journeymen",
    "inducements": "structure.pre_game.inducements",
    "prayers": "structure.pre_game.prayers_to_nuffle",
    "kicking": "structure.pre_game.kicking_team",
    "stadium": "optional.stadium",
    "match_ball": "optional.match_balls",
    "dukedom": f"optional.{jolly_jouster.DUKEDOMS}",
    "chalice": f"optional.{jolly_jouster.RULE}.{jolly_jouster.CHALICE}",
}
# The text of a step's rules where it is not `desc` (the Jouster's Chalice is a row of its rule).
STEP_TEXT_FIELDS = {"chalice": "effect"}


def _step_dice(match, edition, step):
    """The notation of the roll of a one-roll step (for the dice field's help), or None."""
    tables = {
        "weather": "weather",
        "stadium": "stadium",
        "match_ball": "match_balls",
        "dukedom": jolly_jouster.DUKEDOMS,
    }
    if step in tables:
        return edition.table(tables[step]).dice
    if step == "prayers":
        return _prayer_dice(edition, prematch.prayers_side(match)[1])
    return None


def _prayer_dice(edition, count):
    """The dice of `count` prayers rolled at once ("3D16"): one die per prayer."""
    die = edition.settings.prayers.dice
    return f"{count}{die}" if count > 1 else die


def _prematch_context(match, edition, language, *, user):
    step = prematch.next_step(match)
    key = STEP_KEYS[step]
    if step == "prayers" and prematch.prayers_bought_as_inducement(match):
        key = f"inducement.{edition.settings.prayers.inducement}"  # no step of its own: an inducement
    context = {
        "step": step,
        "step_name": edition.text(f"{key}.name", language),
        "step_text": edition.text(f"{key}.{STEP_TEXT_FIELDS.get(step, 'desc')}", language),
        "steps": prematch.steps(match),
        "results": prematch_results(match, edition, language),
        "dice_form": DiceForm(dice=_step_dice(match, edition, step)),
        "sides_form": SidesDiceForm(dice=edition.settings.fan_factor.dice),
        "toss_form": TossForm(match=match),
        "toss_winner": match.team(match.toss_winner) if match.toss_winner else None,
        "concede_form": ConcedeForm(match=match),
    }
    if step == "chalice":
        context["chalice_team"] = match.team(jolly_jouster.chalice_side(match))
        context["chalice_form"] = _chalice_form(match, edition)
    if step == "inducements":
        context["shop"] = [shop_entry(match, side, edition, language) for side in SIDES]
        context["favourite"] = prematch.favourite_side(match)
        context["open_sides"] = [entry["side"] for entry in context["shop"] if not entry["done"]]
    if step == "journeymen":
        context["journeyman_choices"] = _journeyman_choices(match, edition, language)
        context["journeymen_needed"] = [
            {"side": side, "team": match.team(side), "needed": prematch.journeymen_needed(match.team(side))}
            for side in SIDES
        ]
        if prematch.nobody_needs_journeymen(match):
            context["no_journeymen"] = no_journeymen_text(match)
    if step == "prayers":
        context["prayers_side"], context["prayers_count"] = prematch.prayers_side(match)
        context["prayers_bought"] = prematch.prayers_bought_as_inducement(match)
        context["prayers_to_roll"] = [
            {
                "side": side,
                "team": match.team(side),
                "count": count,
                # One form per praying team: ids of its own, its dice in the help text.
                "form": DiceForm(dice=_prayer_dice(edition, count), auto_id=f"id_{side}_%s"),
            }
            for side, count in prematch.prayers_to_roll(match)
        ]
        if match.prayers_done or context["prayers_bought"]:
            context["prayers_rolled"] = _prayers_rolled(match, edition, language, user=user)
    return context


def _chalice_form(match, edition, data=None):
    """The ChaliceForm of the Jouster's Chalice: its holder's players to number, its die."""
    players, count = prematch.chalice_nominees(match)
    dice = jolly_jouster.rule_row(edition, jolly_jouster.CHALICE)["nominee_dice"]
    return ChaliceForm(data, players=players, count=count, dice=dice)


def _journeyman_choices(match, edition, language):
    """[{"side", "team", "needed", "positions": [(id, name)]}] of the teams that take journeymen and
    whose roster offers several Lineman positions for them (BB2025 Shambling Undead)."""
    choices = []
    for side in SIDES:
        team = match.team(side)
        positions = prematch.journeyman_positions(team)
        needed = prematch.journeymen_needed(team) if len(positions) > 1 else 0
        if needed:
            options = [(position.id, edition.name(position, language)) for position in positions]
            choices.append({"side": side, "team": team, "needed": needed, "positions": options})
    return choices


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
                form = _prayer_form(match, pending, edition, players=players[named])
                for field in form.fields.values():  # several prayers may wait: name each field with its own
                    field.widget.attrs["aria-label"] = (
                        f"{field.label} · {item['label']['name']} · {item['team']}"
                    )
                item.update(
                    form=form,
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
        return _refused(request, match, form)
    if not attempt(request, lambda: form.save(match=match, user=request.user, dice=Dice())):
        return _back(match)
    return _done(request, match)


@recorder
@require_POST
def prematch_step(request, match, step):
    dice = Dice()
    try:
        if step == "fans":
            form = SidesDiceForm(request.POST)
            if not form.is_valid():
                return _refused(request, match, form)
            prematch.roll_fans(match, dice=dice, user=request.user, faces=form.faces())
        elif step == "kicking" and "choice" in request.POST:
            form = KickOrReceiveForm(request.POST)
            if not form.is_valid():
                return _refused(request, match, form)
            prematch.kick_or_receive(match, user=request.user, choice=form.cleaned_data["choice"])
        elif step == "kicking":
            form = TossForm(request.POST, match=match)
            if not form.is_valid():
                return _refused(request, match, form)
            data = form.cleaned_data
            prematch.toss(match, user=request.user, winner=data["winner"], dice=dice, faces=data["faces"])
        elif step == "journeymen":
            positions = {side: request.POST.get(f"journeymen-{side}", "") for side in SIDES}
            prematch.take_journeymen(match, user=request.user, positions=positions)
        elif step == "prayers":
            form = DiceForm(request.POST)
            side = request.POST.get("side") or None
            if side not in (None, *SIDES):
                raise PermissionDenied
            if not form.is_valid():
                return _refused(request, match, form)
            faces = form.cleaned_data["faces"]
            prematch.roll_prayers(match, dice=dice, user=request.user, faces=faces, side=side)
        elif step == "chalice":
            form = _chalice_form(match, match.edition, request.POST)
            if not form.is_valid():
                return _refused(request, match, form)
            data = form.cleaned_data
            prematch.roll_chalice(
                match, dice=dice, user=request.user, nominees=form.nominees(), faces=data["faces"]
            )
        elif step in {"weather", "stadium", "match_ball", "dukedom"}:
            form = DiceForm(request.POST)
            if not form.is_valid():
                return _refused(request, match, form)
            action = {
                "weather": prematch.roll_weather,
                "stadium": prematch.roll_stadium,
                "match_ball": prematch.roll_match_ball,
                "dukedom": prematch.roll_dukedom,
            }[step]
            action(match, dice=dice, user=request.user, faces=form.cleaned_data["faces"])
        else:
            raise PermissionDenied
    except ValidationError as error:
        return _refused(request, match, error)
    edition, language = _texts(match)
    return _done(request, match, step_message(match, edition, language, step))


@recorder
@require_POST
def inducements(request, match, side):
    """Buy the inducements of one team, or of both (`side` "both": the form of the pre-match page)."""
    if side == BOTH:
        return inducements_of_both(request, match)
    if side not in SIDES:
        raise PermissionDenied
    edition, language = _texts(match)
    form = inducements_form(match, side, edition, language, request.POST)
    if not form.is_valid():
        return _refused(request, match, form)
    if not attempt(
        request,
        lambda: prematch.buy_inducements(
            match,
            side=side,
            counts=form.counts(),
            user=request.user,
            mercenaries=form.mercenaries(),
            side_bet=form.stake(),
            faces=form.dice_faces(),
        ),
    ):
        return _back(match)
    return _done(request, match)
