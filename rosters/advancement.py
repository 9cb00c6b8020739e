"""Player advancement: spending SPP on skills and characteristic improvements, by the rulebook.

Dice are rolled by Dugout (`dice`, a rulebook.dice.Dice) or entered by the coach from real dice
(`faces`); both are recorded in the ledger entry.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from rosters import ledger
from rosters.models import LedgerEntry, Player
from rulebook import dedication, formulas
from rulebook.coverage import carries_out
from rulebook.data import SkillRef
from rulebook.dice import Dice, DiceError, roll_or_enter
from rulebook.edition import get_edition

SKILL_KINDS = ("random_primary", "chosen_primary", "random_secondary", "chosen_secondary")


def categories(player, kind):
    """The skill category letters the player may pick from for an advancement of `kind` (the team's
    dedication may add Primary ones: Khaine's Strength, Loec's Devious)."""
    position = player.position_rules
    team = player.team
    primary = dedication.primary_categories(team.dedication_row, position, team.dedication_position)
    if kind.endswith("primary"):
        return primary
    return "".join(letter for letter in position.secondary if letter not in primary)


def unchoosable_skill_ids(player):
    """Skills the player may gain only at random (the team's dedication: Loec's Leader)."""
    row = player.team.dedication_row
    return {
        skill_id
        for skill_id in get_edition(player.team.edition).skills
        if not dedication.may_choose_skill(row, skill_id)
    }


def secondary_trait_ids(player):
    """Traits a chosen Secondary advancement may take, valued as a Primary one (the team's dedication:
    Loec's Trickster, Ereth Khial's Regeneration), less those the player holds."""
    held = held_skill_ids(player)
    return [trait for trait in dedication.secondary_traits(player.team.dedication_row) if trait not in held]


def held_skill_ids(player):
    return {ref.id for ref, _origin in player.all_skills()}


def offered_kinds(edition):
    """The advancements this edition offers, in the order of SKILL_KINDS then "characteristic"
    (BB2025 has no random secondary skill)."""
    kinds = formulas.advancement_kinds(edition=edition)
    return tuple(kind for kind in (*SKILL_KINDS, "characteristic") if kind in kinds)


def next_cost(player, kind):
    """SPP the player's next advancement of `kind` costs, or None when no more are allowed (or the
    edition has no such advancement)."""
    edition = get_edition(player.team.edition)
    taken = len(player.advancements)
    if taken >= edition.settings.advancement.max_advancements or kind not in offered_kinds(edition):
        return None
    return formulas.advancement_cost(kind, taken, edition=edition)


def advancement_options(player):
    """For each kind: its SPP cost and whether the player can afford it now (for the roster page)."""
    options = []
    for kind in offered_kinds(get_edition(player.team.edition)):
        cost = next_cost(player, kind)
        letters = "" if kind == "characteristic" else categories(player, kind)
        options.append(
            {
                "kind": kind,
                "cost": cost,
                "categories": letters,
                "affordable": cost is not None
                and player.spp >= cost
                and (kind == "characteristic" or bool(letters)),
            }
        )
    return options


def _check_can_advance(player, kind, category=None):
    if player.status != Player.Status.ACTIVE or player.journeyman:
        raise ValidationError(_("Only an active, permanently hired player can advance."))
    if random_skill_options(player):
        raise ValidationError(_("Keep one of the skills drawn at random first."))
    if player.pending_advancement:
        raise ValidationError(_("Finish the characteristic improvement already rolled first."))
    edition = get_edition(player.team.edition)
    if kind not in offered_kinds(edition):
        raise ValidationError(_("This edition has no such advancement."))
    cost = next_cost(player, kind)
    if cost is None:
        raise ValidationError(_("A player may take at most six advancements."))
    if player.spp < cost:
        raise ValidationError(
            _("This advancement costs %(cost)d SPP; the player has %(spp)d.")
            % {"cost": cost, "spp": player.spp}
        )
    # A category is one letter: "" or "GS" are "in" the string "GS" but are no category.
    if category is not None and (len(category) != 1 or category not in categories(player, kind)):
        raise ValidationError(_("This player has no access to that skill category for this advancement."))
    return cost


def _spend(player, cost):
    player.spp_spent += cost


def _draw(edition):
    """How a random skill is drawn (random_skills.toml [draw]): rolls made, and one kept."""
    rolls = edition.settings.advancement.random_skill_rolls
    return 1 if rolls is None else rolls


def _roll_skill(edition, category, held, dice, faces):
    """One random skill (re-rolled while held) and its rolls; `faces`: two entered dice."""
    if faces:
        try:
            roll = roll_or_enter(None, "2D6", faces, purpose="random_skill")
        except DiceError as error:
            raise ValidationError(_("Enter two dice from 1 to 6.")) from error
        skill = formulas.random_skill(category, *roll.faces, edition=edition)
        if skill.id in held:
            raise ValidationError(_("The player already has this skill: roll the dice again."))
        return skill, [roll]
    try:
        return formulas.pick_random_skill(
            category, [SkillRef(i) for i in held], dice or Dice(), edition=edition
        )
    except ValueError as error:
        raise ValidationError(_("The player already has every skill of this category.")) from error


@carries_out("advancement", row="random_primary")
# BB2020's cost column "chosen_primary_or_random_secondary": its random Secondary skill is rolled here,
# its chosen Primary skill taken by take_chosen_skill (formulas.advancement_kinds splits the column).
@carries_out("advancement", row="chosen_primary_or_random_secondary")
def take_random_skill(*, team, editor, player, kind, category, dice=None, faces=None):
    """Roll on the random skill table of `category` (two D6) and give the player the skill.

    A skill the player already holds is rolled again; with entered dice the coach is asked to roll
    again. Where the edition draws several skills and the coach keeps one (BB2025: two), the skills
    drawn wait on the player (pending) until `keep_random_skill`; the same skill twice is taken at
    once. `faces`: two entered dice per skill drawn.
    Side effects: player's advancements and SPP (or pending draw), value, ledger entry (with the rolls).
    """
    if kind not in ("random_primary", "random_secondary"):
        raise ValidationError(_("Unknown advancement."))
    cost = _check_can_advance(player, kind, category)
    edition = get_edition(team.edition)
    held = held_skill_ids(player)
    draws = _draw(edition)
    if faces and len(faces) != 2 * draws:
        raise ValidationError(_("Enter two dice from 1 to 6 for each skill drawn."))
    skills, rolls = [], []
    for index in range(draws):
        skill, made = _roll_skill(
            edition, category, held, dice, faces[2 * index : 2 * index + 2] if faces else None
        )
        skills.append(skill)
        rolls += made
    if len({str(skill) for skill in skills}) == 1:
        return _grant_skill(team, editor, player, kind, skills[0], cost, rolls)
    with ledger.change(team, kind=LedgerEntry.Kind.ADVANCEMENT, players=[player], **editor.as_kwargs()) as c:
        player.pending_advancement = {
            "kind": "random_skill",
            "advancement": kind,
            "options": [str(skill) for skill in skills],
            "rolls": [roll.as_dict() for roll in rolls],
        }
        c.details = {
            "player": player.name,
            "pending": True,
            "drawn": [str(skill) for skill in skills],
            "rolls": [roll.as_dict() for roll in rolls],
        }
    return None


def random_skill_options(player):
    """The skills drawn at random the coach keeps one of (empty when none waits)."""
    pending = player.pending_advancement or {}
    return list(pending.get("options", [])) if pending.get("kind") == "random_skill" else []


def keep_random_skill(*, team, editor, player, skill):
    """Keep one of the skills drawn at random (`skill`: "block" or "mighty_blow:1" as drawn).

    Side effects: player's advancements and SPP, value, ledger entry.
    """
    options = random_skill_options(player)
    if skill not in options:
        raise ValidationError(_("Keep one of the skills drawn."))
    pending = player.pending_advancement
    kind = pending["advancement"]
    cost = next_cost(player, kind)
    return _grant_skill(team, editor, player, kind, SkillRef.parse(skill), cost, [], via="random_draw")


@carries_out("advancement", row="chosen_primary")
@carries_out("advancement", row="chosen_secondary")
def take_chosen_skill(*, team, editor, player, kind, skill_id, free_skill_id="", dice=None, free_faces=None):
    """Give the player a skill of a category they may choose from. Where the team's dedication gives a
    second skill of that category on a roll (Loec: a Devious skill, D6, 5+), the coach names it
    beforehand (`free_skill_id`) and the die is rolled (`dice`, or the entered `free_faces`): on the
    target it is gained too, adding nothing to the player's value.

    Side effects: as take_random_skill; the free skill (if gained) in the player's extra skills, its die
    in the ledger entry."""
    if kind not in ("chosen_primary", "chosen_secondary"):
        raise ValidationError(_("Unknown advancement."))
    skill = get_edition(team.edition).skills.get(skill_id)
    trait = kind == "chosen_secondary" and skill is not None and skill.id in secondary_trait_ids(player)
    if skill is None or (skill.category == "T" and not trait):
        raise ValidationError(_("Unknown skill."))
    if skill.id in unchoosable_skill_ids(player):
        raise ValidationError(_("The team's dedication lets this skill be gained only at random."))
    cost = _check_can_advance(player, kind, None if trait else skill.category)
    if skill.id in held_skill_ids(player):
        raise ValidationError(_("The player already has this skill."))
    value_as = "chosen_primary" if trait else None
    free = _free_skill(player, skill, free_skill_id, dice, free_faces)
    return _grant_skill(
        team, editor, player, kind, _with_default_param(skill), cost, [], value_as=value_as, free=free
    )


def free_skill_rule(player, category):
    """The dedication's roll for a free second skill when the player chooses one of `category`, or None."""
    return dedication.free_second_skill(player.team.dedication_row, category)


