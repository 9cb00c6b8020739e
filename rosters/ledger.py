"""The team ledger: every change recorded with a before/after snapshot, and undo of the latest one."""

import copy
from contextlib import contextmanager

from django.db import transaction
from django.utils.translation import gettext as _

from rosters.models import LedgerEntry, Player, Team
from rosters.values import refresh_team_value

TEAM_FIELDS = (
    "name",
    "status",
    "chosen_rule",
    "dedication",
    "dedication_position",
    "treasury",
    "rerolls",
    "dedicated_fans",
    "apothecary",
    "assistant_coaches",
    "cheerleaders",
    "team_value",
    "current_team_value",
)
PLAYER_FIELDS = (
    "number",
    "name",
    "position",
    "status",
    "journeyman",
    "is_captain",
    "ma",
    "st",
    "ag",
    "pa",
    "av",
    "advancements",
    "extra_skills",
    "pending_advancement",
    "lasting_injuries",
    "niggling_injuries",
    "miss_next_game",
    "spp_earned",
    "spp_spent",
    "value",
)


class UndoError(Exception):
    """The latest entry cannot be undone; the message says why."""


def snapshot_team(team):
    return {field: copy.deepcopy(getattr(team, field)) for field in TEAM_FIELDS}


def snapshot_player(player):
    # Deep copies: a list or dict mutated in place later (lasting injuries, advancements) must not
    # change the snapshot already taken.
    return {field: copy.deepcopy(getattr(player, field)) for field in PLAYER_FIELDS}


class Change:
    """Collects what a change touches, so the ledger entry can hold before and after."""

    def __init__(self, team, players):
        self.team = team
        self.players = {player.pk: player for player in players}
        self.before = {
            "team": snapshot_team(team),
            "players": {str(p.pk): snapshot_player(p) for p in players},
        }
        self.details = {}
        self.deleted = set()

    def forget(self, player):
        """Register that the change deletes this player (it was passed in `players`)."""
        self.players.pop(player.pk, None)
        self.deleted.add(player.pk)

    def track(self, player):
        """Register a player the change creates (before: absent) or touches."""
        if player.pk not in self.players:
            self.players[player.pk] = player
            self.before["players"].setdefault(str(player.pk), None)

    def after(self):
        players = {str(pk): snapshot_player(player) for pk, player in self.players.items()}
        players.update({str(pk): None for pk in self.deleted})
        return {"team": snapshot_team(self.team), "players": players}


@contextmanager
def change(team, *, actor, kind, players=(), reason="", as_commissioner=False):
    """Record one change to `team` in the ledger, atomically.

    Mutate `team` and `players` inside the block (call `change.track(new_player)` for players created);
    on exit the team value is recomputed, everything is saved and a LedgerEntry is written.
    Side effects: saves the team and the tracked players, creates a LedgerEntry.
    """
    with transaction.atomic():
        recorded = Change(team, players)
        yield recorded
        for player in recorded.players.values():
            player.save()
        refresh_team_value(team)
        team.save()
        for player in recorded.players.values():
            player.refresh_from_db(fields=["value"])
        after = recorded.after()
        LedgerEntry.objects.create(
            team=team,
            kind=kind,
            actor=actor,
            as_commissioner=as_commissioner,
            reason=reason,
            details=recorded.details,
            before=recorded.before,
            after=after,
            gold_change=after["team"]["treasury"] - recorded.before["team"]["treasury"],
        )


# Entries that start a team's history, close a match or correct one (undone as a correction, with the
# other team's): nothing before them may be undone.
NOT_UNDOABLE = {
    LedgerEntry.Kind.CREATED,
    LedgerEntry.Kind.MATCH,
    LedgerEntry.Kind.IMPORT,
    LedgerEntry.Kind.CORRECTION,
}


def latest_undoable(team):
    """The entry the coach may undo now: the latest one, if made since the team's last match."""
    entry = team.ledger.first()
    if entry is None or entry.kind in NOT_UNDOABLE:
        return None
    return entry


@transaction.atomic
def undo_latest(team, *, actor):
    """Restore the state before the latest ledger entry and delete that entry.

    Side effects: updates the team, updates/deletes/recreates the players the entry touched, deletes
    the entry. Raises UndoError when there is nothing that may be undone.
    """
    team = Team.objects.select_for_update().get(pk=team.pk)
    entry = latest_undoable(team)
    if entry is None:
        raise UndoError(_("There is nothing to undo since the last match."))
    restore(team, entry.before, entry.after)
    entry.delete()
    return entry


def restore(team, before, after):
    """Put the team and its players back as `before` says (players created since are deleted)."""
    for field, value in before["team"].items():
        setattr(team, field, value)
    team.save()
    for player_id, state in before["players"].items():
        if state is None:
            Player.objects.filter(pk=player_id, team=team).delete()
        elif Player.objects.filter(pk=player_id, team=team).update(**state) == 0:
            Player.objects.create(pk=player_id, team=team, **state)
