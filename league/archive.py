"""Export a league to a JSON-able document and import it back (`manage.py export_league` / `import_league`).

The document (format "dugout-league", described in docs/league-archive.md) holds the league's settings,
its people by username, its teams with their players and ledgers (league.archive_teams), and every season
with its entries, rounds, fixtures, results, recorded matches, points adjustments and prizes
(league.archive_seasons; a match is written and read by the matches app through league.hooks).
Importing into a database without the league recreates it with the same standings (and the same League
Trophy holder) and the same rosters: coaches are matched by username (created without a usable password
when missing), each team is recreated for its coach with new ids and linked to its entries. A prize's
gold is not paid again on import, and is not linked to a ledger entry (reopening an imported season takes
no gold back). Everything is checked before it is kept: a bad file changes nothing and the
ValidationError names the place.

Versions: 2 added each season's adjustments and prizes; 3 the league's "edition"; 4 split the league's
game ("blood_bowl", "rugby", "hexfootball") from its rulebook edition (null for another game), where
older documents have a Blood Bowl edition's id or another game's in "game" (version 3 repeats the
edition in "edition", versions 1 and 2, written when Dugout knew only BB2020, have none); 5 added the
"teams", an entry's "team" being a team's key. Before version 5 an entry's "team" is a team's name, linked
to the coach's team of that name and edition on this site when there is one; 6 added each fixture's
"match" (its drives, events and dice). A newer version is refused, and so is a file holding more than
the site takes (settings.LEAGUE_ARCHIVE_LIMITS).
"""

from django.conf import settings as site_settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.claims import free_username
from league.archive_seasons import export_season, import_season
from league.archive_teams import export_teams, import_teams, validate_teams
from league.models import Game, League, PointsAdjustment, SeasonEntry, petty_cash_choices
from league.services.leagues import SETTINGS_FIELDS
from rosters.models import LedgerEntry, Team
from rulebook.edition import available_editions, get_edition

FORMAT = "dugout-league"
VERSION = 6
# version 2 added each season's "adjustments" and "prizes", version 3 the league's "edition", version 4
# split the "game" (before: a Blood Bowl edition's id or another game's) from the "edition", version 5
# the "teams" (an entry's "team" is a team's key, before: its name), version 6 each fixture's "match"
READABLE_VERSIONS = {1, 2, 3, 4, 5, 6}


def export_league(league, *, emails=False):
    """The whole league as plain data (dicts, lists, strings, numbers); with `emails`, each person's
    e-mail address too (for a site's operator moving it: the commissioner's download has none)."""
    teams = Team.objects.filter(season_entries__season__league=league).distinct().order_by("id")
    seasons = [export_season(season) for season in league.seasons.order_by("created_at", "id")]
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
        "users": _people(league, teams, seasons, emails=emails),
        "teams": export_teams(teams),
        "seasons": seasons,
    }


def _people(league, teams, seasons, *, emails):
    """[username, display name(, e-mail)] of everyone the document names, sorted: the league's people,
    whoever wrote a ledger entry or an adjustment, and whoever recorded its matches."""
    ids = [
        *_staff_ids(league, teams),
        *LedgerEntry.objects.filter(team__in=teams).values_list("actor", flat=True),
        *PointsAdjustment.objects.filter(entry__season__league=league).values_list("created_by", flat=True),
    ]
    users = get_user_model().objects.filter(Q(pk__in=ids) | Q(username__in=_match_people(seasons)))
    return sorted(
        [user.username, user.display_name, *([user.email] if emails else [])]
        for user in users.order_by("username")
    )


def coaches_and_staff(league):
    """The accounts of the league's commissioners, members and coaches (those to tell about a move)."""
    teams = Team.objects.filter(season_entries__season__league=league)
    return get_user_model().objects.filter(pk__in=_staff_ids(league, teams)).order_by("username")


def _staff_ids(league, teams):
    """The user ids of the league's commissioners, members, entries' coaches and `teams`' coaches."""
    return [
        *league.commissioners.values_list("pk", flat=True),
        *league.members.values_list("pk", flat=True),
        *SeasonEntry.objects.filter(season__league=league).values_list("coach", flat=True),
        *teams.values_list("coach", flat=True),
    ]


def _match_people(seasons):
    """The usernames the recorded matches name (who created, applied, recorded an event or a roll)."""
    names = set()
    for season in seasons:
        for fixture in season["fixtures"]:
            match = fixture.get("match") or {}
            names |= {match.get("created_by"), match.get("applied_by")}
            names |= {row.get("by") for row in match.get("dice_log", [])}
            names |= {
                event.get("by") for drive in match.get("drives", []) for event in drive.get("events", [])
            }
    return names - {None}


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
    check_limits(data)
    teams_in_file = data["version"] >= 5
    teams = (
        validate_teams(data["teams"], edition, {pair[0] for pair in data["users"]}) if teams_in_file else {}
    )
    users = _users(data["users"])
    league.save()
    moved = import_teams(teams, users)
    league.commissioners.set([users[name] for name in settings["commissioners"]])
    league.members.set([users[name] for name in settings["members"]])
    for index, season_data in enumerate(data["seasons"]):
        import_season(league, season_data, moved, teams_in_file=teams_in_file, where=f"seasons[{index}]")
    return league


def check_limits(data):
    """Refuse a document that would create more than the site takes (settings.LEAGUE_ARCHIVE_LIMITS:
    teams, players, fixtures, matches, and match rows: drives, events and dice rolls together), before
    anything is created; every limit passed is named."""
    fixtures = [fixture for season in data["seasons"] for fixture in season["fixtures"]]
    matches = [fixture["match"] for fixture in fixtures if fixture.get("match")]
    counts = {
        "teams": len(data.get("teams", [])),
        "players": sum(len(team.get("players", [])) for team in data.get("teams", [])),
        "fixtures": len(fixtures),
        "matches": len(matches),
        "match_rows": sum(_match_rows(match) for match in matches),
    }
    limits = site_settings.LEAGUE_ARCHIVE_LIMITS
    over = [
        _("%(what)s: %(count)d in the file, at most %(limit)d on this site.")
        % {"what": LIMIT_NAMES[name], "count": count, "limit": limits[name]}
        for name, count in counts.items()
        if count > limits[name]
    ]
    if over:
        raise ValidationError(over)


def _match_rows(match):
    drives = match.get("drives", [])
    return (
        len(drives) + sum(len(drive.get("events", [])) for drive in drives) + len(match.get("dice_log", []))
    )


LIMIT_NAMES = {
    "teams": gettext_lazy("Teams"),
    "players": gettext_lazy("Players"),
    "fixtures": gettext_lazy("Fixtures"),
    "matches": gettext_lazy("Recorded matches"),
    "match_rows": gettext_lazy("Drives, events and dice rolls"),
}


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


def _users(items):
    """{username in the file: User here}, for each [username, display name(, e-mail)] of the file: the
    account of that e-mail address if there is one, else the account of that username unless it is
    someone else's (another e-mail address), else a new account (its username made free if taken) with
    no usable password, for its owner to claim (accounts.claims)."""
    User = get_user_model()
    users = {}
    for username, display_name, *rest in items:
        email = rest[0] if rest else ""
        user = User.objects.filter(email__iexact=email).first() if email else None
        same_name = User.objects.filter(username=username).first()
        if (
            user is None
            and same_name
            and not (email and same_name.email and same_name.email.lower() != email.lower())
        ):
            user = same_name
        if user is None:
            user = User(username=free_username(username), display_name=display_name, email=email)
            user.set_unusable_password()
            user.save()
        users[username] = user
    return users
