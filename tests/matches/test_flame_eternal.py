"""The Spectacle of the Flame Eternal (BB2025, Spike! Journal 21) in a league match: Khaine's casualty
winnings, Hoeth's doubled SPP, Kurnous's Wild Hunt, Ereth Khial's Enthralled Elven Soul and the Flaming
Goblet of the trophy's holder."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.models import SeasonPrize
from matches.models import Event
from matches.services import drives, postmatch, prematch, trophy_ability
from matches.services.league import create_league_match
from rosters import services as rosters
from tests.league.factories import make_league_fixture
from tests.matches.conftest import NoDice
from tests.matches.test_full_match_bb2025 import _keys, apply_league_game, to_final_whistle

pytestmark = pytest.mark.django_db

FLAME = ["flame_eternal"]


def _elves(coach, *, name, god, position=""):
    """A ready Dark Elf team of eleven Linemen, drafted for a Flame Eternal league and dedicated to `god`."""
    team = rosters.create_team(
        coach=coach,
        roster="dark_elf",
        name=name,
        edition="bb2025",
        optional_rules=FLAME,
        dedication_id=god,
        dedication_position=position,
    )
    for index in range(11):
        rosters.hire_player(team=team, actor=coach, position="lineman", name=f"{name} L{index + 1}")
    rosters.mark_ready(team=team, actor=coach)
    team.refresh_from_db()
    return team


def _kick_off(home, away, user, *, trophy_to=None):
    """A league match of a Flame Eternal league between the two teams, at its kick-off; the League
    Trophy of the league held by `trophy_to` (a team of the match) if given."""
    fixture = make_league_fixture(home, away)
    league = fixture.season.league
    league.optional_rules = FLAME
    league.save()
    if trophy_to is not None:
        entry = fixture.season.entries.get(team=trophy_to)
        SeasonPrize.objects.create(season=fixture.season, entry=entry, place=1, gold=0, trophy=True)
    match = create_league_match(fixture=fixture, created_by=user)
    dice = NoDice()
    prematch.roll_fans(match, dice=dice, user=user, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=dice, user=user, faces=[3, 4])
    prematch.take_journeymen(match, user=user)
    match.refresh_from_db()
    underdog = "home" if match.home_ctv < match.away_ctv else "away"
    for side in sorted(("home", "away"), key=lambda side: side == underdog):
        prematch.buy_inducements(match, side=side, counts={}, user=user)
    prematch.choose_kicking(match, user=user, side="away")
    match.refresh_from_db()
    return match, dice


def _hit(match, dice, user, *, kind="casualty", player, victim, faces=None):
    drives.add_event(
        match,
        user=user,
        kind=kind,
        side="home" if player.team_id == match.home_team_id else "away",
        player=player,
        victim=victim,
        cause="block",
        dice=dice,
        faces=faces or ({"casualty": [1]} if kind == "casualty" else {}),
    )
    return Event.objects.filter(drive__match=match).latest("id")


@pytest.mark.parametrize(("casualties", "winnings"), [(2, 45_000), (3, 60_000)])
def test_khaine_earns_15_000_more_for_three_casualties(home_coach, away_coach, casualties, winnings):
    khaine = _elves(home_coach, name="Har Ganeth", god="khaine", position="blitzer")
    other = _elves(away_coach, name="Tor Anroc", god="vaul")
    match, dice = _kick_off(khaine, other, home_coach)
    hitter = khaine.players.first()
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    for victim in other.players.order_by("number")[:casualties]:
        _hit(match, dice, home_coach, player=hitter, victim=victim)
    drives.end_drive(match, user=home_coach, dice=dice)
    to_final_whistle(match, dice, home_coach, drives_left=1)
    # A 0-0 draw: (3 + 4) / 2 x 10,000 and the no-stalling bonus, plus Khaine's 15,000 for 3+.
    assert postmatch.winnings(match, "home") == winnings
    assert postmatch.winnings(match, "away") == 45_000


def test_hoeth_doubles_the_first_spp_of_each_drive(home_coach, away_coach):
    hoeth = _elves(home_coach, name="Saphery", god="hoeth")
    other = _elves(away_coach, name="Tor Anroc", god="vaul")
    match, dice = _kick_off(hoeth, other, home_coach)
    first, second = hoeth.players.order_by("number")[:2]
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    _hit(match, dice, home_coach, player=first, victim=other.players.first())  # 2 SPP, doubled
    drives.add_event(match, user=home_coach, kind="touchdown", side="home", player=second)  # 3, not doubled
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    drives.add_event(match, user=away_coach, kind="touchdown", side="away", player=other.players.first())
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    drives.add_event(match, user=home_coach, kind="touchdown", side="home", player=second)  # 3, doubled
    earned = postmatch.spp_earned(match)
    assert earned["home"][f"p{first.pk}"]["spp"] == 4
    assert earned["home"][f"p{second.pk}"]["spp"] == 3 + 6
    # The other team's god doubles nothing.
    assert earned["away"][f"p{other.players.first().pk}"]["spp"] == 3


def test_kurnous_hunted_opponents_pay_one_spp_each_once_a_game(home_coach, away_coach):
    kurnous = _elves(home_coach, name="Athel Loren", god="kurnous", position="runner")
    other = _elves(away_coach, name="Tor Anroc", god="vaul")
    match, dice = _kick_off(kurnous, other, home_coach)
    hunter = kurnous.players.first()
    marked, again = other.players.order_by("number")[:2]
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    knock_out = _hit(match, dice, home_coach, kind="knocked_out", player=hunter, victim=marked)
    hurt = _hit(match, dice, home_coach, player=hunter, victim=again)
    drives.end_drive(match, user=home_coach, dice=dice)
    to_final_whistle(match, dice, home_coach, drives_left=1)
    assert [event_id for event_id, _label in postmatch.hunt.huntable(match, "home")] == [
        knock_out.pk,
        hurt.pk,
    ]
    assert postmatch.hunt.huntable(match, "away") == []
    with pytest.raises(ValidationError, match="once per game"):
        postmatch.hunt.check_hunted(match, "home", [knock_out.pk, knock_out.pk])
    postmatch.roll_postmatch(
        match,
        dice=dice,
        user=home_coach,
        faces={"home": {"mvp": [1], "mistake": [6]}, "away": {"mvp": [1], "mistake": [6]}},
        nominees={"home": _keys(kurnous, range(2, 8)), "away": _keys(other, range(2, 8))},
        hunted={"home": [knock_out.pk, hurt.pk]},
    )
    spp = postmatch.plan(match, "home")["summary"]["spp"][f"p{hunter.pk}"]
    # The casualty's 2 SPP and the Wild Hunt's 1 for each of the two marked players.
    assert (spp["hunt"], spp["spp"]) == (2, 2 + 2)


def test_ereth_khial_keeps_the_enthralled_elven_soul_of_a_dead_elf_for_free(home_coach, away_coach, client):
    ereth = _elves(home_coach, name="Ghrond", god="ereth_khial")
    other = _elves(away_coach, name="Tor Anroc", god="vaul")
    match, dice = _kick_off(ereth, other, home_coach)
    killer, victim = ereth.players.first(), other.players.first()
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    _hit(match, dice, home_coach, player=killer, victim=victim, faces={"casualty": [16]})
    drives.end_drive(match, user=home_coach, dice=dice)
    to_final_whistle(match, dice, home_coach, drives_left=1)
    hurt = postmatch.injuries(match)
    choice = f"away:p{victim.pk}"
    assert postmatch.soul.soul_victims(match, "home", hurt=hurt) == [(choice, str(victim))]
    assert postmatch.soul.soul_victims(match, "away", hurt=hurt) == []
    treasury, value = ereth.treasury, ereth.team_value
    postmatch.roll_postmatch(
        match,
        dice=dice,
        user=home_coach,
        faces={"home": {"mvp": [1], "mistake": [6]}, "away": {"mvp": [1], "mistake": [6]}},
        nominees={"home": _keys(ereth, range(2, 8)), "away": _keys(other, range(2, 8))},
        souls={"home": {"victim": choice, "name": "Sorrow"}},
    )
    apply_league_game(match, home_coach)
    ereth.refresh_from_db()
    soul = ereth.players.get(name="Sorrow")
    assert (soul.position, soul.number, soul.journeyman) == ("enthralled_elven_soul", 12, False)
    assert (soul.ma, soul.st, soul.ag, soul.pa, soul.av) == (5, 3, 3, 6, 8)
    assert {ref.id for ref, _origin in soul.all_skills()} == {"regeneration", "unsteady"}
    assert soul.value == 50_000
    assert ereth.team_value == value + 50_000
    # Free: the treasury gains its winnings (45,000) only.
    assert ereth.treasury == treasury + 45_000
    client.force_login(home_coach)
    page = client.get(reverse("rosters:team", args=[ereth.pk])).content.decode()
    assert "Enthralled Elven Soul" in page


def test_a_team_without_room_loses_its_soul(home_coach, away_coach):
    ereth = _elves(home_coach, name="Ghrond", god="ereth_khial")
    for index in range(5):
        rosters.hire_player(team=ereth, actor=home_coach, position="lineman", name=f"Extra {index}")
    other = _elves(away_coach, name="Tor Anroc", god="vaul")
    match, dice = _kick_off(ereth, other, home_coach)
    victim = other.players.first()
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    _hit(match, dice, home_coach, player=ereth.players.first(), victim=victim, faces={"casualty": [16]})
    drives.end_drive(match, user=home_coach, dice=dice)
    to_final_whistle(match, dice, home_coach, drives_left=1)
    with pytest.raises(ValidationError, match="no room"):
        postmatch.soul.check_soul(
            match, "home", {"victim": f"away:p{victim.pk}"}, hurt=postmatch.injuries(match)
        )


def test_the_flaming_goblet_is_shown_for_the_trophy_holder(home_coach, away_coach, client):
    holder = _elves(home_coach, name="Naggarond", god="isha")
    other = _elves(away_coach, name="Tor Anroc", god="vaul")
    match, _dice = _kick_off(holder, other, home_coach, trophy_to=holder)
    in_force = trophy_ability.ability_in_force(match)
    assert in_force["side"] == "home"
    assert (in_force["row"]["pa"], in_force["row"]["skills"]) == (2, ["pass", "accurate"])
    client.force_login(home_coach)
    page = client.get(reverse("matches:detail", args=[match.pk])).content.decode()
    assert 'data-testid="trophy-ability"' in page
    assert "The Flaming Goblet" in page


def test_no_goblet_without_a_trophy_holder_in_the_match(home_coach, away_coach):
    holder = _elves(home_coach, name="Naggarond", god="isha")
    other = _elves(away_coach, name="Tor Anroc", god="vaul")
    match, _dice = _kick_off(holder, other, home_coach)
    assert trophy_ability.ability_in_force(match) is None
