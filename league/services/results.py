"""Results: a coach submits, the opponent confirms or disputes, a commissioner decides or reopens.

Only confirmed results count in standings. Every change notifies the people concerned (email and the
league's webhook) through a Celery task sent after the transaction commits. Confirming and reopening
change what counts: they recompute the season's stored table in the same transaction.
"""

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from dugout.tasks import send_on_commit
from league.hooks import hooks
from league.models import Fixture, Result
from league.permissions import require_commissioner, require_decider
from league.standings.store import recompute_standings
from league.stats import refresh_player_totals
from league.tasks import notify_result

SUBMITTED, DISPUTED, CONFIRMED = Result.Status.SUBMITTED, Result.Status.DISPUTED, Result.Status.CONFIRMED


def _notify(result, event):
    send_on_commit(notify_result, result_id=result.pk, event=event)


def require_started(fixture):
    """A season's games are played once its commissioner has started it (Registration and Scheduled
    come before: the fixtures may still change)."""
    if not fixture.season.has_started:
        raise ValidationError(
            _("The season has not started yet: its commissioner starts it on the season page.")
        )


def _check_scores(fixture, *, home_score, away_score, home_cas, away_cas, conceded_by):
    for value in (home_score, away_score, home_cas, away_cas):
        if value is None or value < 0 or value > 99:
            raise ValidationError(_("Scores and casualties are whole numbers from 0 to 99."))
    if conceded_by is not None and conceded_by.pk not in (fixture.home_id, fixture.away_id):
        raise ValidationError(_("Only one of the two teams can concede."))
    if fixture.stage == Fixture.Stage.PLAYOFF and conceded_by is None and home_score == away_score:
        raise ValidationError(_("A playoff game needs a winner."))


def _counts(result, *, confirmed):
    """The result now counts (or no longer does): mark its fixture, and recompute the table of a league game.

    Side effects: saves Fixture.confirmed; replaces the season's StandingsRows for a league fixture,
    and the players' totals of its two teams (league.stats, PlayerLeagueStats).
    """
    fixture = result.fixture
    Fixture.objects.filter(pk=fixture.pk).update(confirmed=confirmed)
    fixture.confirmed = confirmed
    if fixture.stage == Fixture.Stage.LEAGUE:
        recompute_standings(season=fixture.season)
    refresh_player_totals(fixture=fixture)


def _snapshot_team_values(result):
    fixture = result.fixture
    result.home_team_value = fixture.home.team.team_value if fixture.home.team_id else None
    result.away_team_value = fixture.away.team.team_value if fixture.away.team_id else None


def submit_result(
    *, fixture, submitted_by, home_score, away_score, home_cas=0, away_cas=0, conceded_by=None, comment=""
):
    """Record the score of a fixture as told by a coach of one side; it waits for the opponent.

    The matches app calls this with the outcome of a recorded game. A result already submitted or
    disputed is replaced (the other side must then confirm); a confirmed one must be reopened first.
    Side effects: creates or updates the Result (status submitted) and notifies the opponent.
    """
    side = fixture.side_of(submitted_by)
    if side is None:
        raise PermissionDenied(_("Only a coach of one of the two teams may submit the result."))
    require_started(fixture)
    _check_scores(
        fixture,
        home_score=home_score,
        away_score=away_score,
        home_cas=home_cas,
        away_cas=away_cas,
        conceded_by=conceded_by,
    )
    with transaction.atomic():
        result = Result.objects.select_for_update().filter(fixture=fixture).first()
        if result and result.status == CONFIRMED:
            raise ValidationError(_("This result is confirmed: a commissioner must reopen it first."))
        result = result or Result(fixture=fixture)
        result.home_score, result.away_score = home_score, away_score
        result.home_cas, result.away_cas = home_cas, away_cas
        result.conceded_by = conceded_by
        result.comment = comment.strip()
        result.submitted_by = submitted_by
        result.decided_by = None
        result.status = SUBMITTED
        result.submitted_at = timezone.now()
        result.confirmed_at = None
        result.save()
        fixture.result = result
        _notify(result, "submitted")
    return result


def _require_opponent(result, user):
    """The user must coach the side that did not submit."""
    fixture = result.fixture
    side = fixture.side_of(user)
    submitter_side = fixture.side_of(result.submitted_by) if result.submitted_by else None
    if side is None or side == submitter_side:
        raise PermissionDenied(_("Only the opponent's coach may confirm or dispute this result."))


