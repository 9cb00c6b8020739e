"""Rest and recovery, the first step of a re-draft between seasons (rosters.redraft): players who would
miss the next game recover; a D6 per Niggling Injury, 4+ removes it; a temporarily retired player rolls
per lost characteristic, 4+ brings it back (BB2020: for a new Niggling Injury); BB2025: a D6 per Hatred
gained in play (Getting Even), 4+ loses it (the edition's [redraft] rules).

A Hatred gained in play is an `extra_skills` entry of the skill edition.toml [getting_even] `skill`
names (`{"skill": "hatred:<keyword>", "origin": ...}`): the matches app records it so.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rosters.models import Player
from rulebook import formulas
from rulebook.dice import ENTERED, DiceError, roll_or_enter
from rulebook.edition import get_edition


def rehirable(team, players=None):
    """The players who may be re-hired: on the roster and permanently hired (journeymen leave)."""
    players = players if players is not None else list(team.players.on_roster())
    return [player for player in players if not player.journeyman]


def acquired_hatreds(player, edition):
    """Indexes in `extra_skills` of the Hatred gained in play that rest and recovery may take away
    (none in an edition without [redraft] hatred_recovery)."""
    if edition.settings.redraft.hatred_recovery is None:
        return []
    getting_even = edition.settings.getting_even
    skill = getting_even.skill if getting_even else None
    return [
        index
        for index, extra in enumerate(player.extra_skills)
        if skill and str(extra.get("skill", "")).split(":")[0] == skill
    ]


def recovery_dice(player):
    """The dice rest and recovery asks of this player: ("niggling", i) per Niggling Injury, then
    ("retired", i) per lasting injury of a temporarily retired player, then ("hatred", i) per Hatred
    gained in play (BB2025; i its index in extra_skills)."""
    dice = [("niggling", index) for index in range(player.niggling_injuries)]
    if player.status == Player.Status.TEMPORARILY_RETIRED:
        dice += [("retired", index) for index in range(len(player.lasting_injuries))]
    dice += [("hatred", index) for index in acquired_hatreds(player, get_edition(player.team.edition))]
    return dice


def _unhurt(player, characteristic, edition):
    """The characteristic with the player's improvements and none of their injuries."""
    value = getattr(player.position_rules.profile, characteristic)
    for _index in range(player.improvements()[characteristic]):
        value = formulas.improve(value, characteristic, edition=edition)
    return value


def recovered(player, characteristic, *, edition):
    """The stored value once one lasting reduction of `characteristic` heals: one step back, never
    better than the player unhurt, within the bounds."""
    value = getattr(player, characteristic)
    if value is None:
        return None
    rules = edition.settings.characteristics
    step = rules.step[characteristic]
    healed = value + step
    best = _unhurt(player, characteristic, edition)
    if best is not None and (healed - best) * step > 0:
        healed = best
    low, high = rules.bounds[characteristic]
    return min(high, max(low, healed))


def roll_die(dice, recovery, face, purpose):
    try:
        return roll_or_enter(dice, recovery.dice, [face] if face else None, purpose=purpose)
    except DiceError as error:
        raise ValidationError(_("Enter a die from 1 to 6, or leave it empty to let Dugout roll.")) from error


