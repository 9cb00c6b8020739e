"""What the match pages show of the Jolly Jouster Cup (matches.services.jolly_jouster): the Dukedom the game
is played in, beside the weather, with what it gives for as long as it lasts (the free inducements and
the game's effects all game long, a drive's effects while a drive is open), and who the Jouster's
Chalice gave its skills to."""

from django.utils.translation import gettext as _

from matches.services import jolly_jouster
from rulebook.data import SkillRef

# A Dukedom's skills by how long they last and whose players have them (its row's `duration` and
# `target`: no target, every player of the match): what the live page says while they are in force.
_SKILLS_IN_FORCE = {
    ("game", None): lambda skills: _("every player has %(skills)s for the game") % {"skills": skills},
    ("game", "own_chosen"): lambda skills: (
        _("one player chosen by each coach has %(skills)s for the game") % {"skills": skills}
    ),
    ("drive", "own_random"): lambda skills: (
        _("this drive: one random player of each team on the pitch has %(skills)s") % {"skills": skills}
    ),
}


def skills_label(edition, refs, language):
    """ "Foul Appearance, Disturbing Presence": the skills of a data row, named in `language`."""
    return ", ".join(edition.skill_label(SkillRef.parse(ref), language) for ref in refs)


def free_label(match, edition, language):
    """ "Team Mascot", "Blitzer's Best Keg ×2": what each team gets for free from the Dukedom ("" for
    nothing)."""
    return ", ".join(
        edition.name(edition.inducements[item["id"]], language)
        + (f" ×{item['count']}" if item["count"] > 1 else "")
        for item in jolly_jouster.free_inducements(match)
    )


def inducement_notes(match, edition, language):
    """What the Dukedom changes in the inducements, as the shop and the scoreboard say it: what each team
    gets for free, what no team may buy ([] for nothing)."""
    notes = []
    free = free_label(match, edition, language)
    if free:
        notes.append(_("free for the game, for each team: %(items)s") % {"items": free})
    not_for_sale = sorted(jolly_jouster.not_for_sale(match))
    if not_for_sale:
        names = ", ".join(edition.name(edition.inducements[item], language) for item in not_for_sale)
        notes.append(_("no team may buy any %(items)s") % {"items": names})
    return notes


def dukedom_shown(match, edition, language, *, drive_open=False, whole_game=False):
    """{"rule", "name", "effect", "in_force": [text]} of the Dukedom the match is played in (None before
    it is rolled, or without the rule): its free inducements, its Rush modifier, its skills and its Rush
    falls. What lasts a drive is listed only while a drive is open (`drive_open`), or, with
    `whole_game` (the report), as what happens at each drive."""
    row = jolly_jouster.dukedom_row(match)
    if row is None:
        return None
    in_force = inducement_notes(match, edition, language)
    if row.get("rush_modifier"):
        in_force.append(
            _("%(modifier)s to every Rush for the game") % {"modifier": f"{row['rush_modifier']:+d}"}
        )
    skills = skills_label(edition, row.get("skills", ()), language)
    lasts = row.get("duration")
    if skills and (lasts == "game" or drive_open or whole_game):
        if lasts == "drive" and whole_game:
            in_force.append(
                _("at each drive: one random player of each team on the pitch has %(skills)s until it ends")
                % {"skills": skills}
            )
        elif (lasts, row.get("target")) in _SKILLS_IN_FORCE:
            in_force.append(_SKILLS_IN_FORCE[lasts, row.get("target")](skills))
    if row.get("rush_fall_no_injury"):
        in_force.append(_("no Injury roll for a player who falls over while Rushing"))
    key = f"optional.{jolly_jouster.DUKEDOMS}"
    return {
        "rule": edition.text(f"{key}.name", language),
        "name": edition.text(f"{key}.{row['id']}.name", language),
        "effect": edition.text(f"{key}.{row['id']}.effect", language),
        "in_force": in_force,
    }


def chalice_outcome(match, edition, language):
    """ "#5 Griff has Dauntless for the game" once the Jouster's Chalice is rolled, or what it gave
    where no nominee had the number ("" before the roll)."""
    if "roll" not in match.chalice:
        return ""
    winner = jolly_jouster.chalice_winner(match)
    if winner is None:
        return _("no nominee has number %(number)d") % {"number": match.chalice["roll"]}
    return _("%(player)s has %(skills)s for the game") % {
        "player": winner["name"],
        "skills": skills_label(edition, winner["skills"], language),
    }


def chalice_shown(match, edition, language):
    """{"rule", "team", "outcome", "effect"} of the Jouster's Chalice once rolled in the match, else None."""
    if not jolly_jouster.chalice_side(match) or "roll" not in match.chalice:
        return None
    key = f"optional.{jolly_jouster.RULE}.{jolly_jouster.CHALICE}"
    return {
        "rule": edition.text(f"{key}.name", language),
        "team": match.team(match.chalice["side"]),
        "outcome": chalice_outcome(match, edition, language),
        "effect": edition.text(f"{key}.effect", language),
    }
