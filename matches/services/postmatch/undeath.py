"""Masters of Undeath: once per game, an opposition player with ST 4 or less and without Stunty who
suffers a Dead result may be raised as a Lineman of the team's roster (teams.toml raised_positions),
hired for free after the game while the team has fewer players than the edition's
[journeymen] hire_requires_fewer_than; it still adds its full value to Team Value."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from matches.models import other
from matches.services.outcome import match_edition
from rosters.models import Player

RULE = "masters_of_undeath"
MAX_ST = 4
STUNTY = "stunty"


def may_raise(match, side):
    return match.team(side).has_rule(RULE)


def raisable(match, side, *, hurt):
    """(victim key, name) of the opponents of `side` killed in the match who may be raised."""
    if not may_raise(match, side):
        return []
    dead = [key for key, results in hurt[other(side)].items() if any(r["dead"] for r in results)]
    victims = []
    for key in dead:
        name = _victim_name(match, other(side), key)
        if name is not None:
            victims.append((key, name))
    return victims


def positions(match, side):
    """The rulebook positions a raised player of `side` may take (teams.toml raised_positions)."""
    rules = match.team(side).rules
    return [rules.position(position_id) for position_id in rules.extra.get("raised_positions", [])]


def check_raised(match, side, choice, *, hurt):
    """The checked raise of `side`: {"victim": key, "position": id, "name": str}, or None.
    `choice`: the same keys as chosen by the coach (victim empty: no player raised)."""
    if not choice or not choice.get("victim"):
        return None
    victims = dict(raisable(match, side, hurt=hurt))
    if choice["victim"] not in victims:
        raise ValidationError(_("Only an opposition player this match killed may be raised."))
    allowed = {position.id: position for position in positions(match, side)}
    position = choice.get("position") or next(iter(allowed), "")
    if position not in allowed:
        raise ValidationError(_("A raised player takes one of the team's Lineman positions."))
    team = match.team(side)
    limit = match_edition(match).settings.journeymen.hire_requires_fewer_than
    if team.players.on_roster().filter(journeyman=False).count() >= limit:
        raise ValidationError(_("The team has no room for a raised player."))
    name = (choice.get("name") or "").strip() or victims[choice["victim"]]
    return {"victim": choice["victim"], "position": position, "name": name[:60]}


def raised_player(team, raised, *, number):
    """The unsaved Player `raised` makes of `team` (free: nothing leaves the treasury)."""
    position = team.rules.position(raised["position"])
    return Player(
        team=team, number=number, name=raised["name"], position=position.id, **position.profile.as_dict()
    )


def _victim_name(match, side, key):
    """The victim's name if it may be raised (ST 4 or less, no Stunty), else None."""
    if key.startswith("p"):
        player = match.team(side).players.filter(pk=key[1:]).first()
        if player is None:
            return None
        skills = {ref.id for ref, _origin in player.all_skills()}
        st, name = player.st, player.name
    else:
        entry = next((j for j in match.journeymen(side) if j["key"] == key), None)
        if entry is None:
            return None
        position = match.team(side).rules.position(entry["position"])
        skills = {ref.id for ref in position.skills} | {s.split(":")[0] for s in entry.get("skills", [])}
        st, name = position.profile.st, entry["name"]
    if st > MAX_ST or STUNTY in skills:
        return None
    return name
