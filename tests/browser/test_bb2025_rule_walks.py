"""BB2025 team rules that change what is recorded, each walked through a whole league match on a phone
(issue #22, item 3): the teams are drafted in code, the match is played from its page with every die
typed in, the opponent confirms the result in the league, and the numbers left on both rosters are the
rulebook's. League matches, not friendlies: BB2025 friendlies earn no SPP and no winnings.

Every walk plays the same frame: Fan Factors of 1 + 2 each (3 and 3), Perfect Conditions, the rule's
inducements, the home team kicks; drives as the case says (a touchdown ends a drive); after the game no
team was Stalling, the first six players on each list are nominated and the MVP D6 is typed, dedicated
fans die 3, expensive mistake 6. Treasuries start at 0 unless the case says, so the treasury afterwards
is the winnings: ((3 + 3) / 2 + own touchdowns + 1 for not Stalling) x 10,000 (edition.toml [winnings]).
BB2025 SPP: touchdown 3, casualty 2, MVP 4 (Brawlin' Brutes: touchdown 2, casualty 3). The winner's
dedicated fans go up on a D6 of at least their number (3 >= 1: from 1 to 2); the loser's go down on a D6
below it (3 < 1: never).
"""

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from league.models import Result
from league.services import results
from matches.models import Event, Match
from matches.services import league as league_link
from rosters import services as rosters
from rosters.models import Player, Team
from tests.browser.test_bb2025_league import on_a_phone
from tests.factories import UserFactory
from tests.league.factories import make_league_fixture
from tests.matches.test_prematch_bb2025 import bb2025_team

pytestmark = pytest.mark.django_db(transaction=True)

KICK_OFF = "1 2"  # 3: Time-out, an event without dice of its own and without lasting effects
WIN_WINNINGS = 50000  # (3 + 1 touchdown + 1) x 10,000
LOSS_WINNINGS = 40000  # (3 + 0 + 1) x 10,000


# --- the teams ------------------------------------------------------------------------------------


def humans(coach):
    """11 Human Linemen (50,000): TV 550,000; the Team Captain (Pro at no cost) is the last one."""
    return bb2025_team(coach, name="Altdorf")


def snotlings(coach, *, available=11):
    """11 Snotling Linemen (15,000): TV 165,000, CTV 0 (Low Cost Linemen)."""
    return bb2025_team(
        coach, name="Snots", roster="snotling", lineman="snotling_lineman", available=available
    )


def goblins(coach):
    """11 Goblin Linemen (40,000), of the Badlands Brawl: TV 440,000."""
    return bb2025_team(
        coach, name="Da Gits", roster="goblin", lineman="goblin_lineman", league="badlands_brawl"
    )


def orcs(coach):
    """11 Orc Linemen (50,000): TV 550,000, Brawlin' Brutes and a Team Captain."""
    return bb2025_team(coach, name="Gutrippers", roster="orc", lineman="orc_lineman")


def shamblers(coach):
    """11 Zombie Linemen (40,000): TV 440,000, Masters of Undeath."""
    return bb2025_team(coach, name="Shamblers", roster="shambling_undead", lineman="zombie_lineman")


def chosen(coach):
    """11 Beastman Runner Linemen (55,000) Favoured of Khorne: TV 605,000."""
    team = rosters.create_team(
        coach=coach,
        roster="chaos_chosen",
        name="Brass Skulls",
        edition="bb2025",
        chosen_rule="favoured_of_khorne",
    )
    for index in range(11):
        rosters.hire_player(
            team=team, actor=coach, position="beastman_runner_lineman", name=f"Brass L{index + 1}"
        )
    rosters.mark_ready(team=team, actor=coach)
    team.refresh_from_db()
    return team


# --- the walk -------------------------------------------------------------------------------------


@dataclass
class Walk:
    """One team rule's match: the home and away team builders, what each step types or buys on the
    phone (each a function of the page and the Walk), and the roster numbers checked afterwards."""

    rule: str
    home: Callable
    away: Callable
    buy: Callable = lambda page, walk: None
    play: Callable = lambda page, walk: None
    after_game: Callable = lambda page, walk: None
    check: Callable = lambda walk: None
    report: Callable = lambda page, walk: None
    mvp: dict = field(default_factory=lambda: {"home": "1", "away": "1"})
    treasury: dict = field(default_factory=lambda: {"home": 0, "away": 0})
    match: Match | None = None
    base_url: str = ""

    @property
    def teams(self):
        return {"home": self.match.home_team, "away": self.match.away_team}

    def player(self, side, number):
        return self.teams[side].players.get(number=number)

    def key(self, side, number):
        return f"p{self.player(side, number).pk}"

    def only_for_the_match(self, side, prefix):
        """The key of the first player `side` fields in this match only whose key starts with `prefix`."""
        self.match.refresh_from_db()
        return next(key for key in self.match.match_only_players(side) if key.startswith(prefix))


