"""The post-match sequence (seed 002): winnings, dedicated fans, SPP and MVP, journeymen hired or
released, injuries, expensive mistakes, then TV/CTV; applied as ONE ledger entry of kind "match" per
team, exactly once, and undoable while no later match of either team depends on it.

`roll_postmatch` rolls (or takes) every die and stores it on the match; `plan` is the preview computed
from those dice; `apply_postmatch` writes the plan; `undo_apply` restores the before snapshots.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from matches.models import SIDES, Event, Match, PlayerMatchStats, other
from matches.services import effects, prematch
from matches.services import league as league_link
from matches.services.common import record_side_roll, require_status
from matches.stats import refresh_player_totals
from rosters.ledger import PLAYER_FIELDS, restore, snapshot_player, snapshot_team
from rosters.models import LedgerEntry, Player, Team
from rosters.values import player_value, refresh_team_value
from rulebook import formulas
from rulebook.dice import Dice
from rulebook.edition import get_edition

STEP = "post_match"
SPP_EVENTS = effects.SPP_EVENTS
GONE = (Player.Status.DEAD, Player.Status.RETIRED, Player.Status.FIRED)


class UndoBlocked(ValidationError):
    """A later applied match of one of the teams depends on this one (`later` lists them)."""

    def __init__(self, later):
        self.later = later
        super().__init__(
            _("Later matches depend on this one: %(matches)s") % {"matches": ", ".join(map(str, later))}
        )


def _edition(match):
    return get_edition(match.home_team.edition)


# --- what the match says ----------------------------------------------------------------------------


def final_score(match):
    """{"home": n, "away": n}: a conceding team's touchdowns go to its opponent, who is awarded more."""
    score = {side: match.score(side) for side in SIDES}
    if match.conceded_by:
        rules = _edition(match).settings["concession"]
        winner = other(match.conceded_by)
        if rules["conceder_touchdowns_to_opponent"]:
            score[winner] += score[match.conceded_by]
            score[match.conceded_by] = 0
        score[winner] += rules["opponent_awarded_touchdowns"]
    return score


def penalised_conceder(match):
    """The side that conceded and takes the concession's penalties, or None.

    A concession declared without penalty (drives.concede) is still lost by its team, with the score
    given to the opponent; what it spares are the penalties the rules text lists for the conceding
    team in one sentence: no winnings (its share going to the winner), no MVP, the lost Dedicated Fans
    and the veterans' rolls. We read "these penalties" as that whole sentence, so the team then goes
    through the post-match sequence as an ordinary loser, winnings and MVP included.
    """
    if match.conceded_by and not match.conceded_without_penalty:
        return match.conceded_by
    return None


def result(match, side):
    score = final_score(match)
    if score[side] == score[other(side)]:
        return "draw"
    return "win" if score[side] > score[other(side)] else "loss"


def events(match):
    return list(Event.objects.filter(drive__match=match).select_related("drive").order_by("id"))


def spp_earned(match, match_events=None):
    """{side: {player key: {"touchdown": n, ..., "spp": total}}} from the events: casualties by blocks,
    and the SPP changed by the Prayers to Nuffle in force in each event's drive (effects.event_spp).
    Mercenaries and star players keep their actions but earn 0 SPP unless the edition says they earn."""
    edition = _edition(match)
    earned = {side: {} for side in SIDES}
    unpaid = set()
    if not edition.settings["spp"]["mercenaries_earn"]:
        unpaid |= {entry["key"] for side in SIDES for entry in match.mercenaries(side)}
    if not edition.settings["spp"]["star_players_earn"]:
        unpaid |= {entry["key"] for side in SIDES for entry in match.star_players(side)}
    voided = _voided_touchdowns_side(match, edition)
    for event in match_events if match_events is not None else events(match):
        key = event.actor_key
        if not key or (event.kind == Event.Kind.TOUCHDOWN and event.side == voided):
            continue
        action, spp = effects.event_spp(match, event, edition=edition)
        if action is None:
            continue
        record = earned[event.side].setdefault(key, {"spp": 0})
        record[action] = record.get(action, 0) + 1
        record["spp"] += 0 if key in unpaid else spp
    return earned


