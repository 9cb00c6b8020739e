"""Ereth Khial's Enthralled Elven Soul (BB2025's Spectacle of the Flame Eternal, Spike! Journal 21): once
per game, when a player with the dedication's `raised_from` keyword (an Elf, of either team) suffers a
Dead result, a team dedicated to Ereth Khial may put an Enthralled Elven Soul (optional.toml
[enthralled_elven_soul]) in its Reserves box; it plays out the game at the table. After the game the
coach may keep it for free (`hire_free`; its full value counts in Team Value) while the team has fewer
players than the edition's maximum, else it is lost (rulebook.dedication.raising)."""

from django.core.exceptions import ValidationError
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from matches.models import SIDES
from matches.services.outcome import match_edition
from rosters.models import Player
from rulebook import dedication


def _raising(match, side):
    return dedication.raising(match_edition(match), match.team(side).dedication_row)


def _keywords(match, side, key):
    """The position keywords of the player `key` of `side` (a roster player or a journeyman), or ()."""
    team = match.team(side)
    if key.startswith("p"):
        player = team.players.filter(pk=key[1:]).first()
        position = player.position if player is not None else None
    else:
        entry = next((j for j in match.journeymen(side) if j["key"] == key), None)
        position = entry.get("position") if entry is not None else None
    try:
        return team.rules.position(position).keywords if position else ()
    except KeyError:
        return ()


def soul_victims(match, side, *, hurt):
    """(side:key, name) of the players killed in the match whose death lets `side` raise a soul (empty
    for a team whose dedication raises none, or in a game where nobody dies)."""
    friendly = match.edition.settings.friendly if match.is_friendly else None
    raising = _raising(match, side)
    if raising is None or (friendly is not None and friendly.casualty_result == "badly_hurt"):
        return []
    victims = []
    for victim_side in SIDES:
        for key, results in hurt[victim_side].items():
            if any(r["dead"] for r in results) and raising["raised_from"] in _keywords(
                match, victim_side, key
            ):
                victims.append((f"{victim_side}:{key}", _name(match, victim_side, key)))
    return victims


def _name(match, side, key):
    if key.startswith("p"):
        player = match.team(side).players.filter(pk=key[1:]).first()
        return str(player) if player is not None else key
    entry = next((j for j in match.journeymen(side) if j["key"] == key), None)
    return f"#{entry['number']} {entry['name']}" if entry is not None else key


def check_soul(match, side, choice, *, hurt):
    """The checked soul kept by `side`: {"victim": "side:key", "name": str}, or None. `choice`: the same
    keys as chosen by the coach (victim empty: none kept)."""
    if not choice or not choice.get("victim"):
        return None
    victims = dict(soul_victims(match, side, hurt=hurt))
    if choice["victim"] not in victims:
        raise ValidationError(_("Only an Elf this match killed brings an Enthralled Elven Soul."))
    limit = match_edition(match).settings.max_players
    if match.team(side).players.on_roster().filter(journeyman=False).count() >= limit:
        raise ValidationError(_("The team has no room for the Enthralled Elven Soul: it is lost."))
    edition, row = match_edition(match), match.team(side).dedication_row
    default = edition.text(
        f"optional.{row['raises']}.{dedication.raising(edition, row)['id']}.name", get_language()
    )
    name = (choice.get("name") or "").strip() or default
    return {"victim": choice["victim"], "name": name[:60]}


def soul_player(team, soul, *, number):
    """The unsaved Player the kept soul makes of `team` (free: nothing leaves the treasury)."""
    position = dedication.raised_position(team.edition_rules, team.dedication_row, team.roster)
    return Player(
        team=team, number=number, name=soul["name"], position=position.id, **position.profile.as_dict()
    )