def pre_match(page: Page, walk: Walk):
    page.get_by_label("Home dice (optional)").fill("2")
    page.get_by_label("Away dice (optional)").fill("2")
    page.get_by_role("button", name="Roll the fan factors").click()
    page.get_by_label("Dice (optional)").fill("3 4")
    page.get_by_role("button", name="Roll").click()
    expect(page.get_by_test_id("prematch-results")).to_contain_text("Perfect Conditions")
    journeymen = page.get_by_role("button", name="Take on journeymen")
    if journeymen.count():
        journeymen.click()
    walk.buy(page, walk)
    page.get_by_role("button", name="Buy these inducements").click()
    page.get_by_label("Who won the toss").select_option("home")
    page.get_by_role("button", name="Toss").click()
    page.get_by_role("button", name="Kick", exact=True).click()


def kick_off(page: Page, *, swarming=None):
    """Start a drive with the kick-off 2D6 typed in, and Swarming's D3 of each team named in `swarming`."""
    page.get_by_label("Kick-off event 2D6 (optional)").fill(KICK_OFF)
    for team, die in (swarming or {}).items():
        page.get_by_label(f"Swarming D3 · {team} (optional)").fill(die)
    page.get_by_role("button", name="Kick off").click()
    expect(page.get_by_test_id("quick-home")).to_be_visible()


def record(page: Page, side, kind, **choices):
    """One event from the team's quick buttons; `choices`: {label pattern: option value or typed dice}."""
    page.get_by_test_id(f"quick-{side}").get_by_role("button", name=re.compile(rf"^{kind} · ")).click()
    form = page.get_by_test_id("quick-form")
    for label, value in choices.items():
        target = form.get_by_label(re.compile(label))
        if target.evaluate("element => element.tagName") == "SELECT":
            target.select_option(value)
        else:
            target.fill(value)
    form.get_by_role("button", name="Save").click()
    expect(page.get_by_text(re.compile(rf"^Recorded: {kind}"))).to_be_visible()


def touchdown(page: Page, side, scorer):
    record(page, side, "Touchdown", **{"^Scorer": scorer})


def end(page: Page, what):
    page.get_by_text(f"End of the {what}").click()
    page.get_by_role("button", name=f"End the {what}").click()


def one_touchdown_game(scorer_side, scorer, *, swarming=None, before=None):
    """Drive 1: events `before` (a function of the page and the walk), then a touchdown; drive 2 ends
    the half; drive 3 the match."""

    def play(page, walk):
        kick_off(page, swarming=swarming)
        if before:
            before(page, walk)
        touchdown(page, scorer_side, scorer(walk))
        for what in ("half", "match"):
            kick_off(page, swarming=swarming)
            end(page, what)

    return play


def post_match(page: Page, walk: Walk):
    for side, team in walk.teams.items():
        nominees = page.get_by_role("group", name=re.compile(rf"^{team.name}: the 6 players nominated"))
        for index in range(6):
            nominees.get_by_role("checkbox").nth(index).check()
        page.get_by_label(f"{team.name}: MVP D6").fill(walk.mvp[side])
        page.get_by_label(f"{team.name}: dedicated fans die").fill("3")
        page.get_by_label(f"{team.name}: expensive mistake D6").fill("6")
    walk.after_game(page, walk)
    page.get_by_role("button", name="Roll the post-match dice").click()
    page.get_by_role("button", name="Submit the result to the league").click()


