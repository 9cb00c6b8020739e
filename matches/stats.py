"""Players' statistics over the applied matches of a league: the boards of a season's (or a league's)
leading players by touchdowns, casualties, completions, interceptions, MVPs, kills and SPP.

Only matches that count for the league are read: applied, and playing a fixture whose result the
league confirmed (friendlies have no fixture). Each board is one aggregate query that the database
groups, sorts and limits to `top`: the number of queries does not grow with the league, and no event
is read into Python. The MVP is the one stored in Match.outcome[side]["mvp"] when the match was
applied ("p<player id>", or a journeyman's key, who has no Player row and no board line).
"""

from django.db.models import (
    Case,
    CharField,
    Count,
    F,
    IntegerField,
    OuterRef,
    Q,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.fields.json import KeyTextTransform, KeyTransform
from django.db.models.functions import Cast, Coalesce, Concat

from league.models import Result
from matches.models import SIDES, Event, Match
from rosters.models import Player
from rulebook import formulas
from rulebook.edition import get_edition

TOP = 10
KILLED = "dead"  # the casualty table's row of a player killed
# Boards read from the events: what each counts (the event's `player` is the one credited).
EVENT_BOARDS = {
    "touchdowns": Q(kind=Event.Kind.TOUCHDOWN),
    "casualties": Q(kind=Event.Kind.CASUALTY),
    "completions": Q(kind=Event.Kind.COMPLETION),
    "interceptions": Q(kind=Event.Kind.INTERCEPTION),
    "kills": Q(kind=Event.Kind.CASUALTY, outcome=KILLED),
}
BOARDS = ("touchdowns", "casualties", "completions", "interceptions", "mvps", "kills", "spp")


def counted_matches(*, season=None, league=None):
    """The applied matches of `season` (or of every season of `league`) whose fixture's result is
    confirmed."""
    matches = Match.objects.applied().filter(fixture__result__status=Result.Status.CONFIRMED)
    if season is not None:
        return matches.filter(fixture__season=season)
    return matches.filter(fixture__season__league=league)


def player_boards(matches, *, top=TOP, edition=None):
    """{board: [{"player_id", "name", "team_name", "count"}, ...]} for each of BOARDS, best first (ties by
    name), players with a count of 0 left out. `matches` is a queryset such as counted_matches(...);
    SPP are those the events and MVPs of these matches earned, at `edition`'s SPP table. Seven
    queries."""
    edition = edition or get_edition()
    boards = {name: _event_board(matches, condition, top) for name, condition in EVENT_BOARDS.items()}
    boards["mvps"] = _player_board(_with_mvps(matches, _players(matches)), top)
    boards["spp"] = _player_board(_with_spp(matches, _players(matches), edition), top)
    return {name: boards[name] for name in BOARDS}


def _event_board(matches, condition, top):
    rows = (
        Event.objects.filter(condition, drive__match__in=matches, player__isnull=False)
        .values("player_id")
        .annotate(name=F("player__name"), team_name=F("player__team__name"), count=Count("id"))
        .order_by("-count", "name", "player_id")
    )
    return list(rows[:top])


def _players(matches):
    """The players of the teams that played `matches`."""
    return Player.objects.filter(
        Q(team_id__in=matches.values("home_team_id")) | Q(team_id__in=matches.values("away_team_id"))
    )


def _player_key():
    return Concat(Value("p"), Cast(OuterRef("pk"), CharField()), output_field=CharField())


def _mvp_count(matches):
    """An expression: how many of `matches` named the outer Player their MVP. One subquery per side,
    each finding the matches of the player's team by its index (not a scan of every match)."""
    counts = []
    for side in SIDES:
        named = (
            matches.filter(**{f"{side}_team_id": OuterRef("team_id")})
            # as text, compared as text (a JSON key's own lookups would read the value as JSON)
            .annotate(mvp=Cast(KeyTextTransform("mvp", KeyTransform(side, "outcome")), CharField()))
            .filter(mvp=_player_key())
            .order_by()
            .values(f"{side}_team_id")
            .annotate(count=Count("pk"))
            .values("count")
        )
        counts.append(Coalesce(Subquery(named, output_field=IntegerField()), 0))
    return counts[0] + counts[1]


def _with_mvps(matches, players):
    return players.annotate(count=_mvp_count(matches))


def _with_spp(matches, players, edition):
    """Players annotated with the SPP `matches` earned them: as matches.services.postmatch counts them
    (touchdowns, completions, deflections, interceptions, casualties by blocks, the MVP)."""
    weights = [
        When(kind=kind, then=Value(formulas.spp_for(action, edition=edition)))
        for kind, action in (
            (Event.Kind.TOUCHDOWN, "touchdown"),
            (Event.Kind.COMPLETION, "completion"),
            (Event.Kind.DEFLECTION, "deflection"),
            (Event.Kind.INTERCEPTION, "interception"),
        )
    ]
    weights.append(
        When(
            kind=Event.Kind.CASUALTY,
            cause__in=["", Event.Cause.BLOCK],
            then=Value(formulas.spp_for("casualty", edition=edition)),
        )
    )
    earned = (
        Event.objects.filter(player=OuterRef("pk"), drive__match__in=matches)
        .order_by()
        .values("player")
        .annotate(spp=Sum(Case(*weights, default=Value(0), output_field=IntegerField())))
        .values("spp")
    )
    mvp = formulas.spp_for("mvp", edition=edition)
    return players.annotate(
        count=Coalesce(Subquery(earned, output_field=IntegerField()), 0) + _mvp_count(matches) * mvp
    )


def _player_board(players, top):
    rows = (
        players.filter(count__gt=0)
        .values("count", "name", player_id=F("pk"), team_name=F("team__name"))
        .order_by("-count", "name", "player_id")
    )
    return list(rows[:top])
