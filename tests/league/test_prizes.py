"""Season prizes: finishing a Blood Bowl season pays the top three of the final table through the rosters
ledger, exactly once; reopening takes it back; the champion holds the League Trophy."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import Season, SeasonEntry, SeasonPrize
from league.services import prizes, scheduling
from league.services.leagues import set_season_status
from league.services.results import record_result_as_commissioner
from rosters import ledger
from rosters.models import LedgerEntry, Team
from tests.factories import UserFactory
from tests.league.factories import make_entry, make_league, make_season, play

pytestmark = pytest.mark.django_db

FINISHED, RUNNING = Season.Status.FINISHED, Season.Status.RUNNING


@pytest.fixture
def table(season):
    """Four teams whose final table reads first, second, third, fourth (each name says its place)."""
    first, second, third, fourth = (make_entry(season, name=name) for name in ("One", "Two", "Three", "Four"))
    play(season, first, second, 3, 0, round_number=1)
    play(season, third, fourth, 1, 0, round_number=1)
    play(season, first, third, 2, 0, round_number=2)
    play(season, second, fourth, 2, 0, round_number=2)
    play(season, second, third, 1, 0, round_number=3)
    return [first, second, third, fourth]


def _treasuries(entries):
    return [Team.objects.get(pk=entry.team_id).treasury for entry in entries]


def _gold_rows(entry):
    return list(LedgerEntry.objects.filter(team=entry.team_id, kind=LedgerEntry.Kind.GOLD).order_by("id"))


def test_prize_table_gives_the_rulebook_prizes_and_the_trophy_to_the_champion(league):
    table = [(prize.place, prize.gold, prize.trophy) for prize in prizes.prize_table(league)]
    assert table == [(1, 100000, True), (2, 60000, False), (3, 30000, False)]
    assert prizes.trophy_rerolls(league) == 1


def test_prize_table_is_empty_outside_blood_bowl(commissioner):
    assert prizes.prize_table(make_league(commissioner=commissioner, game="rugby", edition="")) == []


def test_finishing_a_season_pays_the_top_three_of_the_final_table(season, table, commissioner):
    set_season_status(season=season, status=FINISHED, by=commissioner)

    assert _treasuries(table) == [100000, 60000, 30000, 0]
    won = [(p.place, p.entry, p.gold, p.trophy) for p in season.prizes.all()]
    assert won == [(1, table[0], 100000, True), (2, table[1], 60000, False), (3, table[2], 30000, False)]


def test_finishing_after_playoffs_gives_first_and_second_to_the_final(season, table, commissioner):
    scheduling.schedule_playoffs(season=season, by=commissioner, size=2)
    final = season.fixtures.playoff().get()  # One (top seed) hosts Two
    record_result_as_commissioner(fixture=final, by=commissioner, home_score=0, away_score=1)

    set_season_status(season=season, status=FINISHED, by=commissioner)

    # Two won the final: champion and trophy; One runner-up; Three the best of the rest of the table.
    assert _treasuries(table) == [60000, 100000, 30000, 0]
    assert prizes.trophy_holder(season.league).entry == table[1]


def test_final_places_follow_the_table_while_the_final_is_unplayed(season, table, commissioner):
    scheduling.schedule_playoffs(season=season, by=commissioner, size=2)

    assert prizes.final_places(season, 3) == {1: table[0], 2: table[1], 3: table[2]}


def test_finishing_writes_one_gold_ledger_row_per_team_paid(season, table, commissioner):
    set_season_status(season=season, status=FINISHED, by=commissioner)

    for entry, gold, place in zip(table[:3], (100000, 60000, 30000), (1, 2, 3), strict=True):
        [row] = _gold_rows(entry)
        assert (row.gold_change, row.actor, row.as_commissioner) == (gold, commissioner, True)
        assert row.details["season_prize"] == {
            "season": season.pk,
            "season_name": str(season),
            "place": place,
            "gold": gold,
        }
        assert row.reason.startswith("Season prize:")
        assert SeasonPrize.objects.get(season=season, place=place).payment == row
        assert ledger.latest_undoable(Team.objects.get(pk=entry.team_id)) == row
    assert _gold_rows(table[3]) == []


def test_prizes_are_paid_exactly_once_however_often_the_season_is_finished(season, table, commissioner):
    set_season_status(season=season, status=FINISHED, by=commissioner)
    set_season_status(season=season, status=FINISHED, by=commissioner)

    assert prizes.award_prizes(season=season, by=commissioner) == []
    assert _treasuries(table) == [100000, 60000, 30000, 0]
    assert [len(_gold_rows(entry)) for entry in table] == [1, 1, 1, 0]
    assert season.prizes.count() == 3


def test_reopening_takes_the_prizes_back_with_a_ledger_row_each(season, table, commissioner):
    set_season_status(season=season, status=FINISHED, by=commissioner)
    set_season_status(season=season, status=RUNNING, by=commissioner)

    assert _treasuries(table) == [0, 0, 0, 0]
    assert not season.prizes.exists()
    paid, taken = _gold_rows(table[0])
    assert (paid.gold_change, taken.gold_change) == (100000, -100000)
    assert taken.details["season_prize_taken_back"]["place"] == 1
    assert taken.reason.startswith("Season prize taken back:")


def test_finishing_again_after_a_reopen_pays_the_new_final_table_once(season, table, commissioner):
    set_season_status(season=season, status=FINISHED, by=commissioner)
    set_season_status(season=season, status=RUNNING, by=commissioner)
    play(season, table[3], table[0], 9, 0, round_number=4)
    play(season, table[3], table[1], 9, 0, round_number=5)
    set_season_status(season=season, status=FINISHED, by=commissioner)

    assert season.prizes.get(place=1).entry == table[3]
    assert sum(_treasuries(table)) == 100000 + 60000 + 30000


def test_a_prize_the_coach_undid_is_not_taken_back_again(season, table, commissioner):
    set_season_status(season=season, status=FINISHED, by=commissioner)
    champion = Team.objects.get(pk=table[0].team_id)
    ledger.undo_latest(champion, actor=champion.coach)

    assert season.prizes.get(place=1).payment is None
    set_season_status(season=season, status=RUNNING, by=commissioner)

    assert _treasuries(table) == [0, 0, 0, 0]
    assert _gold_rows(table[0]) == []


def test_a_failed_payment_changes_nothing(monkeypatch, season, table, commissioner):
    real_change, calls = ledger.change, []

    def failing_on_the_third(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise RuntimeError("the disk is full")
        return real_change(*args, **kwargs)

    monkeypatch.setattr(ledger, "change", failing_on_the_third)
    with pytest.raises(RuntimeError):
        set_season_status(season=season, status=FINISHED, by=commissioner)

    assert Season.objects.get(pk=season.pk).status == RUNNING
    assert _treasuries(table) == [0, 0, 0, 0]
    assert not SeasonPrize.objects.exists()
    assert not LedgerEntry.objects.filter(kind=LedgerEntry.Kind.GOLD).exists()


def test_a_team_that_played_no_game_wins_nothing(season, commissioner):
    winner, loser = make_entry(season, name="Winner"), make_entry(season, name="Loser")
    idle = make_entry(season, name="Idle")
    play(season, winner, loser, 1, 0)

    set_season_status(season=season, status=FINISHED, by=commissioner)

    assert [prize.entry for prize in season.prizes.all()] == [winner, loser]
    assert _treasuries([idle]) == [0]


def test_a_named_entry_wins_its_place_but_nothing_is_paid(season, commissioner):
    named = SeasonEntry.objects.create(season=season, name="Paper Team", status=SeasonEntry.Status.ACCEPTED)
    other = make_entry(season, name="Rostered")
    play(season, named, other, 2, 0)

    set_season_status(season=season, status=FINISHED, by=commissioner)
    first, second = season.prizes.all()
    assert (first.entry, first.payment) == (named, None)
    assert second.payment is not None

    set_season_status(season=season, status=RUNNING, by=commissioner)
    assert _treasuries([other]) == [0]


def test_a_season_outside_blood_bowl_gives_no_prize(commissioner):
    league = make_league(commissioner=commissioner, game="rugby", edition="")
    season, (home, away) = make_season(league, teams=2)
    play(season, home, away, 2, 0)

    set_season_status(season=season, status=FINISHED, by=commissioner)

    assert not SeasonPrize.objects.exists()
    assert prizes.trophy_holder(league) is None


# --- the League Trophy --------------------------------------------------------------------------------


def test_the_champion_of_the_latest_finished_season_holds_the_trophy(league, season, table, commissioner):
    assert prizes.trophy_holder(league) is None
    set_season_status(season=season, status=FINISHED, by=commissioner)
    assert prizes.trophy_holder(league).entry == table[0]
    assert prizes.trophies_held(Team.objects.get(pk=table[0].team_id)) == [league]

    second_season, _entries = make_season(league, name="Season 2")
    newcomer, rival = make_entry(second_season, name="Newcomer"), make_entry(second_season, name="Rival")
    play(second_season, newcomer, rival, 1, 0)
    set_season_status(season=second_season, status=FINISHED, by=commissioner)
    assert prizes.trophy_holder(league).entry == newcomer
    assert prizes.trophies_held(Team.objects.get(pk=table[0].team_id)) == []

    set_season_status(season=second_season, status=RUNNING, by=commissioner)
    assert prizes.trophy_holder(league).entry == table[0]


def test_trophies_are_held_league_by_league(league, season, table, commissioner):
    other = make_league(commissioner=commissioner, name="Other League", slug="other")
    other_season, _entries = make_season(other)
    champion = Team.objects.get(pk=table[0].team_id)
    mine = SeasonEntry.objects.create(
        season=other_season, team=champion, name=champion.name, status=SeasonEntry.Status.ACCEPTED
    )
    play(other_season, mine, make_entry(other_season, name="Beaten"), 1, 0)

    set_season_status(season=season, status=FINISHED, by=commissioner)
    set_season_status(season=other_season, status=FINISHED, by=commissioner)

    assert sorted(league.name for league in prizes.trophies_held(champion)) == [
        "Old World League",
        "Other League",
    ]


# --- pages --------------------------------------------------------------------------------------------


@pytest.fixture
def rival_commissioner(db):
    rival = UserFactory(username="otto", display_name="Otto")
    make_league(commissioner=rival, name="Elsewhere", slug="elsewhere")
    return rival


def _assert_refused(response, persona):
    if persona == "anonymous":
        assert response.status_code == 302
        assert response.url.startswith("/accounts/login/")
    else:
        assert response.status_code == 403


@pytest.mark.parametrize("persona", ["anonymous", "coach", "rival_commissioner", "commissioner"])
def test_only_the_commissioner_finishes_the_season_and_pays_the_prizes(
    client, persona, season, table, commissioner, rival_commissioner
):
    user = {
        "anonymous": None,
        "coach": table[0].coach,
        "rival_commissioner": rival_commissioner,
        "commissioner": commissioner,
    }[persona]
    if user:
        client.force_login(user)

    response = client.post(reverse("league:season_status", args=[season.pk]), {"status": "finished"})

    if persona == "commissioner":
        assert response.status_code == 302
        assert _treasuries(table) == [100000, 60000, 30000, 0]
        page = client.get(response.url).content.decode()
        assert "The season is finished; the prizes are in the treasuries." in page
        return
    _assert_refused(response, persona)
    assert Season.objects.get(pk=season.pk).status == RUNNING
    assert _treasuries(table) == [0, 0, 0, 0]


@pytest.mark.parametrize("persona", ["anonymous", "coach", "rival_commissioner", "commissioner"])
def test_only_the_commissioner_reopens_the_season_and_takes_the_prizes_back(
    client, persona, season, table, commissioner, rival_commissioner
):
    set_season_status(season=season, status=FINISHED, by=commissioner)
    user = {
        "anonymous": None,
        "coach": table[0].coach,
        "rival_commissioner": rival_commissioner,
        "commissioner": commissioner,
    }[persona]
    if user:
        client.force_login(user)

    response = client.post(reverse("league:season_status", args=[season.pk]), {"status": "running"})

    if persona == "commissioner":
        assert response.status_code == 302
        assert _treasuries(table) == [0, 0, 0, 0]
        assert (
            "The season is reopened; its prizes were taken back." in client.get(response.url).content.decode()
        )
        return
    _assert_refused(response, persona)
    assert Season.objects.get(pk=season.pk).status == FINISHED
    assert _treasuries(table) == [100000, 60000, 30000, 0]


def test_running_season_page_shows_what_the_places_will_earn(client, season, table):
    content = client.get(reverse("league:season", args=[season.pk])).content.decode()
    assert "Season prizes" in content
    assert "1st: 100,000 gp and the League Trophy" in content
    assert "3rd: 30,000 gp" in content
    assert "1 extra team re-roll into each game" in content


def test_finished_season_page_shows_who_won_what(client, season, table, commissioner):
    set_season_status(season=season, status=FINISHED, by=commissioner)
    content = client.get(reverse("league:season", args=[season.pk])).content.decode()
    assert "1st: One won 100,000 gp and the League Trophy." in content
    assert "2nd: Two won 60,000 gp." in content
    assert "3rd: Three won 30,000 gp." in content
    assert "Four won" not in content


def test_season_page_outside_blood_bowl_shows_no_prizes(client, commissioner):
    league = make_league(commissioner=commissioner, game="rugby", edition="")
    season, _entries = make_season(league, teams=2)
    assert "Season prizes" not in client.get(reverse("league:season", args=[season.pk])).content.decode()


def test_standings_and_league_pages_name_the_trophy_holder(client, league, season, table, commissioner):
    standings = reverse("league:standings", args=[season.pk])
    assert "League Trophy: held by" not in client.get(standings).content.decode()
    set_season_status(season=season, status=FINISHED, by=commissioner)
    next_season, _entries = make_season(league, name="Season 2")

    for url in (
        standings,
        reverse("league:standings", args=[next_season.pk]),
        reverse("league:detail", args=[league.slug]),
    ):
        content = client.get(url).content.decode()
        assert "League Trophy: held by One, champion of Season 1." in content
        assert "It brings 1 extra team re-roll into each game." in content


def _finished_season(commissioner, teams, *, number):
    league = make_league(commissioner=commissioner, name=f"League {number}", slug=f"league-q{number}")
    season, entries = make_season(league, teams=teams)
    for index, (home, away) in enumerate(zip(entries, entries[1:], strict=False)):
        play(season, home, away, 2, index % 2, round_number=index + 1)
    set_season_status(season=season, status=FINISHED, by=commissioner)
    return league, season


def _queries(client, url):
    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200
    return len(context.captured_queries)


@pytest.mark.parametrize("page", ["league:season", "league:standings", "league:detail"])
def test_query_count_of_pages_with_prizes_does_not_grow_with_the_league(client, commissioner, page):
    counts = []
    for number, teams in enumerate((4, 12)):
        league, season = _finished_season(commissioner, teams, number=number)
        assert season.prizes.count() == 3
        counts.append(
            _queries(client, reverse(page, args=[league.slug if page == "league:detail" else season.pk]))
        )
    assert counts[0] == counts[1]
