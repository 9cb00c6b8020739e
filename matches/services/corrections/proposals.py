"""Proposing a correction, settling its conflicts, turning it down (or withdrawing it)."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from matches.models import Correction, Match
from matches.services.corrections.apply import preview_correction, require_proposed
from matches.services.corrections.edits import Record, checked
from matches.services.corrections.permissions import may_accept, may_propose, require


def propose_correction(*, match, by, edits, reason):
    """Record a proposed correction of an applied match: `edits` as corrections.edits reads them.

    Side effects: creates the Correction (nothing else changes until it is applied).
    """
    require(may_propose(by, match), _("Only a coach of this match or a commissioner can correct it."))
    if match.status != Match.Status.APPLIED:
        raise ValidationError(_("Only a match applied to the rosters can be corrected."))
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(_("Say why the match is corrected."))
    stored = checked(Record.load(match), edits)
    return Correction.objects.create(match=match, proposed_by=by, edits=stored, reason=reason[:200])


def settle_conflicts(*, correction, by, choices):
    """Record how conflicts are settled: {conflict id: choice}, checked against the preview's conflicts.

    Side effects: saves Correction.resolutions.
    """
    require(
        may_accept(by, correction) or by.pk == correction.proposed_by_id,
        _("Only the coaches of this match or a commissioner can settle its correction."),
    )
    require_proposed(correction)
    found = {conflict.id: conflict for conflict in preview_correction(correction).conflicts}
    for conflict_id, choice in choices.items():
        conflict = found.get(conflict_id)
        if conflict is None or choice not in conflict.choices:
            raise ValidationError(_("That choice is not one the rules allow here."))
    correction.resolutions = {**correction.resolutions, **choices}
    correction.save(update_fields=["resolutions"])
    return correction


def reject_correction(*, correction, by):
    """The other side (or the proposer, withdrawing it) turns the correction down."""
    require(
        may_accept(by, correction) or by.pk == correction.proposed_by_id,
        _("Only the coaches of this match or a commissioner can turn this correction down."),
    )
    with transaction.atomic():
        correction = Correction.objects.select_for_update().get(pk=correction.pk)
        require_proposed(correction)
        correction.status = Correction.Status.REJECTED
        correction.decided_by, correction.decided_at = by, timezone.now()
        correction.save()
    return correction