def _voided_touchdowns_side(match, edition):
    """The conceding side when its scorers lose their touchdown SPP (edition.toml [concession]
    conceder_touchdown_spp = false), else None."""
    if match.conceded_by and not edition.settings["concession"]["conceder_touchdown_spp"]:
        return match.conceded_by
    return None


# The PlayerMatchStats field each kind of event counts for its actor (kills: casualties with KILLED).
STAT_EVENTS = {
    Event.Kind.TOUCHDOWN: "touchdowns",
    Event.Kind.CASUALTY: "casualties",
    Event.Kind.COMPLETION: "completions",
    Event.Kind.DEFLECTION: "deflections",
    Event.Kind.INTERCEPTION: "interceptions",
}
KILLED = "dead"  # the casualty table's row of a player killed


def player_stats(match, outcome, *, match_events, by_key):
    """Unsaved PlayerMatchStats of `match`: the events each player is credited with, and from `outcome`
    ({side: {"spp": {key: {"spp": n, ...}}, "mvp": key}}, as apply_postmatch stores it) their SPP and
    MVP. `by_key`: {player key: Player} of both teams ("p<pk>", and the journeymen hired by the match);
    a key of no Player (a journeyman let go) has no row."""
    rows = {}

    def row(side, key):
        player = by_key.get(key)
        if player is None:
            return None
        if player.pk not in rows:
            rows[player.pk] = PlayerMatchStats(match=match, player=player, side=side)
        return rows[player.pk]

    for event in match_events:
        field = STAT_EVENTS.get(event.kind)
        stats = row(event.side, event.actor_key) if field else None
        if stats is None:
            continue
        setattr(stats, field, getattr(stats, field) + 1)
        if event.kind == Event.Kind.CASUALTY and event.outcome == KILLED:
            stats.kills += 1
    for side in SIDES:
        for key, entry in (outcome.get(side, {}).get("spp") or {}).items():
            if (stats := row(side, key)) is not None:
                stats.spp = entry.get("spp", 0)
        if (stats := row(side, outcome.get(side, {}).get("mvp"))) is not None:
            stats.mvp = 1
    return list(rows.values())


def record_player_stats(match):
    """Write `match`'s PlayerMatchStats again from its events and stored outcome (for a match applied
    before they were stored; apply_postmatch writes them itself). Journeymen hired by the match are
    left out: the outcome names them by their match key only.

    Side effects: deletes and recreates the match's PlayerMatchStats rows.
    """
    players = Player.objects.filter(team_id__in=[match.home_team_id, match.away_team_id]).only("pk")
    by_key = {f"p{player.pk}": player for player in players}
    with transaction.atomic():
        PlayerMatchStats.objects.filter(match=match).delete()
        return PlayerMatchStats.objects.bulk_create(
            player_stats(match, match.outcome, match_events=events(match), by_key=by_key)
        )


def awarded_touchdowns(match):
    """{side: n}: touchdowns the concession awards to the winner, whose SPP it gives to players of
    its choice (edition.toml [concession] opponent_assigns_touchdown_spp); zero without a concession."""
    awarded = dict.fromkeys(SIDES, 0)
    if match.conceded_by and _edition(match).settings["concession"]["opponent_assigns_touchdown_spp"]:
        winner = other(match.conceded_by)
        awarded[winner] = final_score(match)[winner] - match.score(winner)
    return awarded


def injuries(match, match_events=None):
    """{side: {player key: [casualty result dicts]}} of the players of `side` who suffered casualties."""
    hurt = {side: {} for side in SIDES}
    for event in match_events if match_events is not None else events(match):
        if event.kind == Event.Kind.CASUALTY and event.victim_key and "result" in event.rolls:
            hurt[other(event.side)].setdefault(event.victim_key, []).append(event.rolls["result"])
    return hurt


