"""Applying a correction once, and previewing it.

Applying replays both teams' histories from the corrected match on (corrections.replay) and, in one
transaction, writes the match as corrected, both rosters as replayed, every replayed ledger entry and
match outcome as it now reads (the old ones kept on the Correction for undo), a "correction" ledger
entry per team with who and why, the match's player stats, its league result and the season's stored
table; then tells both coaches and the league's commissioners. The preview is the same work in a
transaction rolled back.
"""

import copy
from dataclasses import dataclass, field

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from dugout import freshness
from league.models import PlayerMatchStats, Result, StandingsRow
from league.permissions import is_commissioner
from league.standings.store import recompute_standings
from league.stats import refresh_player_totals
from matches.models import SIDES, Correction, Match
from matches.services.corrections.edits import Record, apply_edits
from matches.services.corrections.permissions import league_of, may_accept, require
from matches.services.corrections.replay import history_from, replay_team
from matches.services.league import casualties_inflicted
from matches.services.outcome import final_score, player_stats
from rosters.ledger import snapshot_player, snapshot_team
from rosters.models import LedgerEntry, Player, Team

REASON_LENGTH = LedgerEntry._meta.get_field("reason").max_length
# The team and player fields the preview and the match report compare.
TEAM_SHOWN = ("treasury", "rerolls", "dedicated_fans", "team_value", "current_team_value")
PLAYER_SHOWN = (
    "status",
    "spp_earned",
    "spp_spent",
    "advancements",
    "ma",
    "st",
    "ag",
    "pa",
    "av",
    "lasting_injuries",
    "niggling_injuries",
    "miss_next_game",
    "value",
)


def require_proposed(correction):
    if correction.status != Correction.Status.PROPOSED:
        raise ValidationError(_("This correction has already been decided."))


# --- the replay, previewed or applied -------------------------------------------------------------------


@dataclass
class Outcome:
    """What a correction does: each team's changes, the conflicts and those not settled yet."""

    teams: dict = field(default_factory=dict)  # {team id: {"name", "team": [...], "players": [...]}}
    conflicts: list = field(default_factory=list)
    unsettled: list = field(default_factory=list)
    result: dict = field(default_factory=dict)  # {"before": score, "after": score} of a league match
    table: dict = field(default_factory=dict)  # {team name: (position before, position after)}


def preview_correction(correction):
    """What applying the correction would do, computed by doing it and rolling it back."""
    with freshness.rolled_back():
        return _correct(correction, by=correction.proposed_by, preview=True)


def apply_correction(*, correction, by):
    """Accept and apply the correction, once (two simultaneous accepts apply it once: the second finds it
    decided). Refused while a conflict is not settled. Side effects: see the module docstring."""
    require(may_accept(by, correction), _("The other team's coach or a commissioner accepts a correction."))
    with transaction.atomic():
        outcome = _correct(correction, by=by, preview=False)
    transaction.on_commit(lambda: _notify(correction))
    return outcome


def _correct(correction, *, by, preview):
    correction = Correction.objects.select_for_update().get(pk=correction.pk)
    match = (
        Match.objects.select_for_update().select_related("home_team", "away_team").get(pk=correction.match_id)
    )
    require_proposed(correction)
    if match.status != Match.Status.APPLIED:
        raise ValidationError(_("Only a match applied to the rosters can be corrected."))
    record = Record.load(match)
    apply_edits(record, correction.edits, check=True)
    teams = {
        t.pk: t
        for t in Team.objects.select_for_update().filter(pk__in=[match.home_team_id, match.away_team_id])
    }
    replays = {}
    for side in SIDES:
        team = teams[match.team(side).pk]
        first = LedgerEntry.objects.get(pk=match.ledger_entries[side])
        replays[side] = replay_team(
            team, history_from(team, first), corrected={match.pk: record}, resolutions=correction.resolutions
        )
    outcome = Outcome(conflicts=[c for replay in replays.values() for c in replay.conflicts])
    outcome.unsettled = [c for c in outcome.conflicts if correction.resolutions.get(c.id) not in c.choices]
    if outcome.unsettled and not preview:
        raise ValidationError(_("Settle every conflict the preview lists before applying the correction."))
    originals = {"entries": {}, "outcomes": {}, "stats": _stats_rows(match)}
    table_before = _table_positions(match)
    record.save()
    entries = {}
    for side in SIDES:
        replay = replays[side]
        team = teams[match.team(side).pk]
        before = _current(team)
        new_ids = _write_team(team, replay.final)
        _rewrite_history(replay, new_ids, originals)
        after = _current(team)
        outcome.teams[team.pk] = _changes(team, before, after)
        entries[team.pk] = _ledger_entry(team, correction, by, before, after).pk
    _rewrite_outcomes(replays, originals)
    _restat(match, replays)
    outcome.result = relink_result(match)
    outcome.table = _table_changes(table_before, _table_positions(match))
    correction.status = Correction.Status.APPLIED
    correction.decided_by, correction.decided_at = by, timezone.now()
    correction.summary = {str(pk): changes for pk, changes in outcome.teams.items()} | {
        "result": outcome.result
    }
    correction.originals = originals
    correction.ledger_entries = {str(pk): entry for pk, entry in entries.items()}
    correction.save()
    return outcome


