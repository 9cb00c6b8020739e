"""Teams in NAFLM's team XML (the format of The-NAF/NAFLM-2025's `xml/import.xsd`), both ways (issue #23).

Import: a file of one or more `<team>`s becomes Dugout teams of one edition for one coach. Races and
positions are NAFLM ids, mapped through rulebook.naflm; the treasury is in thousands; a player's SPP come
from its achievements (completions, touchdowns, interceptions, casualties of each kind, MVPs) by the
edition's SPP table, its lasting injuries from the counts of MA, ST, AG, PA and AV injuries, `ni` its
niggling injuries, `status` "mng" a missed next game and "dead" a dead player. The file holds no skills
nor advancements: imported players have none, and every SPP unspent. The team's won/lost/draw and
goals, its coach, league and division ids are NAFLM's own bookkeeping and are not imported.

Each team is then checked as a Dugout team file is (rosters.team_json), and every problem of every team
is listed at once, each named by its place in the file; nothing is created unless the whole file is
right. The file is data from outside: parsed by defusedxml (no DTD, no entities, no external
references), at most MAX_BYTES, MAX_TEAMS teams and MAX_PLAYERS players a team.

Export: the team's roster (and its dead players) in the same XML, which NAFLM's import validates
(elements in the schema's order). Achievements are those of its applied matches (league.models.stats);
SPP that no achievement accounts for (an imported team's, a prayer's) are said in a comment.
"""

import re
from xml.etree.ElementTree import Comment, Element, SubElement, indent, tostring

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import ParseError, fromstring
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Sum
from django.utils.translation import gettext as _

from league.models import PlayerMatchStats
from rosters import team_json
from rosters.models import Player
from rulebook.edition import get_edition
from rulebook.naflm import naflm_ids

MAX_BYTES = 1_000_000
MAX_TEAMS = 50
MAX_PLAYERS = 40
TEAM_NUMBERS = ("treasury", "rr", "ff", "ass_coaches", "cheerleaders")
ACHIEVEMENTS = {"cp": "completion", "td": "touchdown", "intcpt": "interception", "mvp": "mvp"}
CASUALTIES = ("bh", "si", "ki")
INJURIES = ("ma", "st", "ag", "pa", "av")
PLAYER_NUMBERS = ("nr", *ACHIEVEMENTS, *CASUALTIES, *INJURIES, "ni")
STATUSES = {"none": Player.Status.ACTIVE, "mng": Player.Status.ACTIVE, "dead": Player.Status.DEAD}


class _Problems:
    """Every problem of the file, each named by its place, instead of stopping at the first."""

    def __init__(self):
        self.found = []

    def add(self, place, message):
        self.found.append(f"{place}: {message}")

    def number(self, element, tag, place, *, required=True):
        """A whole number of 0 or more from `element`'s child `tag` (None, and a problem, when wrong)."""
        text = element.findtext(tag)
        if text is None:
            if required:
                self.add(place, _("<%(tag)s> is missing.") % {"tag": tag})
            return None if required else 0
        if not text.strip().isdigit():
            self.add(
                place,
                _("<%(tag)s> must be a whole number of 0 or more (it is “%(value)s”).")
                % {"tag": tag, "value": text.strip()},
            )
            return None
        return int(text)

    def boolean(self, element, tag, place):
        text = (element.findtext(tag) or "").strip().lower()
        if text not in {"0", "1", "true", "false"}:
            self.add(place, _("<%(tag)s> must be 0, 1, true or false.") % {"tag": tag})
        return text in {"1", "true"}


