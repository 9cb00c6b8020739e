"""The pages anyone who may see the league reads: leagues, seasons, standings, fixtures and results,
leaderboards (calendars and charts are web.league.views.feeds)."""

from django.shortcuts import render
from django.urls import reverse

from league import leaderboards
from league.models import Fixture, League, PointsAdjustment, Result, Season, SeasonEntry
from league.services import leagues as league_services
from league.services import prizes
from league.services.progress import progress_for
from league.standings.read import (
    StoredTable,
    first_open_round,
    played_round_numbers,
    season_games,
    season_standings,
    stored_table,
)
from web.league import page_sizes
from web.league.forms import CommentForm, RegisterTeamForm, ReopenForm, RescheduleForm, ResultForm
from web.league.views.common import _page, _round_links, get_fixture, get_league, get_season, whole_number
from web.league.views.steps import league_steps, season_steps
from web.league.views.tables import division_tables_context, season_divisions, with_reason


def league_list(request):
    leagues = League.objects.visible_to(request.user).order_by("name")
    mine = League.objects.commissioned_by(request.user).order_by("name")
    return render(request, "league/league_list.html", {"leagues": leagues, "mine": mine})


def league_detail(request, slug):
    league = get_league(request, slug)
    seasons = list(league.seasons.all())
    current = _current_season(league)
    rows = list(stored_table(current)[: page_sizes.LEAGUE_PAGE_ROWS]) if current else []
    is_commissioner = league.is_commissioner(request.user)
    is_member = league_services.is_member(league, request.user)
    return render(
        request,
        "league/league_detail.html",
        {
            "league": league,
            "seasons": seasons,
            "current": current,
            "rows": [with_reason(row) for row in rows],
            "is_commissioner": is_commissioner,
            "is_member": is_member,
            **_trophy_context(league),
            **league_steps(request, league, seasons, is_commissioner=is_commissioner, is_member=is_member),
        },
    )


def _trophy_context(league):
    """Who holds the League Trophy (`trophy`: their SeasonPrize, or None) and the extra re-rolls it
    brings into each game (a note: Dugout adds nothing to the roster)."""
    return {"trophy": prizes.trophy_holder(league), "trophy_rerolls": prizes.trophy_rerolls(league)}


def _current_season(league):
    """The running season, else the newest one, else None (one query)."""
    seasons = list(league.seasons.all())
    running = [season for season in seasons if season.status == Season.Status.RUNNING]
    return (running or seasons or [None])[0]


def league_leaderboards(request, slug):
    """Coaches across every season, the teams of the current season, and the players of the current
    season (or, with ?players=all, of every season) by touchdowns, casualties, kills and so on. In a
    season with divisions, ?division=N narrows the season's teams and players to that division's."""
    league = get_league(request, slug)
    season = _current_season(league)
    all_seasons = request.GET.get("players") == "all"
    divisions = list(season.divisions.all()) if season else []
    wanted = whole_number(request.GET.get("division", ""))
    chosen = next((division for division in divisions if division.pk == wanted), None)
    player_boards = {}
    if season and league.is_blood_bowl:
        player_boards = leaderboards.player_boards(
            season=None if all_seasons else season,
            league=league,
            division=None if all_seasons else chosen,  # a division is one season's
            top=page_sizes.LEADERS,
        )
    team_board = {}
    if season:
        team_board = leaderboards.season_team_leaders(season, division=chosen, top=page_sizes.LEADERS)
    return render(
        request,
        "league/league_leaderboards.html",
        {
            "league": league,
            "season": season,
            "current": season,
            "coaches": leaderboards.coach_leaders(league, top=page_sizes.COACHES),
            "team_board": team_board,
            "player_boards": player_boards,
            "all_seasons": all_seasons,
            "divisions": divisions,
            "chosen": chosen,
        },
    )


def season_detail(request, pk):
    season = get_season(request, pk)
    league = season.league
    is_commissioner = league.is_commissioner(request.user)
    entries = _page(
        request,
        season.entries.with_related().exclude(status=SeasonEntry.Status.WITHDRAWN),
        page_sizes.ENTRIES_PER_PAGE,
    )
    my_fixtures = []
    if request.user.is_authenticated:
        my_fixtures = list(Fixture.objects.for_season(season).for_coach(request.user).with_related())
    return render(
        request,
        "league/season_detail.html",
        {
            "league": league,
            "season": season,
            "entries": entries,
            "is_commissioner": is_commissioner,
            "can_register": _can_register(request, season),
            "my_fixtures": my_fixtures,
            "needs_decision": Result.objects.for_season(season).filter(status=Result.Status.DISPUTED).count()
            if is_commissioner
            else 0,
            **_prizes_context(season),
            **season_steps(request, season, is_commissioner=is_commissioner, my_fixtures=my_fixtures),
            **season_divisions(request, season),
        },
    )


