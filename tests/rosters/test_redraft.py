"""The re-draft between seasons: the budget against the rulebook's numbers, the league's count of games,
rest and recovery with seeded and entered dice, the re-draft itself, undo, the page and who may use it."""

import random

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from league import redraft as league_redraft
from league.models import Fixture, League, Result, Season, SeasonEntry
from matches.models import Match
from rosters import ledger, recovery, redraft, services
from rosters.ledger import undo_latest
from rosters.models import LedgerEntry, Player
from rulebook.dice import Dice
from rulebook.edition import get_edition
from tests.factories import UserFactory
from tests.rosters.helpers import HUMAN_ELEVEN, full_state, get_player, make_team, ready_human_team
from web.rosters.views.redraft import season_record

EDITION = get_edition("bb2020")
FEE = 20000  # rehire_fee_per_season
ELEVEN = 680000  # HUMAN_ELEVEN at roster prices


# --- building a season ---------------------------------------------------------------------------------


def play_a_season(team, *, results=((2, 1), (1, 1), (0, 2)), status=Season.Status.FINISHED, **league):
    """A league season of `team` against a named rival: confirmed results (ours, theirs) as home side."""
    commissioner = league.pop("commissioner", None)
    league = League.objects.create(
        name="Old World Cup",
        slug=league.get("slug", "old-world-cup"),
        game="blood_bowl",
        edition=team.edition,
    )
    if commissioner:
        league.commissioners.add(commissioner)
    season = Season.objects.create(league=league, name="Season 1", status=status)
    mine = SeasonEntry.objects.create(
        season=season, team=team, coach=team.coach, status=SeasonEntry.Status.ACCEPTED
    )
    rival = SeasonEntry.objects.create(season=season, name="Rivals", status=SeasonEntry.Status.ACCEPTED)
    for ours, theirs in results:
        fixture = Fixture.objects.create(season=season, home=mine, away=rival)
        Result.objects.create(
            fixture=fixture,
            home_score=ours,
            away_score=theirs,
            status=Result.Status.CONFIRMED,
            confirmed_at=timezone.now(),
        )
    return season


def _injure(team, player, **state):
    with ledger.change(team, actor=team.coach, kind=LedgerEntry.Kind.INJURY, players=[player]):
        for field, value in state.items():
            setattr(player, field, value)
    return player


def _seed_where(predicate):
    """The first seed whose first D6 does what `predicate` wants (the dice of a seed never change)."""
    return next(seed for seed in range(1000) if predicate(random.Random(seed).randint(1, 6)))


def _fresh(player):
    return Player.objects.get(pk=player.pk)


@pytest.fixture
def team(coach):
    return ready_human_team(coach)


@pytest.fixture
def season(team):
    return play_a_season(team)


@pytest.fixture
def record(team, season):
    return season_record(team, season)


@pytest.fixture
def commissioner(db):
    return UserFactory(username="carla", display_name="Carla the Commissioner")


def _all(team):
    return [p.pk for p in team.players.on_roster()]


def redraft_it(team, record, *, rehire=None, rerolls=0, staff=None, **kwargs):
    staff = {"assistant_coaches": 0, "cheerleaders": 0, "apothecary": False} | (staff or {})
    return redraft.redraft_team(
        team=team,
        actor=team.coach,
        record=record,
        rehire=_all(team) if rehire is None else rehire,
        rerolls=rerolls,
        **staff,
        **({"seasons": league_redraft.seasons_played(team, team.players.on_roster())} | kwargs),
    )


# --- raise funds: the budget -------------------------------------------------------------------------------


def test_budget_adds_base_treasury_games_wins_and_draws_when_uncapped():
    budget = redraft.raise_funds(
        treasury=150000, games_played=12, league_wins=7, league_draws=3, edition=EDITION
    )
    # 1,000,000 + 150,000 + 12 × 20,000 + 7 × 20,000 + 3 × 10,000
    assert (budget.base, budget.treasury, budget.games, budget.wins, budget.draws) == (
        1000000,
        150000,
        240000,
        140000,
        30000,
    )
    assert budget.total == budget.uncapped == 1560000
    assert not budget.is_capped


def test_budget_is_held_to_the_optional_cap_when_capped():
    budget = redraft.raise_funds(
        treasury=150000, games_played=12, league_wins=7, league_draws=3, capped=True, edition=EDITION
    )
    assert (budget.total, budget.uncapped, budget.cap) == (1300000, 1560000, 1300000)
    assert budget.is_capped


