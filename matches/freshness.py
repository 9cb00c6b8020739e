"""Which pages the matches' rows are shown on (dugout.freshness): a match, its drives, events and dice
on its report; a match's save (its steps, the post-match applied or undone, which write the players in
bulk) on both teams' pages and its season's. Also the scopes the match report is cached by."""

from dugout import freshness
from league.freshness import league_of_season
from matches.models import Correction, DiceLog, Drive, Event, Match


def _match(match):
    season = match.fixture.season_id if match.fixture_id else None
    return [
        ("match", match.pk),
        ("team", match.home_team_id),
        ("team", match.away_team_id),
        ("season", season),
    ]


def _event(event):
    return [("match", Drive.objects.filter(pk=event.drive_id).values_list("match_id", flat=True).first())]


def connect():
    """Called by MatchesConfig.ready."""
    freshness.watch(Match, _match, forget_names=("match-sides",))
    freshness.watch(Drive, lambda drive: [("match", drive.match_id)])
    freshness.watch(Event, _event)
    freshness.watch(DiceLog, lambda entry: [("match", entry.match_id)])
    freshness.watch(Correction, lambda correction: [("match", correction.match_id)])


def _sides(pk):
    found = Match.objects.filter(pk=pk).values_list("home_team_id", "away_team_id", "fixture__season_id")
    return list(found.first() or []) or None


def match_scopes(request, pk, **kwargs):
    """The match report: the match, both teams (their players' names), its season and league."""
    sides = freshness.remembered("match-sides", pk, _sides)
    if sides is None:
        return None
    home, away, season = sides
    scopes = [("match", pk), ("team", home), ("team", away)]
    if season is not None:
        scopes += [("season", season), ("league", league_of_season(season))]
    return scopes
