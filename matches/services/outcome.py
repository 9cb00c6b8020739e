"""What a played match says, read from its events and its post-match record: the final score (a
concession awards the winner its touchdowns), each side's result, the SPP its events earn, the
casualties, the MVP candidates, and what each player did (PlayerMatchStats, written when the match is
applied). The post-match sequence (matches.services.postmatch) and the league link
(matches.services.league) both read it; it imports neither.
"""

from django.db import transaction

from league.models import PlayerMatchStats
from matches.models import SIDES, Event, other
from matches.services import effects
from matches.services.drives.catching import catch_spp
from rosters.models import Player
from rulebook import dedication, formulas
from rulebook.edition import Edition, get_edition

SPP_EVENTS = effects.SPP_EVENTS


def match_edition(match) -> Edition:
    return get_edition(match.home_team.edition)


# --- what the match says ----------------------------------------------------------------------------


def final_score(match):
    """{"home": n, "away": n} after a concession, by the edition's [concession]: the conceding team's
    touchdowns may go to its opponent (conceder_touchdowns_to_opponent), who may be awarded more
    (opponent_awarded_touchdowns) or scores at least winner_min_score; the conceder may keep its
    touchdowns or score conceder_score."""
    score = {side: match.score(side) for side in SIDES}
    if match.conceded_by:
        rules = match_edition(match).settings.concession
        conceder, winner = match.conceded_by, other(match.conceded_by)
        if rules.conceder_touchdowns_to_opponent:
            score[winner] += score[conceder]
            score[conceder] = 0
        score[winner] += rules.opponent_awarded_touchdowns or 0
        score[winner] = max(score[winner], rules.winner_min_score or 0)
        if rules.conceder_score is not None:
            score[conceder] = rules.conceder_score
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
    and the SPP changed by the Prayers to Nuffle in force in each event's drive (effects.event_spp), a
    team rule's own award (formulas.spp_for team_rules: Brawlin' Brutes), and the "catch" a prayer pays
    the recorded catcher of a completion (drives.catching). Mercenaries and star players
    keep their actions but earn 0 SPP unless the edition says they earn; so does every player of a team
    that concedes with penalties where the edition says it loses the game's SPP."""
    edition = match_edition(match)
    earned: dict[str, dict[str, dict[str, int]]] = {side: {} for side in SIDES}
    unpaid = set()
    if not edition.settings.spp.mercenaries_earn:
        unpaid |= {entry["key"] for side in SIDES for entry in match.mercenaries(side)}
    if not edition.settings.spp.star_players_earn:
        unpaid |= {entry["key"] for side in SIDES for entry in match.star_players(side)}
    unpaid_side = _unpaid_side(match, edition)
    voided = _voided_touchdowns_side(match, edition)
    team_rules = {side: match.team(side).rules_in_force for side in SIDES}
    doubling = _first_spp_doubling(match)
    for event in match_events if match_events is not None else events(match):
        key = event.actor_key
        if not key or (event.kind == Event.Kind.TOUCHDOWN and event.side == voided):
            continue
        action, spp = effects.event_spp(match, event, edition=edition)
        if action is None:
            continue
        spp = team_spp(action, spp, team_rules=team_rules[event.side], edition=edition)
        spp *= doubling(event, spp)
        record = earned[event.side].setdefault(key, {"spp": 0})
        record[action] = record.get(action, 0) + 1
        record["spp"] += 0 if key in unpaid or event.side == unpaid_side else spp
        catcher, caught = event.catcher_key, catch_spp(match, event)
        if caught and catcher not in unpaid and event.side != unpaid_side:
            record = earned[event.side].setdefault(catcher, {"spp": 0})
            record["catch"] = record.get("catch", 0) + 1
            record["spp"] += caught
    return earned