def mvp_candidates(match, side, *, hurt=None):
    """(key, label) of the players eligible for the MVP, in list order: those available for this match
    (not dead in it) and the journeymen. Star players are never listed (edition.toml [mvp] exclude has
    "star_player": they have no roster row to take the SPP), mercenaries only if the edition allows."""
    hurt = injuries(match) if hurt is None else hurt
    dead = {key for key, results in hurt[side].items() if any(r["dead"] for r in results)}
    team = match.team(side)
    candidates = [(f"p{p.pk}", str(p), p.number) for p in team.players.on_roster() if p.is_available]
    extra = match.journeymen(side)
    if "mercenary" in _edition(match).settings["mvp"]["exclude"]:
        extra = match.plain_journeymen(side)
    candidates += [(j["key"], f"#{j['number']} {j['name']}", j["number"]) for j in extra]
    candidates = [c for c in candidates if c[0] not in dead]
    return [(key, label) for key, label, _number in sorted(candidates, key=lambda c: c[2])]


# --- rolling --------------------------------------------------------------------------------------------


def _roll(match, dice, user, notation, purpose, faces, side):
    return record_side_roll(
        match, dice=dice, user=user, notation=notation, purpose=purpose, faces=faces, side=side, step=STEP
    )


def _treasury_before_mistakes(match, side, hired_cost):
    team = match.team(side)
    gained = winnings(match, side) + side_bet_payout(match, side)
    return team.treasury - match.side_value("treasury_spent", side) + gained - hired_cost


def winnings(match, side):
    return formulas.winnings(
        fan_factors=(match.home_fan_factor or 0, match.away_fan_factor or 0),
        touchdowns=final_score(match)[side],
        conceded=penalised_conceder(match) == side,
        opponent_conceded=penalised_conceder(match) == other(side),
        edition=_edition(match),
    )


def side_bet_payout(match, side):
    """What `side`'s side bet returns: the stake times the payout multiplier on a win, else nothing."""
    stake = prematch.side_bet_stake(match, side)
    if not stake or result(match, side) != "win":
        return 0
    return stake * _edition(match).inducements["side_bet"].extra["payout_multiplier"]


@transaction.atomic
def roll_postmatch(match, *, dice, user, faces=None, hire=None, awarded=None):
    """Roll every post-match die: dedicated fans (or the conceder's D3 loss), the MVP (D16 on the list
    of eligible players, misses re-rolled), the expensive mistake D6 and its own dice.
    A penalised concession (penalised_conceder) also rolls the veteran die of each of the conceding
    team's veterans (see veterans). `faces`: {side: {"fans": [n], "mvp": [n], "mistake": [n],
    "mistake_dice": [...], "veterans": {player key: [n]}}}; `hire`:
    {side: [journeyman keys to hire]}; `awarded`: {side: [player key per touchdown awarded by a
    concession]}: the winner's choice of who earns their SPP ("" or missing: nobody).

    Side effects: stores the rolls and choices in match.postmatch, logs every roll (a veteran's
    naming the player).
    """
    require_status(match, Match.Status.POST_MATCH)
    if match.postmatch:
        raise ValidationError(_("The post-match dice are already rolled."))
    faces, hire, awarded = faces or {}, hire or {}, awarded or {}
    edition = _edition(match)
    hurt = injuries(match)
    counts = awarded_touchdowns(match)
    conceder = penalised_conceder(match)
    stored = {}
    for side in SIDES:
        team, given = match.team(side), faces.get(side, {})
        record = {"hire": _check_hires(match, side, hire.get(side, []), hurt)}
        if counts[side]:
            record["awarded"] = _check_awarded(match, side, awarded.get(side, []), counts[side], hurt)
        outcome = result(match, side)
        if conceder == side:
            dice_name = edition.settings["concession"]["conceder_dedicated_fans_loss"]
            record["fans"] = _roll(
                match, dice, user, dice_name, "conceder_fans_loss", given.get("fans"), side
            )
            record["veterans"] = _roll_veterans(match, side, dice, user, given.get("veterans") or {}, hurt)
        elif outcome != "draw":
            record["fans"] = _roll(match, dice, user, "D6", "dedicated_fans", given.get("fans"), side)
        if conceder != side or edition.settings["concession"]["conceder_mvp"]:
            record["mvp"] = _roll_mvp(match, side, dice, user, given.get("mvp"), hurt)
        cost = sum(team.rules.lineman.cost for _key in record["hire"])
        treasury = _treasury_before_mistakes(match, side, cost)
        if formulas.expensive_mistakes_bracket(treasury, edition=edition) is not None:
            record["mistake"] = _roll(
                match, dice, user, "D6", "expensive_mistake", given.get("mistake"), side
            )
            mistake = formulas.expensive_mistake(treasury, record["mistake"]["total"], edition=edition)
            extra = formulas.dice_for_expensive_mistake(mistake, edition=edition)
            if extra:
                record["mistake_dice"] = _roll(
                    match, dice, user, extra, "expensive_mistake_dice", given.get("mistake_dice"), side
                )
        stored[side] = record
    match.postmatch = stored
    match.save()
    return stored


