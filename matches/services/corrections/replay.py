"""Replaying a team's history from a corrected match onward, in memory.

A team's ledger holds, for every change, the state of what it touched before and after. The state
before the corrected match is found by unwinding the ledger from now back to that match's entry. From
there each entry is played again in its original order:
- a match entry runs the post-match sequence again (postmatch.plan) on the replayed team, with the
  dice stored on the match then (the corrected match with its corrected record);
- any other entry (a purchase, a hiring or firing, an advancement, a prize...) is applied as the change
  it made: numbers move by what they moved then (treasury, SPP, characteristics), lists gain and lose
  what they gained and lost (advancements, skills, injuries), anything else takes the value it was
  set to; values and team value are recomputed.
What can no longer be replayed as it was is a Conflict, settled by a choice of the rules (keep it, or
take the change back); until every conflict has a choice, the correction cannot be applied.

Nothing is saved here, but postmatch.plan sets the players' values it recomputes in the database as
it always does: callers run the replay in a transaction (matches.services.corrections.apply).
"""

import copy
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from matches.models import Match, other
from matches.services.outcome import events as match_events
from matches.services.postmatch.plan import GONE, plan
from rosters.ledger import PLAYER_FIELDS, TEAM_FIELDS, snapshot_player, snapshot_team
from rosters.models import LedgerEntry, Player
from rosters.values import refresh_team_value

KEEP, TAKE_BACK = "keep", "take_back"
# Team and player numbers a change moves by a difference (a purchase takes its price from whatever the
# treasury holds now); the other fields take the value the change gave them.
TEAM_AMOUNTS = ("treasury", "rerolls", "dedicated_fans", "assistant_coaches", "cheerleaders")
PLAYER_AMOUNTS = ("ma", "st", "ag", "pa", "av", "niggling_injuries", "spp_earned", "spp_spent")
PLAYER_LISTS = ("advancements", "extra_skills", "lasting_injuries")
DERIVED = ("value", "team_value", "current_team_value")


@dataclass
class Conflict:
    """What cannot be replayed as it was: `kind` spp_debt, treasury, dead_played or missing_player."""

    id: str
    kind: str
    team: int
    entry: int
    player: str = ""
    name: str = ""
    choices: tuple = (KEEP, TAKE_BACK)

    @property
    def message(self):
        return {
            "spp_debt": _("%(name)s's advancement was bought with SPP the player no longer has."),
            "treasury": _("%(name)s: the treasury no longer covers this purchase."),
            "dead_played": _("%(name)s is now dead but played a later match."),
            "missing_player": _("%(name)s is no longer on the roster for this change."),
        }[self.kind] % {"name": self.name}


@dataclass
class ReplayedEntry:
    entry: LedgerEntry
    before: dict
    after: dict
    summary: dict | None = None  # a match entry's new post-match summary
    match: Match | None = None
    by_key: dict = field(default_factory=dict)  # a match entry's players by their match key
    taken_back: bool = False


@dataclass
class TeamReplay:
    team: object
    start: dict  # the state before the corrected match
    final: dict
    entries: list = field(default_factory=list)
    conflicts: list = field(default_factory=list)


def history_from(team, entry):
    """The team's ledger entries from `entry` on, oldest first, without earlier corrections' own
    entries (the history they corrected was rewritten: they record, they do not change)."""
    return list(
        LedgerEntry.objects.filter(team=team, pk__gte=entry.pk)
        .exclude(kind=LedgerEntry.Kind.CORRECTION)
        .order_by("pk")
    )


def current_state(team, players):
    return {"team": snapshot_team(team), "players": {str(p.pk): snapshot_player(p) for p in players}}


def unwind(state, entries):
    """The state before the first of `entries`: each entry's before put back, latest first."""
    state = copy.deepcopy(state)
    for entry in reversed(entries):
        state["team"].update(copy.deepcopy(entry.before["team"]))
        for player_id, before in entry.before.get("players", {}).items():
            if before is None:
                state["players"].pop(player_id, None)
            else:
                state["players"][player_id] = copy.deepcopy(before)
    return state


