"""What the pre-match steps share: the step name of their dice log, the match's edition, and two small
helpers for players of the match."""

from rulebook.data import SkillRef

STEP = "pre_match"


class Numbered:
    """Anything holding a shirt number, for next_free_number (journeymen and mercenaries have no row)."""

    def __init__(self, number):
        self.number = number


def skill_ref(skill):
    # A chosen skill with a parameter (Mighty Blow, Dirty Player) is taken at +1, as in advancement.
    return str(SkillRef(skill.id, "1" if skill.param == "plus" else None))