def veterans(match, side, *, hurt=None):
    """The players of `side` who roll to stay after a penalised concession: on the roster, not killed
    in this match, with at least the edition's veteran_min_advancements advancements (one query)."""
    hurt = injuries(match) if hurt is None else hurt
    dead = {key for key, results in hurt[side].items() if any(r["dead"] for r in results)}
    minimum = _edition(match).settings["concession"]["veteran_min_advancements"]
    return [
        player
        for player in match.team(side).players.on_roster()
        if len(player.advancements) >= minimum and f"p{player.pk}" not in dead
    ]


def veteran_leaves(match, total):
    """True when a veteran's roll of `total` makes them quit (edition.toml [concession] veteran_leaves_on)."""
    low, high = _edition(match).settings["concession"]["veteran_leaves_on"]
    return low <= total <= high


def _roll_veterans(match, side, dice, user, faces, hurt):
    """[{"player": key, "name", "roll", "leaves"}] for each veteran of the conceding `side`; `faces`:
    {player key: [n]} of real dice (the others are rolled by Dugout)."""
    notation = _edition(match).settings["concession"]["veteran_dice"]
    rolled = []
    for player in veterans(match, side, hurt=hurt):
        key = f"p{player.pk}"
        roll = record_side_roll(
            match,
            dice=dice,
            user=user,
            notation=notation,
            purpose="veteran_leaves",
            faces=faces.get(key),
            side=side,
            step=STEP,
            player=player,
            subject=str(player),
        )
        rolled.append(
            {"player": key, "name": str(player), "roll": roll, "leaves": veteran_leaves(match, roll["total"])}
        )
    return rolled


def _check_hires(match, side, keys, hurt):
    known = {j["key"] for j in match.plain_journeymen(side)}  # mercenaries are never hired
    keys = [key for key in keys if key]
    if set(keys) - known:
        raise ValidationError(_("Unknown journeyman."))
    if any(any(r["dead"] for r in hurt[side].get(key, [])) for key in keys):
        raise ValidationError(_("A dead journeyman cannot be hired."))
    team = match.team(side)
    rules = get_edition(team.edition).settings["journeymen"]
    permanent = team.players.on_roster().filter(journeyman=False).count()
    if permanent + len(keys) > rules["hire_requires_fewer_than"]:
        raise ValidationError(_("The team has no room for these journeymen."))
    return keys


def _check_awarded(match, side, keys, count, hurt):
    """The players (keys, one per awarded touchdown, "" for nobody) who earn the awarded SPP."""
    keys = list(keys)[:count]
    eligible = {key for key, _label in mvp_candidates(match, side, hurt=hurt)}
    if any(key and key not in eligible for key in keys):
        raise ValidationError(_("Choose a player of the team to earn the SPP of the awarded touchdown."))
    return keys + [""] * (count - len(keys))