def replay_team(team, entries, *, corrected, resolutions):
    """Replay `entries` (history_from: the corrected match's entry first) of `team`, whose current state
    is `team` and its players. `corrected`: {match id: Record} of the matches played with their record as
    corrected (edits applied in memory); `resolutions`: {conflict id: choice}."""
    start = unwind(current_state(team, team.players.all()), entries)
    replay = TeamReplay(team=team, start=start, final=copy.deepcopy(start))
    later = _later_matches(entries, corrected)
    for entry in entries:
        if entry.kind == LedgerEntry.Kind.MATCH:
            done = _replay_match(replay, entry, later[entry.details["match"]])
        else:
            done = _replay_change(replay, entry, resolutions)
        replay.entries.append(done)
    return replay


def _later_matches(entries, corrected):
    """{match id: Record or Match} for every match entry: the corrected ones from `corrected`."""
    ids = {entry.details["match"] for entry in entries if entry.kind == LedgerEntry.Kind.MATCH}
    found = dict(corrected)
    missing = ids - set(found)
    for match in Match.objects.filter(pk__in=missing).select_related("home_team", "away_team", "fixture"):
        found[match.pk] = match
    return found


# --- the state as objects, and back ------------------------------------------------------------------


def _objects(team, state):
    """A Team and its Players in memory holding `state` (the team is a copy: the caller's is untouched)."""
    replayed = copy.copy(team)
    for name, value in state["team"].items():
        setattr(replayed, name, copy.deepcopy(value))
    players = []
    for player_id, values in state["players"].items():
        player = Player(team=replayed, **copy.deepcopy(values))
        player.pk = int(player_id) if player_id.isdigit() else None
        player.temporary_id = player_id
        players.append(player)
    return replayed, players


def _state_of(team, players):
    return {
        "team": snapshot_team(team),
        "players": {
            (str(p.pk) if p.pk else p.temporary_id): snapshot_player(p) for p in players if p is not None
        },
    }


def _revalue(team, state):
    """Recompute the players' values and the team's TV and CTV of `state`."""
    replayed, players = _objects(team, state)
    refresh_team_value(replayed, [p for p in players if p.status not in GONE])
    return _state_of(replayed, players)


def _snapshots(state, player_ids):
    return {
        "team": copy.deepcopy(state["team"]),
        "players": {pid: copy.deepcopy(state["players"].get(pid)) for pid in player_ids},
    }


def _touched(before, after, original):
    ids = set(original.before.get("players", {})) | set(original.after.get("players", {}))
    ids |= {
        pid
        for pid in set(before["players"]) | set(after["players"])
        if before["players"].get(pid) != after["players"].get(pid)
    }
    return sorted(ids, key=lambda pid: (not pid.isdigit(), int(pid) if pid.isdigit() else 0, pid))


# --- a match entry --------------------------------------------------------------------------------------


def _replay_match(replay, entry, played):
    record = played if not isinstance(played, Match) else None
    match = record.match if record else played
    side = match.side_of(replay.team)
    recorded = record.events if record else match_events(match)
    before = replay.final
    _flag_the_dead(replay, entry, match, side, recorded)
    team, players = _objects(replay.team, before)
    result = plan(match, side, team=team, players=players, match_events=recorded)
    _name_the_hired(entry, result["hired"])
    after = _state_of(result["team"], players + result["hired"])
    replay.final = after
    touched = _touched(before, after, entry)
    return ReplayedEntry(
        entry=entry,
        before=_snapshots(before, touched),
        after=_snapshots(after, touched),
        summary=result["summary"],
        match=match,
        by_key=result["by_key"],
    )


def _name_the_hired(entry, hired):
    """Give the players the replayed match hires the ids those it hired then have (in hiring order);
    any more get a temporary id, made a real one when the correction is saved."""
    created = sorted(int(pid) for pid, state in entry.before.get("players", {}).items() if state is None)
    for index, player in enumerate(hired):
        if index < len(created):
            player.pk = created[index]
        else:
            player.temporary_id = f"new-{entry.pk}-{index}"


def _flag_the_dead(replay, entry, match, side, recorded):
    """A player the replay has killed who still took part in this later match (an action, a block
    suffered, an MVP) is flagged: the match stays as it was played."""
    if not replay.entries:
        return  # the corrected match itself: whoever dies in it played it
    dead = {
        f"p{pid}": state["name"]
        for pid, state in replay.final["players"].items()
        if state["status"] == Player.Status.DEAD
    }
    took_part = set()
    for event in recorded:
        took_part.add(event.actor_key if event.side == side else "")
        took_part.add(event.victim_key if other(event.side) == side else "")
    postmatch = match.postmatch.get(side, {})
    took_part |= {mvp["player"] for mvp in postmatch.get("mvps") or [] if mvp}
    for key in sorted(took_part & set(dead)):
        replay.conflicts.append(
            Conflict(
                id=f"dead_played:{entry.pk}:{key[1:]}",
                kind="dead_played",
                team=replay.team.pk,
                entry=entry.pk,
                player=key[1:],
                name=dead[key],
                choices=(KEEP,),
            )
        )


