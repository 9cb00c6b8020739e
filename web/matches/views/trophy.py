"""What the match page shows of a league trophy's ability in force (matches.services.trophy_ability:
the Flaming Goblet)."""

from matches.services import trophy_ability


def trophy_ability_shown(match, edition, language):
    """{"name", "team", "effect"} of the trophy ability the holder has in this match, else None."""
    in_force = trophy_ability.ability_in_force(match)
    if in_force is None:
        return None
    key = f"optional.{in_force['rule']}.{in_force['row']['id']}"
    return {
        "name": edition.text(f"{key}.name", language),
        "team": match.team(in_force["side"]),
        "effect": edition.text(f"{key}.effect", language),
    }
