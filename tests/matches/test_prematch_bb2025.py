"""The pre-match sequence of a BB2025 match reads BB2025 numbers: petty cash by the bb2025 procedure,
Prayers to Nuffle bought as an inducement (no CTV-gap prayers step), Bribes 0-6 for Bribery and
Corruption, the same star hired by both teams, the BB2025 items and journeymen of the coach's chosen
Lineman position. BB2020 behaviour is covered by the other test files of this folder."""

import random

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.models import SeasonEntry
from matches.models import DiceLog, Event
from matches.services import drives, prematch
from matches.services import league as league_link
from rosters import services as rosters
from rosters.models import Player, Team
from rulebook.dice import Dice, roll_or_enter
from rulebook.edition import get_edition
from tests.factories import UserFactory
from tests.league.factories import make_fixture, make_league, make_season
from tests.matches.conftest import NoDice, make_team, roll_dukedom_if_played
from tests.matches.conftest import to_inducements as conftest_to_inducements
from tests.rosters.helpers import nominate_a_captain
from web.matches.forms import MatchForm

pytestmark = pytest.mark.django_db


class FixedDice:
    """Server-side dice that roll the given faces in order."""

    def __init__(self, *faces):
        self.faces = list(faces)

    def roll(self, notation, *, purpose):
        return roll_or_enter(None, notation, [self.faces.pop(0)], purpose=purpose)


def bb2025_team(coach, *, name, roster="human", lineman="lineman", available=11, league=""):
    """A ready BB2025 team of 11 players of the `lineman` position, `available` of them fit to play."""
    team = rosters.create_team(coach=coach, roster=roster, name=name, edition="bb2025", chosen_league=league)
    for index in range(11):
        rosters.hire_player(team=team, actor=coach, position=lineman, name=f"{name} L{index + 1}")
    nominate_a_captain(team, coach)  # Human and Orc teams need one to be ready
    rosters.mark_ready(team=team, actor=coach)
    missing = team.players.order_by("-number")[: 11 - available].values_list("pk", flat=True)
    Player.objects.filter(pk__in=list(missing)).update(miss_next_game=True)
    team.refresh_from_db()
    return team


def set_values(team, *, ctv, treasury):
    """Give the team the CTV and treasury of a worked example (the values a played league leaves)."""
    Team.objects.filter(pk=team.pk).update(current_team_value=ctv, treasury=treasury)
    team.refresh_from_db()


def to_inducements(match, user):
    dice = NoDice()
    roll_dukedom_if_played(match, user)
    prematch.roll_fans(match, dice=dice, user=user, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=dice, user=user, faces=[3, 4])
    prematch.take_journeymen(match, user=user)
    match.refresh_from_db()
    return match


@pytest.fixture
def humans(home_coach):
    return bb2025_team(home_coach, name="Altdorf")


@pytest.fixture
def orcs(away_coach):
    return bb2025_team(away_coach, name="Gutrippers", roster="orc", lineman="orc_lineman")


def _match(home, away, user):
    return to_inducements(prematch.create_match(home_team=home, away_team=away, created_by=user), user)


def test_a_match_between_teams_of_different_editions_is_refused(humans, away_coach, home_coach):
    old = make_team(away_coach, name="Bashers")
    with pytest.raises(ValidationError, match="same edition"):
        prematch.create_match(home_team=humans, away_team=old, created_by=home_coach)


def test_a_bb2025_match_uses_the_bb2025_petty_cash_procedure(humans, orcs, home_coach):
    match = prematch.create_match(home_team=humans, away_team=orcs, created_by=home_coach)
    assert match.petty_cash_procedure == "bb2025"
    assert "prayers" not in prematch.steps(match)


