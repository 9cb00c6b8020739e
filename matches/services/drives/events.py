"""The events of a drive: touchdowns, casualties (with the apothecary), arguing the call, and undoing
the last event."""

from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils.translation import gettext as _

from matches.models import SIDES, Drive, Event, Match, other
from matches.services import effects, jolly_jouster, prematch
from matches.services.common import require_status
from matches.services.drives.shared import match_edition, open_drive, side_roll
from matches.services.prematch.inducements import bribes_bought
from rulebook import formulas
from rulebook.coverage import carries_out

TEAM_APOTHECARY = "team"  # the source of the team's own apothecary (rolls["apothecary_of"])
SENT_OFF_KINDS = {Event.Kind.SENT_OFF, Event.Kind.SECRET_WEAPON_SENT_OFF}
# The team rule that re-rolls a natural 1 arguing the call, once a game (rolls["argue"]["reroll_of"]).
ARGUE_REROLL_RULE = "bribery_and_corruption"


def _check_player(match, side, player, journeyman):
    if player is not None and player.team_id != match.team(side).pk:
        raise ValidationError(_("This player does not play for this team."))
    if journeyman and journeyman not in match.match_only_players(side):
        raise ValidationError(_("Unknown journeyman."))


def _check_catcher(match, kind, side, thrower, catcher):
    """A catcher (player, match-only key) is a team-mate of the thrower, named for a completion only."""
    if not any(catcher):
        return
    if kind != Event.Kind.COMPLETION:
        raise ValidationError(_("Only a completion names a catcher."))
    _check_player(match, side, *catcher)
    if catcher == thrower:
        raise ValidationError(_("The thrower cannot catch their own pass."))


def dice_subject(player, journeyman):
    """What a dice log row is about (DiceLog.subject): a roster player's name, kept should the player
    go, or the key of a player of this match only, named in the reader's language when shown."""
    return str(player) if player is not None else journeyman


def hired(match, side):
    """[(entry, count)] of what `side` bought for the match: each inducement's data row (its keys
    beyond price and limits, with its id), or for one hired from a list (`choices`) the hireling's row."""
    edition = match_edition(match)
    found = []
    for item in match.side_value("inducements", side):
        inducement = edition.inducements.get(item["id"])
        if inducement is None:
            continue
        if inducement.choices and item.get("choice"):
            entry = edition.hirelings.get(inducement.choices, {}).get(item["choice"])
            if entry is not None:
                found.append((entry, item["count"]))
        else:
            found.append(({**inducement.extra, "id": inducement.id}, item["count"]))
    return found


def _player_kind(match, side, journeyman):
    """What a player of `side` is for the rules that name kinds of players: "player" (on the roster),
    "star_player", "mercenary" or "journeyman"."""
    if not journeyman:
        return "player"
    if journeyman in {star["key"] for star in match.star_players(side)}:
        return "star_player"
    entry: dict = next((j for j in match.journeymen(side) if j["key"] == journeyman), {})
    return "mercenary" if entry.get("mercenary") else "journeyman"


def _helps_used(match, side, key):
    """{source: times used} of the once-a-game helpers of `side` recorded under rolls[`key`] of its
    players' casualties (an apothecary, a Regeneration re-roll) or sendings-off (a bribe re-roll).
    A casualty recorded before the source was kept counts for the team's own apothecary."""
    used: dict[str, int] = {}
    events = Event.objects.filter(drive__match=match).filter(
        models.Q(kind=Event.Kind.CASUALTY, side=other(side)) | models.Q(kind__in=SENT_OFF_KINDS, side=side)
    )
    for rolls in events.values_list("rolls", flat=True):
        source = rolls.get(key) or (
            TEAM_APOTHECARY if key == "apothecary_of" and rolls.get("apothecary") else ""
        )
        if source:
            used[source] = used.get(source, 0) + 1
    return used


