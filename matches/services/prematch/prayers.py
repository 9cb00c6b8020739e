"""Prayers to Nuffle: the underdog's rolls (or those each team bought, BB2025), and the players of the
match a prayer may name."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from matches.models import SIDES, other
from matches.services.common import record_roll
from matches.services.prematch.journeymen import available_players, ctv
from matches.services.prematch.sequence import prayers_bought, prayers_bought_as_inducement, require_step
from matches.services.prematch.shared import STEP
from rulebook import formulas
from rulebook.coverage import carries_out
from rulebook.data import SkillRef


def prayers_side(match):
    """(the underdog, how many prayers it rolls for the CTV gap); (None, 0) without a gap, and always
    where the edition sells prayers as an inducement (see prayers_to_roll)."""
    if prayers_bought_as_inducement(match):
        return None, 0
    home, away = ctv(match, "home"), ctv(match, "away")
    if home == away:
        return None, 0
    count = formulas.prayers_count(home, away, edition=match.edition)
    return ("home" if home < away else "away"), count


def prayers_to_roll(match):
    """[(side, count)] of the prayers still to roll: the underdog's for the CTV gap, or each team's
    bought as inducements (BB2025) that it has not rolled yet."""
    if not prayers_bought_as_inducement(match):
        side, count = prayers_side(match)
        return [(side, count)] if side and not match.prayers_done else []
    return [
        (side, prayers_bought(match, side))
        for side in SIDES
        if prayers_bought(match, side) and not match.side_value("prayers", side)
    ]


@carries_out("inducement", row="prayers_to_nuffle")
@transaction.atomic
def roll_prayers(match, *, dice, user, faces=None, side=None):
    """Roll the prayers of `side` (default: the first team with prayers to roll, see prayers_to_roll):
    one D16 each, a result the team already has is rolled again.

    `faces`: the entered D16 results in order (a duplicate is refused: roll it again). The step is
    done once every team rolled and the players named by these prayers are recorded too (see
    pending_prayers). Side effects: stores the prayers on the match, logs every roll (re-rolls
    included).
    """
    require_step(match, "prayers")
    waiting = dict(prayers_to_roll(match))
    if side is not None and side not in waiting:
        raise ValidationError(_("This team has no prayers to roll."))
    side = side or next(iter(waiting), None)
    count = waiting.get(side, 0)
    results: list[dict] = []
    if side:
        table = match.edition.table("prayers_to_nuffle")
        team = match.team(side)
        entered = list(faces or [])
        if entered and len(entered) != count:
            raise ValidationError(_("Enter one D16 per prayer (%(count)d).") % {"count": count})
        while len(results) < min(count, 16):
            face = [entered[len(results)]] if entered else None
            roll = record_roll(
                match,
                dice=dice,
                notation=table.dice,
                purpose="prayer",
                step=STEP,
                user=user,
                faces=face,
                team=team,
            )
            row = table.row_for(roll.total)["id"]
            if row in results:
                if entered:
                    raise ValidationError(_("Prayer results must differ: roll the duplicate again."))
                continue
            results.append(row)
        # Entries, not bare ids: the players a prayer names are added to its entry (see prayer_needs).
        match.set_side_value("prayers", side, [{"id": row} for row in results])
    # The underdog rolls once; teams that bought prayers each roll theirs.
    match.prayers_done = not prayers_bought_as_inducement(match) or not prayers_to_roll(match)
    match.save()
    return side, results


def target_side(side, row):
    """The team whose players a prayer of `side` names."""
    return other(side) if row["target"].startswith("opponent") else side


def match_players(match, side):
    """Everyone `side` may field in this match, by number: {"key", "name", "number", "position" (rulebook
    Position), "skills" (skill ids), "player" (roster row or None)}: the roster players available, the
    journeymen (with the edition's journeyman skills) and the mercenaries of the match (one query)."""
    team = match.team(side)
    players = [
        {
            "key": f"p{player.pk}",
            "name": str(player),
            "number": player.number,
            "position": player.position_rules,
            "skills": {ref.id for ref, _origin in player.all_skills()},
            "player": player,
        }
        for player in available_players(team)
    ]
    journeyman_skills = match.edition.settings.journeymen.skills
    for entry in match.journeymen(side):
        position = team.rules.position(entry["position"])
        skills = entry.get("skills", []) if entry.get("mercenary") else journeyman_skills
        players.append(
            {
                "key": entry["key"],
                "name": f"#{entry['number']} {entry['name']}",
                "number": entry["number"],
                "position": position,
                "skills": {ref.id for ref in position.skills} | {SkillRef.parse(ref).id for ref in skills},
                "player": None,
            }
        )
    return sorted(players, key=lambda player: player["number"])


@carries_out("prayer", key="target")
@carries_out("prayer", key="excludes")
def prayer_candidates(match, side, row, *, players=None):
    """The players a prayer of `side` (its table row) may name: match_players of the target team
    (`players`, when already read) but those with a skill the row excludes."""
    players = match_players(match, target_side(side, row)) if players is None else players
    excluded = set(row.get("excludes", []))
    return [player for player in players if not player["skills"] & excluded]


def prayer_skill_options(match, pending, *, players=None):
    """The skills Intensive Training may give its player: the Primary skills of the player's position
    that they do not have already (no player: none)."""
    key = pending.entry["targets"][0]["key"]
    players = match_players(match, target_side(pending.side, pending.row)) if players is None else players
    player = next((p for p in players if p["key"] == key), None)
    if player is None:
        return []
    return [
        skill
        for skill in match.edition.skills.values()
        if skill.category in player["position"].primary and skill.id not in player["skills"]
    ]


def random_player_dice(edition):
    """The die that picks a random player on the list (tables.toml [game_terms] random_player)."""
    return edition.table("game_terms").row("random_player")["rolls"][0]