def walk_through(new_context, base_url, walk: Walk):
    walk.base_url = base_url
    home = walk.home(UserFactory(username="homecoach"))
    away = walk.away(UserFactory(username="awaycoach"))
    for side, team in (("home", home), ("away", away)):
        Team.objects.filter(pk=team.pk).update(treasury=walk.treasury[side])
    fixture = make_league_fixture(home, away)
    walk.match = league_link.create_league_match(fixture=fixture, created_by=home.coach)
    page = on_a_phone(new_context, base_url, "homecoach")
    page.goto(base_url + reverse("matches:detail", args=[walk.match.pk]))
    expect(page.get_by_test_id("edition")).to_have_text("Blood Bowl (2025 edition)")
    pre_match(page, walk)
    walk.play(page, walk)
    post_match(page, walk)
    # The away coach confirms in the league, which applies the match to both rosters.
    results.confirm_result(result=Result.objects.get(fixture=fixture), by=away.coach)
    walk.match.refresh_from_db()
    assert walk.match.status == Match.Status.APPLIED
    for team in (home, away):
        team.refresh_from_db()
    walk.check(walk)
    page.goto(base_url + reverse("matches:report", args=[walk.match.pk]))
    walk.report(page, walk)


def spp(walk, side, number):
    return walk.player(side, number).spp_earned


# --- the rules ------------------------------------------------------------------------------------


def swarming_check(walk):
    # The Snotlings' D3 (2) is on each drive's kick-off event and in the dice log: three drives.
    kickoffs = Event.objects.filter(drive__match=walk.match, kind=Event.Kind.KICK_OFF)
    assert [event.rolls["swarming"]["away"]["extra"] for event in kickoffs] == [2, 2, 2]
    assert walk.match.dice_log.filter(purpose="swarming").count() == 3
    home, away = walk.teams["home"], walk.teams["away"]
    # Human #1 scored (3) and is MVP (4); Snotling #1 is MVP (4); the swarm leaves no one on the roster.
    assert (spp(walk, "home", 1), spp(walk, "away", 1)) == (7, 4)
    assert (home.treasury, away.treasury) == (WIN_WINNINGS, LOSS_WINNINGS)
    assert (home.dedicated_fans, away.dedicated_fans) == (2, 1)
    assert away.players.on_roster().count() == 11
    assert (away.team_value, away.current_team_value) == (165000, 0)


def swarming_shown(page, walk):
    expect(page.get_by_text(re.compile(r"D3 rolled 2: 2 more Snotling Lineman"))).to_be_visible()


def report_lists(label, text):
    """A report check: the report's `label` line reads `text` (home – away)."""

    def report(page, walk):
        expect(page.locator("dt", has_text=label).locator("+ dd")).to_have_text(text)

    return report


def rookie_on_the_report(page, walk):
    report_lists("Journeymen", "0 – 6")(page, walk)
    scorer = walk.match.match_only_players("away")[walk.only_for_the_match("away", "away-r")]
    expect(page.get_by_test_id("players-away")).to_contain_text(scorer.split(" ", 1)[1])


def rookies_bought(page, walk):
    form = page.get_by_test_id("inducements-away")
    form.get_by_role("spinbutton", name=re.compile(r"^Riotous Rookies")).fill("1")
    form.locator('[name="away-riotous_rookies_dice"]').fill("2 3")


def rookies_check(walk):
    # 2D3+1 typed as 2 and 3: 6 rookies played; one scored (3 SPP, kept by nobody: they are not hired).
    rookies = [key for key in walk.match.match_only_players("away") if key.startswith("away-r")]
    assert len(rookies) == 6
    home, away = walk.teams["home"], walk.teams["away"]
    assert away.players.on_roster().count() == 11
    assert not away.players.filter(journeyman=True).exists()
    # Riotous Rookies (150,000) came out of the petty cash (the CTV gap), not the treasury.
    assert (home.treasury, away.treasury) == (LOSS_WINNINGS, WIN_WINNINGS)
    assert (home.dedicated_fans, away.dedicated_fans) == (1, 2)
    assert (spp(walk, "home", 1), spp(walk, "away", 1)) == (4, 4)  # the MVPs only
    assert (away.team_value, away.current_team_value) == (165000, 0)


def low_cost_check(walk):
    # Two Snotlings missed the game: two journeymen (Snotling Linemen) played, at 0 in CTV as the
    # team's own Linemen; one is hired after the game for its 15,000 fee out of the winnings.
    assert walk.match.away_ctv == 0
    home, away = walk.teams["home"], walk.teams["away"]
    assert away.players.on_roster().count() == 12
    hired = away.players.on_roster().get(number=12)
    assert hired.position == "snotling_lineman"
    assert hired.spp_earned == 3  # the journeyman's touchdown stays with the hired player
    # TV keeps every fee (12 x 15,000); CTV counts the Linemen's fee as 0; both missed players are back.
    assert (away.team_value, away.current_team_value) == (180000, 0)
    assert not away.players.filter(miss_next_game=True).exists()
    assert away.treasury == WIN_WINNINGS - 15000
    assert home.treasury == LOSS_WINNINGS