@carries_out("inducement", key="apothecary")
@carries_out("inducement", key="apothecary_not_for")
def apothecaries(match, side):
    """[{"source", "uses", "not_for"}] of the apothecaries `side` has this game: its own (if the team
    has one), then those bought as inducements (`apothecary = true`: the Wandering Apothecary, a Plague
    Doctor used as one), each usable edition.toml [apothecary] uses_per_game times; `not_for`: the
    kinds of players it may not treat ([apothecary] not_for, or the inducement's apothecary_not_for)."""
    settings = match_edition(match).settings.apothecary
    found = []
    if match.team(side).apothecary:
        found.append({"source": TEAM_APOTHECARY, "uses": settings.uses_per_game, "not_for": settings.not_for})
    for entry, count in hired(match, side):
        if entry.get("apothecary"):
            not_for = entry.get("apothecary_not_for", settings.not_for)
            found.append({"source": entry["id"], "uses": count * settings.uses_per_game, "not_for": not_for})
    return found


def _apothecaries_left(match, side):
    """The apothecaries of `side` with a use left this game (a source shared with a Regeneration
    re-roll, the Plague Doctor, is spent by either)."""
    used = _helps_used(match, side, "apothecary_of")
    rerolled = _helps_used(match, side, "regeneration_reroll_of")
    return [
        entry
        for entry in apothecaries(match, side)
        if used.get(entry["source"], 0) + rerolled.get(entry["source"], 0) < entry["uses"]
    ]


def _apothecary_for(match, side, journeyman):
    """The source of the first apothecary of `side` left that may treat the player (the team's own
    first); ValidationError when none is left or none may treat them."""
    left = _apothecaries_left(match, side)
    if not left:
        if apothecaries(match, side):
            raise ValidationError(_("This team's apothecaries have all been used this game."))
        raise ValidationError(_("This team has no apothecary."))
    kind = _player_kind(match, side, journeyman)
    for entry in left:
        if kind not in entry["not_for"]:
            return entry["source"]
    raise ValidationError(_("The apothecary cannot treat this player."))


@carries_out("inducement", row="wandering_apothecary")
def has_apothecary(match, side):
    """Whether `side` has an apothecary (its own or hired) with a use left this game."""
    return bool(_apothecaries_left(match, side))


@transaction.atomic
def add_event(
    match,
    *,
    user,
    kind,
    side,
    turn=None,
    player=None,
    journeyman="",
    victim=None,
    victim_journeyman="",
    catcher=None,
    catcher_journeyman="",
    cause="",
    dice=None,
    faces=None,
    apothecary=False,
    niggling_injuries=None,
    argue=False,
    bribe=False,
    regeneration_reroll=False,
):
    """Record one event of the open drive. A touchdown scores and ends the drive; a casualty rolls (or
    takes) the casualty D16, the lasting injury D6 if any, and the apothecary's second D16 (the better
    result is kept; the first apothecary left that may treat the victim is used); a sent-off player's
    coach may `argue` the call (D6 on the Argue the Call table), then spend a `bribe` (D6) if the player
    is still sent off. A victim with Regeneration rolls for it (before or after the casualty D16, as the
    edition says), re-rolled on a failure with what the team hired if `regeneration_reroll`; a success
    cancels the casualty. `faces`: {"injury": [a, b], "casualty": [n], "apothecary": [n], "lasting":
    [n], "argue": [n], "bribe": [n] (a second number: the re-roll), "regeneration": [n] (likewise)}.
    A team with ARGUE_REROLL_RULE re-rolls its first natural 1 arguing the call (the second "argue" face).

    Side effects: creates the Event, logs its rolls (the victim's, or the sent-off player's, named in
    the dice log), updates score/turn, ends the drive on a touchdown.
    """
    require_status(match, Match.Status.IN_PROGRESS)
    drive = open_drive(match)
    if drive is None:
        raise ValidationError(_("Start a drive first."))
    if kind not in Event.Kind.values or kind in {
        Event.Kind.KICK_OFF,
        Event.Kind.END_OF_DRIVE_KO_RECOVERY,
        Event.Kind.END_OF_HALF,
        Event.Kind.WEATHER_MAGE,
    }:
        raise ValidationError(_("Unknown event."))
    if side not in SIDES:
        raise ValidationError(_("Choose a side."))
    _check_player(match, side, player, journeyman)
    _check_player(match, other(side), victim, victim_journeyman)
    _check_catcher(match, kind, side, (player, journeyman), (catcher, catcher_journeyman))
    turn = turn or match.turn
    faces = faces or {}
    rolls, outcome = {}, ""
    victim_about = {"player": victim, "subject": dice_subject(victim, victim_journeyman)}
    if kind in {Event.Kind.CASUALTY, Event.Kind.KNOCKED_OUT} and faces.get("injury"):
        rolls["injury"] = side_roll(
            match, dice, user, "2D6", "injury", faces.get("injury"), other(side), **victim_about
        )
    if kind == Event.Kind.CASUALTY:
        rolls, outcome = _casualty(
            match,
            rolls,
            dice=dice,
            user=user,
            victim_side=other(side),
            faces=faces,
            apothecary=_apothecary_for(match, other(side), victim_journeyman) if apothecary else "",
            niggling=victim.niggling_injuries
            if victim is not None and niggling_injuries is None
            else (niggling_injuries or 0),
            about=victim_about,
            regeneration=_regeneration(match, other(side), victim, victim_journeyman, regeneration_reroll),
        )
    about = {"player": player, "subject": dice_subject(player, journeyman)}
    if kind == Event.Kind.SENT_OFF and argue:
        rolls["argue"], outcome = _argue_the_call(
            match, drive, side, dice=dice, user=user, faces=faces.get("argue"), about=about
        )
    if kind in SENT_OFF_KINDS and bribe and _still_sent_off(match, outcome):
        bribe_faces = faces.get("bribe")
        rolls.update(_bribe(match, side, outcome, dice=dice, user=user, faces=bribe_faces, about=about))
    event = Event.objects.create(
        drive=drive,
        turn=turn,
        side=side,
        kind=kind,
        player=player,
        journeyman=journeyman,
        victim=victim,
        victim_journeyman=victim_journeyman,
        catcher=catcher,
        catcher_journeyman=catcher_journeyman,
        cause=cause,
        rolls=rolls,
        outcome=outcome,
        created_by=user,
    )
    match.turn = turn
    if kind == Event.Kind.TOUCHDOWN:
        match.set_side_value("score", side, match.score(side) + 1)
        drive.ended_by, drive.scoring = Drive.EndedBy.TOUCHDOWN, side
        drive.save()
    match.save()
    return event