def _can_register(request, season):
    """Whether the season page offers "Enter a team": to a member with a team still to enter (a ready
    team of the league's edition not in the season yet; another game's teams are typed names)."""
    if season.status == Season.Status.FINISHED or not league_services.is_member(season.league, request.user):
        return False
    return RegisterTeamForm(season=season, user=request.user).has_choices


def _prizes_context(season):
    """A finished season's prizes as given (`prizes_won`, one query), or what its places will earn
    (`prizes_to_win`, from the rulebook); neither outside Blood Bowl."""
    league = season.league
    if not league.is_blood_bowl:
        return {}
    rerolls = {"trophy_rerolls": prizes.trophy_rerolls(league)}
    if season.status == Season.Status.FINISHED:
        return {"prizes_won": list(season.prizes.with_related()), **rerolls}
    return {"prizes_to_win": prizes.prize_table(league), **rerolls}


def _own_rows(request, season, computed=None):
    """The rows of the teams the user coaches in the season, each with the `page` it is on: from the
    stored table, or from `computed` rows (the table after an earlier round)."""
    if not request.user.is_authenticated:
        return []
    if computed is None:
        rows = list(stored_table(season).filter(entry__coach=request.user))
    else:
        mine = set(season.entries.filter(coach=request.user).values_list("pk", flat=True))
        rows = [row for row in computed if row.entry in mine]
    for row in rows:
        row.page = (row.position - 1) // page_sizes.STANDINGS_PER_PAGE + 1
    return rows


def standings_page(request, pk):
    """The stored table with tie-break reasons, a page at a time (?page=N; the user's own teams are
    linked to their page). ?after=N shows the table as it stood after round N, computed on demand.
    A season with divisions shows each division's whole table instead (?division=N: that one only, with
    its own charts and leaders)."""
    season = get_season(request, pk)
    round_numbers = played_round_numbers(season)
    after = whole_number(request.GET.get("after", ""))
    after = after if after in round_numbers else None
    divisions = division_tables_context(request, season, after)
    if divisions:
        # One division chosen: its leaders and charts too, its rows already read (no query more).
        tables = divisions["division_tables"]
        chosen = next((division for division, _rows in tables if division.pk == divisions["chosen"]), None)
        rows = [row for division, table in tables if chosen in (None, division) for row in table]
        team_board = leaderboards.team_leaders(rows, top=page_sizes.STANDINGS_LEADERS) if chosen else None
        return render(
            request,
            "league/standings.html",
            {
                **_standings_context(
                    request, season, rows, after, round_numbers, team_board=team_board, division=chosen
                ),
                **divisions,
                "chosen_division": chosen,
                "own": [],
                "page": None,
            },
        )
    if after is None:
        rows = StoredTable(season)
        own = _own_rows(request, season)
        team_board = leaderboards.season_team_leaders(season, top=page_sizes.STANDINGS_LEADERS)
    else:
        rows = season_standings(season, games=season_games(season, up_to_round=after))
        own = _own_rows(request, season, computed=rows)
        team_board = leaderboards.team_leaders(rows, top=page_sizes.STANDINGS_LEADERS)
    page = _page(request, rows, page_sizes.STANDINGS_PER_PAGE)
    rows = [with_reason(row) for row in page]
    return render(
        request,
        "league/standings.html",
        {
            **_standings_context(request, season, rows, after, round_numbers, team_board=team_board),
            "page": page,
            "rows": rows,
            "own": own,
            "own_entries": {row.entry_id for row in own},
        },
    )


def _standings_context(request, season, rows, after, round_numbers, team_board=None, division=None):
    """What the standings page shows around its table or tables (the players of `division` only, when
    one is chosen)."""
    if team_board is None:
        team_board = (
            leaderboards.season_team_leaders(season, top=page_sizes.STANDINGS_LEADERS)
            if after is None
            else leaderboards.team_leaders(
                season_standings(season, games=season_games(season, up_to_round=after)),
                top=page_sizes.STANDINGS_LEADERS,
            )
        )
    return {
        "league": season.league,
        "season": season,
        "adjusted": _adjustment_notes(rows),
        "page_query": f"after={after}&" if after is not None else "",
        "round_links": _round_links(round_numbers, after),
        "after": after,
        "team_board": team_board,
        "players": leaderboards.player_leaders(season, division=division, top=page_sizes.STANDINGS_LEADERS)
        if season.league.is_blood_bowl
        else [],
        **_trophy_context(season.league),
    }


def _adjustment_notes(rows):
    """[(row, its PointsAdjustments)] for the rows of a page that have any, in table order (one query,
    whatever the number of adjustments): the footnotes under the table."""
    notes = {}
    for adjustment in PointsAdjustment.objects.filter(entry_id__in=[row.entry_id for row in rows]):
        notes.setdefault(adjustment.entry_id, []).append(adjustment)
    return [(row, notes[row.entry_id]) for row in rows if row.entry_id in notes]