def test_petty_cash_example_of_the_rules(humans, orcs, home_coach):
    # CTV 1,240,000 v 1,160,000: the favourite spends 50,000 of its treasury first; the underdog gets
    # the 80,000 gap plus those 50,000, and may add at most 50,000 of its own treasury.
    set_values(humans, ctv=1240000, treasury=200000)
    set_values(orcs, ctv=1160000, treasury=120000)
    match = _match(humans, orcs, home_coach)
    assert prematch.favourite_side(match) == "home"
    assert not prematch.may_buy_now(match, "away")
    assert prematch.budget(match, "home") == {"petty_cash": 0, "treasury": 200000}
    prematch.buy_inducements(match, side="home", counts={"blitzers_best_keg": 1}, user=home_coach)
    assert match.home_treasury_spent == 50000
    assert prematch.budget(match, "away") == {"petty_cash": 130000, "treasury": 50000}
    # 180,000 is all it may spend: a Bribe (100,000) and a Biased Referee (120,000) is too much.
    with pytest.raises(ValidationError, match="cost more"):
        prematch.buy_inducements(
            match, side="away", counts={"bribe": 1, "biased_referee:dodgy_league_rep": 1}, user=home_coach
        )
    prematch.buy_inducements(match, side="away", counts={"bribe": 1, "team_mascot": 1}, user=home_coach)
    assert match.away_petty_cash == 130000
    assert match.away_treasury_spent == 0


def test_equal_ctv_nobody_spends(humans, orcs, home_coach):
    set_values(humans, ctv=1100000, treasury=200000)
    set_values(orcs, ctv=1100000, treasury=200000)
    match = _match(humans, orcs, home_coach)
    assert prematch.favourite_side(match) is None
    assert prematch.budget(match, "home") == {"petty_cash": 0, "treasury": 0}
    assert prematch.budget(match, "away") == {"petty_cash": 0, "treasury": 0}


def _catalogue(match, side):
    return {(item["id"], item["choice"]): item for item in prematch.catalogue(match, side)}


def test_bb2025_catalogue_prices_and_limits(humans, away_coach, home_coach):
    goblins = bb2025_team(
        away_coach, name="Da Gits", roster="goblin", lineman="goblin_lineman", league="badlands_brawl"
    )
    match = _match(humans, goblins, home_coach)
    human_items, goblin_items = _catalogue(match, "home"), _catalogue(match, "away")
    # Bribes: 0-3 at 100,000; 0-6 at 50,000 for Bribery and Corruption.
    assert (human_items["bribe", ""]["max"], human_items["bribe", ""]["price"]) == (3, 100000)
    assert (goblin_items["bribe", ""]["max"], goblin_items["bribe", ""]["price"]) == (6, 50000)
    # The Biased Referee at the price of the team's rule: 120,000, or 80,000 with Bribery and Corruption.
    assert human_items["biased_referee", "dodgy_league_rep"]["price"] == 120000
    assert goblin_items["biased_referee", "dodgy_league_rep"]["price"] == 80000
    # Prayers to Nuffle 0-3 at 10,000; the new items; no league variant item; no BB2020 item.
    assert (human_items["prayers_to_nuffle", ""]["max"], human_items["prayers_to_nuffle", ""]["price"]) == (
        3,
        10000,
    )
    assert {("team_mascot", ""), ("blitzers_best_keg", "")} <= set(human_items)
    assert not {key for key in human_items | goblin_items if key[0] in {"bretonnian_pastries", "canopic_jar"}}
    assert ("special_play", "") not in human_items
    # Team-rule items: Riotous Rookies only for Low Cost Linemen, Mortuary Assistant only for Masters of
    # Undeath.
    assert ("riotous_rookies", "") not in human_items
    assert ("mortuary_assistant", "") not in goblin_items
    prematch.buy_inducements(match, side="home", counts={}, user=home_coach)
    with pytest.raises(ValidationError, match="Too many"):
        prematch.buy_inducements(match, side="away", counts={"bribe": 7}, user=home_coach)