def _free_skill(player, skill, free_skill_id, dice, faces):
    """(the roll, the free SkillRef or None) for a chosen `skill` the dedication rolls for, else None."""
    rule = free_skill_rule(player, skill.category)
    if rule is None or not free_skill_id:
        return None
    free = get_edition(player.team.edition).skills.get(free_skill_id)
    held = held_skill_ids(player) | {skill.id} | unchoosable_skill_ids(player)
    if free is None or free.category != rule["category"] or free.id in held:
        raise ValidationError(_("Name another skill of the same category, one the player does not have."))
    try:
        roll = roll_or_enter(dice or Dice(), rule["dice"], faces, purpose="free_skill")
    except DiceError as error:
        raise ValidationError(_("Enter one die from 1 to 6.")) from error
    return roll, _with_default_param(free) if roll.total >= rule["target"] else None


def _with_default_param(skill):
    # Skills chosen with a parameter (Mighty Blow, Dirty Player) are taken at +1.
    return SkillRef(skill.id, "1" if skill.param == "plus" else None)


def _grant_skill(team, editor, player, kind, skill, cost, rolls, via=None, value_as=None, free=None):
    with ledger.change(team, kind=LedgerEntry.Kind.ADVANCEMENT, players=[player], **editor.as_kwargs()) as c:
        _spend(player, cost)
        advancement = {"kind": kind, "skill": str(skill), "spp": cost}
        if value_as:
            # Valued as another kind (rosters.values): a trait a dedication lets a Secondary advancement take.
            advancement["value_as"] = value_as
        if via:
            # A skill taken instead of a characteristic (or kept of a random draw) resolves the pending
            # roll, inside this change so that undoing it brings the roll back.
            advancement["via"] = via
            pending = player.pending_advancement
            if "roll" in pending:
                advancement["roll"] = pending["roll"]
            player.pending_advancement = None
        player.advancements = [*player.advancements, advancement]
        recorded = [roll.as_dict() for roll in rolls] or (pending.get("rolls", []) if via else [])
        c.details = {"player": player.name, **advancement, "rolls": recorded}
        if free is not None:
            # A free second skill of the team's dedication: not an advancement, so it adds no value.
            roll, gained = free
            c.details["free_roll"] = roll.as_dict()
            if gained is not None:
                player.extra_skills = [*player.extra_skills, {"skill": str(gained), "origin": "dedication"}]
                c.details["free_skill"] = str(gained)
    return skill