def _roll_mvp(match, side, dice, user, faces, hurt):
    candidates = mvp_candidates(match, side, hurt=hurt)
    if not candidates:
        return None
    for _attempt in range(100):
        roll = _roll(match, dice, user, "D16", "mvp", faces, side)
        if roll["total"] <= len(candidates):
            return {"roll": roll, "player": candidates[roll["total"] - 1][0]}
        if faces:
            raise ValidationError(_("No eligible player has that place on the list: roll again."))
    raise ValidationError(_("No MVP could be rolled."))


# --- the plan (preview) and its application ------------------------------------------------------------


def _hired_player(match, side, journeyman, team):
    position = team.rules.lineman
    return Player(
        team=team,
        number=journeyman["number"],
        name=journeyman["name"],
        position=position.id,
        **position.profile.as_dict(),
    )


def plan(match, side, *, team=None, players=None, match_events=None):
    """What the post-match sequence does to `side`'s team, without saving anything.

    Returns {"team": Team (changed), "players": [Player (changed, hired ones unsaved)], "summary": {...}}.
    """
    edition = _edition(match)
    team = team or match.team(side)
    players = list(team.players.all()) if players is None else players
    match_events = events(match) if match_events is None else match_events
    record = match.postmatch.get(side, {})
    earned = spp_earned(match, match_events)[side]
    hurt = injuries(match, match_events)[side]
    mvp = (record.get("mvp") or {}).get("player")
    summary = {"result": result(match, side), "score": final_score(match), "treasury_before": team.treasury}
    # 1. winnings (inducements bought from the treasury are paid now)
    gained = winnings(match, side)
    side_bet = {"stake": prematch.side_bet_stake(match, side), "payout": side_bet_payout(match, side)}
    team.treasury += gained + side_bet["payout"] - match.side_value("treasury_spent", side)
    summary.update(
        winnings=gained, side_bet=side_bet, treasury_spent=match.side_value("treasury_spent", side)
    )
    # 2. dedicated fans
    fans_before = team.dedicated_fans
    conceded = penalised_conceder(match) == side
    if "fans" in record:
        if conceded:
            low = edition.settings["dedicated_fans"]["min"]
            team.dedicated_fans = max(low, team.dedicated_fans - record["fans"]["total"])
        else:
            team.dedicated_fans = formulas.dedicated_fans_after(
                team.dedicated_fans, result=summary["result"], d6=record["fans"]["total"], edition=edition
            )
    summary["dedicated_fans"] = [fans_before, team.dedicated_fans]
    # 3. SPP and MVP; 4. journeymen hired; previous MNG cleared; injuries
    by_key = {f"p{p.pk}": p for p in players}
    for player in players:
        if player.status not in GONE:
            player.miss_next_game = False
    hired = []
    for journeyman in match.plain_journeymen(side):
        if journeyman["key"] in record.get("hire", []):
            player = _hired_player(match, side, journeyman, team)
            team.treasury -= team.rules.lineman.cost
            by_key[journeyman["key"]] = player
            hired.append(player)
    spp = {key: dict(value) for key, value in earned.items()}
    for key in record.get("awarded", []):
        if key:
            entry = spp.setdefault(key, {"spp": 0})
            entry["awarded_touchdown"] = entry.get("awarded_touchdown", 0) + 1
            entry["spp"] += formulas.spp_for("touchdown", edition=edition)
    summary["awarded"] = record.get("awarded", [])
    if mvp:
        entry = spp.setdefault(mvp, {"spp": 0})
        entry["mvp"] = 1
        entry["spp"] += formulas.spp_for("mvp", edition=edition)
    for key, entry in spp.items():
        if key in by_key:
            by_key[key].spp_earned += entry["spp"]
    summary["spp"] = spp
    summary["mvp"] = mvp
    for key, results in hurt.items():
        player = by_key.get(key)
        if player is None:
            continue
        for outcome in results:
            _injure(player, outcome, edition)
    summary["injuries"] = hurt
    summary["hired"] = [p.name for p in hired]
    summary["veterans"] = _veterans_leave(record.get("veterans", []) if conceded else [], by_key)
    # 5. expensive mistakes
    summary["mistake"] = None
    if "mistake" in record:
        mistake = formulas.expensive_mistake(team.treasury, record["mistake"]["total"], edition=edition)
        if mistake is not None:
            extra = record.get("mistake_dice", {}).get("total")
            if extra is None and formulas.dice_for_expensive_mistake(mistake, edition=edition):
                extra = (
                    Dice()
                    .roll(formulas.dice_for_expensive_mistake(mistake, edition=edition), purpose="x")
                    .total
                )
            before = team.treasury
            team.treasury = formulas.treasury_after_mistake(team.treasury, mistake, extra, edition=edition)
            summary["mistake"] = {"outcome": mistake, "lost": before - team.treasury}
    # 6. TV and CTV
    for player in hired:
        player.value = player_value(player)
    refresh_team_value(team, [p for p in players + hired if p.status not in GONE])
    summary.update(
        treasury=team.treasury, team_value=team.team_value, current_team_value=team.current_team_value
    )
    return {"team": team, "players": players, "hired": hired, "by_key": by_key, "summary": summary}