def test_a_goblin_team_may_buy_six_bribes(humans, away_coach, home_coach):
    goblins = bb2025_team(
        away_coach, name="Da Gits", roster="goblin", lineman="goblin_lineman", league="badlands_brawl"
    )
    set_values(humans, ctv=1400000, treasury=0)
    set_values(goblins, ctv=1000000, treasury=0)
    match = _match(humans, goblins, home_coach)
    prematch.buy_inducements(match, side="home", counts={}, user=home_coach)
    bought = prematch.buy_inducements(match, side="away", counts={"bribe": 6}, user=home_coach)
    assert bought == [{"id": "bribe", "choice": "", "count": 6, "price": 50000}]


def test_riotous_rookies_and_low_cost_journeymen_for_snotlings(humans, away_coach, home_coach):
    snotlings = bb2025_team(
        away_coach, name="Snots", roster="snotling", lineman="snotling_lineman", available=9
    )
    match = _match(humans, snotlings, home_coach)
    assert ("riotous_rookies", "") in _catalogue(match, "away")
    # Two journeymen: Low Cost Linemen counts their fee as 0 in BB2025 (edition.toml [team_value]).
    assert len(match.plain_journeymen("away")) == 2
    assert prematch.base_ctv(match, "away") == snotlings.current_team_value


def test_both_teams_may_hire_the_same_star_in_bb2025(humans, orcs, home_coach):
    set_values(humans, ctv=1000000, treasury=300000)
    set_values(orcs, ctv=1400000, treasury=300000)
    match = _match(humans, orcs, home_coach)
    prematch.buy_inducements(match, side="away", counts={"star_player:grak": 1}, user=home_coach)
    assert ("star_player", "grak") in _catalogue(match, "home")
    assert prematch.withheld(match, "home") == []
    prematch.buy_inducements(match, side="home", counts={"star_player:grak": 1}, user=home_coach)
    assert [item["choice"] for item in match.home_inducements] == ["grak"]


def test_josef_bugman_is_not_hired_twice_by_one_team(humans, orcs, home_coach):
    set_values(humans, ctv=1000000, treasury=0)
    set_values(orcs, ctv=1600000, treasury=0)
    match = _match(humans, orcs, home_coach)
    prematch.buy_inducements(match, side="away", counts={}, user=home_coach)
    counts = {"infamous_coaching_staff:josef_bugman": 1, "star_player:josef_bugman": 1}
    if ("star_player", "josef_bugman") not in _catalogue(match, "home"):
        pytest.skip("Josef Bugman does not play for this team")
    with pytest.raises(ValidationError, match="same name"):
        prematch.buy_inducements(match, side="home", counts=counts, user=home_coach)


def _with_prayers(humans, orcs, home_coach, *, home, away):
    set_values(humans, ctv=1000000, treasury=100000)
    set_values(orcs, ctv=1100000, treasury=100000)  # the Orcs are the favourite: they buy first
    match = _match(humans, orcs, home_coach)
    prematch.buy_inducements(match, side="away", counts={"prayers_to_nuffle": away}, user=home_coach)
    prematch.buy_inducements(match, side="home", counts={"prayers_to_nuffle": home}, user=home_coach)
    match.refresh_from_db()
    return match


def prematch_table(match):
    return get_edition(match.home_team.edition).table("prayers_to_nuffle")


def test_prayers_bought_are_rolled_with_entered_dice(humans, orcs, home_coach):
    match = _with_prayers(humans, orcs, home_coach, home=3, away=0)
    assert prematch.steps(match) == ["fans", "weather", "journeymen", "inducements", "prayers", "kicking"]
    assert prematch.next_step(match) == "prayers"
    assert prematch.prayers_to_roll(match) == [("home", 3)]
    with pytest.raises(ValidationError, match="differ"):
        prematch.roll_prayers(match, dice=NoDice(), user=home_coach, faces=[1, 1, 2])
    side, rows = prematch.roll_prayers(match, dice=NoDice(), user=home_coach, faces=[1, 2, 16])
    assert side == "home"
    table = prematch_table(match)
    assert rows == [table.row_for(face)["id"] for face in (1, 2, 16)]
    assert rows[:2] == ["treacherous_trapdoor", "friends_with_the_ref"]
    assert match.prayers_done
    assert DiceLog.objects.filter(match=match, purpose="prayer").count() == 3