def test_budget_below_the_cap_is_whole_when_capped():
    budget = redraft.raise_funds(
        treasury=0, games_played=5, league_wins=1, league_draws=1, capped=True, edition=EDITION
    )
    assert budget.total == 1000000 + 5 * 20000 + 20000 + 10000 == 1130000
    assert not budget.is_capped


def test_rehire_cost_adds_the_agents_fee_per_previous_season():
    assert redraft.rehire_cost(85000, 0, edition=EDITION) == 85000
    assert redraft.rehire_cost(85000, 2, edition=EDITION) == 125000


def test_redraft_cost_counts_players_rerolls_at_roster_price_and_staff():
    cost = redraft.redraft_cost(
        rehired=[(50000, 1), (85000, 0)],
        rerolls=3,
        staff={"assistant_coaches": 2, "cheerleaders": 1, "apothecary": True},
        reroll_cost=50000,
        edition=EDITION,
    )
    assert cost == (50000 + 20000) + 85000 + 3 * 50000 + 2 * 10000 + 10000 + 50000 == 385000


# --- what the league knows --------------------------------------------------------------------------------


def test_season_record_counts_confirmed_games_wins_draws_and_friendlies(team, coach):
    season = play_a_season(team, results=((2, 1), (1, 1), (0, 2), (0, 1)))
    rival_entry = season.entries.get(name="Rivals")
    conceded = Result.objects.get(home_score=0, away_score=1)
    conceded.conceded_by = rival_entry  # the rival conceded: a win whatever the score
    conceded.save()
    fixture = Fixture.objects.create(season=season, home=season.entries.get(team=team), away=rival_entry)
    Result.objects.create(fixture=fixture, home_score=3, away_score=0)  # submitted, not confirmed
    other = ready_human_team(UserFactory(username="rival"), name="Altdorf Rivals")
    Match.objects.create(home_team=other, away_team=team, created_by=coach, status=Match.Status.APPLIED)
    Match.objects.create(home_team=team, away_team=other, created_by=coach)  # still being played

    record = season_record(team, season)

    assert (record.league_games, record.league_wins, record.league_draws, record.friendlies) == (4, 2, 1, 1)
    assert record.games_played == 5


def test_redraft_season_is_the_finished_season_until_the_team_is_redrafted(team, season, record):
    assert league_redraft.redraft_season(team) == season
    redraft_it(team, record)
    assert league_redraft.redraft_season(team) is None


def test_redraft_season_is_none_while_a_season_runs(team):
    play_a_season(team)
    play_a_season(team, results=(), status=Season.Status.RUNNING, slug="second-league")
    assert league_redraft.redraft_season(team) is None


def test_redraft_season_is_none_without_a_finished_season(team):
    play_a_season(team, results=(), status=Season.Status.REGISTRATION)
    assert league_redraft.redraft_season(team) is None


def test_seasons_played_counts_only_seasons_the_player_was_on_the_team(team, season):
    rookie = services.hire_player(team=team, actor=team.coach, position="lineman", name="Rookie")
    seasons = league_redraft.seasons_played(team, team.players.on_roster())
    assert seasons[rookie.pk] == 0
    assert {count for pk, count in seasons.items() if pk != rookie.pk} == {1}


# --- the re-draft ------------------------------------------------------------------------------------------


def test_redraft_rehires_players_and_the_rest_of_the_budget_becomes_the_treasury(team, record):
    released = get_player(team, "catcher")
    rehire = [pk for pk in _all(team) if pk != released.pk]
    catcher_price = 65000 + FEE
    # budget: 1,000,000 + treasury 320,000 + 3 games + 1 win + 1 draw
    budget = 1000000 + 320000 + 3 * 20000 + 20000 + 10000
    cost = ELEVEN + 11 * FEE - catcher_price + 2 * 50000 + 10000 + 50000

    details = redraft_it(
        team, record, rehire=rehire, rerolls=2, staff={"assistant_coaches": 1, "apothecary": True}
    )

    team.refresh_from_db()
    assert team.treasury == budget - cost == 435000
    assert (team.rerolls, team.assistant_coaches, team.cheerleaders, team.apothecary) == (2, 1, 0, True)
    assert team.dedicated_fans == 1  # kept, for free
    assert _fresh(released).status == Player.Status.FIRED
    assert team.players.on_roster().count() == 10
    entry = team.ledger.first()
    assert entry.kind == LedgerEntry.Kind.REDRAFT
    assert (entry.details["season"], entry.details["cost"], entry.details["budget"]["total"]) == (
        record.season_id,
        cost,
        budget,
    )
    assert entry.details["released"] == [released.name]
    assert details["rehired"][0]["seasons"] == 1
    assert entry.gold_change == 435000 - 320000