def _veterans_leave(rolled, by_key):
    """Retire the veterans whose roll made them quit (kept in the team's history, as rosters retire a
    player); returns the rolls for the summary. A player gone since the roll is left alone."""
    for entry in rolled:
        player = by_key.get(entry["player"])
        if entry["leaves"] and player is not None and player.status not in GONE:
            player.status = Player.Status.RETIRED
    return rolled


def _injure(player, outcome, edition):
    if outcome["dead"]:
        player.status = Player.Status.DEAD
        return
    if outcome["miss_next_game"]:
        player.miss_next_game = True
    if outcome["niggling"]:
        player.niggling_injuries += 1
    if outcome["lasting_injury"]:
        player.lasting_injuries = [*player.lasting_injuries, outcome["lasting_injury"]]
        characteristic = outcome["characteristic"]
        setattr(
            player,
            characteristic,
            formulas.reduce(getattr(player, characteristic), characteristic, edition=edition),
        )


def preview(match):
    """{side: {"before": summary of the team now, "after": plan summary}} for the preview page."""
    match_events = events(match)
    previews = {}
    for side in SIDES:
        team = Team.objects.get(pk=match.team(side).pk)
        before = {
            "treasury": team.treasury,
            "dedicated_fans": team.dedicated_fans,
            "team_value": team.team_value,
            "current_team_value": team.current_team_value,
        }
        previews[side] = {
            "team": team,
            "before": before,
            "after": plan(match, side, team=team, match_events=match_events)["summary"],
        }
    return previews


