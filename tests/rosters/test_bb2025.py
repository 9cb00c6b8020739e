"""The rosters rules that follow the team's edition, with the numbers of the BB2025 sources
(rulebook/editions/bb2025: edition.toml, teams.toml, tables.toml, random_skills.toml); the same rules
keep their BB2020 numbers for a BB2020 team."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from rosters import advancement, ledger, recovery, redraft, services
from rosters.editions import newest_edition_id
from rosters.models import LedgerEntry, Player, Team
from rosters.permissions import Editor
from rulebook.edition import get_edition
from tests.rosters.helpers import (
    HUMAN_ELEVEN,
    bb2025_team,
    get_player,
    give_spp,
    make_team,
    nominate_a_captain,
)

pytestmark = pytest.mark.django_db

BB2025 = get_edition("bb2025")


@pytest.fixture
def editor(coach):
    return Editor(coach, as_commissioner=False)


def _fresh(obj):
    obj.refresh_from_db()
    return obj


# --- the edition of a new team ----------------------------------------------------------------------------


def test_the_newest_edition_is_the_one_released_last():
    assert newest_edition_id() == "bb2025"


def test_a_team_is_created_in_its_edition_with_that_editions_numbers(coach):
    team = services.create_team(coach=coach, roster="human", name="Altdorf", edition="bb2025")
    assert (team.edition, team.treasury, team.dedicated_fans) == ("bb2025", 1_000_000, 1)
    assert team.ledger.get().details["edition"] == "bb2025"


def test_create_team_without_an_edition_fails(coach):
    with pytest.raises(TypeError, match="edition"):
        services.create_team(coach=coach, roster="human", name="Old")
    with pytest.raises(ValidationError, match="Unknown edition"):
        services.create_team(coach=coach, roster="human", name="Old", edition="")
    assert not Team.objects.exists()


def test_a_team_row_without_an_edition_is_refused_by_the_database(coach):
    with pytest.raises(IntegrityError), transaction.atomic():
        Team.objects.create(coach=coach, roster="human", name="Nowhere")
    with pytest.raises(IntegrityError), transaction.atomic():
        Team.objects.create(coach=coach, roster="human", name="Nowhere", edition="bb1987")
    assert not Team.objects.exists()


def test_unknown_edition_is_refused(coach):
    with pytest.raises(ValidationError, match="Unknown edition"):
        services.create_team(coach=coach, roster="human", name="X", edition="bb1987")


def test_a_roster_with_several_leagues_needs_one_of_them(coach):
    with pytest.raises(ValidationError, match="Leagues this team list may play for"):
        services.create_team(coach=coach, roster="norse", name="Skol", edition="bb2025")
    with pytest.raises(ValidationError, match="Leagues this team list may play for"):
        services.create_team(
            coach=coach, roster="norse", name="Skol", edition="bb2025", chosen_league="badlands_brawl"
        )
    team = services.create_team(
        coach=coach, roster="norse", name="Skol", edition="bb2025", chosen_league="chaos_clash"
    )
    assert team.chosen_league == "chaos_clash"
    # teams.toml league_rules: a Norse team of the Chaos Clash is Favoured of Khorne.
    assert team.has_rule("favoured_of_khorne")


def test_a_roster_with_one_league_stores_no_choice(coach):
    team = services.create_team(
        coach=coach, roster="human", name="H", edition="bb2025", chosen_league="old_world_classic"
    )
    assert team.chosen_league == ""
    assert team.league_affiliation == "old_world_classic"


def test_the_special_rule_option_is_checked_against_the_editions_roster(coach):
    with pytest.raises(ValidationError, match="special rules this team list offers"):
        services.create_team(coach=coach, roster="chaos_chosen", name="C", edition="bb2025")
    team = services.create_team(
        coach=coach, roster="chaos_chosen", name="C", edition="bb2025", chosen_rule="favoured_of_hashut"
    )
    assert team.has_rule("favoured_of_hashut")


# --- draft limits -----------------------------------------------------------------------------------------


def test_bb2025_cheerleaders_are_0_to_6(coach):
    team = bb2025_team(coach, positions=())
    for _ in range(6):
        services.change_staff(team=team, actor=coach, staff="cheerleaders", delta=1)
    with pytest.raises(ValidationError, match="At most 6"):
        services.change_staff(team=team, actor=coach, staff="cheerleaders", delta=1)
    assert team.treasury == 1_000_000 - 6 * 10_000


def test_bb2020_cheerleaders_go_to_12(coach):
    team = make_team(coach)
    for _ in range(12):
        services.change_staff(team=team, actor=coach, staff="cheerleaders", delta=1)
    assert team.cheerleaders == 12


def test_bb2025_dedicated_fans_at_the_draft_up_to_3_at_5000(coach):
    team = bb2025_team(coach, positions=())
    services.set_dedicated_fans(team=team, actor=coach, dedicated_fans=3)
    assert (team.dedicated_fans, team.treasury) == (3, 1_000_000 - 2 * 5_000)
    with pytest.raises(ValidationError, match="between 1 and 3"):
        services.set_dedicated_fans(team=team, actor=coach, dedicated_fans=4)


def test_bb2020_dedicated_fans_at_the_draft_up_to_6_at_10000(coach):
    team = make_team(coach)
    services.set_dedicated_fans(team=team, actor=coach, dedicated_fans=6)
    assert team.treasury == 1_000_000 - 5 * 10_000


def test_big_guy_cap_of_the_editions_roster(coach):
    # Ogre (BB2025) max_big_guys: none; Ogre Blockers 0-5 and one Runt Punter, all Big Guys.
    team = bb2025_team(coach, roster="ogre", positions=["ogre_blocker"] * 5, chosen_league="badlands_brawl")
    assert services.hiring_problems(team, "ogre_blocker") == [
        "This team may have at most 5 of this position."
    ]


# --- hiring and firing after the draft (edition.toml [hiring]) --------------------------------------------


def test_bb2025_cannot_fire_below_11_players_eligible_for_the_next_game(coach):
    team = bb2025_team(coach, ready=True)
    with pytest.raises(ValidationError, match="fewer than 11 players eligible"):
        services.fire_player(team=team, actor=coach, player=get_player(team, "lineman"))


def test_bb2025_may_fire_a_player_who_cannot_play_or_above_the_floor(coach):
    team = bb2025_team(coach, ready=True)
    injured = get_player(team, "lineman")
    with ledger.change(team, actor=coach, kind=LedgerEntry.Kind.INJURY, players=[injured]):
        injured.miss_next_game = True
    services.fire_player(team=team, actor=coach, player=injured)
    assert _fresh(injured).status == Player.Status.FIRED


def test_bb2020_fires_without_a_floor(coach):
    team = make_team(coach, positions=HUMAN_ELEVEN, ready=True)
    services.fire_player(team=team, actor=coach, player=get_player(team, "lineman"))
    assert team.players.on_roster().count() == 10


def test_bb2025_rerolls_cannot_be_removed_after_the_draft(coach):
    team = bb2025_team(coach)
    services.buy_reroll(team=team, actor=coach)
    services.drop_reroll(team=team, actor=coach)  # while drafting: a purchase taken back
    services.buy_reroll(team=team, actor=coach)
    nominate_a_captain(team, coach)
    services.mark_ready(team=team, actor=coach)
    with pytest.raises(ValidationError, match="cannot be removed"):
        services.drop_reroll(team=team, actor=coach)


def test_bb2020_rerolls_may_be_given_back_after_the_draft(coach):
    team = make_team(coach, positions=HUMAN_ELEVEN)
    services.buy_reroll(team=team, actor=coach)
    services.mark_ready(team=team, actor=coach)
    services.drop_reroll(team=team, actor=coach)
    assert team.rerolls == 0


# --- team value -------------------------------------------------------------------------------------------


def test_bb2025_low_cost_linemen_zero_the_fee_in_ctv_only_and_keep_value_increases(coach):
    # Ogre (BB2025): low_cost_positions = ["gnoblar_lineman"] at 15,000; re-roll 70,000.
    team = bb2025_team(
        coach,
        roster="ogre",
        positions=["gnoblar_lineman"] * 2 + ["ogre_blocker"],
        chosen_league="badlands_brawl",
    )
    assert team.team_value == 2 * 15_000 + 140_000
    assert team.current_team_value == 140_000
    gnoblar = get_player(team, "gnoblar_lineman")
    with ledger.change(team, actor=coach, kind=LedgerEntry.Kind.ADVANCEMENT, players=[gnoblar]):
        gnoblar.advancements = [{"kind": "chosen_primary", "skill": "sure_hands", "spp": 6}]
    # chosen Primary: +20,000 (tables.toml value_increases); only the hiring fee counts 0 in CTV.
    assert team.team_value == 2 * 15_000 + 20_000 + 140_000
    assert team.current_team_value == 20_000 + 140_000


def test_bb2025_journeymen_of_a_low_cost_linemen_team_count_nothing_in_ctv(coach):
    team = bb2025_team(coach, roster="snotling", positions=["fun_hoppa"])
    with ledger.change(team, actor=coach, kind=LedgerEntry.Kind.MATCH) as change:
        journeyman = Player.objects.create(
            team=team,
            number=40,
            name="J",
            position="snotling_lineman",
            journeyman=True,
            ma=5,
            st=1,
            ag=3,
            av=6,
        )
        change.track(journeyman)
    assert team.current_team_value == 20_000
    assert team.team_value == 20_000


def test_bb2020_low_cost_linemen_journeymen_add_their_cost(coach):
    team = make_team(coach, roster="snotling", positions=["snotling_lineman", "fun_hoppa"])
    with ledger.change(team, actor=coach, kind=LedgerEntry.Kind.MATCH) as change:
        journeyman = Player.objects.create(
            team=team,
            number=40,
            name="J",
            position="snotling_lineman",
            journeyman=True,
            ma=5,
            st=1,
            ag=3,
            av=6,
        )
        change.track(journeyman)
    assert team.current_team_value == 15_000 + 20_000


# --- advancement ------------------------------------------------------------------------------------------


@pytest.fixture
def veteran(coach):
    team = bb2025_team(coach, ready=True)
    return team, give_spp(team, get_player(team, "lineman"), 40)


def test_bb2025_has_no_random_secondary(veteran, editor):
    team, lineman = veteran
    kinds = [option["kind"] for option in advancement.advancement_options(lineman)]
    assert kinds == ["random_primary", "chosen_primary", "chosen_secondary", "characteristic"]
    with pytest.raises(ValidationError, match="no such advancement"):
        advancement.take_random_skill(
            team=team, editor=editor, player=lineman, kind="random_secondary", category="S", faces=[1, 1]
        )


def test_bb2025_costs_come_from_its_table(veteran):
    _team, lineman = veteran
    costs = {option["kind"]: option["cost"] for option in advancement.advancement_options(lineman)}
    assert costs == {"random_primary": 3, "chosen_primary": 6, "chosen_secondary": 10, "characteristic": 14}


def test_bb2025_random_skill_is_drawn_twice_and_one_is_kept(veteran, editor):
    team, lineman = veteran
    # G, first D6 1 (low half): 1 Block, 2 Dauntless.
    result = advancement.take_random_skill(
        team=team, editor=editor, player=lineman, kind="random_primary", category="G", faces=[1, 1, 1, 2]
    )
    assert result is None
    assert advancement.random_skill_options(_fresh(lineman)) == ["block", "dauntless"]
    with pytest.raises(ValidationError, match="Keep one of the skills drawn at random first"):
        advancement.take_chosen_skill(
            team=team, editor=editor, player=lineman, kind="chosen_primary", skill_id="tackle"
        )
    advancement.keep_random_skill(team=team, editor=editor, player=lineman, skill="block")
    lineman = _fresh(lineman)
    assert lineman.advancements[-1]["kind"] == "random_primary"
    assert lineman.advancements[-1]["skill"] == "block"
    assert lineman.pending_advancement is None
    assert lineman.spp_spent == 3
    # 50,000 + random Primary 20,000 + Elite surcharge 10,000 (Block has elite = true)
    assert lineman.value == 80_000


def test_bb2025_the_same_skill_twice_must_be_taken(veteran, editor):
    team, lineman = veteran
    skill = advancement.take_random_skill(
        team=team, editor=editor, player=lineman, kind="random_primary", category="G", faces=[4, 2, 5, 2]
    )
    assert str(skill) == "strip_ball"
    assert _fresh(lineman).pending_advancement is None


def test_bb2025_random_draw_needs_four_dice_when_entered(veteran, editor):
    team, lineman = veteran
    with pytest.raises(ValidationError, match="for each skill drawn"):
        advancement.take_random_skill(
            team=team, editor=editor, player=lineman, kind="random_primary", category="G", faces=[1, 1]
        )


def test_bb2025_elite_surcharge_on_a_chosen_skill(veteran, editor):
    team, lineman = veteran
    advancement.take_chosen_skill(
        team=team, editor=editor, player=lineman, kind="chosen_primary", skill_id="block"
    )
    assert _fresh(lineman).value == 50_000 + 20_000 + 10_000
    advancement.take_chosen_skill(
        team=team, editor=editor, player=lineman, kind="chosen_secondary", skill_id="sure_feet"
    )
    assert _fresh(lineman).value == 50_000 + 20_000 + 10_000 + 40_000


def test_bb2020_has_no_elite_surcharge(coach, editor):
    team = make_team(coach, positions=HUMAN_ELEVEN, ready=True)
    lineman = give_spp(team, get_player(team, "lineman"), 40)
    advancement.take_chosen_skill(
        team=team, editor=editor, player=lineman, kind="chosen_primary", skill_id="block"
    )
    assert _fresh(lineman).value == 50_000 + 20_000


def test_bb2025_characteristic_improvement_is_a_d8(veteran, editor):
    team, lineman = veteran
    assert advancement.characteristic_die(team) == "D8"
    with pytest.raises(ValidationError, match="from 1 to 8"):
        advancement.roll_characteristic(team=team, editor=editor, player=lineman, faces=[9])
    advancement.roll_characteristic(team=team, editor=editor, player=lineman, faces=[7])
    # D8 7: ST or AG
    assert advancement.characteristic_choices(_fresh(lineman)) == ["ag", "st"]
    advancement.choose_characteristic(team=team, editor=editor, player=lineman, characteristic="st")
    lineman = _fresh(lineman)
    assert (lineman.st, lineman.spp_spent, lineman.value) == (4, 14, 50_000 + 60_000)


# --- re-draft (edition.toml [redraft]) --------------------------------------------------------------------


def test_bb2025_budget_counts_league_fixtures_only():
    budget = redraft.raise_funds(
        treasury=150_000, games_played=12, league_games=10, league_wins=7, league_draws=3, edition=BB2025
    )
    # 1,000,000 + 150,000 + 10 × 20,000 + 7 × 20,000 + 3 × 10,000
    assert budget.games == 200_000
    assert budget.total == 1_520_000
    capped = redraft.raise_funds(
        treasury=150_000,
        games_played=12,
        league_games=10,
        league_wins=7,
        league_draws=3,
        capped=True,
        edition=BB2025,
    )
    assert capped.total == 1_300_000


def test_bb2025_dedicated_fans_are_bought_again_at_the_redraft(coach):
    team = bb2025_team(coach, ready=True)
    assert not redraft.fans_kept_free(BB2025)
    assert redraft.fans_cost(3, edition=BB2025) == 10_000
    assert redraft.fans_kept_free(get_edition("bb2020"))
    record = redraft.SeasonRecord(season_id=1, league_games=2)
    players = [p.pk for p in team.players.on_roster()]
    with pytest.raises(ValidationError, match="between 1 and 3"):
        redraft.redraft_team(
            team=team,
            actor=coach,
            record=record,
            rehire=players,
            rerolls=0,
            assistant_coaches=0,
            cheerleaders=0,
            apothecary=False,
            seasons={},
            dedicated_fans=4,
        )
    details = redraft.redraft_team(
        team=team,
        actor=coach,
        record=record,
        rehire=players,
        rerolls=0,
        assistant_coaches=0,
        cheerleaders=0,
        apothecary=False,
        seasons={},
        dedicated_fans=2,
    )
    team = _fresh(team)
    assert details["dedicated_fans"] == team.dedicated_fans == 2
    # 1,000,000 + 305,000 treasury + 2 fixtures × 20,000, minus 695,000 of players and 5,000 of fans
    assert team.treasury == 1_000_000 + 305_000 + 40_000 - 695_000 - 5_000


def test_bb2025_rest_and_recovery_may_take_away_a_hatred_gained_in_play(coach):
    team = bb2025_team(coach, ready=True)
    lineman = get_player(team, "lineman")
    with ledger.change(team, actor=coach, kind=LedgerEntry.Kind.MATCH, players=[lineman]):
        lineman.extra_skills = [
            {"skill": "hatred:undead", "origin": "getting_even"},
            {"skill": "hatred:elf", "origin": "getting_even"},
        ]
    assert recovery.recovery_dice(lineman) == [("hatred", 0), ("hatred", 1)]
    # hatred_recovery: D6, 4+ lost, no apothecary modifier
    report = recovery.rest_and_recovery(team, lineman, dice=None, faces={("hatred", 0): 4, ("hatred", 1): 3})
    assert lineman.extra_skills == [{"skill": "hatred:elf", "origin": "getting_even"}]
    assert [roll["success"] for roll in report["rolls"]] == [True, False]


def test_bb2020_rest_and_recovery_rolls_no_die_for_hatred(coach):
    team = make_team(coach, positions=HUMAN_ELEVEN, ready=True)
    lineman = get_player(team, "lineman")
    lineman.extra_skills = [{"skill": "hatred:undead", "origin": "commissioner"}]
    assert recovery.recovery_dice(lineman) == []