def _argue_the_call(match, drive, side, *, dice, user, faces, about):
    """(roll, argue_the_call row id): the D6 of a coach arguing a sending-off. Friends with the Ref
    (a prayer in force) and a hired fixer widen the ranges, a biased referee adds to the roll (see
    argue_help); a coach already thrown out may not argue again."""
    if _coach_ejected(match, side):
        raise ValidationError(_("This coach was thrown out: no more arguing the call this game."))
    table = match_edition(match).table("argue_the_call")
    modifier, ranges = argue_help(match, side)
    notation = f"{table.dice}{modifier:+d}" if modifier else table.dice
    given = list(faces or [])
    roll = side_roll(match, dice, user, notation, "argue_the_call", given[:1], side, **about)
    lowest = min(row["roll"][0] for row in table.rows)
    if roll["faces"][0] == lowest and _argue_reroll_left(match, side):
        roll = side_roll(match, dice, user, notation, "argue_the_call", given[1:2], side, **about)
        roll = {**roll, "reroll_of": ARGUE_REROLL_RULE}
    if roll["faces"][0] == lowest:
        return roll, table.row_for(lowest)["id"]  # a natural 1 stays a 1, whatever helps the coach
    highest = max(row["roll"][1] for row in table.rows)
    row = table.row_for(min(roll["total"], highest))
    for prayer in [*effects.prayers_in_force(match, side, drive), *ranges]:
        if "argue_success" in prayer:
            row = _argue_with_friends(table, prayer, roll["total"]) or row
    return roll, row["id"]


def _argue_reroll_left(match, side):
    """Whether `side` has the rule that re-rolls a natural 1 arguing the call and has not used it yet."""
    if not match.team(side).has_rule(ARGUE_REROLL_RULE):
        return False
    argued = Event.objects.filter(drive__match=match, side=side, kind__in=SENT_OFF_KINDS)
    return not any(
        rolls.get("argue", {}).get("reroll_of") for rolls in argued.values_list("rolls", flat=True)
    )


@carries_out("hireling", row="biased_referee.dodgy_league_rep")
@carries_out("hireling", row="famous_staff.fink_da_fixer")
def argue_help(match, side):
    """(modifier, [hired rows with their own ranges]) for `side` arguing the call: the sum of the
    `argue_modifier` of what it hired (a biased referee) and the rows with `argue_success` /
    `argue_fail` ranges (a fixer), read like the Friends with the Ref prayer."""
    bought = [entry for entry, _count in hired(match, side)]
    modifier = sum(entry.get("argue_modifier", 0) for entry in bought)
    return modifier, [entry for entry in bought if "argue_success" in entry]