def confirm_result(*, result, by):
    """The opponent agrees: the result counts from now on, and a match recorded for it is applied.

    Side effects: saves the Result (status confirmed, team values recorded), marks the fixture confirmed,
    recomputes the season's stored table, applies the fixture's recorded match to both rosters (the
    result_confirmed hook: matches), and notifies both coaches; all in one transaction.
    """
    _require_opponent(result, by)
    with transaction.atomic():
        # Two confirmations at once: the second waits for the row, then finds it confirmed (and no
        # second "confirmed" message goes out, no second apply).
        status = Result.objects.select_for_update().values_list("status", flat=True).get(pk=result.pk)
        if CONFIRMED in (status, result.status):
            raise ValidationError(_("This result is already confirmed."))
        return _confirm(result, by=by)


def _confirm(result, *, by):
    with transaction.atomic():
        if result.pk:
            # The row lock orders a commissioner's decision after a coach's confirmation (or the
            # reverse): the second one finds the match applied already and applies nothing.
            Result.objects.select_for_update().filter(pk=result.pk).exists()
        result.status = CONFIRMED
        result.confirmed_at = timezone.now()
        _snapshot_team_values(result)
        result.save()
        _counts(result, confirmed=True)
        hooks.result_confirmed(result=result, by=by)
        _notify(result, "confirmed")
    return result


def dispute_result(*, result, by, comment):
    """The opponent disagrees and says why; a commissioner will decide.

    Side effects: saves the Result (status disputed, the comment) and notifies the commissioners.
    """
    _require_opponent(result, by)
    if result.status != SUBMITTED:
        raise ValidationError(_("Only a submitted result can be disputed."))
    if not comment.strip():
        raise ValidationError(_("Say what is wrong with the result."))
    result.status = DISPUTED
    result.comment = comment.strip()
    with transaction.atomic():
        result.save()
        _notify(result, "disputed")
    return result


def decide_result(
    *,
    result,
    by,
    home_score=None,
    away_score=None,
    home_cas=None,
    away_cas=None,
    conceded_by=None,
    comment="",
):
    """A commissioner who does not play in the game settles its result: confirms it as it is, or with
    the score given.

    Side effects: saves the Result (status confirmed, decided_by), marks the fixture confirmed,
    recomputes the season's stored table, applies the fixture's recorded match to both rosters when it
    is not applied yet (the result_confirmed hook), and notifies both coaches.
    """
    require_decider(by, result.fixture)
    if home_score is not None:
        values = {
            "home_score": home_score,
            "away_score": away_score,
            "home_cas": home_cas or 0,
            "away_cas": away_cas or 0,
        }
        _check_scores(result.fixture, conceded_by=conceded_by, **values)
        for key, value in values.items():
            setattr(result, key, value)
        result.conceded_by = conceded_by
    if comment.strip():
        result.comment = comment.strip()
    result.decided_by = by
    return _confirm(result, by=by)


def record_result_as_commissioner(
    *, fixture, by, home_score, away_score, home_cas=0, away_cas=0, conceded_by=None
):
    """A commissioner enters a result directly (a game reported elsewhere): confirmed at once.

    Side effects: creates or updates the Result (confirmed, decided_by), marks the fixture confirmed,
    recomputes the season's stored table, and notifies both coaches.
    """
    require_commissioner(by, fixture.season.league)
    result = Result.objects.filter(fixture=fixture).first() or Result(
        fixture=fixture, home_score=0, away_score=0, submitted_by=by
    )
    return decide_result(
        result=result,
        by=by,
        home_score=home_score,
        away_score=away_score,
        home_cas=home_cas,
        away_cas=away_cas,
        conceded_by=conceded_by,
    )


def reopen_result(*, result, by, reason=""):
    """A commissioner takes a confirmed result out of the standings until it is confirmed again.

    The match recorded for it, if applied, is undone so that confirming again applies it once more;
    when a later match of either team depends on it, it stays applied (confirming again then applies
    nothing). Side effects: saves the Result (status submitted, awaiting the opponent or a
    commissioner), marks the fixture unconfirmed, recomputes the season's stored table and may restore
    both rosters (the result_reopened hook: matches); all in one transaction.
    """
    require_commissioner(by, result.fixture.season.league)
    with transaction.atomic():
        status = Result.objects.select_for_update().values_list("status", flat=True).get(pk=result.pk)
        if status != CONFIRMED:
            raise ValidationError(_("Only a confirmed result can be reopened."))
        result.status = SUBMITTED
        result.confirmed_at = None
        result.decided_by = None
        if reason.strip():
            result.comment = reason.strip()
        hooks.result_reopened(result=result, by=by)
        result.save()
        _counts(result, confirmed=False)
    return result
