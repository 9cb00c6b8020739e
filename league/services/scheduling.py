"""Scheduling a season: round robins, Swiss rounds, playoff brackets, fixtures by hand, new dates."""

from datetime import timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from league import pairing
from league.models import DAYS_BETWEEN_ROUNDS, MIN_TEAMS, Fixture, Result, Round, Season, SeasonEntry
from league.permissions import require_commissioner
from league.standings.read import season_standings

PLAYOFF_SIZES = (2, 4, 8, 16, 32)


def _accepted(season):
    return list(season.entries.accepted().order_by("created_at", "id"))


def _next_round_number(season):
    return (season.rounds.aggregate(last=Max("number"))["last"] or 0) + 1


def _mark_scheduled(season):
    """A season in registration has fixtures now: it is scheduled, and waits for the commissioner to
    start it (league.services.seasons). A season already scheduled, running or finished stays so."""
    if season.status == Season.Status.REGISTRATION:
        season.status = Season.Status.SCHEDULED
        season.save(update_fields=["status"])


ROUND_ROBINS = (Season.Format.ROUND_ROBIN, Season.Format.DOUBLE_ROUND_ROBIN)


def _require_format(season, *formats):
    """Refuse a way of scheduling that is not the season's format (a round robin season has no Swiss
    rounds nor fixtures set by hand; playoffs may follow any format)."""
    if season.format not in formats:
        raise ValidationError(
            _("This is a season of format “%(format)s”: schedule it that way.")
            % {"format": season.get_format_display()}
        )


def _require_not_finished(season):
    if season.status == Season.Status.FINISHED:
        raise ValidationError(_("This season is finished."))


def schedule_round_robin(*, season, by, double=None, start_date=None, days_between=DAYS_BETWEEN_ROUNDS):
    """Every accepted team meets every other once (twice when `double`; when None, as the season's
    format says: double round robin, or the league's edition: League.season_shape), by the circle method.

    Rounds are dated `days_between` days apart from `start_date` when one is given; teams with a
    bye in a round simply have no fixture in it. Refused to a season of another format.
    Side effects: creates the Rounds and Fixtures; a season in registration becomes scheduled.
    """
    require_commissioner(by, season.league)
    _require_not_finished(season)
    _require_format(season, *ROUND_ROBINS)
    entries = _accepted(season)
    if len(entries) < MIN_TEAMS:
        raise ValidationError(_("Accept at least two teams first."))
    if season.fixtures.league_stage().exists():
        raise ValidationError(_("This season already has league fixtures."))
    if double is None:
        double = (
            season.format == Season.Format.DOUBLE_ROUND_ROBIN or season.league.season_shape()["meetings"] > 1
        )
    rounds = pairing.round_robin(entries, double=double)
    first = _next_round_number(season)
    with transaction.atomic():
        fixtures = []
        for offset, pairs in enumerate(rounds):
            date = start_date + timedelta(days=days_between * offset) if start_date else None
            round_ = Round.objects.create(season=season, number=first + offset, date=date)
            fixtures += [
                Fixture(season=season, round=round_, home=home, away=away) for home, away in pairs if away
            ]
        Fixture.objects.bulk_create(fixtures)
        _mark_scheduled(season)
    return rounds


def schedule_swiss_round(*, season, by, date=None):
    """Pair the next round: teams close in the standings meet, never twice when avoidable.

    Every league fixture of the round before must have a confirmed result. The bye (odd counts)
    goes to the lowest team that has not had one. Refused to a season of another format.
    Side effects: creates a Round and its Fixtures; a season in registration becomes scheduled.
    """
    require_commissioner(by, season.league)
    _require_not_finished(season)
    _require_format(season, Season.Format.SWISS)
    entries = {entry.pk: entry for entry in _accepted(season)}
    if len(entries) < MIN_TEAMS:
        raise ValidationError(_("Accept at least two teams first."))
    league_fixtures = list(season.fixtures.league_stage().select_related("result", "round"))
    if any(fixture.confirmed_result is None for fixture in league_fixtures):
        raise ValidationError(_("Every league fixture needs a confirmed result before the next Swiss round."))
    played = {frozenset((fixture.home_id, fixture.away_id)) for fixture in league_fixtures}
    ranking = [row.entry for row in season_standings(season)]
    rounds_with_fixture: dict[int, set[int]] = {}
    for fixture in league_fixtures:
        rounds_with_fixture.setdefault(fixture.round_id, set()).update((fixture.home_id, fixture.away_id))
    byes = {entry for teams in rounds_with_fixture.values() for entry in entries if entry not in teams}
    pairs = pairing.swiss_round(ranking, played=played, byes=byes)
    with transaction.atomic():
        round_ = Round.objects.create(season=season, number=_next_round_number(season), date=date)
        Fixture.objects.bulk_create(
            Fixture(season=season, round=round_, home=entries[home], away=entries[away])
            for home, away in pairs
            if away
        )
        _mark_scheduled(season)
    return round_