def test_redraft_keeps_skills_characteristics_and_unspent_spp(team, record):
    blitzer = _injure(
        team, get_player(team, "blitzer"), spp_earned=9, spp_spent=3, lasting_injuries=["head_injury"]
    )
    blitzer.extra_skills = [{"skill": "block", "origin": "edit"}]
    blitzer.av = 8
    blitzer.save()
    redraft_it(team, record)
    kept = _fresh(blitzer)
    assert (kept.spp, kept.av, kept.lasting_injuries, kept.extra_skills) == (
        6,
        8,
        ["head_injury"],
        [{"skill": "block", "origin": "edit"}],
    )


def test_rest_and_recovery_clears_miss_next_game(team, record):
    hurt = _injure(team, get_player(team, "thrower"), miss_next_game=True)
    redraft_it(team, record)
    assert _fresh(hurt).miss_next_game is False


@pytest.mark.parametrize(("heals", "expected"), [(True, 0), (False, 1)], ids=["4+", "1-3"])
def test_niggling_injury_rolled_by_seeded_dice(team, record, heals, expected):
    lineman = _injure(team, get_player(team, "lineman"), niggling_injuries=1)
    seed = _seed_where(lambda face: (face >= 4) == heals)

    details = redraft_it(team, record, dice=Dice(random.Random(seed)))

    assert _fresh(lineman).niggling_injuries == expected
    roll = next(r for r in details["recovery"] if r["id"] == lineman.pk)["rolls"][0]
    assert (roll["dice"], roll["source"], roll["success"]) == ("D6", "rolled", heals)


def test_niggling_injuries_with_entered_dice_heal_on_4_plus(team, record):
    lineman = _injure(team, get_player(team, "lineman"), niggling_injuries=2)
    redraft_it(team, record, faces={lineman.pk: {("niggling", 0): 4, ("niggling", 1): 3}})
    assert _fresh(lineman).niggling_injuries == 1


def test_apothecary_adds_one_to_the_niggling_roll(team, record):
    services.change_staff(team=team, actor=team.coach, staff="apothecary", delta=1)
    lineman = _injure(team, get_player(team, "lineman"), niggling_injuries=1)
    details = redraft_it(team, record, faces={lineman.pk: {("niggling", 0): 3}})
    assert _fresh(lineman).niggling_injuries == 0
    roll = next(r for r in details["recovery"] if r["id"] == lineman.pk)["rolls"][0]
    assert (roll["faces"], roll["modifier"], roll["source"]) == ([3], 1, "entered")


def _retired_with_smashed_knee(team):
    lineman = _injure(team, get_player(team, "lineman"), lasting_injuries=["smashed_knee"], ma=5)
    services.retire_player(team=team, actor=team.coach, player=lineman, temporarily=True)
    return _fresh(lineman)


def test_temporarily_retired_player_recovers_a_characteristic_on_4_plus_and_gains_a_niggling_injury(
    team, record
):
    lineman = _retired_with_smashed_knee(team)
    redraft_it(team, record, faces={lineman.pk: {("retired", 0): 5}})
    back = _fresh(lineman)
    assert (back.ma, back.lasting_injuries, back.niggling_injuries, back.status) == (6, [], 1, "active")


def test_temporarily_retired_player_keeps_the_injury_on_1_to_3(team, record):
    lineman = _retired_with_smashed_knee(team)
    redraft_it(team, record, faces={lineman.pk: {("retired", 0): 3}})
    back = _fresh(lineman)
    assert (back.ma, back.lasting_injuries, back.niggling_injuries, back.status) == (
        5,
        ["smashed_knee"],
        0,
        "active",
    )


@pytest.mark.parametrize("recovers", [True, False], ids=["4+", "1-3"])
def test_temporarily_retired_recovery_rolled_by_seeded_dice(team, record, recovers):
    lineman = _retired_with_smashed_knee(team)
    seed = _seed_where(lambda face: (face >= 4) == recovers)
    redraft_it(team, record, dice=Dice(random.Random(seed)))
    assert _fresh(lineman).ma == (6 if recovers else 5)


def test_recovery_never_makes_a_player_better_than_unhurt(team):
    lineman = get_player(team, "lineman")
    lineman.lasting_injuries = ["head_injury"]  # AV 9+ on the position, recorded but never reduced
    assert recovery.recovered(lineman, "av", edition=EDITION) == 9


def test_a_temporarily_retired_player_not_rehired_retires_for_good(team, record):
    lineman = _retired_with_smashed_knee(team)
    redraft_it(team, record, rehire=[pk for pk in _all(team) if pk != lineman.pk])
    assert _fresh(lineman).status == Player.Status.RETIRED