def test_prayers_bought_by_both_teams_are_rolled_by_dugout_with_duplicates_rerolled(humans, orcs, home_coach):
    match = _with_prayers(humans, orcs, home_coach, home=1, away=2)
    assert dict(prematch.prayers_to_roll(match)) == {"home": 1, "away": 2}
    prematch.roll_prayers(match, dice=FixedDice(2), user=home_coach, side="home")
    assert not match.prayers_done
    # The second roll repeats the first: it is rolled again.
    side, rows = prematch.roll_prayers(match, dice=FixedDice(1, 1, 2), user=home_coach, side="away")
    assert (side, rows) == ("away", ["treacherous_trapdoor", "friends_with_the_ref"])
    assert match.prayers_done
    assert DiceLog.objects.filter(match=match, purpose="prayer").count() == 4
    with pytest.raises(ValidationError):
        prematch.roll_prayers(match, dice=FixedDice(3), user=home_coach, side="away")


def test_without_prayers_bought_there_is_no_prayers_step(humans, orcs, home_coach):
    match = _with_prayers(humans, orcs, home_coach, home=0, away=0)
    assert "prayers" not in prematch.steps(match)
    assert prematch.next_step(match) == "kicking"


def test_shambling_undead_journeymen_of_the_position_the_coach_picks(humans, away_coach, home_coach):
    undead = bb2025_team(
        away_coach, name="Shamblers", roster="shambling_undead", lineman="zombie_lineman", available=9
    )
    match = prematch.create_match(home_team=humans, away_team=undead, created_by=home_coach)
    dice = NoDice()
    prematch.roll_fans(match, dice=dice, user=home_coach, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=dice, user=home_coach, faces=[3, 4])
    assert [p.id for p in prematch.journeyman_positions(undead)] == ["skeleton_lineman", "zombie_lineman"]
    with pytest.raises(ValidationError):
        prematch.take_journeymen(match, user=home_coach, positions={"away": "ghoul_runner"})
    prematch.take_journeymen(
        match, user=home_coach, positions={"away": ["skeleton_lineman", "zombie_lineman"]}
    )
    assert [j["position"] for j in match.plain_journeymen("away")] == ["skeleton_lineman", "zombie_lineman"]
    skeleton = undead.rules.position("skeleton_lineman").cost
    zombie = undead.rules.position("zombie_lineman").cost
    assert prematch.base_ctv(match, "away") == undead.current_team_value + skeleton + zombie


# --- pages ------------------------------------------------------------------------------------------


def test_the_prematch_page_names_the_edition_and_rolls_each_teams_prayers(client, humans, orcs, home_coach):
    match = _with_prayers(humans, orcs, home_coach, home=1, away=2)
    client.force_login(home_coach)
    url = reverse("matches:detail", args=[match.pk])
    page = client.get(url).content.decode()
    assert "Blood Bowl (2025 edition)" in page
    assert "Prayers to Nuffle" in page
    assert 'data-testid="prayers-bought-home"' in page
    assert 'data-testid="prayers-bought-away"' in page
    step = reverse("matches:prematch_step", args=[match.pk, "prayers"])
    response = client.post(step, {"side": "away", "faces": "3 4"})
    assert response.status_code == 302
    match.refresh_from_db()
    table = prematch_table(match)
    assert [entry["id"] for entry in match.away_prayers] == [table.row_for(3)["id"], table.row_for(4)["id"]]
    page = client.get(url).content.decode()
    assert 'data-testid="prayers-bought-away"' not in page
    assert 'data-testid="prayers-bought-home"' in page