@carries_out("prayer", key="argue_success")
@carries_out("prayer", key="argue_fail")
def _argue_with_friends(table, prayer, total):
    """The row a prayer's own argue ranges give for `total` (None outside them)."""
    low, high = prayer["argue_success"]
    if low <= total <= high:
        return next(row for row in table.rows if not row["sent_off"])
    low, high = prayer.get("argue_fail", (0, 0))  # BB2025's prayer keeps the call's own failures
    if low <= total <= high:
        return next(row for row in table.rows if row["sent_off"] and not row.get("coach_ejected"))
    return None


def _still_sent_off(match, outcome):
    """Whether the player is still sent off after arguing the call (no argument: `outcome` empty)."""
    return not outcome or match_edition(match).table("argue_the_call").row(outcome)["sent_off"]


def bribes_used(match, side):
    """How many bribes `side` spent this game (sent-off events that record a bribe roll)."""
    return Event.objects.filter(
        drive__match=match, side=side, kind__in=SENT_OFF_KINDS, rolls__has_key="bribe"
    ).count()


def bribes_left(match, side):
    """The bribes `side` may still spend: those bought, plus those of Get the Ref, less those spent."""
    given = effects.kickoff_effects(match, list(match.drives.all()))["bribes"][side]
    return bribes_bought(match, side) + given - bribes_used(match, side)


def _coach_ejected(match, side, outcome=""):
    """Whether the coach of `side` was thrown out arguing a call: earlier, or by `outcome` just rolled."""
    table = match_edition(match).table("argue_the_call")
    ejecting = {row["id"] for row in table.rows if row.get("coach_ejected")}
    return (
        outcome in ejecting
        or Event.objects.filter(
            drive__match=match, kind=Event.Kind.SENT_OFF, side=side, outcome__in=ejecting
        ).exists()
    )


@carries_out("inducement", key="bribe_succeeds_on")
def _bribe(match, side, outcome, *, dice, user, faces, about):
    """{"bribe": roll, "bribe_reroll_of": source, "bribed": bool}: a bribe spent on a sending-off, a
    D6 that keeps the player on the pitch on the bribe's `bribe_succeeds_on` or more. An edition whose
    bribe says `refused_after_coach_ejected` refuses it once the coach was thrown out (earlier, or by
    this sending-off's argument: `outcome`); a failed bribe
    is rolled again by a hired fixer's `bribe_rerolls` (once a game each)."""
    rules = match_edition(match).inducements["bribe"].extra
    if bribes_left(match, side) <= 0:
        raise ValidationError(_("This team has no bribe left."))
    if rules.get("refused_after_coach_ejected") and _coach_ejected(match, side, outcome):
        raise ValidationError(_("This coach was thrown out: no more bribes this game."))
    given = list(faces or [])
    roll = side_roll(match, dice, user, "D6", "bribe", given[:1], side, **about)
    result = {"bribe": roll, "bribed": roll["total"] >= rules["bribe_succeeds_on"]}
    source = "" if result["bribed"] else _bribe_reroll_left(match, side)
    if source:
        roll = side_roll(match, dice, user, "D6", "bribe", given[1:2], side, **about)
        result |= {
            "bribe": roll,
            "bribe_reroll_of": source,
            "bribed": roll["total"] >= rules["bribe_succeeds_on"],
        }
    return result


def _bribe_reroll_left(match, side):
    """The id of a hired helper of `side` with a failed-bribe re-roll left this game ("" for none)."""
    used = _helps_used(match, side, "bribe_reroll_of")
    for entry, count in hired(match, side):
        if used.get(entry["id"], 0) < entry.get("bribe_rerolls", 0) * count:
            return entry["id"]
    return ""