def journeymen_at_no_ctv(page, walk):
    # 9 Snotlings and 2 journeymen take the field: CTV 0, as a Low Cost Linemen team's own Linemen.
    expect(page.get_by_text("CTV: home 550,000, away 0.")).to_be_visible()


def hire_the_first_journeyman(page, walk):
    page.get_by_role("group", name="Snots: journeymen to hire").get_by_role("checkbox").first.check()


def undeath_kill(page, walk):
    # Zombie #1 blocks Human #5: Casualty D16 15, Dead.
    record(
        page,
        "away",
        "Casualty",
        **{
            "^Player responsible": walk.key("away", 1),
            "^Victim": walk.key("home", 5),
            "Casualty roll D16": "15",
        },
    )


def raise_the_dead(page, walk):
    page.get_by_label("Shamblers, Masters of Undeath: the killed player raised").select_option(
        walk.key("home", 5)
    )
    page.get_by_label("Shamblers: position of the raised player").select_option("zombie_lineman")
    page.get_by_label("Shamblers: name of the raised player").fill("Risen Hans")


def raised_on_the_report(page, walk):
    expect(page.get_by_test_id("raised-away")).to_have_text("#12 Risen Hans")


def undeath_check(walk):
    home, away = walk.teams["home"], walk.teams["away"]
    # Human #5 is dead: off the roster, its 50,000 gone from TV.
    assert home.players.get(number=5).status == Player.Status.DEAD
    assert home.team_value == 500000
    # The raised Zombie joins for free, at its full 40,000 in TV: 12 players, 480,000.
    risen = away.players.on_roster().get(name="Risen Hans")
    assert (risen.position, risen.number) == ("zombie_lineman", 12)
    assert (away.players.on_roster().count(), away.team_value) == (12, 480000)
    # Zombie #1: casualty (2) and touchdown (3); MVP D6 6 is the sixth nominee, Zombie #6 (4).
    assert (spp(walk, "away", 1), spp(walk, "away", 6)) == (5, 4)
    assert (home.treasury, away.treasury) == (LOSS_WINNINGS, WIN_WINNINGS)


def brute_casualty(page, walk):
    # Orc #1 blocks Human #5: Casualty D16 1, Badly Hurt.
    record(
        page,
        "home",
        "Casualty",
        **{
            "^Player responsible": walk.key("home", 1),
            "^Victim": walk.key("away", 5),
            "Casualty roll D16": "1",
        },
    )


def brutes_check(walk):
    # Brawlin' Brutes: Orc #1's casualty 3, Orc #2's touchdown 2; MVP D6 6: Orc #6 (4). Human #6: MVP (4).
    assert [spp(walk, "home", number) for number in (1, 2, 6)] == [3, 2, 4]
    assert spp(walk, "away", 6) == 4
    home, away = walk.teams["home"], walk.teams["away"]
    assert (home.treasury, away.treasury) == (WIN_WINNINGS, LOSS_WINNINGS)
    assert away.players.get(number=5).status == Player.Status.ACTIVE  # Badly Hurt: nothing lasting
    assert (home.team_value, away.team_value) == (550000, 550000)


def khorne_shown(page, walk):
    # What Dugout does with Favoured of Khorne: the Khorne star players are offered to the team.
    form = page.get_by_test_id("inducements-home")
    form.locator("summary", has_text="Star players").click()
    expect(form.get_by_label(re.compile("^Max Spleenripper"))).to_be_attached()
    expect(
        page.get_by_test_id("inducements-away").get_by_label(re.compile("^Max Spleenripper"))
    ).to_have_count(0)


def khorne_casualty(page, walk):
    record(
        page,
        "home",
        "Casualty",
        **{
            "^Player responsible": walk.key("home", 1),
            "^Victim": walk.key("away", 5),
            "Casualty roll D16": "1",
        },
    )


def khorne_on_the_team_page(page, walk):
    page.goto(walk.base_url + reverse("rosters:team", args=[walk.teams["home"].pk]))
    expect(page.get_by_role("heading", name="Brass Skulls")).to_be_visible()
    expect(page.locator("main")).to_contain_text("Favoured of Khorne")