def test_over_budget_is_refused_and_nothing_changes(team, record):
    before = full_state(team)
    with pytest.raises(ValidationError, match="budget is 1,410,000 gp"):
        redraft_it(
            team,
            record,
            rerolls=8,
            staff={"assistant_coaches": 6, "cheerleaders": 12, "apothecary": True},
        )
    assert full_state(team) == before


def test_a_wrong_entered_die_is_refused_and_nothing_changes(team, record):
    lineman = _injure(team, get_player(team, "lineman"), niggling_injuries=1)
    before = full_state(team)
    with pytest.raises(ValidationError):
        redraft_it(team, record, faces={lineman.pk: {("niggling", 0): 7}})
    assert full_state(team) == before


def test_an_apothecary_is_refused_to_a_team_that_may_not_have_one(coach):
    undead = services.create_team(coach=coach, roster="shambling_undead", name="Dead Again", edition="bb2020")
    for position in ["skeleton_lineman"] * 11:
        services.hire_player(team=undead, actor=coach, position=position, name="")
    services.mark_ready(team=undead, actor=coach)
    record = season_record(undead, play_a_season(undead))
    before = full_state(undead)
    with pytest.raises(ValidationError, match="may not hire an apothecary"):
        redraft_it(undead, record, staff={"apothecary": True})
    assert full_state(undead) == before


def test_a_second_redraft_for_the_same_season_is_refused(team, record):
    redraft_it(team, record)
    with pytest.raises(ValidationError, match="already been re-drafted"):
        redraft_it(team, record)


def test_a_player_of_another_team_cannot_be_rehired(team, record, outsider):
    stranger = get_player(ready_human_team(outsider, name="Elsewhere"), "lineman")
    with pytest.raises(ValidationError, match="Only players on the roster"):
        redraft_it(team, record, rehire=[*_all(team), stranger.pk])


def test_undo_restores_the_team_exactly(team, record):
    _injure(team, get_player(team, "lineman"), niggling_injuries=2, miss_next_game=True)
    _retired_with_smashed_knee(team)
    before = full_state(team)
    redraft_it(
        team,
        record,
        rehire=_all(team)[:-2],
        rerolls=3,
        staff={"cheerleaders": 2, "apothecary": True},
        dice=Dice(random.Random(3)),
    )
    assert full_state(team) != before

    undo_latest(team, actor=team.coach)

    assert full_state(team) == before
    assert league_redraft.redraft_season(team) is not None  # and it may be re-drafted again


# --- the page -------------------------------------------------------------------------------------------


def _url(team):
    return reverse("rosters:redraft", kwargs={"pk": team.pk})


def _post_data(team, **extra):
    data = {"rerolls": "2", "assistant_coaches": "0", "cheerleaders": "0"}
    data.update({f"rehire_{pk}": "on" for pk in _all(team)})
    data.update(extra)
    return data


def test_page_shows_the_budget_and_every_player_to_rehire(client, team, season):
    _injure(team, get_player(team, "lineman"), niggling_injuries=1)
    client.force_login(team.coach)
    html = client.get(_url(team)).content.decode()
    assert "Re-draft: Reikland Reavers" in html
    assert "1,410,000" in html  # the budget
    assert "3 games played (3 in the league, 0 friendlies)" in html
    assert html.count('name="rehire_') == 11
    assert "D6 for niggling injury 1" in html
    assert 'name="capped"' not in html  # only a commissioner may cap


def test_page_applies_the_redraft_and_says_what_the_dice_did(client, team, season):
    lineman = _injure(team, get_player(team, "lineman"), niggling_injuries=1)
    client.force_login(team.coach)

    response = client.post(_url(team), _post_data(team, **{f"niggling_{lineman.pk}_0": "6"}))

    assert response.status_code == 302
    assert response.url == reverse("rosters:team", kwargs={"pk": team.pk})
    team.refresh_from_db()
    assert team.rerolls == 2
    assert team.treasury == 1410000 - ELEVEN - 11 * FEE - 2 * 50000
    html = client.get(response.url).content.decode()
    assert "is re-drafted for" in html
    assert "a niggling injury heals (D6 6, entered)" in html
    assert "Re-drafted after Season 1: 11 players kept" in html  # the ledger


def test_page_previews_the_total_without_changing_anything(client, team, season):
    client.force_login(team.coach)
    before = full_state(team)
    html = client.post(_url(team), _post_data(team, preview="1")).content.decode()
    assert full_state(team) == before
    assert "Left for the treasury" in html
    assert "410,000" in html  # 1,410,000 - (680,000 + 11 × 20,000) - 2 × 50,000
    fragment = client.post(_url(team), _post_data(team, preview="1"), HTTP_HX_REQUEST="true").content.decode()
    assert fragment.strip().startswith('<div id="redraft-total"')