def roll_characteristic(*, team, editor, player, dice=None, faces=None):
    """Roll the die of a characteristic improvement (tables.toml characteristic_improvement: D16 in
    BB2020, D8 in BB2025) and keep it pending until the coach chooses.

    Side effects: stores the roll on the player (pending), writes a ledger entry with the roll.
    """
    _check_can_advance(player, "characteristic")
    die = characteristic_die(team)
    try:
        roll = roll_or_enter(dice or Dice(), die, faces, purpose="characteristic_improvement")
    except DiceError as error:
        raise ValidationError(_("Enter one die from 1 to %(sides)s.") % {"sides": die[1:]}) from error
    with ledger.change(team, kind=LedgerEntry.Kind.ADVANCEMENT, players=[player], **editor.as_kwargs()) as c:
        player.pending_advancement = {"kind": "characteristic", "roll": roll.as_dict()}
        c.details = {"player": player.name, "pending": True, "rolls": [roll.as_dict()]}
    return roll


def characteristic_die(team):
    """ "D16" or "D8": the die of a characteristic improvement in the team's edition."""
    return get_edition(team.edition).table("characteristic_improvement").dice


def characteristic_choices(player):
    """The characteristics the pending roll lets this player raise (empty: a skill must be taken)."""
    pending = player.pending_advancement or {}
    if pending.get("kind") != "characteristic":
        return []
    current = formulas.Characteristics(**player.profile(), improvements=player.improvements())
    edition = get_edition(player.team.edition)
    return formulas.characteristic_choices(pending["roll"]["total"], current, edition=edition)


