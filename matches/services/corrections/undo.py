"""Undoing an applied correction: everything put back as it was, while neither team has changed since."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from dugout import freshness
from league.models import PlayerMatchStats
from league.stats import refresh_player_totals
from matches.models import Correction, Match
from matches.services.corrections.apply import relink_result
from matches.services.corrections.edits import Record, revert_edits
from matches.services.corrections.permissions import may_undo, require
from rosters.ledger import restore
from rosters.models import LedgerEntry, Team


def undo_correction(*, correction, by):
    """Put everything back as it was before the correction: refused once either team has changed since.

    Side effects: restores the match's record and outcome, both rosters, the replayed ledger entries and
    outcomes of later matches, the match's player stats, its league result and table; deletes the two
    correction ledger entries; the Correction becomes undone.
    """
    require(may_undo(by, correction), _("Only a commissioner of the league can undo this correction."))
    with transaction.atomic():
        correction = Correction.objects.select_for_update().get(pk=correction.pk)
        if correction.status != Correction.Status.APPLIED:
            raise ValidationError(_("Only an applied correction can be undone."))
        match = (
            Match.objects.select_for_update()
            .select_related("home_team", "away_team")
            .get(pk=correction.match_id)
        )
        entries = {int(team): entry for team, entry in correction.ledger_entries.items()}
        for team_id, entry_id in entries.items():
            if LedgerEntry.objects.filter(team_id=team_id, pk__gt=entry_id).exists():
                raise ValidationError(
                    _("A team has changed since this correction: it can no longer be undone.")
                )
        record = Record.load(match)
        revert_edits(record, correction.edits)
        record.save()
        for team_id, entry_id in entries.items():
            team = Team.objects.select_for_update().get(pk=team_id)
            entry = LedgerEntry.objects.get(pk=entry_id)
            restore(team, entry.before, entry.after)
            entry.delete()
        _restore_history(correction.originals)
        PlayerMatchStats.objects.filter(match=match).delete()
        PlayerMatchStats.objects.bulk_create(PlayerMatchStats(**row) for row in correction.originals["stats"])
        if not match.is_friendly:
            refresh_player_totals(fixture=match.fixture)
        relink_result(match)
        correction.status = Correction.Status.UNDONE
        correction.undone_by, correction.undone_at = by, timezone.now()
        correction.save()
    return correction


def _restore_history(originals):
    entries = LedgerEntry.objects.in_bulk([int(pk) for pk in originals["entries"]])
    for pk, stored in originals["entries"].items():
        entry = entries[int(pk)]
        entry.before, entry.after = stored["before"], stored["after"]
        entry.gold_change, entry.details = stored["gold_change"], stored["details"]
    LedgerEntry.objects.bulk_update(entries.values(), ["before", "after", "gold_change", "details"])
    for pk, outcome in originals["outcomes"].items():
        Match.objects.filter(pk=int(pk)).update(outcome=outcome)
    freshness.bump(*[("match", int(pk)) for pk in originals["outcomes"]], why="correction undone")
