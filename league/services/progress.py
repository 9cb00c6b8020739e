"""Where a fixture's result stands, for the person looking at it: to play, being recorded, waiting for
someone to confirm (who, and whether that is the viewer), disputed, confirmed, applied to both teams.

The match page, the fixture page and the home page all draw it from here, so that they say the same
thing. What the matches app recorded comes through league.hooks (recorded_matches), one query for any
number of fixtures.
"""

from dataclasses import dataclass, field

from django.db import models
from django.utils.translation import gettext_lazy as _

from league.hooks import RecordedMatch, hooks
from league.models import Result


class Stage(models.TextChoices):
    """The steps of a result, in order. A score entered without a recorded match ends at CONFIRMED."""

    TO_PLAY = "to_play", _("To play")
    RECORDING = "recording", _("Being recorded")
    WAITING = "waiting", _("Waiting for confirmation")
    DISPUTED = "disputed", _("Disputed")
    CONFIRMED = "confirmed", _("Confirmed")
    APPLIED = "applied", _("Applied to both teams")


@dataclass
class Progress:
    fixture: object
    result: Result | None
    match: RecordedMatch | None
    stage: str
    # The entries whose coach may confirm now (a commissioner always may).
    waiting_for: list = field(default_factory=list)
    viewer_side: str | None = None  # "home", "away" or None: the viewer coaches that side
    viewer_confirms: bool = False  # the viewer is the one the result waits for
    viewer_submitted: bool = False  # the viewer's side submitted it
    viewer_commissions: bool = False

    @property
    def label(self):
        return Stage(self.stage).label

    @property
    def waiting_names(self):
        """ "Coach (Team)" of each side the result waits for (the team alone when no coach is known)."""
        return [
            f"{entry.coach} ({entry.display_name})" if entry.coach_id else entry.display_name
            for entry in self.waiting_for
        ]

    @property
    def done(self):
        """Nothing left to do: applied, or a score-only result confirmed."""
        return self.stage == Stage.APPLIED or (self.stage == Stage.CONFIRMED and self.match is None)

    @property
    def to_apply(self):
        """Confirmed, but its recorded match changed no roster yet (it was undone since)."""
        return self.stage == Stage.CONFIRMED and self.match is not None


def _stage(result, match):
    if result is None:
        return Stage.RECORDING if match is not None else Stage.TO_PLAY
    if result.status == Result.Status.CONFIRMED:
        return Stage.APPLIED if match is not None and match.applied else Stage.CONFIRMED
    if result.status == Result.Status.DISPUTED:
        return Stage.DISPUTED
    return Stage.WAITING


def _side_of_user_id(fixture, user_id):
    """Fixture.side_of by the user's id: the submitter's side without loading the submitter."""
    if user_id is not None and fixture.home.coach_id == user_id:
        return "home"
    if user_id is not None and fixture.away.coach_id == user_id:
        return "away"
    return None


def fixture_progress(fixture, *, user, match, commissions=False):
    """The Progress of `fixture` (loaded with_related) seen by `user`, given its RecordedMatch or None.

    No query: the caller gets `match` from recorded_matches and knows whether `user` commissions the
    league. The confirming rules are those of league.services.results (_require_opponent).
    """
    result = fixture.result_or_none
    side = fixture.side_of(user)
    submitter = _side_of_user_id(fixture, result.submitted_by_id) if result else None
    stage = _stage(result, match)
    waiting_for = []
    if stage in (Stage.WAITING, Stage.DISPUTED):
        waiting_for = [
            entry for name, entry in (("home", fixture.home), ("away", fixture.away)) if name != submitter
        ]
    return Progress(
        fixture=fixture,
        result=result,
        match=match,
        stage=stage,
        waiting_for=waiting_for if stage == Stage.WAITING else [],
        viewer_side=side,
        viewer_confirms=bool(waiting_for) and side is not None and side != submitter,
        viewer_submitted=side is not None and side == submitter,
        viewer_commissions=commissions,
    )


def progress_for(fixture, *, user, commissions=False):
    """The Progress of one fixture (loaded with_related) seen by `user`: one query, for its match."""
    match = hooks.recorded_matches([fixture.pk]).get(fixture.pk)
    return fixture_progress(fixture, user=user, match=match, commissions=commissions)


def progress_of(fixtures, *, user, commissioned=()):
    """{fixture id: Progress} for `fixtures` (loaded with_related), in one query for their matches.
    `commissioned`: the ids of the leagues `user` commissions."""
    fixtures = list(fixtures)
    matches = hooks.recorded_matches([fixture.pk for fixture in fixtures]) if fixtures else {}
    return {
        fixture.pk: fixture_progress(
            fixture,
            user=user,
            match=matches.get(fixture.pk),
            commissions=fixture.season.league_id in commissioned,
        )
        for fixture in fixtures
    }
