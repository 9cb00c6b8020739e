"""The public match report: pre-match results, drives and events, player stats, injuries, the dice log
and the outcome."""

from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy

from matches.models import SIDES, Event, kickoff_text_key
from matches.services import drives, effects, jolly_jouster, postmatch
from matches.services.common import match_table_text
from matches.services.drives.kickoff import INDUCEMENT_ROLL
from rosters.models import name_with_team
from web.matches.views import jouster
from web.matches.views.access import _match, _texts
from web.matches.views.corrections import applied_corrections
from web.matches.views.live import _scoreboard
from web.matches.views.prematch import _prayer_label


def report(request, pk):
    """The public match report: pre-match results, drives and events, player stats, outcome."""
    match = _match(pk)
    edition, language = _texts(match)
    all_drives = list(match.drives.prefetch_related("events__player", "events__victim"))
    names, victims = {}, {}  # a victim is the other team's: the timeline names them with their team
    for side in SIDES:
        team = match.team(side)
        own = {f"p{p.pk}": str(p) for p in team.players.all()} | match.match_only_players(side, language)
        names.update(own)
        victims.update({key: name_with_team(name, team.name) for key, name in own.items()})
    timeline = []
    for drive in all_drives:
        rows = []
        for event in drive.events.all():
            rows.append(
                {
                    "event": event,
                    "team": match.team(event.side) if event.names_a_team else "",
                    "player": names.get(event.actor_key, ""),
                    "victim": victims.get(event.victim_key, ""),
                    "outcome": event.outcome_label(language, edition=edition),
                }
            )
        timeline.append(
            {
                "drive": drive,
                "kickoff": match_table_text(match, "kickoff", drive.kickoff_event, "name", language),
                **_kickoff_rolls(match, edition, drive, language),
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
    outcome = _outcome(match, names) if match.outcome else None
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
        "dukedom_whole": jouster.dukedom_shown(match, edition, language, whole_game=True),
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
        "no_stalling_bonus": bool(edition.settings.winnings.no_stalling_bonus),
        "report_url": request.build_absolute_uri(reverse("matches:report", args=[match.pk])),
        "corrections": applied_corrections(match, language),
        **_scoreboard(match),
    }
    return render(request, "matches/report.html", context)


def _kickoff_rolls(match, edition, drive, language):
    """{"winners": [team], "half_rerolls": [{"name", "team", "faces", "gained", "taken"}]}: who won the
    drive's kick-off event where both coaches rolled, and what a hireling rolled at the start of the
    half (kept on the kick-off event; its events are prefetched)."""
    kick_off = next((event for event in drive.events.all() if event.kind == Event.Kind.KICK_OFF), None)
    rolls = kick_off.rolls if kick_off is not None else {}
    return {
        "winners": [match.team(side) for side in rolls.get("effects", {}).get("winners", [])],
        "half_rerolls": [
            {
                "name": _dice_purpose(edition, entry["roll"]["purpose"], language),
                "team": match.team(side),
                "faces": " ".join(str(face) for face in entry["roll"]["faces"]),
                "gained": entry["gained"],
                "taken": entry["taken"],
            }
            for side, entry in rolls.get("half_rerolls", {}).items()
        ],
    }


def _outcome(match, names):
    """{side: the applied outcome, with its MVPs' names (a concession's winner may have two) and whether
    the team stalled (the no-stalling bonus of its edition's winnings)}."""
    outcome = {}
    for side in SIDES:
        result = dict(match.outcome.get(side) or {})
        mvps = result.get("mvps") or [result.get("mvp")]
        result["mvp_names"] = [names.get(key, key) for key in mvps if key]
        result["stalled"] = match.stalled(side)
        outcome[side] = result
    return outcome


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
    "mvp_nominee": gettext_lazy("MVP nominee drawn by Dugout"),
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
        return edition.text(f"{kickoff_text_key(edition, purpose.removeprefix('kick_off_'))}.name", language)
    if purpose.startswith(INDUCEMENT_ROLL):  # what a team hired rolls (the Halfling Master Chef)
        return edition.name(edition.inducements[purpose.removeprefix(INDUCEMENT_ROLL)], language)
    if purpose == "argue_the_call":
        return edition.text("table.argue_the_call.name", language)
    if purpose == jolly_jouster.DUKEDOMS:
        return edition.text(f"optional.{purpose}.name", language)
    if purpose == jolly_jouster.CHALICE:
        return edition.text(f"optional.{jolly_jouster.RULE}.{purpose}.name", language)
    if purpose == drives.SWARMING_RULE:  # logged under the team rule that rolls it
        return edition.text(f"team_rule.{purpose}.name", language)
    return DICE_PURPOSES.get(purpose, purpose)


def _dice_steps(match, edition, language):
    """[{"name", "rolls": [{"purpose", "team", "player", "dice", "faces", "total", "entered"}]}] from the
    dice log, step by step in the order of the match (one query)."""
    steps = {}
    names = {key: name for side in SIDES for key, name in match.match_only_players(side, language).items()}
    for entry in match.dice_log.select_related("team", "player").order_by("id"):
        roll = entry.roll
        steps.setdefault(entry.step, []).append(
            {
                "purpose": _dice_purpose(edition, entry.purpose, language),
                "team": entry.team,
                "player": entry.subject_name(names),
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