def khorne_check(walk):
    # No Brawlin' Brutes in BB2025's Chaos Chosen: #1's casualty 2, #2's touchdown 3; MVP D6 6: #6 (4).
    home, away = walk.teams["home"], walk.teams["away"]
    assert home.has_rule("favoured_of_khorne")
    assert [spp(walk, "home", number) for number in (1, 2, 6)] == [2, 3, 4]
    assert (home.treasury, away.treasury) == (WIN_WINNINGS, LOSS_WINNINGS)
    assert (home.team_value, home.dedicated_fans) == (605000, 2)


def captain_check(walk):
    home = walk.teams["home"]
    captain = home.captain
    # The Team Captain (#11) scored: 3 SPP; the MVP (D6 6) is the sixth nominee, #6, not the Captain.
    assert captain.number == 11
    assert captain.spp_earned == 3
    # Pro at no cost: the Captain is worth a Lineman's 50,000, the team 550,000.
    assert "pro" in {ref.id for ref, _origin in captain.all_skills()}
    assert (captain.value, home.team_value) == (50000, 550000)
    assert home.treasury == WIN_WINNINGS


def bribes_bought(page, walk):
    page.get_by_test_id("inducements-away").get_by_label(re.compile(r"^Bribes? \(50,000\)")).fill("2")


def bribes_shown_and_sent_off(page, walk):
    expect(page.get_by_test_id("effects-away")).to_contain_text("2 bribes")
    record(page, "away", "Foul", **{"^Fouler": walk.key("away", 3), "^Victim": walk.key("home", 4)})
    record(page, "away", "Sent off", **{"^Sent-off player": walk.key("away", 3)})


def bribes_check(walk):
    bought = walk.match.away_inducements
    assert [(item["id"], item["count"], item["price"]) for item in bought] == [("bribe", 2, 50000)]
    home, away = walk.teams["home"], walk.teams["away"]
    # The bribes (100,000) came from the petty cash: the treasury is the winnings.
    assert (home.treasury, away.treasury) == (WIN_WINNINGS, LOSS_WINNINGS)
    assert away.players.get(number=3).spp_earned == 0  # a foul earns nothing
    assert away.team_value == 440000


def star_bought(page, walk):
    form = page.get_by_test_id("inducements-away")
    form.locator("summary", has_text="Star players").click()
    form.get_by_label(re.compile("^Scrappa Sorehead")).check()


def star_check(walk):
    bought = walk.match.away_inducements
    assert [(item["id"], item["choice"]) for item in bought] == [("star_player", "scrappa_sorehead")]
    home, away = walk.teams["home"], walk.teams["away"]
    # The star scored, keeps no SPP and leaves: 11 Snotlings, TV 165,000; paid from the petty cash.
    assert away.players.on_roster().count() == 11
    assert not away.players.filter(name__icontains="Scrappa").exists()
    assert (away.team_value, away.current_team_value) == (165000, 0)
    assert (home.treasury, away.treasury) == (LOSS_WINNINGS, WIN_WINNINGS)
    assert (spp(walk, "away", 1), spp(walk, "home", 1)) == (4, 4)  # the MVPs only


def favourite_hires_a_star(page, walk):
    form = page.get_by_test_id("inducements-home")
    expect(page.get_by_test_id("budget-home")).to_contain_text("150,000")
    form.locator("summary", has_text="Star players").click()
    form.get_by_label(re.compile("^Helmut Wulf")).check()


def star_from_the_treasury_check(walk):
    bought = walk.match.home_inducements
    assert [(item["id"], item["choice"], item["price"]) for item in bought] == [
        ("star_player", "helmut_wulf", 140000)
    ]
    home = walk.teams["home"]
    # The favourite paid Helmut Wulf (140,000) from its treasury: 150,000 - 140,000 + 50,000 winnings.
    assert home.treasury == 60000
    # He scored, keeps no SPP, is not the MVP (D6 1: Human #1, 4 SPP) and is not on the roster.
    assert spp(walk, "home", 1) == 4
    assert sum(player.spp_earned for player in home.players.all()) == 4
    assert home.players.on_roster().count() == 11
    assert not home.players.filter(name__icontains="Wulf").exists()
    assert (home.team_value, home.current_team_value) == (550000, 550000)


def referee_bought(page, walk):
    form = page.get_by_test_id("inducements-away")
    form.get_by_test_id("group-away-biased_referee").locator("summary").click()
    form.get_by_label(re.compile(r"^Dodgy League Rep \(80,000\)")).check()


