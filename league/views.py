"""League pages: thin function views over league.services, league.tables and league.leaderboards.

Access helpers at the top: a private league is a 404 to those who may not see it; a change by
someone who may not make it is a 403 (raised by the services, or by the helpers here).
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.db.models import Prefetch
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from league import charts, ical, leaderboards, standings
from league.forms import (
    CommentForm,
    FixtureForm,
    InvitationForm,
    JoinForm,
    LeagueCreateForm,
    LeagueSettingsForm,
    NamedEntryForm,
    PlayoffForm,
    RegisterTeamForm,
    ReopenForm,
    RescheduleForm,
    ResultForm,
    RoundRobinForm,
    SeasonForm,
    SwissRoundForm,
)
from league.models import TIEBREAKERS, Fixture, Invitation, League, Result, Season, SeasonEntry
from league.services import entries as entry_services
from league.services import leagues as league_services
from league.services import results as result_services
from league.services import scheduling
from league.tables import (
    StoredTable,
    first_open_round,
    played_round_numbers,
    season_games,
    season_standings,
    stored_table,
)

# Every list page renders a bounded number of rows, whatever the size of the league.
# Measured: a table row costs about 0.1 ms to render, so a page of 25 stays within a third of the time
# of a small league's page (benchmarks/league_bench.py).
STANDINGS_PER_PAGE = 25
FIXTURES_PER_PAGE = 25
ENTRIES_PER_PAGE = 50
LEAGUE_PAGE_ROWS = 10  # the top of the current table on the league's page
LEADERS = 10  # each leaderboard of a season
STANDINGS_LEADERS = 5  # the leaders under the standings
COACHES = 25  # the coaches' leaderboard
ROUND_LINKS = 4  # rounds linked on each side of the current one (plus the first and the last)

# --- access helpers ----------------------------------------------------------------------------------


def _league_queryset():
    return League.objects.prefetch_related("commissioners")


def get_league(request, slug):
    """The league if the user may see it, else 404."""
    league = get_object_or_404(_league_queryset(), slug=slug)
    if not league.is_visible_to(request.user):
        raise Http404
    return league


def get_league_for_commissioner(request, slug):
    league = get_league(request, slug)
    if not league.is_commissioner(request.user):
        raise PermissionDenied
    return league


def get_season(request, pk):
    season = get_object_or_404(
        Season.objects.select_related("league").prefetch_related(Prefetch("league__commissioners")),
        pk=pk,
    )
    if not season.league.is_visible_to(request.user):
        raise Http404
    return season


def get_season_for_commissioner(request, pk):
    season = get_season(request, pk)
    if not season.league.is_commissioner(request.user):
        raise PermissionDenied
    return season


def get_fixture(request, pk):
    fixture = get_object_or_404(
        Fixture.objects.with_related().prefetch_related("season__league__commissioners"), pk=pk
    )
    if not fixture.season.league.is_visible_to(request.user):
        raise Http404
    return fixture


def _page(request, items, per_page):
    """The requested page (?page=N; the first or the last when N is not a page) of a QuerySet or list."""
    return Paginator(items, per_page).get_page(request.GET.get("page"))


def _round_links(numbers, current):
    """The round numbers to link in a round navigation: the first, the last and those around `current`
    (the last round when None), with None where numbers are left out."""
    if len(numbers) <= 2 * ROUND_LINKS + 3:
        return list(numbers)
    index = numbers.index(current) if current in numbers else len(numbers) - 1
    low, high = max(index - ROUND_LINKS, 1), min(index + ROUND_LINKS, len(numbers) - 2)
    return [
        numbers[0],
        *([None] if low > 1 else []),
        *numbers[low : high + 1],
        *([None] if high < len(numbers) - 2 else []),
        numbers[-1],
    ]


def _attempt(request, action, success):
    """Run a service call; a ValidationError becomes an error message. Returns whether it worked."""
    try:
        action()
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        return False
    messages.success(request, success)
    return True


def _form_errors(request, form):
    for errors in form.errors.values():
        for error in errors:
            messages.error(request, error)


# --- leagues -----------------------------------------------------------------------------------------


def league_list(request):
    leagues = League.objects.visible_to(request.user).order_by("name")
    mine = League.objects.commissioned_by(request.user).order_by("name")
    return render(request, "league/league_list.html", {"leagues": leagues, "mine": mine})


@login_required
def league_create(request):
    form = LeagueCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            league = form.save(user=request.user)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("The league %(name)s is ready.") % {"name": league.name})
            return redirect("league:detail", slug=league.slug)
    return render(request, "league/league_create.html", {"form": form})


def league_detail(request, slug):
    league = get_league(request, slug)
    seasons = list(league.seasons.all())
    current = _current_season(league)
    rows = list(stored_table(current)[:LEAGUE_PAGE_ROWS]) if current else []
    return render(
        request,
        "league/league_detail.html",
        {
            "league": league,
            "seasons": seasons,
            "current": current,
            "rows": [_with_reason(row) for row in rows],
            "is_commissioner": league.is_commissioner(request.user),
            "is_member": league_services.is_member(league, request.user),
        },
    )


@login_required
def league_settings(request, slug):
    league = get_league_for_commissioner(request, slug)
    form = LeagueSettingsForm(request.POST or None, instance=league, by=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            form.save()
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("The league settings were saved."))
            return redirect("league:settings", slug=league.slug)
    return render(request, "league/league_settings.html", {"league": league, "form": form})


@login_required
def invitations(request, slug):
    league = get_league_for_commissioner(request, slug)
    form = InvitationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        invitation = form.save(league=league, user=request.user)
        messages.success(request, _("Invitation created: %(code)s") % {"code": invitation.code})
        return redirect("league:invitations", slug=league.slug)
    return render(
        request,
        "league/invitations.html",
        {"league": league, "form": form, "invitations": league.invitations.all()},
    )


@login_required
@require_POST
def invitation_revoke(request, slug, pk):
    league = get_league_for_commissioner(request, slug)
    invitation = get_object_or_404(Invitation, pk=pk, league=league)
    league_services.revoke_invitation(invitation=invitation, by=request.user)
    messages.success(request, _("The invitation was revoked."))
    return redirect("league:invitations", slug=league.slug)


@login_required
def join(request, code=None):
    """An invitation link (/leagues/join/<code>/) or the code typed in (/leagues/join/)."""
    if code is None:
        form = JoinForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            return redirect("league:join_code", code=form.cleaned_data["code"].strip())
        return render(request, "league/join.html", {"form": form})
    invitation = Invitation.objects.select_related("league").filter(code=code).first()
    if request.method == "POST":
        try:
            league = league_services.join_league(code=code, user=request.user)
        except ValidationError as error:
            messages.error(request, error.messages[0])
            return redirect("league:join")
        messages.success(request, _("You joined %(league)s.") % {"league": league.name})
        return redirect("league:detail", slug=league.slug)
    usable = invitation is not None and invitation.is_usable()
    return render(
        request, "league/join_confirm.html", {"invitation": invitation if usable else None, "code": code}
    )


@login_required
def season_create(request, slug):
    league = get_league_for_commissioner(request, slug)
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        season = form.save(league=league, user=request.user)
        messages.success(request, _("The season %(name)s is open for registration.") % {"name": season.name})
        return redirect("league:season", pk=season.pk)
    return render(request, "league/season_create.html", {"league": league, "form": form})


def _current_season(league):
    """The running season, else the newest one, else None (one query)."""
    seasons = list(league.seasons.all())
    running = [season for season in seasons if season.status == Season.Status.RUNNING]
    return (running or seasons or [None])[0]


def league_leaderboards(request, slug):
    """Coaches across every season, the teams of the current season, and the players of the current
    season (or, with ?players=all, of every season) by touchdowns, casualties, kills and so on."""
    league = get_league(request, slug)
    season = _current_season(league)
    all_seasons = request.GET.get("players") == "all"
    player_boards = {}
    if season and league.is_blood_bowl:
        player_boards = leaderboards.player_boards(
            season=None if all_seasons else season, league=league, top=LEADERS
        )
    return render(
        request,
        "league/league_leaderboards.html",
        {
            "league": league,
            "season": season,
            "current": season,
            "coaches": leaderboards.coach_leaders(league, top=COACHES),
            "team_board": leaderboards.season_team_leaders(season, top=LEADERS) if season else {},
            "players": leaderboards.player_leaders(season, top=LEADERS)
            if season and league.is_blood_bowl
            else [],
            "player_boards": player_boards,
            "all_seasons": all_seasons,
        },
    )


# --- seasons -----------------------------------------------------------------------------------------


def _teams_phrase(names, count):
    """The tied teams by name, or by count when there are many (then `names` is empty)."""
    if names and len(names) == count:
        return ", ".join(names)
    return ngettext("%(count)s other team", "%(count)s other teams", count) % {"count": count}


def _with_reason(row):
    """Adds `reason`: why the row stands where it does among teams on the same points (a stored
    StandingsRow or a computed standings.Row)."""
    if not row.tied_count:
        row.reason = ""
        return row
    teams = _teams_phrase(row.tied_names, row.tied_count)
    if row.still_tied:
        row.reason = _("Level with %(teams)s on every tie-breaker.") % {"teams": teams}
    elif row.tiebreaker_value is None:
        row.reason = _("Level on points with %(teams)s; placed by %(tiebreaker)s.") % {
            "teams": teams,
            "tiebreaker": TIEBREAKERS[row.tiebreaker],
        }
    else:
        row.reason = _("Level on points with %(teams)s; placed by %(tiebreaker)s (%(value)s).") % {
            "teams": teams,
            "tiebreaker": TIEBREAKERS[row.tiebreaker],
            "value": row.tiebreaker_value,
        }
    return row


def season_detail(request, pk):
    season = get_season(request, pk)
    league = season.league
    is_commissioner = league.is_commissioner(request.user)
    entries = _page(
        request, season.entries.with_related().exclude(status=SeasonEntry.Status.WITHDRAWN), ENTRIES_PER_PAGE
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
            "can_register": season.status != Season.Status.FINISHED
            and league_services.is_member(league, request.user),
            "my_fixtures": my_fixtures,
            "needs_decision": Result.objects.for_season(season).filter(status=Result.Status.DISPUTED).count()
            if is_commissioner
            else 0,
        },
    )


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
        row.page = (row.position - 1) // STANDINGS_PER_PAGE + 1
    return rows


def standings_page(request, pk):
    """The stored table with tie-break reasons, a page at a time (?page=N; the user's own teams are
    linked to their page). ?after=N shows the table as it stood after round N, computed on demand."""
    season = get_season(request, pk)
    round_numbers = played_round_numbers(season)
    after = request.GET.get("after", "")
    after = int(after) if after.isdigit() and int(after) in round_numbers else None
    if after is None:
        rows = StoredTable(season)
        own = _own_rows(request, season)
        team_board = leaderboards.season_team_leaders(season, top=STANDINGS_LEADERS)
    else:
        rows = season_standings(season, games=season_games(season, up_to_round=after))
        own = _own_rows(request, season, computed=rows)
        team_board = leaderboards.team_leaders(rows, top=STANDINGS_LEADERS)
    page = _page(request, rows, STANDINGS_PER_PAGE)
    return render(
        request,
        "league/standings.html",
        {
            "league": season.league,
            "season": season,
            "page": page,
            "rows": [_with_reason(row) for row in page],
            "own": own,
            "own_entries": {row.entry_id for row in own},
            "page_query": f"after={after}&" if after is not None else "",
            "round_links": _round_links(round_numbers, after),
            "after": after,
            "team_board": team_board,
            "players": leaderboards.player_leaders(season, top=STANDINGS_LEADERS)
            if season.league.is_blood_bowl
            else [],
        },
    )


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
    number = request.GET.get("page", "")
    number = int(number) if number.isdigit() and int(number) > 0 else 1
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
        page = _page(request, _Counted(listed, in_round), FIXTURES_PER_PAGE)
    else:
        page = _open_page(request, _all_fixtures(season), FIXTURES_PER_PAGE)
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


@login_required
def register(request, pk):
    season = get_season(request, pk)
    form = RegisterTeamForm(request.POST or None, season=season, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            form.save()
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Your team is entered; a commissioner will accept it."))
            return redirect("league:season", pk=season.pk)
    return render(request, "league/register.html", {"league": season.league, "season": season, "form": form})


@login_required
def entries(request, pk):
    season = get_season_for_commissioner(request, pk)
    form = NamedEntryForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        name = form.cleaned_data["name"]
        if _attempt(
            request,
            lambda: entry_services.register_named_entry(season=season, name=name, user=request.user),
            _("%(name)s was added.") % {"name": name},
        ):
            return redirect("league:entries", pk=season.pk)
    return render(
        request,
        "league/entries.html",
        {
            "league": season.league,
            "season": season,
            "entries": season.entries.with_related().order_by("status", "name"),
            "form": form,
        },
    )


@login_required
@require_POST
def entry_accept(request, pk):
    entry = get_object_or_404(SeasonEntry.objects.select_related("season__league", "team"), pk=pk)
    _attempt(
        request,
        lambda: entry_services.accept_entry(entry=entry, by=request.user),
        _("%(name)s is in.") % {"name": entry.display_name},
    )
    return redirect("league:entries", pk=entry.season_id)


@login_required
@require_POST
def entry_withdraw(request, pk):
    entry = get_object_or_404(SeasonEntry.objects.select_related("season__league", "team"), pk=pk)
    _attempt(
        request,
        lambda: entry_services.withdraw_entry(entry=entry, by=request.user),
        _("%(name)s was withdrawn.") % {"name": entry.display_name},
    )
    if entry.season.league.is_commissioner(request.user):
        return redirect("league:entries", pk=entry.season_id)
    return redirect("league:season", pk=entry.season_id)


@login_required
@require_POST
def season_status(request, pk):
    season = get_season_for_commissioner(request, pk)
    status = request.POST.get("status", "")
    _attempt(
        request,
        lambda: league_services.set_season_status(season=season, status=status, by=request.user),
        _("The season status was changed."),
    )
    return redirect("league:season", pk=season.pk)


@login_required
def schedule(request, pk):
    season = get_season_for_commissioner(request, pk)
    return render(
        request,
        "league/schedule.html",
        {
            "league": season.league,
            "season": season,
            "round_robin_form": RoundRobinForm(),
            "swiss_form": SwissRoundForm(),
            "playoff_form": PlayoffForm(),
            "fixture_form": FixtureForm(season=season),
            "has_playoffs": season.fixtures.playoff().exists(),
            "accepted": season.entries.accepted().count(),
        },
    )


def _schedule_action(request, pk, form_class, action, success, **form_kwargs):
    season = get_season_for_commissioner(request, pk)
    form = form_class(request.POST, **({"season": season} if form_kwargs.get("with_season") else {}))
    if form.is_valid():
        _attempt(request, lambda: action(season, form.cleaned_data), success)
    else:
        _form_errors(request, form)
    return redirect("league:schedule", pk=season.pk)


@login_required
@require_POST
def schedule_round_robin(request, pk):
    return _schedule_action(
        request,
        pk,
        RoundRobinForm,
        lambda season, data: scheduling.schedule_round_robin(season=season, by=request.user, **data),
        _("The round robin is scheduled."),
    )


@login_required
@require_POST
def schedule_swiss(request, pk):
    return _schedule_action(
        request,
        pk,
        SwissRoundForm,
        lambda season, data: scheduling.schedule_swiss_round(season=season, by=request.user, **data),
        _("The next Swiss round is paired."),
    )


@login_required
@require_POST
def schedule_playoffs(request, pk):
    return _schedule_action(
        request,
        pk,
        PlayoffForm,
        lambda season, data: scheduling.schedule_playoffs(season=season, by=request.user, **data),
        _("The playoff bracket is drawn."),
    )


@login_required
@require_POST
def advance_playoffs(request, pk):
    return _schedule_action(
        request,
        pk,
        SwissRoundForm,
        lambda season, data: scheduling.advance_playoffs(season=season, by=request.user, **data),
        _("The next playoff round is paired."),
    )


@login_required
@require_POST
def fixture_add(request, pk):
    return _schedule_action(
        request,
        pk,
        FixtureForm,
        lambda season, data: scheduling.add_fixture(season=season, by=request.user, **data),
        _("The fixture was added."),
        with_season=True,
    )


@login_required
def decisions(request, pk):
    season = get_season_for_commissioner(request, pk)
    pending = (
        Result.objects.for_season(season)
        .exclude(status=Result.Status.CONFIRMED)
        .with_related()
        .order_by("status", "fixture__round__number")
    )
    return render(
        request, "league/decisions.html", {"league": season.league, "season": season, "results": pending}
    )


# --- fixtures and results ------------------------------------------------------------------------------


def fixture_detail(request, pk):
    fixture = get_fixture(request, pk)
    result = fixture.result_or_none
    side = fixture.side_of(request.user)
    submitter_side = fixture.side_of(result.submitted_by) if result and result.submitted_by_id else None
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
    return render(
        request,
        "league/fixture.html",
        {
            "league": fixture.season.league,
            "season": fixture.season,
            "fixture": fixture,
            "result": result,
            "can_submit": side is not None and not confirmed,
            "can_answer": result is not None
            and not confirmed
            and side is not None
            and side != submitter_side,
            "can_dispute": result is not None and result.status == Result.Status.SUBMITTED,
            "is_commissioner": is_commissioner,
            "result_form": ResultForm(initial=initial, fixture=fixture),
            "comment_form": CommentForm(),
            "reopen_form": ReopenForm(),
            "reschedule_form": RescheduleForm(initial={"scheduled_at": fixture.scheduled_at}),
        },
    )


def _back_to(fixture):
    return redirect("league:fixture", pk=fixture.pk)


@login_required
@require_POST
def result_submit(request, pk):
    fixture = get_fixture(request, pk)
    form = ResultForm(request.POST, fixture=fixture)
    if form.is_valid():
        _attempt(
            request,
            lambda: form.submit(user=request.user),
            _("The result was submitted; it counts once the opponent confirms it."),
        )
    else:
        if fixture.side_of(request.user) is None:
            raise PermissionDenied
        _form_errors(request, form)
    return _back_to(fixture)


def _get_result(fixture):
    result = fixture.result_or_none
    if result is None:
        raise Http404
    return result


@login_required
@require_POST
def result_confirm(request, pk):
    fixture = get_fixture(request, pk)
    result = _get_result(fixture)
    _attempt(
        request,
        lambda: result_services.confirm_result(result=result, by=request.user),
        _("The result is confirmed."),
    )
    return _back_to(fixture)


@login_required
@require_POST
def result_dispute(request, pk):
    fixture = get_fixture(request, pk)
    result = _get_result(fixture)
    form = CommentForm(request.POST)
    comment = form.cleaned_data["comment"] if form.is_valid() else ""
    _attempt(
        request,
        lambda: result_services.dispute_result(result=result, by=request.user, comment=comment),
        _("The result is disputed; a commissioner will decide."),
    )
    return _back_to(fixture)


@login_required
@require_POST
def result_decide(request, pk):
    """A commissioner confirms a result as it stands ("confirm") or with the score in the form."""
    fixture = get_fixture(request, pk)
    if not fixture.season.league.is_commissioner(request.user):
        raise PermissionDenied
    if request.POST.get("action") == "confirm":
        result = _get_result(fixture)
        _attempt(
            request,
            lambda: result_services.decide_result(result=result, by=request.user),
            _("The result is confirmed."),
        )
        return _back_to(fixture)
    form = ResultForm(request.POST, fixture=fixture)
    if form.is_valid():
        _attempt(request, lambda: form.decide(user=request.user), _("The result is set and confirmed."))
    else:
        _form_errors(request, form)
    return _back_to(fixture)


@login_required
@require_POST
def result_reopen(request, pk):
    fixture = get_fixture(request, pk)
    result = _get_result(fixture)
    form = ReopenForm(request.POST)
    reason = form.cleaned_data["reason"] if form.is_valid() else ""
    _attempt(
        request,
        lambda: result_services.reopen_result(result=result, by=request.user, reason=reason),
        _("The result is reopened and no longer counts."),
    )
    return _back_to(fixture)


@login_required
@require_POST
def fixture_reschedule(request, pk):
    fixture = get_fixture(request, pk)
    form = RescheduleForm(request.POST)
    if not form.is_valid():
        if not fixture.season.league.is_commissioner(request.user):
            raise PermissionDenied
        _form_errors(request, form)
        return _back_to(fixture)
    _attempt(
        request,
        lambda: scheduling.reschedule_fixture(
            fixture=fixture, by=request.user, scheduled_at=form.cleaned_data["scheduled_at"]
        ),
        _("The fixture was rescheduled."),
    )
    return _back_to(fixture)


@login_required
@require_POST
def fixture_delete(request, pk):
    fixture = get_fixture(request, pk)
    season_pk = fixture.season_id
    if _attempt(
        request,
        lambda: scheduling.delete_fixture(fixture=fixture, by=request.user),
        _("The fixture was removed."),
    ):
        return redirect("league:fixtures", pk=season_pk)
    return _back_to(fixture)


# --- calendars and charts ---------------------------------------------------------------------------------


def _calendar_response(request, fixtures, *, name, filename):
    body = ical.calendar(fixtures, name=name, host=request.get_host().split(":")[0] or "dugout")
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def season_calendar(request, pk):
    season = get_season(request, pk)
    fixtures = Fixture.objects.for_season(season).with_related()
    return _calendar_response(request, fixtures, name=str(season), filename=f"season-{season.pk}.ics")


def entry_calendar(request, pk):
    entry = get_object_or_404(SeasonEntry.objects.select_related("season__league", "team"), pk=pk)
    if not entry.season.league.is_visible_to(request.user):
        raise Http404
    fixtures = Fixture.objects.for_entry(entry).with_related()
    return _calendar_response(
        request, fixtures, name=f"{entry.display_name} · {entry.season}", filename=f"team-{entry.pk}.ics"
    )


def _svg(body):
    return HttpResponse(body, content_type="image/svg+xml; charset=utf-8")


def chart_standings(request, pk):
    """League points after each round of the teams at the top of the table (charts.MAX_SERIES)."""
    season = get_season(request, pk)
    top = list(stored_table(season)[: charts.MAX_SERIES])
    rounds = played_round_numbers(season)
    games = season_games(season, involving=[row.entry_id for row in top])
    points = standings.points_by_round(
        [row.entry_id for row in top], games, scoring=season.league.scoring(), rounds=rounds
    )
    series = [(row.name, points[row.entry_id]) for row in top]
    return _svg(charts.standings_race(series, rounds=rounds, title=_("Points after each round")))


def chart_team_value(request, pk):
    season = get_season(request, pk)
    rows = (
        Result.objects.confirmed()
        .filter(fixture__season=season)
        .order_by("fixture__round__number")
        .values_list(
            "fixture__round__number",
            "fixture__home_id",
            "fixture__away_id",
            "home_team_value",
            "away_team_value",
        )
    )
    names = {entry.pk: entry.display_name for entry in season.entries.accepted().with_related()}
    return _svg(charts.team_value_over_season(list(rows), names, title=_("Team value after each round")))


def season_url(season):
    return reverse("league:season", args=[season.pk])
