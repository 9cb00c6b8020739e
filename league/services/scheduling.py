"""Scheduling a season: round robins, Swiss rounds, playoff brackets, fixtures by hand, new dates."""

from datetime import timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from league import pairing
from league.models import DAYS_BETWEEN_ROUNDS, MIN_TEAMS, Fixture, Result, Round, Season, SeasonEntry
from league.permissions import require_commissioner
from league.services.divisions import division_groups
from league.standings.read import division_tables, season_standings

# A playoff takes 2 to 32 teams; its bracket is the next power of two, the best seeds having a bye.
MIN_PLAYOFF_TEAMS, MAX_PLAYOFF_TEAMS = 2, 32


def _accepted(season):
    return list(season.entries.accepted().select_related("team").order_by("created_at", "id"))


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


def schedule_round_robin(
    *, season, by, double=None, start_date=None, days_between=DAYS_BETWEEN_ROUNDS, cross_games=0
):
    """Every accepted team meets every other once (twice when `double`; when None, as the season's
    format says: double round robin, or the league's edition: League.season_shape), by the circle method.
    In a season with divisions, every team meets every other team of its division so, the divisions'
    rounds side by side (pairing.division_round_robin), then plays `cross_games` rounds against teams
    of the other divisions (pairing.cross_division_rounds): one game per team per round.

    Rounds are dated `days_between` days apart from `start_date` when one is given; teams with a
    bye in a round simply have no fixture in it. Refused to a season of another format, and to a
    season with divisions while a team is in none (league.services.divisions.division_groups).
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
    rounds = _round_robin_rounds(season, entries, double=double, cross_games=cross_games)
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


def _round_robin_rounds(season, entries, *, double, cross_games):
    groups = division_groups(season, entries)
    if groups is None:
        if cross_games:
            raise ValidationError(_("Games between divisions need a season with divisions."))
        return pairing.round_robin(entries, double=double)
    if cross_games < 0:
        raise ValidationError(_("The number of games between divisions cannot be negative."))
    return pairing.division_round_robin(groups, double=double) + pairing.cross_division_rounds(
        groups, games=cross_games
    )


def _swiss_pairs(season, entries, *, played, byes, across_divisions):
    """The next Swiss round's pairs: by the season's table, inside each division's table, or across the
    divisions by the season's table (`across_divisions`)."""
    groups = division_groups(season, list(entries.values()))
    if groups is None:
        if across_divisions:
            raise ValidationError(_("Pairing across divisions needs a season with divisions."))
        table = [row.entry for row in season_standings(season)]
        return pairing.swiss_round(table, played=played, byes=byes)
    if across_divisions:
        table = [row.entry for row in season_standings(season)]
        division_of = {pk: entry.division_id for pk, entry in entries.items()}
        return pairing.cross_division_swiss_round(table, division_of=division_of, played=played, byes=byes)
    tables = division_tables(season)
    rankings = [[row.entry for row in tables[group[0].division_id]] for group in groups]
    return pairing.division_swiss_round(rankings, played=played, byes=byes)


