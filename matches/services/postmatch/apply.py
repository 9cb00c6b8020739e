"""Applying the post-match sequence to both teams, in one transaction and exactly once, and undoing it
while no later match of either team depends on it."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import PlayerMatchStats
from league.stats import refresh_player_totals
from matches.models import SIDES, Match
from matches.services import league as league_link
from matches.services.outcome import events, player_stats
from matches.services.postmatch.plan import plan
from rosters.ledger import PLAYER_FIELDS, restore, snapshot_player, snapshot_team
from rosters.models import LedgerEntry, Player, Team


class UndoBlocked(ValidationError):
    """A later applied match of one of the teams depends on this one (`later` lists them)."""

    def __init__(self, later):
        self.later = later
        super().__init__(
            _("Later matches depend on this one: %(matches)s") % {"matches": ", ".join(map(str, later))}
        )


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