@carries_out("advancement", row="characteristic")
@transaction.atomic
def choose_characteristic(*, team, editor, player, characteristic=None, skill_id=None):
    """Resolve the pending characteristic roll: raise one of the allowed characteristics, or take a
    primary or secondary skill instead. Side effects: player's profile/skills, SPP, value, ledger entry.
    """
    pending = player.pending_advancement
    if not pending or pending.get("kind") != "characteristic":
        raise ValidationError(_("Roll the characteristic improvement first."))
    if player.status != Player.Status.ACTIVE or player.journeyman:
        raise ValidationError(_("Only an active, permanently hired player can advance."))
    cost = next_cost(player, "characteristic")
    if characteristic:
        if characteristic not in characteristic_choices(player):
            raise ValidationError(_("This roll does not allow that characteristic."))
        with ledger.change(
            team, kind=LedgerEntry.Kind.ADVANCEMENT, players=[player], **editor.as_kwargs()
        ) as c:
            _spend(player, cost)
            edition = get_edition(team.edition)
            improved = formulas.improve(getattr(player, characteristic), characteristic, edition=edition)
            setattr(player, characteristic, improved)
            advancement = {"kind": characteristic, "spp": cost, "roll": pending["roll"]}
            player.advancements = [*player.advancements, advancement]
            player.pending_advancement = None
            c.details = {"player": player.name, **advancement}
        return characteristic
    skill = get_edition(team.edition).skills.get(skill_id or "")
    if skill is None or skill.category == "T":
        raise ValidationError(_("Choose a characteristic or a skill."))
    if skill.category in categories(player, "chosen_secondary"):
        kind = "chosen_secondary"
    elif skill.category in categories(player, "chosen_primary"):
        kind = "chosen_primary"
    else:
        raise ValidationError(_("This player has no access to that skill category for this advancement."))
    if skill.id in unchoosable_skill_ids(player):
        raise ValidationError(_("The team's dedication lets this skill be gained only at random."))
    if skill.id in held_skill_ids(player):
        raise ValidationError(_("The player already has this skill."))
    return _grant_skill(
        team, editor, player, kind, _with_default_param(skill), cost, [], via="characteristic"
    )