def parse(content):
    """The `<team>` elements of a NAFLM file (bytes), or ValidationError saying why it cannot be read."""
    if len(content) > MAX_BYTES:
        raise ValidationError(_("The file is larger than %(size)d kB.") % {"size": MAX_BYTES // 1000})
    try:
        root = fromstring(content, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except (ParseError, DefusedXmlException) as error:
        raise ValidationError(_("This is not a NAFLM team file: %(error)s") % {"error": error}) from error
    if root.tag != "teams":
        raise ValidationError(_("This is not a NAFLM team file: its root element must be <teams>."))
    teams = root.findall("team")
    if not teams:
        raise ValidationError(_("The file holds no <team>."))
    if len(teams) > MAX_TEAMS:
        raise ValidationError(_("A file may hold at most %(count)d teams.") % {"count": MAX_TEAMS})
    return teams


def _team_place(index, element):
    name = (element.findtext("name") or "").strip()
    return (
        _("team %(number)d (%(name)s)") % {"number": index, "name": name}
        if name
        else _("team %(number)d") % {"number": index}
    )


def _player_place(team_place, index, element):
    name = (element.findtext("name") or "").strip()
    return _("%(team)s, player %(number)d (%(name)s)") % {"team": team_place, "number": index, "name": name}


def _player(problems, edition, race, element, place):
    """A player of the team file (rosters.team_json) from a `<player>`, or None where it is wrong."""
    numbers = {tag: problems.number(element, tag, place, required=tag != "pa") for tag in PLAYER_NUMBERS}
    pos_id = problems.number(element, "pos_id", place)
    status = (element.findtext("status") or "").strip().lower()
    if status not in STATUSES:
        problems.add(place, _("<status> must be none, mng or dead (it is “%(value)s”).") % {"value": status})
    naflm_position = naflm_ids().position(race, pos_id) if pos_id is not None else None
    if pos_id is not None and naflm_position is None:
        problems.add(place, _("%(race)s has no position of id %(id)d.") % {"race": race.name, "id": pos_id})
    elif naflm_position is not None and naflm_position.position is None:
        problems.add(
            place, _("%(position)s has no position in this edition.") % {"position": naflm_position.name}
        )
    if (
        None in numbers.values()
        or status not in STATUSES
        or not naflm_position
        or not naflm_position.position
    ):
        return None
    return _player_state(edition, race, naflm_position, numbers, status, element, place, problems)


def _player_state(edition, race, naflm_position, numbers, status, element, place, problems):
    # The team list is the edition's (_team_data checked it); an edition whose roster changed may lack
    # the position (a BB2025 position in BB2020).
    rules = edition.teams[race.team]
    position = next((found for found in rules.positions if found.id == naflm_position.position), None)
    if position is None:
        problems.add(
            place, _("%(position)s has no position in this edition.") % {"position": naflm_position.name}
        )
        return None
    spp = sum(edition_spp(edition, action) * numbers[tag] for tag, action in ACHIEVEMENTS.items())
    spp += edition_spp(edition, "casualty") * sum(numbers[tag] for tag in CASUALTIES)
    injuries = _lasting_injuries(edition, numbers)
    steps = edition.settings.characteristics.step
    characteristics = {}
    for name in ("ma", "st", "ag", "pa", "av"):
        base = getattr(position.profile, name)
        characteristics[name] = None if base is None else base - steps[name] * numbers.get(name, 0)
    return {
        "number": numbers["nr"],
        "name": (element.findtext("name") or "").strip(),
        "position": position.id,
        "status": STATUSES[status],
        "miss_next_game": status == "mng",
        **characteristics,
        "lasting_injuries": injuries,
        "niggling_injuries": numbers["ni"],
        "spp_earned": spp,
        "spp_spent": 0,
        "advancements": [],
    }


def edition_spp(edition, action):
    row = next((row for row in edition.tables["spp"].rows if row["id"] == action), None)
    return row["spp"] if row else 0


def _lasting_injuries(edition, numbers):
    """One lasting injury id of the edition's table per NAFLM injury count, by the characteristic it takes."""
    by_characteristic = {row["characteristic"]: row["id"] for row in edition.tables["lasting_injury"].rows}
    return [by_characteristic[name] for name in INJURIES for _count in range(numbers.get(name, 0))]


def _team_data(problems, element, place, edition, *, chosen_league="", chosen_rule=""):
    """The team file (rosters.team_json) of a `<team>` and the place of each of its players, or None."""
    race_id = problems.number(element, "race_id", place)
    race = naflm_ids().races.get(race_id) if race_id is not None else None
    if race_id is not None and race is None:
        problems.add(place, _("NAFLM has no race of id %(id)d.") % {"id": race_id})
    elif race is not None and race.team not in edition.teams:
        problems.add(place, _("%(race)s has no team list in this edition.") % {"race": race.name})
        race = None
    numbers = {tag: problems.number(element, tag, place) for tag in TEAM_NUMBERS}
    apothecary = problems.boolean(element, "apothecary", place)
    listed = element.find("players")
    elements = listed.findall("player") if listed is not None else []
    if not elements:
        problems.add(place, _("The team holds no <player>."))
    if len(elements) > MAX_PLAYERS:
        problems.add(place, _("A team may hold at most %(count)d players.") % {"count": MAX_PLAYERS})
        elements = []
    places = [_player_place(place, index, player) for index, player in enumerate(elements, start=1)]
    if race is None:
        return None, places
    players = [
        _player(problems, edition, race, player, spot) for player, spot in zip(elements, places, strict=True)
    ]
    if None in numbers.values() or None in players:
        return None, places
    data = {
        "format": team_json.FORMAT,
        "version": team_json.VERSION,
        "edition": edition.id,
        "roster": race.team,
        "chosen_rule": chosen_rule,
        "chosen_league": chosen_league,
        "name": (element.findtext("name") or "").strip(),
        "status": "ready",
        "treasury": numbers["treasury"] * 1000,
        "rerolls": numbers["rr"],
        "dedicated_fans": numbers["ff"],
        "apothecary": apothecary,
        "assistant_coaches": numbers["ass_coaches"],
        "cheerleaders": numbers["cheerleaders"],
        "players": players,
    }
    return data, places


# Where rosters.team_json places a player's problem: "players[3] (#7 Grim): ..." or "players[3].advancements".
_JSON_PLAYER = re.compile(r"^players\[(\d+)\][^:]*: ")


def _checked(problems, data, place, places):
    """The team file checked as rosters.team_json checks one, its problems named by their place."""
    try:
        return team_json.validate(data)
    except ValidationError as refused:
        for message in refused.messages:
            found = _JSON_PLAYER.match(message)
            if found:
                problems.add(places[int(found.group(1))], message[found.end() :])
            else:
                problems.add(place, message)
        return None


def read_teams(content, *, edition_id, chosen_league="", chosen_rule=""):
    """Every team of a NAFLM file as checked team files (rosters.team_json), or ValidationError listing
    every problem of the whole file, each with its place. Creates nothing."""
    edition = get_edition(edition_id)
    problems = _Problems()
    checked = []
    for index, element in enumerate(parse(content), start=1):
        place = _team_place(index, element)
        data, places = _team_data(
            problems, element, place, edition, chosen_league=chosen_league, chosen_rule=chosen_rule
        )
        if data is not None:
            checked.append(_checked(problems, data, place, places))
    if problems.found:
        raise ValidationError(problems.found)
    return checked


@transaction.atomic
def import_teams(content, *, coach, edition_id, chosen_league="", chosen_rule=""):
    """Create the teams of a NAFLM file for `coach` in edition `edition_id`, all or none.

    Side effects: creates each Team with its Players and an "import" ledger entry (rosters.team_json).
    """
    checked = read_teams(content, edition_id=edition_id, chosen_league=chosen_league, chosen_rule=chosen_rule)
    return [team_json.import_team(coach=coach, data=data) for data in checked]


# --- export ---------------------------------------------------------------------------------------


def _achievements(player, stats):
    casualties = stats.get("casualties") or 0
    kills = stats.get("kills") or 0
    return {
        "cp": stats.get("completions") or 0,
        "td": stats.get("touchdowns") or 0,
        "intcpt": stats.get("interceptions") or 0,
        "bh": casualties - kills,
        "ki": kills,
        "si": 0,
        "mvp": stats.get("mvp") or 0,
    }


def _injury_counts(edition, player):
    characteristic = {row["id"]: row["characteristic"] for row in edition.tables["lasting_injury"].rows}
    taken = [characteristic.get(injury) for injury in player.lasting_injuries]
    return {name: taken.count(name) for name in ("ma", "st", "ag", "av")}


def _add(parent, tag, value):
    SubElement(parent, tag).text = str(value)


def export_team(team):
    """The team in NAFLM's team XML (bytes): refused (ValidationError) when NAFLM has no race for it."""
    edition = get_edition(team.edition)
    race = naflm_ids().race_of_team(team.roster)
    if race is None:
        raise ValidationError(_("NAFLM has no race for this team list."))
    exported = (Player.Status.ACTIVE, Player.Status.TEMPORARILY_RETIRED, Player.Status.DEAD)
    players = list(team.players.filter(status__in=exported).order_by("number"))
    totals = {
        row["player"]: row
        for row in PlayerMatchStats.objects.filter(player__in=players)
        .values("player")
        .annotate(
            **{
                name: Sum(name)
                for name in ("completions", "touchdowns", "interceptions", "casualties", "kills", "mvp")
            }
        )
    }
    root = Element("teams")
    element = SubElement(root, "team")
    for tag, value in (
        ("name", team.name),
        ("coach_id", 0),
        ("race_id", race.naflm_id),
        ("league_id", 0),
        ("division_id", 0),
        ("treasury", team.treasury // 1000),
        ("apothecary", int(team.apothecary)),
        ("rr", team.rerolls),
        ("ff", team.dedicated_fans),
        ("ass_coaches", team.assistant_coaches),
        ("cheerleaders", team.cheerleaders),
        *((tag, 0) for tag in ("won", "lost", "draw", "wt", "gf", "ga")),
    ):
        _add(element, tag, value)
    listed = SubElement(element, "players")
    for player in players:
        _export_player(listed, edition, race, player, totals.get(player.pk, {}))
    indent(root)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + tostring(root, encoding="unicode").encode() + b"\n"


def _export_player(listed, edition, race, player, stats):
    element = SubElement(listed, "player")
    achievements = _achievements(player, stats)
    accounted = sum(edition_spp(edition, action) * achievements[tag] for tag, action in ACHIEVEMENTS.items())
    accounted += edition_spp(edition, "casualty") * sum(achievements[tag] for tag in CASUALTIES)
    if accounted != player.spp_earned:
        element.append(
            Comment(f" Dugout: {player.spp_earned} SPP earned, {accounted} from these achievements ")
        )
    status = "dead" if player.status == Player.Status.DEAD else "mng" if player.miss_next_game else "none"
    for tag, value in (
        ("name", player.name),
        ("nr", player.number),
        ("pos_id", naflm_ids().naflm_position_id(race, player.position) or 0),
        ("status", status),
        *achievements.items(),
        *_injury_counts(edition, player).items(),
        ("ni", player.niggling_injuries),
    ):
        _add(element, tag, value)