def test_an_outsider_may_not_roll_prayers(client, humans, orcs, home_coach):
    match = _with_prayers(humans, orcs, home_coach, home=1, away=0)
    client.force_login(UserFactory(username="outsider"))
    step = reverse("matches:prematch_step", args=[match.pk, "prayers"])
    assert client.post(step, {"side": "home", "faces": "3"}).status_code == 403
    match.refresh_from_db()
    assert match.home_prayers == []


def test_the_journeymen_step_offers_the_positions_of_the_roster(client, humans, away_coach, home_coach):
    undead = bb2025_team(
        away_coach, name="Shamblers", roster="shambling_undead", lineman="zombie_lineman", available=10
    )
    match = prematch.create_match(home_team=humans, away_team=undead, created_by=home_coach)
    dice = NoDice()
    prematch.roll_fans(match, dice=dice, user=home_coach, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=dice, user=home_coach, faces=[3, 4])
    client.force_login(away_coach)
    page = client.get(reverse("matches:detail", args=[match.pk])).content.decode()
    assert 'data-testid="journeymen-away"' in page
    assert 'data-testid="journeymen-home"' not in page
    assert "Skeleton" in page
    step = reverse("matches:prematch_step", args=[match.pk, "journeymen"])
    client.post(step, {"journeymen-away": "skeleton_lineman"})
    match.refresh_from_db()
    assert [entry["position"] for entry in match.plain_journeymen("away")] == ["skeleton_lineman"]


def _snotlings_at_kick_off(humans, away_coach, home_coach):
    """A Snotling team (Swarming) against `humans`, every pre-match step done: (the team, the match)."""
    snotlings = bb2025_team(away_coach, name="Snots", roster="snotling", lineman="snotling_lineman")
    match = _match(humans, snotlings, home_coach)
    prematch.buy_inducements(match, side="home", counts={}, user=home_coach)
    prematch.buy_inducements(match, side="away", counts={}, user=home_coach)
    prematch.choose_kicking(match, user=home_coach, side="home")
    return snotlings, match


def _snotlings_buying(humans, away_coach, home_coach):
    """A Snotling team (Low Cost Linemen) with 300,000 gp, the underdog of `humans`, left to buy its
    inducements: (the team, the match)."""
    snotlings = bb2025_team(away_coach, name="Snots", roster="snotling", lineman="snotling_lineman")
    set_values(snotlings, ctv=snotlings.current_team_value, treasury=300000)
    set_values(humans, ctv=snotlings.current_team_value + 200000, treasury=0)
    match = _match(humans, snotlings, home_coach)
    prematch.buy_inducements(match, side="home", counts={}, user=home_coach)
    return snotlings, match


def test_swarming_is_shown_at_each_start_of_drive(client, humans, away_coach, home_coach):
    snotlings, match = _snotlings_at_kick_off(humans, away_coach, home_coach)
    client.force_login(home_coach)
    url = reverse("matches:detail", args=[match.pk])
    page = client.get(url).content.decode()
    assert 'data-testid="swarming-away"' in page
    assert 'data-testid="swarming-home"' not in page
    assert "Swarming" in page
    assert "D3" in page
    assert 'name="swarming_away"' in page  # real dice may be typed for it
    drives.start_drive(
        match, dice=NoDice(), user=home_coach, faces={"kickoff": [1, 2], "swarming": {"away": [2]}}
    )
    page = client.get(url).content.decode()
    assert 'data-testid="swarming-away"' in page
    assert "D3 rolled 2: 2 more Snotling Lineman set up from the Reserves this drive" in page
    assert "Blood Bowl (2025 edition)" in page
    assert [entry.side for entry in drives.swarming(match)] == ["away"]
    assert [position.id for position in drives.swarming(match)[0].positions] == ["snotling_lineman"]


