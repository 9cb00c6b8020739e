"""Export a league to a JSON-able document and import it back (`manage.py export_league` / `import_league`).

The document (format "dugout-league", described in docs/league-archive.md) holds the league's settings,
its people by username, its teams with their players and ledgers (league.archive_teams), and every season
with its entries, rounds, fixtures, results, points adjustments and prizes. Importing into a database
without the league recreates it with the same standings (and the same League Trophy holder) and the same
rosters: coaches are matched by username (created without a usable password when missing), each team is
recreated for its coach with new ids and linked to its entries. A prize's gold is not paid again on
import, and is not linked to a ledger entry (reopening an imported season takes no gold back). Everything
is checked before it is kept: a bad file changes nothing and the ValidationError names the place.

Versions: 2 added each season's adjustments and prizes; 3 the league's "edition"; 4 split the league's
game ("blood_bowl", "rugby", "hexfootball") from its rulebook edition (null for another game), where
older documents have a Blood Bowl edition's id or another game's in "game" (version 3 repeats the
edition in "edition", versions 1 and 2, written when Dugout knew only BB2020, have none); 5 added the
"teams", an entry's "team" being a team's key. Before version 5 an entry's "team" is a team's name, linked
to the coach's team of that name and edition on this site when there is one. A newer version is refused.
"""

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _

from league.archive_teams import export_teams, import_teams, validate_teams
from league.models import (
    Fixture,
    Game,
    League,
    PointsAdjustment,
    Result,
    Round,
    Season,
    SeasonEntry,
    SeasonPrize,
    petty_cash_choices,
)
from league.services.leagues import SETTINGS_FIELDS
from league.standings.store import rebuild_standings
from rosters.models import LedgerEntry, Team
from rulebook.edition import available_editions, get_edition

FORMAT = "dugout-league"
VERSION = 5
# version 2 added each season's "adjustments" and "prizes", version 3 the league's "edition", version 4
# split the "game" (before: a Blood Bowl edition's id or another game's) from the "edition", version 5
# the "teams" (an entry's "team" is a team's key, before: its name)
READABLE_VERSIONS = {1, 2, 3, 4, 5}
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


def _username(user):
    return user.username if user else None


