"""Masters of Undeath (and BB2020's Vampire Lord, the same rule for a Thrall): once per game, an
opposition player with ST 4 or less and none of the skills the roster excludes (teams.toml
raise_excluded_skills: Stunty; in BB2020 Regeneration too) who suffers a Dead result may be raised as a
Lineman of the team's roster (teams.toml raised_positions), hired for free after the game while the team
has fewer players than the edition's [journeymen] hire_requires_fewer_than; it still adds its full value
to Team Value."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from matches.models import other
from matches.services.outcome import match_edition
from rosters.models import Player
from rulebook.coverage import carries_out

# The team rules that raise a killed opponent, each edition's name for it.
RAISING_RULES = ("masters_of_undeath", "vampire_lord")
MAX_ST = 4


def raising_rule(match, side):
    """The team rule of `side` that raises killed opponents, or None."""
    team = match.team(side)
    return next((rule for rule in RAISING_RULES if team.has_rule(rule)), None)


def may_raise(match, side):
    """Whether `side` may raise a killed opponent: by a rule of its own, in a game where players die (in
    a friendly whose casualties all count as Badly Hurt, edition.toml [friendly], nobody does)."""
    friendly = match.edition.settings.friendly if match.is_friendly else None
    if friendly is not None and friendly.casualty_result == "badly_hurt":
        return False
    return raising_rule(match, side) is not None


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


@carries_out("team_rule", row="masters_of_undeath")
@carries_out("team_rule", row="vampire_lord")
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
    """The victim's name if it may be raised (ST 4 or less, none of the skills excluded), else None."""
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
    excluded = set(match.team(other(side)).rules.extra.get("raise_excluded_skills", ()))
    if st > MAX_ST or skills & excluded:
        return None
    return name