def rest_and_recovery(team, player, *, dice, faces=None):
    """Apply rest and recovery to one player (in memory; the caller saves) and return what happened.

    `faces`: {("niggling" | "retired", index): face entered by the coach}; a die without a face is
    rolled with `dice`. The apothecary bonus counts the team's apothecary before the re-draft.
    """
    edition = get_edition(team.edition)
    redraft = edition.settings.redraft
    faces = faces or {}
    report = {"player": player.name, "id": player.pk, "recovered_mng": False, "rolls": []}
    if player.miss_next_game and redraft.miss_next_game_recovers:
        player.miss_next_game = False
        report["recovered_mng"] = True

    niggling = redraft.niggling_recovery
    modifier = niggling.apothecary_modifier if team.apothecary else 0
    healed = 0
    for index in range(player.niggling_injuries):
        roll = roll_die(dice, niggling, faces.get(("niggling", index)), "niggling_recovery")
        success = roll.total + modifier >= niggling.target
        healed += success
        report["rolls"].append(
            {**roll.as_dict(), "modifier": modifier, "success": success, "what": "niggling_injury"}
        )
    player.niggling_injuries -= healed

    if player.status == Player.Status.TEMPORARILY_RETIRED:
        retired = redraft.retired_recovery
        modifier = retired.apothecary_modifier if team.apothecary else 0
        kept = []
        for index, injury in enumerate(player.lasting_injuries):
            roll = roll_die(dice, retired, faces.get(("retired", index)), "retired_recovery")
            success = roll.total + modifier >= retired.target
            report["rolls"].append(
                {**roll.as_dict(), "modifier": modifier, "success": success, "what": injury}
            )
            if not success:
                kept.append(injury)
                continue
            characteristic = edition.table("lasting_injury").row(injury)["characteristic"]
            setattr(player, characteristic, recovered(player, characteristic, edition=edition))
            if retired.gains_niggling:
                player.niggling_injuries += 1
        player.lasting_injuries = kept

    hatreds = acquired_hatreds(player, edition)
    if hatreds:
        hatred = redraft.recovery("hatred")
        modifier = hatred.apothecary_modifier if team.apothecary else 0
        lost = set()
        for index in hatreds:
            roll = roll_die(dice, hatred, faces.get(("hatred", index)), "hatred_recovery")
            success = roll.total + modifier >= hatred.target
            report["rolls"].append(
                {**roll.as_dict(), "modifier": modifier, "success": success, "what": "hatred"}
            )
            lost |= {index} if success else set()
        player.extra_skills = [extra for i, extra in enumerate(player.extra_skills) if i not in lost]
    return report


def recovery_summary(team, details):
    """One sentence per die rest and recovery rolled, in the active language, from the ledger details."""
    edition = get_edition(team.edition)
    language = get_language()
    gains_niggling = edition.settings.redraft.retired_recovery.gains_niggling
    texts = []
    for report in details.get("recovery", []):
        for roll in report["rolls"]:
            how = _("entered") if roll["source"] == ENTERED else _("rolled by Dugout")
            modifier = f" {roll['modifier']:+d}" if roll["modifier"] else ""
            params = {
                "player": report["player"],
                "dice": roll["dice"],
                "face": roll["faces"][0],
                "modifier": modifier,
                "how": how,
            }
            if roll["what"] == "hatred":
                text = (
                    _(
                        "%(player)s lets go of a grudge: Hatred is lost "
                        "(%(dice)s %(face)s%(modifier)s, %(how)s)."
                    )
                    if roll["success"]
                    else _(
                        "%(player)s keeps a grudge: Hatred stays (%(dice)s %(face)s%(modifier)s, %(how)s)."
                    )
                )
            elif roll["what"] == "niggling_injury":
                text = (
                    _("%(player)s: a niggling injury heals (%(dice)s %(face)s%(modifier)s, %(how)s).")
                    if roll["success"]
                    else _("%(player)s: a niggling injury stays (%(dice)s %(face)s%(modifier)s, %(how)s).")
                )
            else:
                params["injury"] = edition.text(f"table.lasting_injury.{roll['what']}.name", language)
                if not roll["success"]:
                    text = _("%(player)s keeps %(injury)s (%(dice)s %(face)s%(modifier)s, %(how)s).")
                elif gains_niggling:
                    text = _(
                        "%(player)s recovers from %(injury)s but gains a niggling injury "
                        "(%(dice)s %(face)s%(modifier)s, %(how)s)."
                    )
                else:
                    text = _("%(player)s recovers from %(injury)s (%(dice)s %(face)s%(modifier)s, %(how)s).")
            texts.append(text % params)
    return texts