def schedule_playoffs(*, season, by, size, date=None):
    """A knockout of the top `size` teams of the standings (1 v size, 2 v size-1, ...).

    Side effects: creates a Round and the first-round playoff Fixtures (bracket slots set); a season in
    registration becomes scheduled.
    """
    require_commissioner(by, season.league)
    _require_not_finished(season)
    if size not in PLAYOFF_SIZES:
        raise ValidationError(_("A playoff bracket has 2, 4, 8, 16 or 32 teams."))
    if season.fixtures.playoff().exists():
        raise ValidationError(_("This season already has playoffs."))
    table = season_standings(season)
    if len(table) < size:
        raise ValidationError(_("There are fewer accepted teams than playoff places."))
    entries = {entry.pk: entry for entry in _accepted(season)}
    seeded = [entries[row.entry] for row in table[:size]]
    with transaction.atomic():
        round_ = Round.objects.create(season=season, number=_next_round_number(season), date=date)
        Fixture.objects.bulk_create(
            Fixture(
                season=season,
                round=round_,
                home=home,
                away=away,
                stage=Fixture.Stage.PLAYOFF,
                bracket_slot=slot,
            )
            for slot, home, away in pairing.playoff_first_round(seeded)
        )
        _mark_scheduled(season)
    return round_


def playoff_winner(fixture):
    """The entry that won a playoff fixture with a confirmed result, or None."""
    result = fixture.confirmed_result
    if result is None:
        return None
    if result.conceded_by_id:
        return fixture.away if result.conceded_by_id == fixture.home_id else fixture.home
    if result.home_score == result.away_score:
        return None
    return fixture.home if result.home_score > result.away_score else fixture.away


def playoff_final(season):
    """(champion, runner-up) entries of the season's decided playoff final (the latest playoff round
    when it holds one game, with a confirmed winner), or None (two queries)."""
    latest = season.fixtures.playoff().order_by("-round__number").values("round_id")[:1]
    last_round = list(season.fixtures.playoff().filter(round_id__in=latest).with_related())
    if len(last_round) != 1:
        return None
    final = last_round[0]
    champion = playoff_winner(final)
    if champion is None:
        return None
    return champion, final.away if champion == final.home else final.home


def advance_playoffs(*, season, by, date=None):
    """Pair the winners of the latest playoff round (slot 2k's winner hosts slot 2k+1's).

    Side effects: creates a Round and its playoff Fixtures; returns None when the final is played.
    """
    require_commissioner(by, season.league)
    fixtures = list(season.fixtures.playoff().with_related().order_by("-round__number", "bracket_slot"))
    if not fixtures:
        raise ValidationError(_("This season has no playoffs."))
    latest = fixtures[0].round_id
    current = sorted((f for f in fixtures if f.round_id == latest), key=lambda f: f.bracket_slot)
    winners = [playoff_winner(fixture) for fixture in current]
    if any(winner is None for winner in winners):
        raise ValidationError(_("Every playoff game of the round needs a confirmed winner."))
    if len(winners) == 1:
        return None
    with transaction.atomic():
        round_ = Round.objects.create(season=season, number=_next_round_number(season), date=date)
        Fixture.objects.bulk_create(
            Fixture(
                season=season,
                round=round_,
                home=winners[2 * slot],
                away=winners[2 * slot + 1],
                stage=Fixture.Stage.PLAYOFF,
                bracket_slot=slot,
            )
            for slot in range(len(winners) // 2)
        )
    return round_


def add_fixture(*, season, home, away, by, round_number=None, scheduled_at=None, stage=Fixture.Stage.LEAGUE):
    """A fixture set by hand, in round `round_number` (created when missing) or outside rounds; refused
    to a season of another format than fixtures set by hand.

    Side effects: may create a Round; creates the Fixture; a season in registration becomes scheduled.
    """
    require_commissioner(by, season.league)
    _require_not_finished(season)
    _require_format(season, Season.Format.MANUAL)
    if home.pk == away.pk:
        raise ValidationError(_("A team cannot play itself."))
    accepted = SeasonEntry.Status.ACCEPTED
    sides = (home, away)
    if any(side.season_id != season.pk or side.status != accepted for side in sides):
        raise ValidationError(_("Both teams must be accepted in this season."))
    with transaction.atomic():
        round_ = None
        if round_number:
            round_, _created = Round.objects.get_or_create(season=season, number=round_number)
        fixture = Fixture.objects.create(
            season=season, round=round_, home=home, away=away, scheduled_at=scheduled_at, stage=stage
        )
        _mark_scheduled(season)
    return fixture


def reschedule_fixture(*, fixture, by, scheduled_at):
    """Set or clear a fixture's date and time. Side effects: saves Fixture.scheduled_at."""
    require_commissioner(by, fixture.season.league)
    fixture.scheduled_at = scheduled_at
    fixture.save(update_fields=["scheduled_at"])
    return fixture


def set_round_date(*, round, by, date):
    """Side effects: saves Round.date."""
    require_commissioner(by, round.season.league)
    round.date = date
    round.save(update_fields=["date"])
    return round


def delete_fixture(*, fixture, by):
    """Remove a fixture that has no confirmed result. Side effects: deletes it (and a pending result)."""
    require_commissioner(by, fixture.season.league)
    if Result.objects.filter(fixture=fixture, status=Result.Status.CONFIRMED).exists():
        raise ValidationError(_("Reopen the confirmed result before removing its fixture."))
    fixture.delete()