def referee_check(walk):
    # A Bribery and Corruption team pays 80,000 for the Dodgy League Rep, out of the petty cash.
    bought = walk.match.away_inducements
    assert [(item["id"], item["choice"], item["price"]) for item in bought] == [
        ("biased_referee", "dodgy_league_rep", 80000)
    ]
    home, away = walk.teams["home"], walk.teams["away"]
    assert (home.treasury, away.treasury) == (WIN_WINNINGS, LOSS_WINNINGS)
    assert away.team_value == 440000


WALKS = [
    Walk(
        "swarming",
        humans,
        snotlings,
        play=one_touchdown_game(
            "home", lambda walk: walk.key("home", 1), swarming={"Snots": "2"}, before=swarming_shown
        ),
        check=swarming_check,
        report=lambda page, walk: expect(page.locator("main")).to_contain_text("Swarming"),
    ),
    Walk(
        "riotous_rookies",
        humans,
        snotlings,
        buy=rookies_bought,
        play=one_touchdown_game("away", lambda walk: walk.only_for_the_match("away", "away-r")),
        check=rookies_check,
        report=rookie_on_the_report,
    ),
    Walk(
        "low_cost_linemen",
        humans,
        lambda coach: snotlings(coach, available=9),
        buy=journeymen_at_no_ctv,
        play=one_touchdown_game("away", lambda walk: walk.only_for_the_match("away", "away-1")),
        after_game=hire_the_first_journeyman,
        check=low_cost_check,
        report=report_lists("Journeymen", "0 – 2"),
    ),
    Walk(
        "masters_of_undeath",
        humans,
        shamblers,
        play=one_touchdown_game("away", lambda walk: walk.key("away", 1), before=undeath_kill),
        after_game=raise_the_dead,
        check=undeath_check,
        report=raised_on_the_report,
        mvp={"home": "1", "away": "6"},
    ),
    Walk(
        "brawlin_brutes",
        orcs,
        humans,
        play=one_touchdown_game("home", lambda walk: walk.key("home", 2), before=brute_casualty),
        check=brutes_check,
        mvp={"home": "6", "away": "6"},
    ),
    Walk(
        "favoured_of",
        chosen,
        humans,
        buy=khorne_shown,
        play=one_touchdown_game("home", lambda walk: walk.key("home", 2), before=khorne_casualty),
        check=khorne_check,
        report=khorne_on_the_team_page,
        mvp={"home": "6", "away": "6"},
    ),
    Walk(
        "team_captain",
        humans,
        goblins,
        play=one_touchdown_game("home", lambda walk: f"p{walk.teams['home'].captain.pk}"),
        check=captain_check,
        mvp={"home": "6", "away": "1"},
    ),
    Walk(
        "bribes",
        humans,
        goblins,
        buy=bribes_bought,
        play=one_touchdown_game("home", lambda walk: walk.key("home", 1), before=bribes_shown_and_sent_off),
        check=bribes_check,
    ),
    Walk(
        "star_player",
        humans,
        snotlings,
        buy=star_bought,
        play=one_touchdown_game("away", lambda walk: walk.only_for_the_match("away", "away-s")),
        check=star_check,
        report=report_lists("Star players", "0 – Scrappa Sorehead"),
    ),
    Walk(
        "star_player_from_the_treasury",
        humans,
        snotlings,
        buy=favourite_hires_a_star,
        play=one_touchdown_game("home", lambda walk: walk.only_for_the_match("home", "home-s")),
        check=star_from_the_treasury_check,
        report=report_lists("Star players", "Helmut Wulf – 0"),
        treasury={"home": 150000, "away": 0},
    ),
    Walk(
        "biased_referee",
        humans,
        goblins,
        buy=referee_bought,
        play=one_touchdown_game("home", lambda walk: walk.key("home", 1)),
        check=referee_check,
    ),
]


@pytest.mark.parametrize("walk", WALKS, ids=[walk.rule for walk in WALKS])
def test_a_bb2025_team_rule_walked_through_a_league_match_on_a_phone(walk, new_context, base_url):
    """Pre-match, drives and post-match on a 390 px phone; the league applies it; the rosters' numbers
    are the rulebook's for the rule (every page visited is checked by axe and for overflow)."""
    walk_through(new_context, base_url, walk)