def test_swarming_is_rolled_and_logged_at_each_kick_off_and_undone_with_it(
    client, humans, away_coach, home_coach
):
    """Swarming's D3 is recorded on the drive with the dice log (issue #22): rolled by Dugout, or typed
    in from real dice on the kick-off form; a bad die changes nothing."""
    snotlings, match = _snotlings_at_kick_off(humans, away_coach, home_coach)
    client.force_login(home_coach)
    start = reverse("matches:drive_start", args=[match.pk])

    client.post(start, {"kickoff": "3 4", "swarming_away": "4"})
    assert not match.drives.exists()

    client.post(start, {"kickoff": "3 4", "swarming_away": "3"})
    kickoff = Event.objects.get(drive__match=match, kind=Event.Kind.KICK_OFF)
    assert kickoff.rolls["swarming"]["away"]["extra"] == 3
    assert kickoff.rolls["swarming"]["away"]["roll"]["faces"] == [3]
    logged = match.dice_log.filter(purpose="swarming").get()
    assert (logged.team_id, logged.roll["total"]) == (snotlings.pk, 3)
    assert "Swarming" in client.get(reverse("matches:report", args=[match.pk])).content.decode()

    drives.undo_last_event(match, user=home_coach)
    drives.start_drive(match, dice=Dice(random.Random(3)), user=home_coach)
    extra = Event.objects.get(drive__match=match, kind=Event.Kind.KICK_OFF).rolls["swarming"]["away"]["extra"]
    assert 1 <= extra <= 3


def test_league_variant_items_only_in_a_match_of_that_variant(humans, orcs, home_coach):
    match = prematch.create_match(
        home_team=humans, away_team=orcs, created_by=home_coach, optional_rules=["jolly_jouster_cup"]
    )
    match = to_inducements(match, home_coach)
    items = _catalogue(match, "home")
    assert ("bretonnian_pastries", "") in items
    assert ("canopic_jar", "") not in items


def test_the_match_form_refuses_teams_of_different_editions(humans, away_coach, home_coach):
    old = make_team(away_coach, name="Bashers")
    form = MatchForm({"home_team": humans.pk, "away_team": old.pk}, user=home_coach)
    assert not form.is_valid()
    assert "same edition" in str(form.errors)


def test_the_match_form_takes_the_editions_petty_cash_procedure(humans, orcs, home_coach):
    form = MatchForm({"home_team": humans.pk, "away_team": orcs.pk}, user=home_coach)
    assert form.is_valid(), form.errors
    data = {"home_team": humans.pk, "away_team": orcs.pk, "petty_cash_procedure": "2020"}
    form = MatchForm(data, user=home_coach)
    assert not form.is_valid()
    assert "no such petty cash procedure" in str(form.errors)


def test_the_match_list_says_which_edition_each_match_plays(client, humans, orcs, home_coach):
    prematch.create_match(home_team=humans, away_team=orcs, created_by=home_coach)
    client.force_login(home_coach)
    assert "BB2025" in client.get(reverse("matches:list")).content.decode()


def test_at_most_three_mercenaries_at_their_surcharge(humans, orcs, home_coach):
    set_values(humans, ctv=1000000, treasury=0)
    set_values(orcs, ctv=2000000, treasury=0)
    match = _match(humans, orcs, home_coach)
    prematch.buy_inducements(match, side="away", counts={}, user=home_coach)
    offer = prematch.mercenary_offer(match, "home")
    lineman = next(option for option in offer["positions"] if option["position"].id == "lineman")
    assert lineman["price"] == 50000 + 30000
    four = [{"position": "lineman", "skills": []}] * 4
    with pytest.raises(ValidationError, match="at most 3 mercenaries"):
        prematch.buy_inducements(match, side="home", counts={}, user=home_coach, mercenaries=four)
    bought = prematch.buy_inducements(match, side="home", counts={}, user=home_coach, mercenaries=four[:3])
    assert [item["price"] for item in bought] == [80000] * 3


