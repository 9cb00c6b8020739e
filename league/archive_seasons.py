"""The seasons of a league archive: divisions, entries, rounds, fixtures with their results and recorded
matches, points adjustments and prizes (docs/league-archive.md). league.archive reads and writes the document
around them; a fixture's match is the matches app's to write and read back (league.hooks)."""

from django.core.exceptions import ValidationError
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _

from league.hooks import hooks
from league.models import Division, Fixture, PointsAdjustment, Result, Round, Season, SeasonEntry, SeasonPrize
from league.standings.store import rebuild_standings
from league.stats import store_player_totals
from rosters.models import Team

RESULT_FIELDS = (
    "home_score",
    "away_score",
    "home_cas",
    "away_cas",
    "status",
    "comment",
    "home_team_value",
    "away_team_value",
)


def username(user):
    return user.username if user else None


def _at(moment):
    return moment.isoformat() if moment else None


def export_season(season):
    """One season as plain data, its fixtures' recorded matches included."""
    entries = season.entries.select_related("team", "coach").order_by("id")
    fixtures = list(
        season.fixtures.select_related("round", "result__submitted_by", "result__decided_by").order_by("id")
    )
    matches = hooks.export_matches(fixtures)
    adjustments = PointsAdjustment.objects.for_season(season).select_related("created_by")
    return {
        "name": season.name,
        "status": season.status,
        "format": season.format,
        "finish_reason": season.finish_reason,
        "coin_seed": season.coin_seed,
        "divisions": [
            {
                "key": division.pk,
                "name": division.name,
                "order": division.order,
                "conference": division.conference,
            }
            for division in season.divisions.all()
        ],
        "entries": [
            {
                "key": entry.pk,
                "name": entry.display_name,
                "team": entry.team_id,
                "coach": username(entry.coach),
                "status": entry.status,
                "division": entry.division_id,
                "playoff_bye_slot": entry.playoff_bye_slot,
            }
            for entry in entries
        ],
        "rounds": [
            {"number": round_.number, "date": round_.date.isoformat() if round_.date else None}
            for round_ in season.rounds.all()
        ],
        "fixtures": [{**_fixture(fixture), "match": matches.get(fixture.pk)} for fixture in fixtures],
        "adjustments": [
            {
                "entry": adjustment.entry_id,
                "points": adjustment.points,
                "reason": adjustment.reason,
                "by": username(adjustment.created_by),
                "at": adjustment.created_at.isoformat(),
            }
            for adjustment in adjustments.order_by("created_at", "id")
        ],
        "prizes": [
            {
                "entry": prize.entry_id,
                "place": prize.place,
                "gold": prize.gold,
                "trophy": prize.trophy,
                "awarded_at": prize.awarded_at.isoformat(),
            }
            for prize in season.prizes.order_by("place")
        ],
    }


def _fixture(fixture):
    data = {
        "round": fixture.round.number if fixture.round_id else None,
        "home": fixture.home_id,
        "away": fixture.away_id,
        "scheduled_at": _at(fixture.scheduled_at),
        "stage": fixture.stage,
        "bracket_slot": fixture.bracket_slot,
        "result": None,
    }
    result = fixture.result_or_none
    if result:
        data["result"] = {
            **{name: getattr(result, name) for name in RESULT_FIELDS},
            "conceded_by": result.conceded_by_id,
            "submitted_by": username(result.submitted_by),
            "decided_by": username(result.decided_by),
            "submitted_at": result.submitted_at.isoformat(),
            "confirmed_at": _at(result.confirmed_at),
        }
    return data