def export_league(league):
    """The whole league as plain data (dicts, lists, strings, numbers)."""
    teams = Team.objects.filter(season_entries__season__league=league).distinct().order_by("id")
    seasons = []
    for season in league.seasons.order_by("created_at", "id"):
        entries = season.entries.select_related("team", "coach").order_by("id")
        fixtures = season.fixtures.select_related(
            "round", "result__submitted_by", "result__decided_by"
        ).order_by("id")
        adjustments = PointsAdjustment.objects.for_season(season).select_related("created_by")
        seasons.append(
            {
                "name": season.name,
                "status": season.status,
                "format": season.format,
                "finish_reason": season.finish_reason,
                "coin_seed": season.coin_seed,
                "entries": [
                    {
                        "key": entry.pk,
                        "name": entry.display_name,
                        "team": entry.team_id,
                        "coach": _username(entry.coach),
                        "status": entry.status,
                    }
                    for entry in entries
                ],
                "rounds": [
                    {"number": round_.number, "date": round_.date.isoformat() if round_.date else None}
                    for round_ in season.rounds.all()
                ],
                "fixtures": [_fixture(fixture) for fixture in fixtures],
                "adjustments": [
                    {
                        "entry": adjustment.entry_id,
                        "points": adjustment.points,
                        "reason": adjustment.reason,
                        "by": _username(adjustment.created_by),
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
        )
    return {
        "format": FORMAT,
        "version": VERSION,
        "league": {
            "slug": league.slug,
            "game": league.game,
            "edition": league.edition or None,
            **{name: getattr(league, name) for name in SETTINGS_FIELDS},
            "commissioners": sorted(user.username for user in league.commissioners.all()),
            "members": sorted(user.username for user in league.members.all()),
        },
        "users": sorted(
            {
                (user.username, user.display_name)
                for user in get_user_model().objects.filter(
                    pk__in=[
                        *league.commissioners.values_list("pk", flat=True),
                        *league.members.values_list("pk", flat=True),
                        *SeasonEntry.objects.filter(season__league=league).values_list("coach", flat=True),
                        *teams.values_list("coach", flat=True),
                        *LedgerEntry.objects.filter(team__in=teams).values_list("actor", flat=True),
                        *PointsAdjustment.objects.filter(entry__season__league=league).values_list(
                            "created_by", flat=True
                        ),
                    ]
                )
            }
        ),
        "teams": export_teams(teams),
        "seasons": seasons,
    }


def _fixture(fixture):
    data = {
        "round": fixture.round.number if fixture.round_id else None,
        "home": fixture.home_id,
        "away": fixture.away_id,
        "scheduled_at": fixture.scheduled_at.isoformat() if fixture.scheduled_at else None,
        "stage": fixture.stage,
        "bracket_slot": fixture.bracket_slot,
        "result": None,
    }
    result = fixture.result_or_none
    if result:
        data["result"] = {
            **{name: getattr(result, name) for name in RESULT_FIELDS},
            "conceded_by": result.conceded_by_id,
            "submitted_by": _username(result.submitted_by),
            "decided_by": _username(result.decided_by),
            "submitted_at": result.submitted_at.isoformat(),
            "confirmed_at": result.confirmed_at.isoformat() if result.confirmed_at else None,
        }
    return data


def import_league(data):
    """Create the league described by `data` (from export_league) and return it; a ValidationError
    (nothing created) when the document is not one this Dugout reads. See _import_league."""
    try:
        return _import_league(data)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as error:
        raise ValidationError(
            _("This is not a well-formed league archive (%(problem)s).")
            % {"problem": f"{type(error).__name__}: {error}"}
        ) from error


@transaction.atomic
def _import_league(data):
    """Side effects: creates the League, its Teams (with their Players and LedgerEntries), Seasons,
    SeasonEntries, Rounds, Fixtures, Results, PointsAdjustments and SeasonPrizes (no gold paid, no ledger
    entry), and any missing users (unusable password), and stores each season's table. Refuses a slug
    already taken."""
    if data.get("format") != FORMAT:
        raise ValidationError(
            _("This is not a Dugout league archive (“format” must be “%(format)s”).") % {"format": FORMAT}
        )
    if data.get("version") not in READABLE_VERSIONS:
        raise ValidationError(
            _("Dugout reads versions 1 to %(version)d of the league archive, not %(found)s.")
            % {"version": VERSION, "found": data.get("version")}
        )
    settings = data["league"]
    if League.objects.filter(slug=settings["slug"]).exists():
        raise ValidationError(
            _("A league with the address “%(slug)s” exists already.") % {"slug": settings["slug"]}
        )
    game, edition = _game_and_edition(data)
    league = League(
        slug=settings["slug"],
        game=game,
        edition=edition,
        **{name: settings[name] for name in SETTINGS_FIELDS},
    )
    teams = (
        validate_teams(data["teams"], edition, {pair[0] for pair in data["users"]})
        if data["version"] >= 5
        else None
    )
    users = _users(data["users"])
    league.save()
    if teams is not None:
        teams = import_teams(teams, users)
    league.commissioners.set([users[name] for name in settings["commissioners"]])
    league.members.set([users[name] for name in settings["members"]])
    for index, season_data in enumerate(data["seasons"]):
        _import_season(league, season_data, users, teams, f"seasons[{index}]")
    return league


def _game_and_edition(data):
    """The imported league's game and edition ("" for another game than Blood Bowl), checked: a Blood
    Bowl league's edition must be one this Dugout knows and must have the league's petty cash procedure.
    Before version 4, "game" is a Blood Bowl edition's id or another game's (version 3 repeats the
    edition in "edition", which must then match it)."""
    settings = data["league"]
    game, edition = settings["game"], settings.get("edition")
    if data["version"] < 4:
        game, edition = _old_game_and_edition(game, edition, data["version"])
    if game not in Game.values:
        raise ValidationError(_("Unknown game “%(game)s”.") % {"game": game})
    if game != Game.BLOOD_BOWL:
        if edition:
            raise ValidationError(
                _("The game “%(game)s” has no edition (“%(edition)s”).") % {"game": game, "edition": edition}
            )
        return game, ""
    if edition not in available_editions():
        raise ValidationError(
            _("This Dugout does not know the edition “%(edition)s”.") % {"edition": edition}
        )
    procedure = settings.get("petty_cash_procedure")
    if procedure and procedure not in dict(petty_cash_choices(get_edition(edition))):
        raise ValidationError(
            _("The petty cash procedure “%(procedure)s” is not one of %(edition)s.")
            % {"procedure": procedure, "edition": edition}
        )
    return game, edition


def _old_game_and_edition(game, edition, version):
    """(game, edition) of a document before version 4, whose "game" was an edition's id for Blood Bowl."""
    if game in Game.values:
        if version >= 3 and edition:
            raise ValidationError(
                _("The game “%(game)s” has no edition (“%(edition)s”).") % {"game": game, "edition": edition}
            )
        return game, ""
    if version >= 3 and game != edition:
        raise ValidationError(
            _("The game “%(game)s” does not match the edition “%(edition)s”.")
            % {"game": game, "edition": edition}
        )
    return Game.BLOOD_BOWL, game


def _users(pairs):
    User = get_user_model()
    users = {}
    for username, display_name in pairs:
        user = User.objects.filter(username=username).first()
        if user is None:
            user = User(username=username, display_name=display_name)
            user.set_unusable_password()
            user.save()
        users[username] = user
    return users


def _import_season(league, data, users, teams, where):
    season = Season.objects.create(
        league=league,
        name=data["name"],
        status=data["status"],
        format=data["format"],
        finish_reason=data.get("finish_reason", ""),  # files written before seasons kept one have none
        coin_seed=data["coin_seed"],
    )
    entries = {}
    for index, item in enumerate(data["entries"]):
        team = _entry_team(league, item, users, teams, f"{where}.entries[{index}]")
        coach = users.get(item["coach"])
        entries[item["key"]] = SeasonEntry.objects.create(
            season=season, team=team, name=item["name"], coach=coach, status=item["status"]
        )
    rounds = {
        item["number"]: Round.objects.create(
            season=season, number=item["number"], date=parse_date(item["date"] or "")
        )
        for item in data["rounds"]
    }
    for item in data["fixtures"]:
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
    _import_adjustments(data.get("adjustments", []), entries, users)
    _import_prizes(season, data.get("prizes", []), entries)
    rebuild_standings(season=season)
    return season


def _entry_team(league, item, users, teams, where):
    """The entry's team: the archive's team of its key (version 5), else the coach's team of its name
    and the league's edition on this site, if any."""
    if item["team"] is None:
        return None
    if teams is not None:
        if item["team"] not in teams:
            raise ValidationError(
                f"{where}: " + _("No team of the key %(key)s in “teams”.") % {"key": item["team"]}
            )
        return teams[item["team"]]
    coach = users.get(item["coach"])
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
