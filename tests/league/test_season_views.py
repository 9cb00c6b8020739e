"""The season's life cycle and next steps on the pages: the commissioner's steps with their conditions and
buttons, what the scheduling page offers and shows, what a coach is told to do next, and the entries
and invitations forms a newcomer reads (who may post them: test_permissions)."""

import re

import pytest
from django.contrib.messages import get_messages
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import Season, SeasonEntry
from league.services import scheduling
from tests.factories import UserFactory
from tests.league.factories import make_entry, make_fixture, make_league, make_season, make_team, play

pytestmark = pytest.mark.django_db

Status = Season.Status


def _page(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def _post(client, url, data):
    """Posts and returns (the response, the texts of the messages it left); the page it leads to shows
    them, so that the next post starts with none."""
    response = client.post(url, data)
    said = [str(message) for message in get_messages(response.wsgi_request)]
    client.get(response.url)
    return response, said


def _status_url(season):
    return reverse("league:season_status", args=[season.pk])


def _season_url(season):
    return reverse("league:season", args=[season.pk])


def _ids(content):
    return re.findall(r'\sid="([^"]+)"', content)


def _buttons(content):
    """The visible texts of the page's buttons."""
    return [
        re.sub(r"<[^>]+>", "", text).strip() for text in re.findall(r"<button[^>]*>(.*?)</button>", content)
    ]


@pytest.fixture
def registering(league):
    season, _entries = make_season(league, teams=0, status=Status.REGISTRATION)
    return season


# The commissioner's steps on the season page.


def test_a_season_in_registration_asks_for_two_accepted_teams_before_scheduling(
    client, commissioner, registering
):
    make_entry(registering)
    make_entry(registering, status=SeasonEntry.Status.PENDING, name="Latecomers")
    client.force_login(commissioner)

    content = _page(client, _season_url(registering))

    assert "1 team accepted: accept at least 2 to schedule the fixtures." in content
    assert "1 entry waits for your answer." in content
    assert 'aria-label="Accept Latecomers"' in content
    assert "Schedule the fixtures" not in content
    assert "Start the season" not in content


def test_a_season_with_two_teams_accepted_offers_the_scheduling(client, commissioner, registering):
    make_entry(registering)
    make_entry(registering)
    client.force_login(commissioner)

    content = _page(client, _season_url(registering))

    assert "2 teams accepted: the fixtures can be scheduled." in content
    assert reverse("league:schedule", args=[registering.pk]) in content


def test_a_running_season_offers_no_plain_finish_while_fixtures_are_unplayed(
    client, commissioner, season, home, away
):
    make_fixture(season, home, away)
    client.force_login(commissioner)

    content = _page(client, _season_url(season))

    assert "Finish the season" not in _buttons(content)
    assert "1 fixture has no confirmed result yet" in content
    assert "Finish the season anyway" in _buttons(content)
    assert 'for="id_reason"' in content


def test_a_running_season_with_every_fixture_played_offers_the_finish(
    client, commissioner, season, home, away
):
    play(season, home, away, 1, 0)
    client.force_login(commissioner)

    content = _page(client, _season_url(season))

    assert "Finish the season" in _buttons(content)
    assert "Finish the season anyway" not in _buttons(content)


def test_starting_a_scheduled_season_from_its_page(client, commissioner, season, home, away):
    make_fixture(season, home, away)
    Season.objects.filter(pk=season.pk).update(status=Status.SCHEDULED)
    client.force_login(commissioner)
    assert "Start the season" in _buttons(_page(client, _season_url(season)))

    response, said = _post(client, _status_url(season), {"status": "running"})

    assert response.url == _season_url(season)
    assert said == ["The season has started: the coaches can play their fixtures."]
    assert Season.objects.get(pk=season.pk).status == Status.RUNNING


def test_a_step_the_season_is_not_ready_for_says_why_and_changes_nothing(client, commissioner, registering):
    client.force_login(commissioner)

    response, said = _post(client, _status_url(registering), {"status": "running"})

    assert response.status_code == 302
    assert said == ["Schedule the fixtures before starting the season."]
    assert Season.objects.get(pk=registering.pk).status == Status.REGISTRATION


def test_finishing_with_fixtures_unplayed_needs_force_and_a_reason(client, commissioner, season, home, away):
    make_fixture(season, home, away)
    client.force_login(commissioner)

    _response, refused = _post(client, _status_url(season), {"status": "finished"})
    _response, no_reason = _post(client, _status_url(season), {"status": "finished", "force": "on"})
    assert refused == ["1 fixture has no confirmed result: wait for it, or finish anyway with a reason."]
    assert no_reason == ["Give the reason for finishing the season with fixtures unplayed."]
    assert Season.objects.get(pk=season.pk).status == Status.RUNNING

    _response, said = _post(
        client, _status_url(season), {"status": "finished", "force": "on", "reason": "The Gouged Eye folded."}
    )

    assert said == ["The season is finished; the prizes are in the treasuries."]
    assert Season.objects.get(pk=season.pk).finish_reason == "The Gouged Eye folded."
    client.logout()
    content = _page(client, _season_url(season))
    assert "Finished with fixtures unplayed:" in content
    assert "The Gouged Eye folded." in content


def test_an_unknown_status_is_refused(client, commissioner, season):
    client.force_login(commissioner)

    _response, said = _post(client, _status_url(season), {"status": "paused"})

    assert said == ["Unknown season status."]
    assert Season.objects.get(pk=season.pk).status == Status.RUNNING


def test_a_coach_sees_no_life_cycle_buttons(client, coach, season, home, away):
    play(season, home, away, 1, 0)
    client.force_login(coach)

    buttons = _buttons(_page(client, _season_url(season)))

    assert not {"Finish the season", "Start the season", "Reopen the season"} & set(buttons)


# The scheduling page.


def _schedule_page(client, season):
    return _page(client, reverse("league:schedule", args=[season.pk]))


def test_a_round_robin_season_is_offered_only_the_round_robin(client, commissioner, registering):
    make_entry(registering)
    make_entry(registering)
    client.force_login(commissioner)

    buttons = _buttons(_schedule_page(client, registering))

    assert "Schedule the round robin" in buttons
    assert not {"Pair the next round", "Add the fixture", "Draw the bracket from the standings"} & set(
        buttons
    )
    assert "Double round robin" not in _schedule_page(client, registering)


@pytest.mark.parametrize(
    ("format", "offered"),
    [(Season.Format.SWISS, "Pair the next round"), (Season.Format.MANUAL, "Add the fixture")],
)
def test_other_formats_are_offered_their_own_way(client, commissioner, league, format, offered):
    season, _entries = make_season(league, teams=2, status=Status.REGISTRATION, format=format)
    client.force_login(commissioner)

    buttons = set(_buttons(_schedule_page(client, season)))

    assert offered in buttons
    assert not {"Schedule the round robin", "Draw the bracket from the standings"} & buttons


def test_scheduling_shows_the_fixtures_it_made_and_the_start(client, commissioner, registering):
    for name in ("Reikland Reavers", "Gouged Eye", "Bright Crusaders"):
        make_entry(registering, name=name)
    client.force_login(commissioner)

    response, said = _post(
        client, reverse("league:schedule_round_robin", args=[registering.pk]), {"days_between": 7}
    )
    content = _page(client, response.url)

    assert said == ["The round robin is scheduled: 3 rounds. Check their fixtures, then start the season."]
    assert "3 fixtures scheduled" in content
    assert content.count("Reikland Reavers") == 2  # two games, the third round is its bye
    assert "Start the season" in _buttons(content)
    assert "Schedule the round robin" not in _buttons(content)
    assert Season.objects.get(pk=registering.pk).status == Status.SCHEDULED


def test_a_running_season_is_offered_the_playoffs_with_labelled_inputs(
    client, commissioner, season, home, away
):
    play(season, home, away, 1, 0)
    client.force_login(commissioner)

    content = _schedule_page(client, season)

    assert "Draw the bracket from the standings" in _buttons(content)
    assert '<label for="playoff_date">Date of the first playoff round' in content
    assert '<label for="playoff_size">Teams in the playoffs' in content
    ids = _ids(content)
    assert len(ids) == len(set(ids))


def test_a_format_that_does_not_fit_is_refused_by_the_view_too(client, commissioner, league):
    season, _entries = make_season(league, teams=2, status=Status.REGISTRATION)
    client.force_login(commissioner)

    _response, said = _post(client, reverse("league:schedule_swiss", args=[season.pk]), {})

    assert said == ["This is a season of format “Round robin”: schedule it that way."]
    assert not season.fixtures.exists()


# What a coach is told to do next.


def test_the_commissioner_s_own_entry_is_accepted_right_there(client, commissioner, registering):
    team = make_team(coach=commissioner, name="Carla's Crushers")
    client.force_login(commissioner)
    _response, said = _post(client, reverse("league:register", args=[registering.pk]), {"team": team.pk})
    assert said == ["Your team is entered; as a commissioner of this league, accept it below."]
    entry = SeasonEntry.objects.get(team=team)

    content = _page(client, _season_url(registering))
    assert "you commission this league, so accept it here." in content
    assert content.count('aria-label="Accept Carla&#x27;s Crushers"') == 1

    response = client.post(reverse("league:entry_accept", args=[entry.pk]), {"back": "season"})

    assert response.url == _season_url(registering)
    assert SeasonEntry.objects.get(pk=entry.pk).status == SeasonEntry.Status.ACCEPTED


def test_a_coach_s_pending_entry_waits_for_a_commissioner(client, coach, registering):
    team = make_team(coach=coach, name="Reikland Reavers")
    client.force_login(coach)
    _response, said = _post(client, reverse("league:register", args=[registering.pk]), {"team": team.pk})
    assert said == ["Your team is entered; a commissioner will accept it."]

    content = _page(client, _season_url(registering))

    assert "Reikland Reavers is entered and waits for a commissioner to accept it." in content
    assert "Accept Reikland Reavers" not in content


def test_a_coach_is_sent_to_their_next_game(client, coach, opponent, season, home, away):
    fixture = make_fixture(season, home, away)
    client.force_login(coach)

    content = _page(client, _season_url(season))

    link = f'<a href="{reverse("league:fixture", args=[fixture.pk])}">Play Reikland Reavers v Gouged Eye'
    assert link in content
    client.force_login(opponent)
    assert "Play Reikland Reavers v Gouged Eye and record its result" in _page(client, _season_url(season))


def test_a_coach_is_told_to_confirm_the_opponent_s_result(client, opponent, season, home, away):
    play(season, home, away, 2, 1, status="submitted")
    client.force_login(opponent)

    content = _page(client, _season_url(season))

    assert "Confirm or dispute the result of Reikland Reavers v Gouged Eye" in content


# The league page.


def test_a_coach_who_joined_can_enter_a_team_or_draft_one_from_the_league_page(
    client, coach, league, registering
):
    league.public = False
    league.save()
    league.members.add(coach)
    ready = make_team(coach=coach, name="Reikland Reavers")
    make_team(coach=coach, name="Other Edition", edition="bb2025")
    client.force_login(coach)

    content = _page(client, reverse("league:detail", args=[league.slug]))

    assert '<h2 id="enter-team">Enter a team</h2>' in content
    assert re.search(rf'<option value="{ready.pk}"( selected)?>Reikland Reavers</option>', content)
    assert "Other Edition" not in content
    assert f'href="{reverse("rosters:new")}?league={league.slug}"' in content
    response = client.post(reverse("league:register", args=[registering.pk]), {"team": ready.pk})
    assert response.status_code == 302
    assert SeasonEntry.objects.filter(team=ready, status=SeasonEntry.Status.PENDING).exists()
    content = _page(client, reverse("league:detail", args=[league.slug]))
    assert "Reikland Reavers in Season 1: Pending." in content


def test_a_coach_without_a_ready_team_is_sent_to_draft_one(client, coach, league, registering):
    client.force_login(coach)

    content = _page(client, reverse("league:detail", args=[league.slug]))

    assert "You have no ready team to enter yet: draft one, then mark it ready." in content
    assert "New team" in content


def test_the_league_page_tells_the_commissioner_what_comes_next(client, commissioner, league):
    client.force_login(commissioner)
    league_url = reverse("league:detail", args=[league.slug])

    content = _page(client, league_url)
    assert f"Invite coaches to {league.name}" in content
    assert "Open a season: the coaches enter their teams in it." in content
    assert f"Create a season in {league.name}" in content

    season, _entries = make_season(league, teams=2, status=Status.REGISTRATION)
    assert reverse("league:schedule", args=[season.pk]) in _page(client, league_url)
    scheduling.schedule_round_robin(season=season, by=commissioner)
    assert "The fixtures are drawn: start the season when the coaches may play." in _page(client, league_url)


def test_a_public_league_says_invitations_are_optional(client, commissioner, league):
    """A public league does not say "any coach may enter" beside a bare "Invite coaches" (issue #26)."""
    client.force_login(commissioner)
    league_url = reverse("league:detail", args=[league.slug])

    league.public = True
    league.save()
    content = _page(client, league_url)
    assert "may enter a team without an invitation" in content
    assert "Nobody joined yet." not in content

    league.public = False
    league.save()
    content = _page(client, league_url)
    assert "Nobody joined yet." in content
    assert "without an invitation" not in content


def test_a_running_season_with_every_fixture_played_asks_to_finish_it(client, commissioner, league):
    """Not "0 fixtures still to play": the league page and the home page say "Finish <season>" (#26)."""
    season, (home, away) = make_season(league, teams=2, status=Status.RUNNING)
    play(season, home, away, 1, 0)
    client.force_login(commissioner)

    content = _page(client, reverse("league:detail", args=[league.slug]))
    assert "still to play" not in content
    assert f"Finish {season.name}" in content
    home_page = _page(client, reverse("home"))
    assert 'data-step="finish"' in home_page
    assert f"Finish {season.name}" in home_page

    make_fixture(season, home, away)
    assert "1 fixture still to play." in _page(client, reverse("league:detail", args=[league.slug]))
    assert 'data-step="finish"' not in _page(client, reverse("home"))


def test_the_entries_page_says_schedule_after_the_last_accept(client, commissioner, registering):
    make_entry(registering, name="Reikland Reavers")
    waiting = make_entry(registering, name="Gouged Eye", status=SeasonEntry.Status.PENDING)
    client.force_login(commissioner)
    entries_url = reverse("league:entries", args=[registering.pk])
    assert 'data-testid="entries-next"' not in _page(client, entries_url)

    client.post(reverse("league:entry_accept", args=[waiting.pk]))

    content = _page(client, entries_url)
    assert 'data-testid="entries-next"' in content
    assert f"Schedule the fixtures of {registering.name}" in content


def test_the_season_page_speaks_to_its_commissioner_and_tells_how_to_get_more_teams(
    client, commissioner, league, registering
):
    make_entry(registering, coach=commissioner, name="Reikland Reavers")
    client.force_login(commissioner)

    content = _page(client, _season_url(registering))

    assert "when a commissioner schedules" not in content
    assert "You commission this league: schedule the fixtures once the other teams are in" in content
    assert f"Invite coaches to {league.name}" in content


def test_the_season_page_offers_enter_a_team_only_while_a_team_is_left_to_enter(
    client, coach, league, registering
):
    league.members.add(coach)
    team = make_team(coach=coach, name="Reikland Reavers")
    client.force_login(coach)
    enter_button = f'href="{reverse("league:register", args=[registering.pk])}" role="button"'
    assert enter_button in _page(client, _season_url(registering))

    client.post(reverse("league:register", args=[registering.pk]), {"team": team.pk})

    assert enter_button not in _page(client, _season_url(registering))
    make_team(coach=coach, name="Second Team")
    assert enter_button in _page(client, _season_url(registering))


@pytest.mark.parametrize("viewer", ["commissioner", "coach"])
def test_query_count_of_the_league_page_s_next_steps_does_not_grow(client, commissioner, viewer):
    counts = []
    for teams in (2, 12):
        league = make_league(commissioner=commissioner, name=f"League of {teams}")
        season, _entries = make_season(league, teams=teams, status=Status.REGISTRATION)
        for _ in range(teams):
            make_entry(season, status=SeasonEntry.Status.PENDING)
        user = commissioner if viewer == "commissioner" else UserFactory()
        if viewer == "coach":
            for number in range(teams):
                make_team(coach=user, name=f"Team {teams}-{number}")
        client.force_login(user)
        with CaptureQueriesContext(connection) as context:
            _page(client, reverse("league:detail", args=[league.slug]))
            _page(client, _season_url(season))
        counts.append(len(context.captured_queries))
    assert counts[0] == counts[1]


# The forms a newcomer fills.


def test_entries_show_money_and_name_their_team_on_each_button(client, commissioner, season):
    make_entry(season, name="Reikland Reavers", status=SeasonEntry.Status.PENDING)
    make_entry(season, name="Gouged Eye")
    client.force_login(commissioner)

    content = _page(client, reverse("league:entries", args=[season.pk]))

    assert "1,000,000" in content
    assert "1000000" not in content
    labels = re.findall(r'<button[^>]*aria-label="([^"]+)"', content)
    assert sorted(labels) == [
        "Accept Reikland Reavers",
        "Withdraw Gouged Eye",
        "Withdraw Reikland Reavers",
    ]


def test_an_empty_invitation_limit_is_explained(client, commissioner, league):
    client.force_login(commissioner)

    content = _page(client, reverse("league:invitations", args=[league.slug]))

    assert "Leave it empty and the invitation never expires." in content
    assert "Leave it empty and any number of coaches may use it." in content


def test_a_team_marked_ready_appears_at_once_in_the_league_page_s_enter_form(
    client, coach, league, registering
):
    client.force_login(coach)
    league_url = reverse("league:detail", args=[league.slug])
    assert "You have no ready team to enter yet" in _page(client, league_url)

    team = make_team(coach=coach, name="Reikland Reavers")

    content = _page(client, league_url)
    assert re.search(rf'<option value="{team.pk}"( selected)?>Reikland Reavers</option>', content)