def _casualty(match, rolls, *, dice, user, victim_side, faces, apothecary, niggling, about, regeneration):
    """The casualty's rolls and outcome. `apothecary`: the source of the apothecary used (see
    apothecaries), "" for none. `regeneration`: (roll it, may re-roll it) for a victim with
    Regeneration (None otherwise): a regenerated casualty has no result and no outcome, and the
    apothecary is not used on it."""
    edition = match_edition(match)
    rule = edition.table("casualty").extra.get("regeneration", {})

    def casualty_d16():
        return side_roll(match, dice, user, "D16", "casualty", faces.get("casualty"), victim_side, **about)

    first = None if regeneration and rule.get("before_roll") else casualty_d16()
    if regeneration:
        rolls.update(
            _regenerate(
                match, rule, regeneration, dice=dice, user=user, side=victim_side, faces=faces, about=about
            )
        )
        if first is not None:
            rolls["casualty"] = [first]
        if rolls["regenerated"]:
            return rolls, ""
    first = first or casualty_d16()
    rolls["casualty"] = [first]
    kept = first
    if apothecary:
        second = side_roll(
            match, dice, user, "D16", "apothecary", faces.get("apothecary"), victim_side, **about
        )
        rolls["casualty"].append(second)
        rolls["apothecary"] = True
        rolls["apothecary_of"] = apothecary
        kept = min(first, second, key=lambda roll: roll["total"])  # the coach keeps the lighter one
    rolls["kept"] = kept["total"]
    lasting_d6 = None
    row = edition.table("casualty").row_for(min(16, kept["total"] + niggling))
    if row.get("lasting"):
        lasting = side_roll(
            match, dice, user, "D6", "lasting_injury", faces.get("lasting"), victim_side, **about
        )
        rolls["lasting"] = lasting
        lasting_d6 = lasting["total"]
    outcome = formulas.casualty_outcome(
        kept["total"], lasting_d6=lasting_d6, niggling_injuries=niggling, edition=edition
    )
    rolls["result"] = {
        "casualty": outcome.casualty,
        "miss_next_game": outcome.miss_next_game,
        "dead": outcome.dead,
        "niggling": outcome.niggling,
        "lasting_injury": outcome.lasting_injury,
        "characteristic": outcome.characteristic,
    }
    return rolls, outcome.casualty


def _regeneration(match, side, victim, journeyman, reroll):
    """regeneration_for, with the re-roll only if the coach asked for it (`reroll`)."""
    found = regeneration_for(match, side, victim, journeyman)
    if found is None:
        if reroll:
            raise ValidationError(_("This player has no Regeneration to re-roll."))
        return None
    if reroll and not found[1]:
        raise ValidationError(_("This team has no Regeneration re-roll left this game."))
    return True, found[1] if reroll else ""


def regeneration_options(match, side):
    """(whether a player of `side` in this match has Regeneration, whether `side` has hired a
    Regeneration re-roll with a use left): what a casualty form asks about the victim's team."""
    rule = match_edition(match).table("casualty").extra.get("regeneration")
    if not rule:
        return False, False
    keys = [entry["key"] for entry in [*match.journeymen(side), *match.star_players(side)]]
    regenerates = any(
        has_skill(match, side, player, "", rule["skill"]) for player in match.team(side).players.on_roster()
    ) or any(has_skill(match, side, None, key, rule["skill"]) for key in keys)
    rerolls = any(entry.get("regeneration_rerolls") for entry, _count in hired(match, side))
    return regenerates, regenerates and rerolls


def has_skill(match, side, player, journeyman, skill_id):
    """Whether the player of `side` (a roster player, or the match key of a journeyman, mercenary or
    star player) has the skill `skill_id`: their position's and their own, and those every player has
    for the game (the Jolly Jouster Cup's Mousillon: Regeneration)."""
    if (player is not None or journeyman) and skill_id in jolly_jouster.skills_of_every_player(match):
        return True
    if player is not None:
        return any(ref.id == skill_id for ref, _origin in player.all_skills())
    if not journeyman:
        return False
    star = next((s["star"] for s in match.star_players(side) if s["key"] == journeyman), None)
    if star is not None:
        return any(ref.id == skill_id for ref in match_edition(match).star_players[star].skills)
    entry: dict = next((j for j in match.journeymen(side) if j["key"] == journeyman), {})
    own = [ref.split(":")[0] for ref in entry.get("skills", [])]
    position = match.team(side).rules.position(entry["position"]) if entry.get("position") else None
    return skill_id in own or any(ref.id == skill_id for ref in (position.skills if position else ()))


def regeneration_for(match, side, player, journeyman):
    """(True, the source of a Regeneration re-roll left for this player or "") for a victim of `side`
    with the edition's Regeneration skill (tables.toml [casualty] regeneration), None without it."""
    rule = match_edition(match).table("casualty").extra.get("regeneration")
    if not rule or not has_skill(match, side, player, journeyman, rule["skill"]):
        return None
    return True, _regeneration_reroll_for(match, side, _player_kind(match, side, journeyman))