def schedule_swiss_round(*, season, by, date=None, across_divisions=False):
    """Pair the next round: teams close in the standings meet, never twice when avoidable; in a season
    with divisions, teams close in their division's table, inside each division. With
    `across_divisions` (a season with divisions; the commissioner ticks it for the rounds they want,
    e.g. the last one), every team meets the nearest team of another division in the whole season's
    table instead (pairing.cross_division_swiss_round), never a team met before when avoidable.

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
    rounds_with_fixture: dict[int, set[int]] = {}
    for fixture in league_fixtures:
        rounds_with_fixture.setdefault(fixture.round_id, set()).update((fixture.home_id, fixture.away_id))
    byes = {entry for teams in rounds_with_fixture.values() for entry in entries if entry not in teams}
    pairs = _swiss_pairs(season, entries, played=played, byes=byes, across_divisions=across_divisions)
    with transaction.atomic():
        round_ = Round.objects.create(season=season, number=_next_round_number(season), date=date)
        Fixture.objects.bulk_create(
            Fixture(season=season, round=round_, home=entries[home], away=entries[away])
            for home, away in pairs
            if away
        )
        _mark_scheduled(season)
    return round_


def schedule_playoffs(*, season, by, size=None, date=None, per_division=None, wild_cards=0):
    """A knockout of the top `size` teams of the standings (1 v size, 2 v size-1, ...).

    In a season with divisions, either the top `size` of the season's table or, with `per_division`,
    the first `per_division` of each division and `wild_cards` more by the season's table
    (pairing.playoff_qualifiers); either way seeded so that two teams of one division meet as late as
    the bracket allows (pairing.seed_across_divisions). A playoff takes 2 to 32 teams: its bracket is
    the next power of two, and the best seeds have a bye into round two (6 teams: seeds 1 and 2).
    Side effects: creates a Round and the first-round playoff Fixtures (bracket slots set; a slot with a
    bye has none); sets SeasonEntry.playoff_bye_slot of the teams with a bye (and clears it on the
    others); a season in registration becomes scheduled.
    """
    require_commissioner(by, season.league)
    _require_not_finished(season)
    if season.fixtures.playoff().exists():
        raise ValidationError(_("This season already has playoffs."))
    entries = {entry.pk: entry for entry in _accepted(season)}
    divided = division_groups(season, list(entries.values())) is not None
    if per_division is not None and not divided:
        raise ValidationError(_("Playoff places per division need a season with divisions."))
    table = [row.entry for row in season_standings(season)]
    if per_division is not None:
        tables = [[row.entry for row in rows] for rows in _tables_in_order(season)]
        seeded = pairing.playoff_qualifiers(
            tables, per_division=per_division, ranking=table, wild_cards=wild_cards
        )
        size = len(seeded)
    elif size is not None:
        seeded = table[:size]
    else:
        raise ValidationError(_("Say how many teams the playoffs take."))
    if not MIN_PLAYOFF_TEAMS <= size <= MAX_PLAYOFF_TEAMS:
        limits = {"low": MIN_PLAYOFF_TEAMS, "high": MAX_PLAYOFF_TEAMS, "count": size}
        raise ValidationError(
            _("Playoffs take %(low)s to %(high)s teams; these would take %(count)s.") % limits
            if per_division is not None
            else _("Playoffs take %(low)s to %(high)s teams.") % limits
        )
    if len(seeded) < size:
        raise ValidationError(_("There are fewer accepted teams than playoff places."))
    if divided:
        division_of = {pk: entry.division_id for pk, entry in entries.items()}
        pairs = pairing.seed_across_divisions(seeded, division_of=division_of)
    else:
        pairs = pairing.playoff_first_round(seeded)
    with transaction.atomic():
        round_ = Round.objects.create(season=season, number=_next_round_number(season), date=date)
        Fixture.objects.bulk_create(
            Fixture(
                season=season,
                round=round_,
                home=entries[home],
                away=entries[away],
                stage=Fixture.Stage.PLAYOFF,
                bracket_slot=slot,
            )
            for slot, home, away in pairs
            if away is not None
        )
        season.entries.exclude(playoff_bye_slot=None).update(playoff_bye_slot=None)
        with_bye = []
        for slot, home, away in pairs:
            if away is None:
                entries[home].playoff_bye_slot = slot
                with_bye.append(entries[home])
        SeasonEntry.objects.bulk_update(with_bye, ["playoff_bye_slot"])
        _mark_scheduled(season)
    return round_


def _tables_in_order(season):
    """Each division's computed table (standings.Row lists), the divisions in order."""
    tables = division_tables(season)
    order = season.divisions.values_list("pk", flat=True)
    return [tables.get(pk, []) for pk in order]


def playoff_byes(season):
    """The entries with a bye in the first round of the season's playoffs, by bracket slot (one query)."""
    return list(season.entries.exclude(playoff_bye_slot=None).with_related().order_by("playoff_bye_slot"))


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


def _latest_playoff_round(season):
    """(fixtures of the latest playoff round by slot, whether it is the playoffs' first round); the
    fixtures are empty without playoffs (two queries)."""
    rounds = set(season.fixtures.playoff().values_list("round__number", flat=True).order_by())
    if not rounds:
        return [], False
    latest = max(rounds)
    fixtures = season.fixtures.playoff().filter(round__number=latest).with_related().order_by("bracket_slot")
    return list(fixtures), len(rounds) == 1


def _round_slots(season, fixtures, *, first):
    """{bracket slot: the fixture, or the entry with a bye there (first round only)} of a playoff round."""
    slots: dict = {fixture.bracket_slot: fixture for fixture in fixtures}
    if first:
        slots.update({entry.playoff_bye_slot: entry for entry in playoff_byes(season)})
    return slots


def playoff_final(season):
    """(champion, runner-up) entries of the season's decided playoff final (the latest playoff round
    when it is the bracket's last: one game, and no bye beside it), or None (two or three queries)."""
    fixtures, first = _latest_playoff_round(season)
    if len(fixtures) != 1 or len(_round_slots(season, fixtures, first=first)) != 1:
        return None
    final = fixtures[0]
    champion = playoff_winner(final)
    if champion is None:
        return None
    return champion, final.away if champion == final.home else final.home


def advance_playoffs(*, season, by, date=None):
    """Pair the winners of the latest playoff round (slot 2k's winner hosts slot 2k+1's); after the
    first round, a team with a bye there counts as its slot's winner (pairing.playoff_next_round).

    Side effects: creates a Round and its playoff Fixtures; returns None when the final is played.
    """
    require_commissioner(by, season.league)
    fixtures, first = _latest_playoff_round(season)
    if not fixtures:
        raise ValidationError(_("This season has no playoffs."))
    slots = _round_slots(season, fixtures, first=first)
    if sorted(slots) != list(range(len(slots))):
        raise ValidationError(
            _("A playoff slot of the round has neither a game nor a bye: draw the bracket again.")
        )
    winners = [
        slots[number] if isinstance(slots[number], SeasonEntry) else playoff_winner(slots[number])
        for number in range(len(slots))
    ]
    if any(winner is None for winner in winners):
        raise ValidationError(_("Every playoff game of the round needs a confirmed winner."))
    pairs = pairing.playoff_next_round(winners)
    if not pairs:
        return None
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
            for slot, home, away in pairs
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