def test_page_refuses_an_over_budget_redraft_and_changes_nothing(client, team, season):
    client.force_login(team.coach)
    before = full_state(team)
    data = _post_data(team, rerolls="8", assistant_coaches="6", cheerleaders="12", apothecary="on")
    response = client.post(_url(team), data)
    assert response.status_code == 200
    html = response.content.decode()
    assert "The re-draft costs 1,530,000 gp but the budget is 1,410,000 gp." in html
    assert "Over budget by" in html
    assert full_state(team) == before


def test_page_sends_the_coach_back_when_not_between_seasons(client, team):
    play_a_season(team, status=Season.Status.RUNNING)
    client.force_login(team.coach)
    response = client.get(_url(team), follow=True)
    assert response.redirect_chain[-1][0] == reverse("rosters:team", kwargs={"pk": team.pk})
    assert "only between seasons" in response.content.decode()


def test_team_page_links_to_the_redraft_for_its_coach_between_seasons(client, team, season, outsider):
    link = f'href="{_url(team)}"'
    assert link not in client.get(f"/teams/{team.pk}/").content.decode()
    client.force_login(outsider)
    assert link not in client.get(f"/teams/{team.pk}/").content.decode()
    client.force_login(team.coach)
    assert link in client.get(f"/teams/{team.pk}/").content.decode()


def test_team_page_has_no_redraft_link_during_a_season(client, team):
    play_a_season(team, status=Season.Status.RUNNING)
    client.force_login(team.coach)
    assert f'href="{_url(team)}"' not in client.get(f"/teams/{team.pk}/").content.decode()


# --- who may re-draft ---------------------------------------------------------------------------------


def test_a_visitor_is_sent_to_log_in_and_changes_nothing(client, team, season):
    before = full_state(team)
    for response in (client.get(_url(team)), client.post(_url(team), _post_data(team))):
        assert response.status_code == 302
        assert response.url.startswith(reverse("accounts:login"))
    assert full_state(team) == before


def test_another_coach_is_forbidden_and_changes_nothing(client, team, season, outsider):
    before = full_state(team)
    client.force_login(outsider)
    assert client.get(_url(team)).status_code == 403
    assert client.post(_url(team), _post_data(team)).status_code == 403
    assert full_state(team) == before


def test_the_coach_redrafts_the_team(client, team, season):
    client.force_login(team.coach)
    assert client.get(_url(team)).status_code == 200
    assert client.post(_url(team), _post_data(team)).status_code == 302
    entry = team.ledger.first()
    assert (entry.kind, entry.actor, entry.as_commissioner) == (LedgerEntry.Kind.REDRAFT, team.coach, False)


def test_the_commissioner_redrafts_the_team_and_may_cap_the_budget(client, team, commissioner):
    play_a_season(team, commissioner=commissioner, results=[(3, 0)] * 12)
    client.force_login(commissioner)
    html = client.get(_url(team)).content.decode()
    assert 'name="capped"' in html
    assert "You are changing this team as a league commissioner" in html

    assert client.post(_url(team), _post_data(team, capped="on")).status_code == 302

    entry = team.ledger.first()
    assert (entry.kind, entry.actor, entry.as_commissioner) == (LedgerEntry.Kind.REDRAFT, commissioner, True)
    # uncapped: 1,000,000 + 320,000 + 12 × 20,000 + 12 × 20,000 = 1,800,000
    assert (entry.details["budget"]["uncapped"], entry.details["budget"]["total"]) == (1800000, 1300000)
    team.refresh_from_db()
    assert team.treasury == 1300000 - ELEVEN - 11 * FEE - 2 * 50000


def test_a_coach_cannot_cap_the_budget(client, team, season):
    client.force_login(team.coach)
    client.post(_url(team), _post_data(team, capped="on"))
    assert team.ledger.first().details["budget"]["cap"] is None


def test_human_eleven_costs_the_roster_prices_these_tests_assume():
    assert sum(EDITION.team("human").position(p).cost for p in HUMAN_ELEVEN) == ELEVEN


def test_page_queries_do_not_grow_with_the_players(client, coach):
    counts = []
    for size, name in ((11, "Small"), (16, "Large")):
        team = make_team(coach, name=name, positions=["lineman"] * size, ready=True)
        play_a_season(team, slug=name.lower())
        client.force_login(coach)
        with CaptureQueriesContext(connection) as captured:
            assert client.get(_url(team)).status_code == 200
        counts.append(len(captured))
    assert counts[0] == counts[1]