def import_season(league, data, moved, *, teams_in_file, where):
    """Create a season of the archive: `moved` (archive_teams.Moved) maps the file's teams, players,
    ledger entries and users to this site's; without `teams_in_file` (before version 5) an entry's team
    is the coach's team of its name here. Side effects: the season and everything in it, its matches
    (league.hooks.import_match), its stored table and its players' totals."""
    season = Season.objects.create(
        league=league,
        name=data["name"],
        status=data["status"],
        format=data["format"],
        finish_reason=data.get("finish_reason", ""),  # files written before seasons kept one have none
        coin_seed=data["coin_seed"],
    )
    divisions = {
        item["key"]: Division.objects.create(
            season=season, name=item["name"], order=item["order"], conference=item.get("conference", "")
        )
        for item in data.get("divisions", [])  # version 6
    }
    entries = {}
    for index, item in enumerate(data["entries"]):
        place = f"{where}.entries[{index}]"
        team = _entry_team(league, item, moved, teams_in_file, place)
        coach = moved.users.get(item["coach"])
        entries[item["key"]] = SeasonEntry.objects.create(
            season=season,
            team=team,
            name=item["name"],
            coach=coach,
            status=item["status"],
            division=_entry_division(item, divisions, place),
            playoff_bye_slot=item.get("playoff_bye_slot"),  # version 6
        )
    rounds = {
        item["number"]: Round.objects.create(
            season=season, number=item["number"], date=parse_date(item["date"] or "")
        )
        for item in data["rounds"]
    }
    for index, item in enumerate(data["fixtures"]):
        fixture = _import_fixture(season, item, entries, rounds, moved.users)
        if item.get("match"):
            hooks.import_match(
                fixture=fixture, data=item["match"], moved=moved, where=f"{where}.fixtures[{index}].match"
            )
    _import_adjustments(data.get("adjustments", []), entries, moved.users)
    _import_prizes(season, data.get("prizes", []), entries)
    rebuild_standings(season=season)
    store_player_totals(season=season)
    return season


def _entry_division(item, divisions, where):
    key = item.get("division")
    if key is None:
        return None
    if key not in divisions:
        raise ValidationError(
            f"{where}: " + _("No division of the key %(key)s in the season.") % {"key": key}
        )
    return divisions[key]


def _import_fixture(season, item, entries, rounds, users):
    fixture = Fixture.objects.create(
        season=season,
        round=rounds.get(item["round"]),
        home=entries[item["home"]],
        away=entries[item["away"]],
        scheduled_at=parse_datetime(item["scheduled_at"]) if item["scheduled_at"] else None,
        stage=item["stage"],
        bracket_slot=item["bracket_slot"],
    )
    result = item["result"]
    if result:
        Result.objects.create(
            fixture=fixture,
            **{name: result[name] for name in RESULT_FIELDS},
            conceded_by=entries.get(result["conceded_by"]),
            submitted_by=users.get(result["submitted_by"]),
            decided_by=users.get(result["decided_by"]),
            submitted_at=parse_datetime(result["submitted_at"]),
            confirmed_at=parse_datetime(result["confirmed_at"]) if result["confirmed_at"] else None,
        )
    return fixture


def _entry_team(league, item, moved, teams_in_file, where):
    """The entry's team: the archive's team of its key (version 5), else the coach's team of its name
    and the league's edition on this site, if any."""
    if item["team"] is None:
        return None
    if teams_in_file:
        if item["team"] not in moved.teams:
            raise ValidationError(
                f"{where}: " + _("No team of the key %(key)s in “teams”.") % {"key": item["team"]}
            )
        return moved.teams[item["team"]]
    coach = moved.users.get(item["coach"])
    return (
        Team.objects.filter(coach=coach, name=item["team"], edition=league.edition).first() if coach else None
    )


def _import_adjustments(items, entries, users):
    PointsAdjustment.objects.bulk_create(
        PointsAdjustment(
            entry=entries[item["entry"]],
            points=item["points"],
            reason=item["reason"],
            created_by=users.get(item["by"]),
            created_at=parse_datetime(item["at"]),
        )
        for item in items
    )


def _import_prizes(season, items, entries):
    """The season's prizes as they were given (awarded_at kept: the latest trophy names its holder)."""
    for item in items:
        prize = SeasonPrize.objects.create(
            season=season,
            entry=entries[item["entry"]],
            place=item["place"],
            gold=item["gold"],
            trophy=item["trophy"],
        )
        # awarded_at is set on creation (auto_now_add): put back the original date.
        SeasonPrize.objects.filter(pk=prize.pk).update(awarded_at=parse_datetime(item["awarded_at"]))