def test_in_bb2020_the_star_hired_by_one_team_is_not_offered_to_the_other(match, home_coach):
    Team.objects.filter(pk=match.home_team.pk).update(treasury=500000)
    conftest_to_inducements(match, home_coach)
    match.refresh_from_db()
    match.home_team.refresh_from_db()
    prematch.buy_inducements(match, side="home", counts={"star_player:grak": 1}, user=home_coach)
    assert ("star_player", "grak") not in _catalogue(match, "away")
    assert [item["choice"] for item in prematch.withheld(match, "away")] == ["grak"]
    with pytest.raises(ValidationError, match="already hired"):
        prematch.buy_inducements(match, side="away", counts={"star_player:grak": 1}, user=home_coach)


def test_the_league_chosen_at_the_draft_decides_the_stars_and_the_chef_is_cheaper_for_halflings(
    humans, away_coach, home_coach
):
    goblins = bb2025_team(
        away_coach, name="Da Gits", roster="goblin", lineman="goblin_lineman", league="badlands_brawl"
    )
    match = _match(humans, goblins, home_coach)
    stars = {choice for (kind, choice) in _catalogue(match, "away") if kind == "star_player"}
    assert "varag_ghoul_chewer" in stars  # Badlands Brawl
    assert "glart_smashrip" not in stars  # Underworld Challenge only
    assert _catalogue(match, "home")["halfling_master_chef", ""]["price"] == 300000


def test_the_halfling_master_chef_costs_a_halfling_team_100000(humans, away_coach, home_coach):
    halflings = bb2025_team(
        away_coach,
        name="Stuffers",
        roster="halfling",
        lineman="halfling_hopeful_lineman",
        league="halfling_thimble_cup",
    )
    match = _match(humans, halflings, home_coach)
    assert _catalogue(match, "away")["halfling_master_chef", ""]["price"] == 100000


def test_the_inducements_page_shows_the_bb2025_items_and_limits(client, humans, away_coach, home_coach):
    goblins = bb2025_team(
        away_coach, name="Da Gits", roster="goblin", lineman="goblin_lineman", league="badlands_brawl"
    )
    set_values(humans, ctv=1000000, treasury=0)
    set_values(goblins, ctv=1000000, treasury=0)
    match = _match(humans, goblins, home_coach)
    client.force_login(away_coach)
    page = client.get(reverse("matches:detail", args=[match.pk])).content.decode()
    assert 'data-testid="group-away-biased_referee"' in page
    assert "Dodgy League Rep (80,000)" in page
    assert "Bribe (50,000)" in page or "Bribes (50,000)" in page
    assert 'name="away-bribe"' in page
    assert 'max="6"' in page.split('name="away-bribe"')[0][-400:] + page.split('name="away-bribe"')[1][:400]
    assert "Prayers to Nuffle (10,000)" in page
    assert "Blood Bowl (2025 edition)" in page


def _bb2025_fixture(home_team, away_team):
    league = make_league(commissioner=UserFactory(username="commish"), edition="bb2025")
    season, _entries = make_season(league)
    entries = [
        SeasonEntry.objects.create(
            season=season, team=team, name=team.name, coach=team.coach, status="accepted"
        )
        for team in (home_team, away_team)
    ]
    return make_fixture(season, *entries)


def test_a_bb2025_league_match_plays_the_leagues_edition(humans, orcs, home_coach, away_coach):
    match = league_link.create_league_match(fixture=_bb2025_fixture(humans, orcs), created_by=home_coach)
    assert match.petty_cash_procedure == "bb2025"
    old = make_team(away_coach, name="Bashers")
    with pytest.raises(ValidationError, match="league's edition"):
        league_link.create_league_match(fixture=_bb2025_fixture(humans, old), created_by=home_coach)