# --- writing ------------------------------------------------------------------------------------------


def _current(team):
    team.refresh_from_db()
    players = {str(p.pk): p for p in team.players.all()}
    return {
        "team": {name: getattr(team, name) for name in TEAM_SHOWN} | {"name": team.name},
        "players": players,
    }


def _write_team(team, final):
    """Make the team and its players what the replay ended with; {temporary id: new player id}."""
    for name, value in final["team"].items():
        setattr(team, name, value)
    team.save()
    existing = {str(pk) for pk in team.players.values_list("pk", flat=True)}
    new_ids = {}
    for player_id, state in final["players"].items():
        if player_id in existing:
            Player.objects.filter(pk=player_id).update(**state)
        elif player_id.isdigit():
            Player.objects.create(pk=int(player_id), team=team, **state)
        else:
            new_ids[player_id] = str(Player.objects.create(team=team, **state).pk)
    Player.objects.filter(team=team).exclude(
        pk__in=[int(p) for p in final["players"] if p.isdigit()] + [int(p) for p in new_ids.values()]
    ).delete()
    return new_ids


def _renamed(snapshot, new_ids):
    players = {new_ids.get(pid, pid): state for pid, state in snapshot["players"].items()}
    return {**snapshot, "players": players}


def _rewrite_history(replay, new_ids, originals):
    changed = []
    for done in replay.entries:
        entry = done.entry
        originals["entries"][str(entry.pk)] = {
            "before": entry.before,
            "after": entry.after,
            "gold_change": entry.gold_change,
            "details": entry.details,
        }
        entry.before, entry.after = _renamed(done.before, new_ids), _renamed(done.after, new_ids)
        entry.gold_change = entry.after["team"]["treasury"] - entry.before["team"]["treasury"]
        if done.summary is not None:
            entry.details = {**entry.details, **_json(done.summary)}
        if done.taken_back:
            entry.details = {**entry.details, "taken_back": True}
        for player_id, new_id in new_ids.items():
            for player in done.by_key.values():
                if getattr(player, "temporary_id", None) == player_id:
                    player.pk = int(new_id)
        changed.append(entry)
    LedgerEntry.objects.bulk_update(changed, ["before", "after", "gold_change", "details"])


def _json(summary):
    return {key: value for key, value in summary.items() if key != "score"} | {"score": summary["score"]}


def _rewrite_outcomes(replays, originals):
    """Each replayed match's stored outcome gets its side's new post-match summary."""
    outcomes: dict[int, dict] = {}
    for side_replay in replays.values():
        for done in side_replay.entries:
            if done.summary is None:
                continue
            match = done.match
            stored = outcomes.setdefault(match.pk, copy.deepcopy(match.outcome))
            originals["outcomes"].setdefault(str(match.pk), match.outcome)
            stored[match.side_of(side_replay.team)] = _json(done.summary)
    for pk, outcome in outcomes.items():
        Match.objects.filter(pk=pk).update(outcome=outcome)
    freshness.bump(*[("match", pk) for pk in outcomes], why="correction")


def _stats_rows(match):
    return list(
        PlayerMatchStats.objects.filter(match=match).values(
            *[f.attname for f in PlayerMatchStats._meta.concrete_fields if f.attname != "id"]
        )
    )


def _restat(match, replays):
    """The corrected match's player stats from its corrected events and outcome; league totals follow."""
    match.refresh_from_db(fields=["outcome"])
    by_key = {}
    for replay in replays.values():
        by_key.update(replay.entries[0].by_key)
    PlayerMatchStats.objects.filter(match=match).delete()
    PlayerMatchStats.objects.bulk_create(
        player_stats(match, match.outcome, match_events=Record.load(match).events, by_key=by_key)
    )
    if not match.is_friendly:
        refresh_player_totals(fixture=match.fixture)