def apply_postmatch(match, *, user):
    """Apply the post-match sequence to both teams, in one transaction, exactly once.

    The match row is locked (select_for_update) and its status checked, so two simultaneous submits
    apply once; the second gets a ValidationError. Side effects: updates both teams and their players
    (bulk; the veterans who quit after a penalised concession are retired), creates hired journeymen,
    writes one "match" LedgerEntry per team and the players' PlayerMatchStats (bulk) and, for a league
    match, its players' totals (PlayerLeagueStats), sets the match applied.
    """
    with transaction.atomic():
        match = Match.objects.select_for_update().select_related("home_team", "away_team").get(pk=match.pk)
        if match.status == Match.Status.APPLIED:
            raise ValidationError(_("This match has already been applied."))
        if not match.postmatch:
            raise ValidationError(_("Roll the post-match dice first."))
        if not league_link.ready_to_apply(league_link.refresh_status(match)):
            raise ValidationError(_("The league has not confirmed this result yet."))
        teams = {
            t.pk: t
            for t in Team.objects.select_for_update().filter(pk__in=[match.home_team_id, match.away_team_id])
        }
        match_events = events(match)
        entries, outcome, by_key = {}, {}, {}
        for side in SIDES:
            team = teams[match.team(side).pk]
            players = list(team.players.all())
            before = {
                "team": snapshot_team(team),
                "players": {str(p.pk): snapshot_player(p) for p in players},
            }
            result_plan = plan(match, side, team=team, players=players, match_events=match_events)
            hired = Player.objects.bulk_create(result_plan["hired"])
            by_key.update(result_plan["by_key"])
            Player.objects.bulk_update(players, PLAYER_FIELDS)
            team.save()
            after_players = {str(p.pk): snapshot_player(p) for p in players}
            touched = [pk for pk, state in after_players.items() if state != before["players"][pk]]
            before_snapshot = {
                "team": before["team"],
                "players": {pk: before["players"][pk] for pk in touched},
            }
            after_snapshot = {
                "team": snapshot_team(team),
                "players": {pk: after_players[pk] for pk in touched},
            }
            for player in hired:
                before_snapshot["players"][str(player.pk)] = None
                after_snapshot["players"][str(player.pk)] = snapshot_player(player)
            summary = result_plan["summary"]
            entry = LedgerEntry.objects.create(
                team=team,
                kind=LedgerEntry.Kind.MATCH,
                actor=user,
                reason=str(match),
                details={"match": match.pk, **_json_summary(summary)},
                before=before_snapshot,
                after=after_snapshot,
                gold_change=after_snapshot["team"]["treasury"] - before_snapshot["team"]["treasury"],
            )
            entries[side] = entry.pk
            outcome[side] = _json_summary(summary)
        PlayerMatchStats.objects.bulk_create(
            player_stats(match, outcome, match_events=match_events, by_key=by_key)
        )
        match.ledger_entries = entries
        match.outcome = outcome
        match.status = Match.Status.APPLIED
        match.applied_at = timezone.now()
        match.applied_by = user
        match.save()
        if not match.is_friendly:
            refresh_player_totals(fixture=match.fixture)
    return match


def _json_summary(summary):
    return {key: value for key, value in summary.items() if key != "score"} | {"score": summary["score"]}


def later_matches(match):
    """Applied matches of either team applied after this one."""
    teams = [match.home_team_id, match.away_team_id]
    return list(
        Match.objects.applied()
        .filter(Q(home_team__in=teams) | Q(away_team__in=teams), applied_at__gt=match.applied_at)
        .exclude(pk=match.pk)
        .select_related("home_team", "away_team")
    )


def undo_apply(match, *, user):
    """Undo an applied match: both teams go back to their before snapshots (hired journeymen removed)
    and the match returns to the post-match step with its dice. Refused (UndoBlocked listing them) when
    a later applied match of either team depends on it.

    Side effects: restores teams and players, deletes the two ledger entries and the match's
    PlayerMatchStats (its players' PlayerLeagueStats follow), match status.
    """
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        if match.status != Match.Status.APPLIED:
            raise ValidationError(_("This match is not applied."))
        later = later_matches(match)
        if later:
            raise UndoBlocked(later)
        for side in SIDES:
            team = Team.objects.select_for_update().get(pk=match.team(side).pk)
            entry = LedgerEntry.objects.get(pk=match.ledger_entries[side])
            restore(team, entry.before, entry.after)
            entry.delete()
        PlayerMatchStats.objects.filter(match=match).delete()
        # A league match goes back to waiting on its (still confirmed) league result.
        match.status = Match.Status.POST_MATCH if match.is_friendly else Match.Status.SUBMITTED
        match.ledger_entries, match.outcome = {}, {}
        match.applied_at = match.applied_by = None
        match.save()
        if not match.is_friendly:
            refresh_player_totals(fixture=match.fixture)
    return match