def test_a_friendly_offers_the_spike_journal_variants_its_edition_holds(humans, orcs, home_coach):
    """The optional rules a friendly may pick are the edition's own one-game rules (optional.toml
    match_rules): BB2025's Spike! Journal variants, never BB2020's stadiums (issue #22)."""
    form = MatchForm(user=home_coach)
    offered = [rule for rule, _name in form.fields["optional_rules"].choices]
    assert offered == list(get_edition("bb2025").match_optional_rules)
    assert "jolly_jouster_cup" in offered
    assert "stadium" not in offered

    data = {"home_team": humans.pk, "away_team": orcs.pk, "optional_rules": ["khemri_classic_cup"]}
    form = MatchForm(data, user=home_coach)
    assert form.is_valid(), form.errors
    refused = MatchForm({**data, "optional_rules": ["stadium"]}, user=home_coach)
    assert not refused.is_valid()


def test_every_one_game_optional_rule_is_an_optional_rule_of_its_edition():
    for edition_id in ("bb2020", "bb2025"):
        edition = get_edition(edition_id)
        assert edition.match_optional_rules
        assert set(edition.match_optional_rules) <= set(edition.optional_rules)


def test_riotous_rookies_bring_2d3_plus_1_named_journeymen_for_the_game(
    client, humans, away_coach, home_coach
):
    """Riotous Rookies (issue #22): when bought, 2D3+1 more journeymen take the field for this game,
    beyond 11 players, rolled by Dugout or typed in, logged, at no CTV for a Low Cost Linemen team; the
    inducement's price counts in CTV like any other."""
    snotlings, match = _snotlings_buying(humans, away_coach, home_coach)
    before = prematch.base_ctv(match, "away")

    prematch.buy_inducements(
        match, side="away", counts={"riotous_rookies": 1}, user=home_coach, faces={"riotous_rookies": [2, 3]}
    )

    match.refresh_from_db()
    rookies = [entry for entry in match.plain_journeymen("away") if entry["key"].startswith("away-r")]
    assert len(rookies) == 6  # 2 + 3 + 1
    assert len({entry["number"] for entry in match.journeymen("away")}) == len(match.journeymen("away"))
    assert not any(entry["name"].startswith("Journeyman") for entry in rookies)
    assert {entry["position"] for entry in rookies} == {"snotling_lineman"}
    assert match.away_ctv == before + 150000
    logged = match.dice_log.get(purpose="riotous_rookies")
    assert (logged.team_id, logged.roll["total"]) == (snotlings.pk, 6)
    # They play this game: events may name them.
    assert {entry["key"] for entry in rookies} <= set(match.match_only_players("away"))


def test_riotous_rookies_with_a_bad_die_buy_nothing(humans, away_coach, home_coach):
    snotlings, match = _snotlings_buying(humans, away_coach, home_coach)
    with pytest.raises(ValidationError):
        prematch.buy_inducements(
            match,
            side="away",
            counts={"riotous_rookies": 1},
            user=home_coach,
            faces={"riotous_rookies": [4, 1]},
        )
    match.refresh_from_db()
    assert match.away_inducements == []
    assert not match.dice_log.filter(purpose="riotous_rookies").exists()


def test_the_inducements_form_takes_real_dice_for_riotous_rookies(client, humans, away_coach, home_coach):
    snotlings, match = _snotlings_buying(humans, away_coach, home_coach)
    client.force_login(home_coach)
    page = client.get(reverse("matches:detail", args=[match.pk])).content.decode()
    assert 'name="away-riotous_rookies_dice"' in page

    client.post(
        reverse("matches:inducements", args=[match.pk, "away"]),
        {"away-riotous_rookies": "1", "away-riotous_rookies_dice": "1 1"},
    )

    match.refresh_from_db()
    assert len([entry for entry in match.journeymen("away") if entry["key"].startswith("away-r")]) == 3