# --- any other entry ------------------------------------------------------------------------------------


def _replay_change(replay, entry, resolutions):
    before = replay.final
    after, missing = _moved(before, entry)
    after = _revalue(replay.team, after)
    conflicts = [*_missing(replay, entry, missing), *_debts(replay, entry, after)]
    replay.conflicts += conflicts
    taken_back = any(resolutions.get(conflict.id) == TAKE_BACK for conflict in conflicts) or any(
        conflict.kind == "missing_player" for conflict in conflicts
    )
    if taken_back:
        after = copy.deepcopy(before)
    replay.final = after
    touched = _touched(before, after, entry)
    return ReplayedEntry(
        entry=entry,
        before=_snapshots(before, touched),
        after=_snapshots(after, touched),
        taken_back=taken_back,
    )


def _moved(state, entry):
    """`state` after the change `entry` made then; and the players it changed who are gone now."""
    state = copy.deepcopy(state)
    for name in TEAM_FIELDS:
        old, new = entry.before["team"].get(name), entry.after["team"].get(name)
        if old != new and name not in DERIVED:
            state["team"][name] = _moved_value(name in TEAM_AMOUNTS, state["team"][name], old, new)
    missing = []
    players = entry.before.get("players", {}) | entry.after.get("players", {})
    for player_id in players:
        old, new = entry.before["players"].get(player_id), entry.after["players"].get(player_id)
        if old is None and new is not None:
            state["players"][player_id] = copy.deepcopy(new)
        elif new is None:
            state["players"].pop(player_id, None)
        elif player_id not in state["players"]:
            missing.append(player_id)
        else:
            state["players"][player_id] = _moved_player(state["players"][player_id], old, new)
    return state, missing


def _moved_value(is_amount, current, old, new):
    if is_amount and None not in (current, old, new):
        return current + new - old
    return copy.deepcopy(new)


def _moved_player(current, old, new):
    moved = dict(current)
    for name in PLAYER_FIELDS:
        if old.get(name) == new.get(name) or name in DERIVED:
            continue
        if name in PLAYER_LISTS:
            moved[name] = _moved_list(current[name], old[name], new[name])
        else:
            moved[name] = _moved_value(name in PLAYER_AMOUNTS, current[name], old[name], new[name])
    return moved


def _moved_list(current, old, new):
    """`current` with what the change added to the list (in order) and without what it removed."""
    result = list(current)
    remaining_old = list(old)
    for item in new:
        if item in remaining_old:
            remaining_old.remove(item)
        else:
            result.append(copy.deepcopy(item))
    for item in remaining_old:
        if item in result:
            result.remove(item)
    return result


def _missing(replay, entry, missing):
    for player_id in missing:
        yield Conflict(
            id=f"missing_player:{entry.pk}:{player_id}",
            kind="missing_player",
            team=replay.team.pk,
            entry=entry.pk,
            player=player_id,
            name=_player_name(entry, player_id),
            choices=(TAKE_BACK,),
        )


def _debts(replay, entry, after):
    """An advancement now bought with SPP the player lacks; a purchase the treasury no longer covers."""
    for player_id, old in entry.before.get("players", {}).items():
        new = entry.after["players"].get(player_id)
        state = after["players"].get(player_id)
        bought = old and new and state and new["spp_spent"] > old["spp_spent"]
        if bought and state["spp_spent"] > state["spp_earned"]:
            yield Conflict(
                id=f"spp_debt:{entry.pk}:{player_id}",
                kind="spp_debt",
                team=replay.team.pk,
                entry=entry.pk,
                player=player_id,
                name=state["name"],
            )
    if entry.gold_change < 0 and after["team"]["treasury"] < 0 <= entry.after["team"]["treasury"]:
        yield Conflict(
            id=f"treasury:{entry.pk}:",
            kind="treasury",
            team=replay.team.pk,
            entry=entry.pk,
            name=after["team"]["name"],
        )


def _player_name(entry, player_id):
    state = entry.after["players"].get(player_id) or entry.before["players"].get(player_id) or {}
    return state.get("name", player_id)