def _first_spp_doubling(match):
    """A function of (event, its SPP) giving what to multiply them by: 2 for the first SPP a player of a
    side whose dedication doubles them earns in each drive (Hoeth: `double_first_spp = "drive"`; star
    players neither earn nor use it, journeymen do), else 1."""
    doubling = {side: dedication.doubles_first_spp(match.team(side).dedication_row) for side in SIDES}
    stars = (
        {entry["key"] for side in SIDES for entry in match.star_players(side)}
        if any(doubling.values())
        else set()
    )
    used = set()

    def factor(event, spp):
        if (
            not doubling[event.side]
            or spp <= 0
            or event.actor_key in stars
            or (event.side, event.drive_id) in used
        ):
            return 1
        used.add((event.side, event.drive_id))
        return 2

    return factor


def team_spp(action, spp, *, team_rules, edition):
    """`spp` (what the event earns by the edition and the prayers in force) changed by as much as a team
    rule changes the award for `action` (Brawlin' Brutes: 2 instead of 3 for a touchdown, 3 instead of
    2 for a casualty)."""
    base = formulas.spp_for(action, edition=edition)
    own = formulas.spp_for(action, team_rules=team_rules, edition=edition)
    return max(0, spp + own - base)


def _unpaid_side(match, edition):
    """The side that concedes with penalties when it loses every SPP earned in the game (edition.toml
    [concession] conceder_loses_game_spp), else None."""
    if edition.settings.concession.conceder_loses_game_spp:
        return penalised_conceder(match)
    return None


def _voided_touchdowns_side(match, edition):
    """The conceding side when its scorers lose their touchdown SPP (edition.toml [concession]
    conceder_touchdown_spp = false), else None."""
    if match.conceded_by and not edition.settings.concession.conceder_touchdown_spp:
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
        if field is None or stats is None:
            continue
        setattr(stats, field, getattr(stats, field) + 1)
        if event.kind == Event.Kind.CASUALTY and event.outcome == KILLED:
            stats.kills += 1
    for side in SIDES:
        for key, entry in (outcome.get(side, {}).get("spp") or {}).items():
            if (stats := row(side, key)) is not None:
                stats.spp = entry.get("spp", 0)
        chosen = outcome.get(side, {})
        for key in chosen.get("mvps") or [chosen.get("mvp")]:
            if (stats := row(side, key)) is not None:
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
    if match.conceded_by and match_edition(match).settings.concession.opponent_assigns_touchdown_spp:
        winner = other(match.conceded_by)
        awarded[winner] = final_score(match)[winner] - match.score(winner)
    return awarded


def injuries(match, match_events=None):
    """{side: {player key: [casualty result dicts]}} of the players of `side` who suffered casualties."""
    hurt: dict[str, dict[str, list[dict]]] = {side: {} for side in SIDES}
    for event in match_events if match_events is not None else events(match):
        if event.kind == Event.Kind.CASUALTY and event.victim_key and "result" in event.rolls:
            hurt[other(event.side)].setdefault(event.victim_key, []).append(event.rolls["result"])
    return hurt


def mvp_candidates(match, side, *, hurt=None):
    """(key, label) of the players eligible for the MVP, in list order: those available for this match
    (not dead in it) and the journeymen. (BB2025's [mvp] eligible = "played" is read the same way:
    Dugout does not record who took the pitch.) Star players are never listed (edition.toml [mvp] exclude has
    "star_player": they have no roster row to take the SPP), mercenaries only if the edition allows."""
    hurt = injuries(match) if hurt is None else hurt
    dead = {key for key, results in hurt[side].items() if any(r["dead"] for r in results)}
    team = match.team(side)
    candidates = [(f"p{p.pk}", str(p), p.number) for p in team.players.on_roster() if p.is_available]
    extra = match.journeymen(side)
    if "mercenary" in match_edition(match).settings.mvp.exclude:
        extra = match.plain_journeymen(side)
    candidates += [(j["key"], f"#{j['number']} {j['name']}", j["number"]) for j in extra]
    candidates = [c for c in candidates if c[0] not in dead]
    return [(key, label) for key, label, _number in sorted(candidates, key=lambda c: c[2])]
