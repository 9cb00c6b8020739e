"""League matches: a match plays a fixture, and its result goes through the league's approval flow
(submitted by one coach, confirmed by the other or decided by a commissioner); the confirmation applies
it to both teams (league.hooks: the league calls `apply_confirmed` inside its confirming transaction,
`undo_reopened` inside its reopening one, and reads `recorded_matches` for its pages)."""

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.hooks import RecordedMatch
from league.models import Result
from league.services.prizes import trophy_holder
from league.services.results import require_started, submit_result
from matches.models import SIDES, Event, Match
from matches.services import jolly_jouster, prematch
from matches.services.outcome import final_score
from rulebook.edition import get_edition


def create_league_match(*, fixture, created_by):
    """Start the match of a league fixture, with the league's petty cash procedure and optional rules;
    in a league of the Jolly Jouster Cup, the team of the two holding its trophy holds the Jouster's
    Chalice for the match.

    Side effects: creates the Match linked to the fixture.
    """
    league = fixture.season.league
    if not league.is_blood_bowl or not (fixture.home.team_id and fixture.away.team_id):
        raise ValidationError(_("Only Blood Bowl fixtures between two registered teams are played here."))
    if fixture.side_of(created_by) is None:
        raise PermissionDenied(_("Only a coach of one of the two teams may start this match."))
    require_started(fixture)
    if Match.objects.filter(fixture=fixture).exists():
        raise ValidationError(_("This fixture already has a match."))
    if Result.objects.filter(fixture=fixture, status=Result.Status.CONFIRMED).exists():
        raise ValidationError(_("This fixture already has a confirmed result."))
    if fixture.home.team.edition != league.edition or fixture.away.team.edition != league.edition:
        raise ValidationError(_("Both teams must play the league's edition of the rules."))
    edition = get_edition(league.edition)
    with transaction.atomic():
        match = prematch.create_match(
            home_team=fixture.home.team,
            away_team=fixture.away.team,
            created_by=created_by,
            petty_cash_procedure=league.petty_cash_procedure,
            optional_rules=[rule for rule in league.optional_rules if rule in edition.optional_rules],
        )
        match.fixture = fixture
        match.chalice = _chalice_holder(match, league)
        match.save(update_fields=["fixture", "chalice"])
    return match


def _chalice_holder(match, league):
    """{"side": ...} of the team of the match that holds the Jouster's Chalice, the League Trophy of a
    league that plays the Jolly Jouster Cup (its latest champion: prizes.trophy_holder); {} for none."""
    if not jolly_jouster.plays(match):
        return {}
    prize = trophy_holder(league)
    holder = prize.entry.team_id if prize is not None else None
    return next(({"side": side} for side in SIDES if holder and match.team(side).pk == holder), {})


def casualties_inflicted(match):
    """{"home": n, "away": n}: the casualties each team caused, as the league table counts them."""
    counts = {"home": 0, "away": 0}
    kinds = Event.objects.filter(drive__match=match, kind=Event.Kind.CASUALTY).values_list("side", flat=True)
    for side in kinds:
        counts[side] += 1
    return counts


def submit_to_league(match, *, user):
    """Send the score and casualties of a finished league match to its fixture.

    Side effects: creates or updates the league Result (which notifies the opponent), and sets the
    match submitted.
    """
    if match.is_friendly:
        raise ValidationError(_("A friendly has no league result."))
    if match.status != Match.Status.POST_MATCH or not match.postmatch:
        raise ValidationError(_("Finish the post-match rolls before submitting the result."))
    fixture = match.fixture
    score = final_score(match)
    casualties = casualties_inflicted(match)
    conceded = {"home": fixture.home, "away": fixture.away}.get(match.conceded_by)
    with transaction.atomic():
        submit_result(
            fixture=fixture,
            submitted_by=user,
            home_score=score["home"],
            away_score=score["away"],
            home_cas=casualties["home"],
            away_cas=casualties["away"],
            conceded_by=conceded,
        )
        match.status = Match.Status.SUBMITTED
        match.save(update_fields=["status", "updated_at"])
    return match


def league_result(match):
    """The fixture's result in the league, or None."""
    if match.is_friendly:
        return None
    return Result.objects.filter(fixture_id=match.fixture_id).first()


def refresh_status(match):
    """Follow the league: a submitted match becomes confirmed once its result is confirmed there.

    Side effects: may save the match's status.
    """
    if match.status == Match.Status.SUBMITTED:
        result = league_result(match)
        if result and result.status == Result.Status.CONFIRMED:
            match.status = Match.Status.CONFIRMED
            match.save(update_fields=["status", "updated_at"])
    return match


def ready_to_apply(match):
    """Friendlies apply after the post-match rolls; league matches once the league confirmed them."""
    if match.is_friendly:
        return match.status == Match.Status.POST_MATCH and bool(match.postmatch)
    result = league_result(match)
    confirmed = result is not None and result.status == Result.Status.CONFIRMED
    return confirmed and match.status in {Match.Status.SUBMITTED, Match.Status.CONFIRMED}


def friendlies_played(team, *, since=None):
    """How many friendlies (matches without a fixture) `team` has had applied, after `since` when
    given. Registered as a rosters hook (matches.apps): the re-draft budget counts them."""
    friendlies = Match.objects.for_team(team).applied().filter(fixture__isnull=True)
    if since is not None:
        friendlies = friendlies.filter(applied_at__gt=since)
    return friendlies.count()


def recorded_matches(fixture_ids):
    """{fixture id: RecordedMatch} of the fixtures among `fixture_ids` played with Dugout (one query).
    Registered as the league's recorded_matches hook (matches.apps)."""
    recording = {Match.Status.PRE_MATCH, Match.Status.IN_PROGRESS, Match.Status.POST_MATCH}
    rows = Match.objects.filter(fixture_id__in=list(fixture_ids)).values_list("fixture_id", "pk", "status")
    return {
        fixture_id: RecordedMatch(
            pk=pk, recording=status in recording, applied=status == Match.Status.APPLIED
        )
        for fixture_id, pk, status in rows
    }