class _Counted:
    """A QuerySet for a Paginator, counted with `counted` (the same rows without the joins of its
    annotations)."""

    def __init__(self, rows, counted):
        self.rows, self.counted, self._count = rows, counted, None

    def count(self):
        if self._count is None:
            self._count = self.counted.count()
        return self._count

    def __len__(self):
        return self.count()

    def __getitem__(self, window):
        return list(self.rows[window])


class _OpenPage(list):
    """A page of a list too long to count on each request (its pages have no total): one row more than
    a page is read, to know whether another page follows."""

    paginator = None

    def __init__(self, items, *, number, per_page):
        super().__init__(list(items)[:per_page])
        self.number = number
        self.has_previous, self.has_next = number > 1, len(items) > per_page
        self.has_other_pages = self.has_previous or self.has_next
        self.previous_page_number, self.next_page_number = number - 1, number + 1


def _open_page(request, read, per_page):
    """The requested page (?page=N) of what `read(start, stop)` returns."""
    number = whole_number(request.GET.get("page", "")) or 1
    start = (number - 1) * per_page
    return _OpenPage(read(start, start + per_page + 1), number=number, per_page=per_page)


def _all_fixtures(season):
    """read(start, stop) over every fixture of the season: those outside a round first, then the rounds
    in order (read from the rounds' index; nothing counts the rounds' fixtures)."""
    loose = Fixture.objects.filter(season=season, round__isnull=True)
    rounded = (
        Fixture.objects.listed().filter(round__season=season).order_by("round__number", "bracket_slot", "id")
    )

    def read(start, stop):
        before = loose.count()
        items = list(loose.listed().order_by("id")[start:stop]) if start < before else []
        if stop > before:
            items += rounded[max(start - before, 0) : stop - before]
        return items

    return read


def _with_labels(fixture):
    """Adds the stage and status labels to a listed fixture (a dict: see FixtureQuerySet.listed)."""
    fixture["playoff"] = fixture["stage"] == Fixture.Stage.PLAYOFF
    fixture["stage_label"] = Fixture.Stage(fixture["stage"]).label
    fixture["status_label"] = Result.Status(fixture["status"]).label if fixture["status"] else ""
    return fixture


def fixtures_page(request, pk):
    """Fixtures and results one round at a time (?round=N, or ?round=all), a page at a time (?page=N),
    so the page stays small in a big league; by default the first round with a game still to confirm."""
    season = get_season(request, pk)
    rounds = list(season.rounds.order_by("number"))
    wanted = request.GET.get("round", "")
    current = None
    if wanted != "all" and rounds:
        by_number = {str(round_.number): round_ for round_ in rounds}
        current = by_number.get(wanted) or first_open_round(season) or rounds[-1]
        in_round = Fixture.objects.filter(round=current)
        listed = in_round.order_by("bracket_slot", "id").listed()
        page = _page(request, _Counted(listed, in_round), page_sizes.FIXTURES_PER_PAGE)
    else:
        page = _open_page(request, _all_fixtures(season), page_sizes.FIXTURES_PER_PAGE)
    numbers = [round_.number for round_ in rounds]
    return render(
        request,
        "league/fixtures.html",
        {
            "league": season.league,
            "season": season,
            "fixtures": [_with_labels(fixture) for fixture in page],
            "page": page,
            "page_query": f"round={current.number}&" if current else "round=all&",
            "round_links": _round_links(numbers, current.number if current else None),
            "current": current,
        },
    )


def fixture_detail(request, pk):
    fixture = get_fixture(request, pk)
    result = fixture.result_or_none
    side = fixture.side_of(request.user)
    is_commissioner = fixture.season.league.is_commissioner(request.user)
    initial = {}
    if result:
        conceded = {fixture.home_id: "home", fixture.away_id: "away"}.get(result.conceded_by_id, "")
        initial = {
            "home_score": result.home_score,
            "away_score": result.away_score,
            "home_cas": result.home_cas,
            "away_cas": result.away_cas,
            "conceded": conceded,
        }
    confirmed = result is not None and result.is_confirmed
    progress = progress_for(fixture, user=request.user, commissions=is_commissioner)
    return render(
        request,
        "league/fixture.html",
        {
            "league": fixture.season.league,
            "season": fixture.season,
            "fixture": fixture,
            "result": result,
            "progress": progress,
            "can_submit": side is not None and not confirmed and fixture.season.has_started,
            "waits_for_start": side is not None and not fixture.season.has_started,
            "can_dispute": progress.viewer_confirms and result.status == Result.Status.SUBMITTED,
            "is_commissioner": is_commissioner,
            "can_decide": is_commissioner and side is None,
            "result_form": ResultForm(initial=initial, fixture=fixture),
            "comment_form": CommentForm(),
            "reopen_form": ReopenForm(),
            "reschedule_form": RescheduleForm(initial={"scheduled_at": fixture.scheduled_at}),
        },
    )


def season_url(season):
    return reverse("league:season", args=[season.pk])