def relink_result(match):
    """A league match's result takes the corrected score and casualties; the stored table follows."""
    if match.is_friendly:
        return {}
    result = Result.objects.filter(fixture=match.fixture).first()
    if result is None:
        return {}
    before = {"home": result.home_score, "away": result.away_score}
    score, casualties = final_score(match), casualties_inflicted(match)
    result.home_score, result.away_score = score["home"], score["away"]
    result.home_cas, result.away_cas = casualties["home"], casualties["away"]
    result.save(update_fields=["home_score", "away_score", "home_cas", "away_cas"])
    recompute_standings(season=match.fixture.season)
    return {"before": before, "after": score} if before != score else {}


def _table_positions(match):
    if match.is_friendly:
        return {}
    rows = StandingsRow.objects.filter(
        season=match.fixture.season, entry__in=[match.fixture.home_id, match.fixture.away_id]
    )
    return {row.entry_id: row.position for row in rows}


def _table_changes(before, after):
    return {
        str(entry): (before.get(entry), after.get(entry))
        for entry in after
        if before.get(entry) != after.get(entry)
    }


def _changes(team, before, after):
    """{"name", "team": [(field, before, after)], "players": [{"name", "changes": [...]}]} of what differs."""
    team_changes = [
        (name, before["team"][name], after["team"][name])
        for name in TEAM_SHOWN
        if before["team"][name] != after["team"][name]
    ]
    players = []
    for player_id in sorted(set(before["players"]) | set(after["players"]), key=int):
        old, new = before["players"].get(player_id), after["players"].get(player_id)
        changes = [
            (name, getattr(old, name, None), getattr(new, name, None))
            for name in PLAYER_SHOWN
            if getattr(old, name, None) != getattr(new, name, None)
        ]
        if changes:
            players.append({"id": int(player_id), "name": str(new or old), "changes": changes})
    return {"name": team.name, "team": team_changes, "players": players}


def _ledger_entry(team, correction, by, before, after):
    """The team's "correction" entry: what the correction changed, with who and why (a record: the
    history it corrected was rewritten, so the replay of a later correction passes over it)."""
    touched = [pid for pid in set(before["players"]) | set(after["players"]) if _differs(before, after, pid)]
    players_before = {
        pid: snapshot_player(before["players"][pid]) if pid in before["players"] else None for pid in touched
    }
    players_after = {
        pid: snapshot_player(after["players"][pid]) if pid in after["players"] else None for pid in touched
    }
    team_after = snapshot_team(team)
    team_before = {**team_after, **{name: before["team"][name] for name in TEAM_SHOWN}}
    return LedgerEntry.objects.create(
        team=team,
        kind=LedgerEntry.Kind.CORRECTION,
        actor=by,
        as_commissioner=league_of(correction.match) is not None
        and is_commissioner(by, league_of(correction.match)),
        reason=(
            _("Correction of %(match)s: %(reason)s")
            % {"match": correction.match, "reason": correction.reason}
        )[:REASON_LENGTH],
        details={
            "correction": correction.pk,
            "match": correction.match_id,
            "match_name": str(correction.match),
            "why": correction.reason,
            "edits": correction.edits,
        },
        before={"team": team_before, "players": players_before},
        after={"team": team_after, "players": players_after},
        gold_change=team_after["treasury"] - team_before["treasury"],
    )


def _differs(before, after, player_id):
    old, new = before["players"].get(player_id), after["players"].get(player_id)
    return old is None or new is None or snapshot_player(old) != snapshot_player(new)


# --- telling people -------------------------------------------------------------------------------------


def _notify(correction):
    """Email both coaches and the league's commissioners, each in their language."""
    match = correction.match
    people = [match.home_team.coach, match.away_team.coach]
    league = league_of(match)
    if league is not None:
        people += list(league.commissioners.all())
    seen = set()
    for user in people:
        if user is None or not user.email or user.pk in seen:
            continue
        seen.add(user.pk)
        with translation.override(user.preferred_language or settings.LANGUAGE_CODE):
            text = _("Match corrected: %(match)s. %(reason)s") % {"match": match, "reason": correction.reason}
            send_mail(text, text, None, [user.email])
