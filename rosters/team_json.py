"""A team as JSON: export it, check a file against the rulebook, import it as a new team.

The format is described in docs/team-json.md. Values (player value, TV, CTV) are written for readers
but recomputed on import; everything else is checked against the edition's data before anything is
created.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rosters.advancement import offered_kinds
from rosters.dedication import dedication_problems
from rosters.ledger import snapshot_player, snapshot_team
from rosters.models import LedgerEntry, Player, Team
from rosters.team_json_checks import check_captain, check_league, validate_pending
from rosters.values import player_value, refresh_team_value
from rulebook import dedication as dedication_rules
from rulebook.data import CHARACTERISTICS, SkillRef
from rulebook.edition import available_editions, get_edition

FORMAT = "dugout-team"
VERSION = 1
SKILL_KINDS = ("random_primary", "chosen_primary", "random_secondary", "chosen_secondary")
_ON_ROSTER = {Player.Status.ACTIVE, Player.Status.TEMPORARILY_RETIRED}


# --- export ---------------------------------------------------------------------------------------


def export_team(team, players=None):
    """The team and every player it ever had, as a JSON-ready dict (format version 1)."""
    players = players if players is not None else list(team.players.all())
    return {
        "format": FORMAT,
        "version": VERSION,
        "edition": team.edition,
        "roster": team.roster,
        "chosen_rule": team.chosen_rule,
        "chosen_league": team.chosen_league,
        "dedication": team.dedication,
        "dedication_position": team.dedication_position,
        "name": team.name,
        "status": team.status,
        "treasury": team.treasury,
        "rerolls": team.rerolls,
        "dedicated_fans": team.dedicated_fans,
        "apothecary": team.apothecary,
        "assistant_coaches": team.assistant_coaches,
        "cheerleaders": team.cheerleaders,
        "team_value": team.team_value,
        "current_team_value": team.current_team_value,
        "players": [_export_player(player) for player in players],
    }


def _export_player(player):
    return {
        "number": player.number,
        "name": player.name,
        "position": player.position,
        "status": player.status,
        "journeyman": player.journeyman,
        "is_captain": player.is_captain,
        **{name: getattr(player, name) for name in CHARACTERISTICS},
        "advancements": player.advancements,
        "extra_skills": player.extra_skills,
        "pending_advancement": player.pending_advancement,
        "lasting_injuries": player.lasting_injuries,
        "niggling_injuries": player.niggling_injuries,
        "miss_next_game": player.miss_next_game,
        "spp_earned": player.spp_earned,
        "spp_spent": player.spp_spent,
        "value": player.value,
    }


# --- validation -----------------------------------------------------------------------------------


class _Checker:
    """Collects every problem of a file, each prefixed with where it is, instead of stopping at the first."""

    def __init__(self):
        self.problems = []

    def fail(self, where, message):
        self.problems.append(f"{where}: {message}" if where else message)

    def integer(self, data, key, where, *, low=None, high=None, default=None, required=True):
        value = data.get(key, default)
        if value is None and not required:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(where, _("“%(key)s” must be a whole number.") % {"key": key})
            return default
        if (low is not None and value < low) or (high is not None and value > high):
            self.fail(
                where,
                _("“%(key)s” must be between %(low)s and %(high)s (it is %(value)s).")
                % {"key": key, "low": low, "high": high, "value": value},
            )
            return default
        return value

    def boolean(self, data, key, where, default=False):
        value = data.get(key, default)
        if not isinstance(value, bool):
            self.fail(where, _("“%(key)s” must be true or false.") % {"key": key})
            return default
        return value

    def text(self, data, key, where, *, max_length, required=True, default=""):
        value = data.get(key, default)
        if not isinstance(value, str) or (required and not value.strip()):
            self.fail(where, _("“%(key)s” must be a non-empty text.") % {"key": key})
            return default
        if len(value) > max_length:
            self.fail(
                where, _("“%(key)s” is longer than %(max)d characters.") % {"key": key, "max": max_length}
            )
            return value[:max_length]
        return value.strip()

    def listing(self, data, key, where):
        value = data.get(key, [])
        if not isinstance(value, list):
            self.fail(where, _("“%(key)s” must be a list.") % {"key": key})
            return []
        return value

    def skill(self, edition, text, where):
        if not isinstance(text, str):
            self.fail(where, _("A skill must be written as text, like “block” or “mighty_blow:1”."))
            return None
        ref = SkillRef.parse(text)
        if ref.id not in edition.skills:
            self.fail(where, _("Unknown skill “%(skill)s”.") % {"skill": ref.id})
            return None
        return str(ref)


def validate(data):
    """Check a parsed team file against the rulebook; the cleaned data, or ValidationError listing
    every problem found (nothing is created either way)."""
    check = _Checker()
    if not isinstance(data, dict):
        raise ValidationError(_("The file must hold one JSON object, a team."))
    if data.get("format") != FORMAT:
        check.fail(
            "", _("This is not a Dugout team file (“format” must be “%(format)s”).") % {"format": FORMAT}
        )
    if data.get("version") != VERSION:
        check.fail("", _("Dugout reads version %(version)d of the team format.") % {"version": VERSION})
    return validate_content(data, check)


def validate_content(data, check=None):
    """Check a team's data (a team file without its format and version, or a league archive's team)
    against the rulebook; the cleaned data, or ValidationError listing every problem found."""
    check = check or _Checker()
    if not isinstance(data, dict):
        raise ValidationError(_("A team must be a JSON object."))
    edition_id = data.get("edition")
    if edition_id not in available_editions():
        check.fail("", _("Unknown edition “%(edition)s”.") % {"edition": edition_id})
        raise ValidationError(check.problems)
    edition = get_edition(edition_id)
    rules = edition.teams.get(data.get("roster"))
    if rules is None:
        check.fail("", _("Unknown team list “%(roster)s”.") % {"roster": data.get("roster")})
        raise ValidationError(check.problems)
    settings = edition.settings
    team = {
        "edition": edition.id,
        "roster": rules.id,
        "name": check.text(data, "name", "", max_length=80),
        "chosen_rule": data.get("chosen_rule") or "",
        "chosen_league": data.get("chosen_league") or "",
        "dedication": data.get("dedication") or "",
        "dedication_position": (data.get("dedication_position") or "") if data.get("dedication") else "",
        "status": data.get("status", Team.Status.DRAFT),
        "treasury": check.integer(data, "treasury", "", low=-10_000_000, high=100_000_000, default=0),
        "rerolls": check.integer(data, "rerolls", "", low=0, high=settings.max_rerolls, default=0),
        "dedicated_fans": check.integer(
            data,
            "dedicated_fans",
            "",
            low=settings.dedicated_fans.min,
            high=settings.dedicated_fans.max,
            default=1,
        ),
        "apothecary": check.boolean(data, "apothecary", ""),
        "assistant_coaches": check.integer(
            data, "assistant_coaches", "", low=0, high=settings.staff.assistant_coach.max, default=0
        ),
        "cheerleaders": check.integer(
            data, "cheerleaders", "", low=0, high=settings.staff.cheerleader.max, default=0
        ),
    }
    if rules.special_rule_options and team["chosen_rule"] not in rules.special_rule_options:
        check.fail("", _("This team list needs one of its special rules in “chosen_rule”."))
    if not rules.special_rule_options and team["chosen_rule"]:
        check.fail("", _("This team list has no special rule to choose."))
    check_league(check, edition, rules, team)
    for problem in dedication_problems(edition, rules, team["dedication"], team["dedication_position"]):
        check.fail("", problem)
    # A dedicated team's list: the roster's, and the position its god may raise (the Enthralled Elven Soul).
    rules = dedication_rules.team_list(edition.id, rules.id, team["dedication"] if not check.problems else "")
    if team["status"] not in Team.Status.values:
        check.fail("", _("Unknown team status “%(status)s”.") % {"status": team["status"]})
    if team["apothecary"] and not rules.apothecary:
        check.fail("", _("This team may not hire an apothecary."))
    players = [
        _validate_player(check, edition, rules, entry, f"players[{index}]")
        for index, entry in enumerate(check.listing(data, "players", ""))
    ]
    _check_roster(check, edition, rules, [p for p in players if p], team)
    check_captain(check, rules, team, [p for p in players if p])
    if check.problems:
        raise ValidationError(check.problems)
    return {"team": team, "players": players}


def _validate_player(check, edition, rules, entry, where):
    if not isinstance(entry, dict):
        check.fail(where, _("A player must be a JSON object."))
        return None
    if isinstance(entry.get("name"), str) and isinstance(entry.get("number"), int):
        where = f"{where} (#{entry['number']} {entry['name']})"
    position_id = entry.get("position")
    try:
        position = rules.position(position_id)
    except KeyError:
        check.fail(
            where,
            _("Unknown position “%(position)s” for the %(team)s team list.")
            % {"position": position_id, "team": edition.name(rules, get_language())},
        )
        return None
    bounds = edition.settings.characteristics.bounds
    player = {
        "number": check.integer(entry, "number", where, low=1, high=99, default=1),
        "name": check.text(entry, "name", where, max_length=60),
        "position": position.id,
        "status": entry.get("status", Player.Status.ACTIVE),
        "journeyman": check.boolean(entry, "journeyman", where),
        "is_captain": check.boolean(entry, "is_captain", where),
        "niggling_injuries": check.integer(entry, "niggling_injuries", where, low=0, high=20, default=0),
        "miss_next_game": check.boolean(entry, "miss_next_game", where),
        "spp_earned": check.integer(entry, "spp_earned", where, low=0, high=10_000, default=0),
        "spp_spent": check.integer(entry, "spp_spent", where, low=0, high=10_000, default=0),
    }
    if player["status"] not in Player.Status.values:
        check.fail(where, _("Unknown player status “%(status)s”.") % {"status": player["status"]})
    for name in CHARACTERISTICS:
        low, high = bounds[name]
        default = getattr(position.profile, name)
        player[name] = check.integer(
            entry, name, where, low=low, high=high, default=default, required=name != "pa"
        )
    if player["spp_spent"] > player["spp_earned"]:
        check.fail(where, _("More SPP spent than earned."))
    player["advancements"] = _validate_advancements(check, edition, entry, where)
    player["extra_skills"] = []
    for index, extra in enumerate(check.listing(entry, "extra_skills", where)):
        spot = f"{where}.extra_skills[{index}]"
        if not isinstance(extra, dict):
            check.fail(spot, _("An extra skill must be a JSON object."))
            continue
        skill = check.skill(edition, extra.get("skill"), spot)
        origin = check.text(extra, "origin", spot, max_length=40)
        if skill:
            player["extra_skills"].append({"skill": skill, "origin": origin})
    player["pending_advancement"] = validate_pending(check, edition, entry.get("pending_advancement"), where)
    injuries = {row["id"] for row in edition.table("lasting_injury").rows}
    player["lasting_injuries"] = []
    for injury in check.listing(entry, "lasting_injuries", where):
        if injury not in injuries:
            check.fail(where, _("Unknown lasting injury “%(injury)s”.") % {"injury": injury})
        else:
            player["lasting_injuries"].append(injury)
    return player


def _validate_advancements(check, edition, entry, where):
    advancements = []
    entries = check.listing(entry, "advancements", where)
    limit = edition.settings.advancement.max_advancements
    if len(entries) > limit:
        check.fail(where, _("A player may take at most %(max)d advancements.") % {"max": limit})
    for index, item in enumerate(entries):
        spot = f"{where}.advancements[{index}]"
        if not isinstance(item, dict):
            check.fail(spot, _("An advancement must be a JSON object."))
            continue
        kind = item.get("kind")
        if kind not in (*offered_kinds(edition), *CHARACTERISTICS) or kind == "characteristic":
            check.fail(spot, _("Unknown advancement kind “%(kind)s”.") % {"kind": kind})
            continue
        clean = {"kind": kind, "spp": check.integer(item, "spp", spot, low=0, high=100, default=0)}
        if kind in SKILL_KINDS:
            skill = check.skill(edition, item.get("skill"), spot)
            if skill is None:
                continue
            clean["skill"] = skill
        for key in ("via", "roll"):
            if key in item:
                clean[key] = item[key]
        advancements.append(clean)
    return advancements


def _check_roster(check, edition, rules, players, team):
    on_roster = [p for p in players if p["status"] in _ON_ROSTER]
    numbers = [p["number"] for p in on_roster]
    for number in sorted({n for n in numbers if numbers.count(n) > 1}):
        check.fail("", _("Number %(number)d is taken by more than one player.") % {"number": number})
    permanent = [p for p in on_roster if not p["journeyman"]]
    limit = edition.settings.max_players
    if len(permanent) > limit:
        check.fail("", _("A team may have at most %(max)d players.") % {"max": limit})
    for position in rules.positions:
        count = sum(1 for p in permanent if p["position"] == position.id)
        row = dedication_rules.chosen_row(edition, team["dedication"])
        most = dedication_rules.position_max(row, rules, position, team["dedication_position"])
        if position.max and count > most:  # a position only raised (max 0) is never hired
            check.fail(
                "",
                _("%(position)s: %(count)d players, at most %(max)d.")
                % {"position": edition.name(position, get_language()), "count": count, "max": most},
            )
    if rules.max_big_guys is not None:
        big_guys = sum(1 for p in permanent if rules.position(p["position"]).big_guy)
        if big_guys > rules.max_big_guys:
            check.fail(
                "",
                _("Too many big guys: %(count)d, at most %(max)d.")
                % {"count": big_guys, "max": rules.max_big_guys},
            )


# --- import -----------------------------------------------------------------------------------------


@transaction.atomic
def import_team(*, coach, data):
    """Create a new team for `coach` from validated data (see validate).

    Side effects: creates the Team, its Players (values recomputed) and a ledger entry of kind "import".
    """
    team, players = create_team(coach=coach, data=data)
    LedgerEntry.objects.create(
        team=team,
        kind=LedgerEntry.Kind.IMPORT,
        actor=coach,
        details={"players": len(players)},
        before={},
        after={
            "team": snapshot_team(team),
            "players": {str(p.pk): snapshot_player(p) for p in players},
        },
    )
    return team


def create_team(*, coach, data):
    """The Team and its Players (in the order of `data`, values recomputed) from validated data, without
    a ledger entry: import_team adds one, a league archive brings the team's own ledger."""
    team = Team.objects.create(coach=coach, **data["team"])
    players = []
    for state in data["players"]:
        player = Player(team=team, **state)
        player.value = player_value(player)
        player.save()
        players.append(player)
    refresh_team_value(team, [p for p in players if p.status in _ON_ROSTER])
    team.save()
    return team, players