@carries_out("inducement", key="regeneration_rerolls")
@carries_out("inducement", key="regeneration_not_for")
def _regeneration_reroll_for(match, side, kind):
    """The id of what `side` hired to re-roll a failed Regeneration roll of a player of `kind`, with a
    use left this game ("" for none): its `regeneration_rerolls` per one bought, less the times it
    re-rolled or (a Plague Doctor) served as an apothecary; not for the kinds in regeneration_not_for."""
    rerolled = _helps_used(match, side, "regeneration_reroll_of")
    treated = _helps_used(match, side, "apothecary_of")
    for entry, count in hired(match, side):
        uses = entry.get("regeneration_rerolls", 0) * count
        spent = rerolled.get(entry["id"], 0) + treated.get(entry["id"], 0)
        if spent < uses and kind not in entry.get("regeneration_not_for", ()):
            return entry["id"]
    return ""


def _regenerate(match, rule, regeneration, *, dice, user, side, faces, about):
    """{"regeneration": roll, "regenerated": bool, "regeneration_reroll_of": source}: the victim's
    Regeneration roll, `succeeds_on` or more cancelling the casualty, re-rolled once if it fails and
    `regeneration` = (True, source) names a re-roll the coach asked to use."""
    given = list(faces.get("regeneration") or [])
    _has, source = regeneration
    roll = side_roll(match, dice, user, rule["dice"], "regeneration", given[:1], side, **about)
    result = {"regeneration": roll, "regenerated": roll["total"] >= rule["succeeds_on"]}
    if not result["regenerated"] and source:
        roll = side_roll(match, dice, user, rule["dice"], "regeneration", given[1:2], side, **about)
        result |= {
            "regeneration": roll,
            "regeneration_reroll_of": source,
            "regenerated": roll["total"] >= rule["succeeds_on"],
        }
    return result


@transaction.atomic
def undo_last_event(match, *, user):
    """Take back the latest event: a touchdown gives its point back and reopens its drive, a kick-off
    removes its drive, the end of a drive reopens it. Dice stay in the dice log.

    Going back from the post-match sequence forgets its rolls: they were made for a result that no
    longer stands (the dice log keeps them).

    A Weather Mage's roll gives the weather back.

    Side effects: deletes the Event (and the Drive for a kick-off), updates score, weather and status.
    """
    require_status(match, Match.Status.IN_PROGRESS, Match.Status.POST_MATCH)
    if match.status == Match.Status.POST_MATCH:
        match.postmatch = {}
    if match.status == Match.Status.POST_MATCH and match.conceded_by:
        match.conceded_by, match.conceded_without_penalty = "", False
        drive = match.current_drive()
        # A concession made during the pre-match sequence goes back to it.
        finished = drive is not None or prematch.next_step(match) is None
        match.status = Match.Status.IN_PROGRESS if finished else Match.Status.PRE_MATCH
        if drive is not None and drive.ended_by == Drive.EndedBy.CONCESSION:
            drive.ended_by = ""
            drive.save()
        match.save()
        return None
    event = Event.objects.filter(drive__match=match).order_by("-id").select_related("drive").first()
    if event is None:
        raise ValidationError(_("There is nothing to undo."))
    drive = event.drive
    if event.kind == Event.Kind.KICK_OFF:
        match.weather = event.rolls.get("weather_before") or match.weather
        match.half = event.rolls.get("half_before", match.half)
        match.turn = event.rolls.get("turn_before", match.turn)
        drive.delete()
        match.save()
        return event
    if event.kind == Event.Kind.TOUCHDOWN:
        match.set_side_value("score", event.side, max(0, match.score(event.side) - 1))
        drive.ended_by, drive.scoring = "", ""
        drive.save()
    if event.kind == Event.Kind.WEATHER_MAGE:
        match.weather = event.rolls.get("weather_before") or match.weather
    if event.kind in (Event.Kind.END_OF_DRIVE_KO_RECOVERY, Event.Kind.END_OF_HALF):
        drive.ended_by = ""
        drive.save()
        match.status = Match.Status.IN_PROGRESS
    event.delete()
    match.save()
    return event
