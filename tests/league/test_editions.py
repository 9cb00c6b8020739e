"""A Blood Bowl league plays one rulebook edition (issue "a league plays BB2020 or BB2025"), named when
it is created (no default: issue 21): its settings, prizes and season shape come from that edition, only
teams of that edition enter, and the export, the import and the API carry it. BB2025 numbers:
rulebook/editions/bb2025/edition.toml ([league], [season], [[petty_cash_procedure]]; SOURCES.md says
where each comes from)."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import translation

from league.archive import VERSION, export_league, import_league
from league.models import Game, League, SeasonEntry
from league.services import adjustments, prizes, scheduling
from league.services import entries as entry_services
from league.services import leagues as league_services
from tests.factories import UserFactory
from tests.league.factories import make_league, make_season, make_team
from web.league.forms import LeagueCreateForm, LeagueSettingsForm, RegisterTeamForm, RoundRobinForm

pytestmark = pytest.mark.django_db


@pytest.fixture
def bb2025(commissioner):
    return league_services.create_league(
        name="Third Season Cup", created_by=commissioner, game=Game.BLOOD_BOWL, edition="bb2025"
    )


# --- the game and its edition ----------------------------------------------------------------------------


def test_the_new_league_form_proposes_blood_bowl_in_its_newest_edition():
    with translation.override("en"):
        form = LeagueCreateForm()
        editions = list(form.fields["edition"].choices)
    assert [game for game, _name in form.fields["game"].choices] == ["blood_bowl", "rugby", "hexfootball"]
    assert editions == [("bb2025", "Blood Bowl (2025 edition)"), ("bb2020", "Blood Bowl (2020 edition)")]
    assert (form["game"].initial, form["edition"].initial) == ("blood_bowl", "bb2025")


def test_the_new_league_form_needs_an_edition_for_blood_bowl_only():
    blood_bowl = LeagueCreateForm({"name": "Cup", "game": "blood_bowl", "edition": ""})
    assert not blood_bowl.is_valid()
    assert list(blood_bowl.errors) == ["edition"]
    chosen = LeagueCreateForm({"name": "Cup", "game": "blood_bowl", "edition": "bb2020"})
    assert chosen.is_valid()
    assert (chosen.cleaned_data["game"], chosen.cleaned_data["edition"]) == ("blood_bowl", "bb2020")
    rugby = LeagueCreateForm({"name": "Cup", "game": "rugby", "edition": "bb2025"})
    assert rugby.is_valid()
    assert (rugby.cleaned_data["game"], rugby.cleaned_data["edition"]) == ("rugby", "")


def test_create_league_without_an_edition_fails(commissioner):
    with pytest.raises(TypeError, match="edition"):
        league_services.create_league(name="Default Cup", created_by=commissioner, game=Game.BLOOD_BOWL)
    with pytest.raises(ValidationError, match="Unknown edition"):
        league_services.create_league(
            name="Default Cup", created_by=commissioner, game=Game.BLOOD_BOWL, edition=""
        )
    with pytest.raises(ValueError, match="plays no edition"):
        league_services.create_league(
            name="Hex Cup", created_by=commissioner, game=Game.RUGBY, edition="bb2025"
        )
    assert not League.objects.exists()


@pytest.mark.parametrize(
    ("game", "edition"),
    [
        (Game.BLOOD_BOWL, ""),  # Blood Bowl without an edition
        (Game.BLOOD_BOWL, "bb1987"),  # an edition the rulebook does not have
        (Game.RUGBY, "bb2025"),  # another game with an edition
        ("bb2025", ""),  # the old shape: an edition's id as the game
    ],
)
def test_the_database_refuses_a_league_whose_game_and_edition_do_not_fit(game, edition):
    with pytest.raises(IntegrityError), transaction.atomic():
        League.objects.bulk_create([League(name="Cup", slug="cup", game=game, edition=edition)])
    assert not League.objects.exists()


def test_a_league_row_without_an_edition_is_refused_by_the_database():
    with pytest.raises(IntegrityError), transaction.atomic():
        League.objects.create(name="Cup", slug="cup", game=Game.BLOOD_BOWL)
    assert not League.objects.exists()


def test_a_bb2025_league_starts_from_the_bb2025_numbers(bb2025):
    assert (bb2025.edition, bb2025.rulebook.id) == ("bb2025", "bb2025")
    assert (bb2025.points_win, bb2025.points_draw, bb2025.points_loss) == (3, 1, 0)
    assert not bb2025.bonus_points
    # BB2025's traditional tie-breakers start with the touchdown difference.
    assert bb2025.tiebreakers == ["td_difference", "touchdowns_scored", "casualties_inflicted", "coin_flip"]
    assert bb2025.starting_treasury == 1000000
    assert bb2025.petty_cash_procedure == "bb2025"


def test_a_bb2020_league_keeps_the_bb2020_numbers(commissioner):
    league = league_services.create_league(
        name="Old Cup", created_by=commissioner, game=Game.BLOOD_BOWL, edition="bb2020"
    )
    assert league.edition == "bb2020"
    assert league.tiebreakers == ["touchdowns_scored", "casualties_inflicted", "coin_flip"]
    assert (league.starting_treasury, league.petty_cash_procedure) == (1000000, "2025")
    assert adjustments.no_show_penalty(league) == 3


def test_another_game_has_no_edition(commissioner):
    league = league_services.create_league(
        name="Hex Cup", created_by=commissioner, game=Game.HEXFOOTBALL, edition=""
    )
    assert (league.edition, league.rulebook, league.is_blood_bowl) == ("", None, False)
    assert league.petty_cash_procedure == ""
    assert prizes.prize_table(league) == []
    assert prizes.trophy_rerolls(league) == 0


def test_an_unknown_game_or_edition_is_refused(commissioner):
    with pytest.raises(ValidationError, match="Unknown game"):
        league_services.create_league(name="Future Cup", created_by=commissioner, game="bb2099", edition="")
    with pytest.raises(ValidationError, match="Unknown edition"):
        league_services.create_league(
            name="Future Cup", created_by=commissioner, game=Game.BLOOD_BOWL, edition="bb2099"
        )
    assert not League.objects.exists()


def test_a_league_whose_edition_folder_is_gone_stays_blood_bowl(commissioner):
    league = make_league(commissioner=commissioner)
    league.edition = "bb1987"  # as if its folder had been removed from the rulebook
    assert league.is_blood_bowl
    with pytest.raises(LookupError):
        league.rulebook  # noqa: B018


# --- what the league computes ---------------------------------------------------------------------------


def test_bb2025_offers_no_no_show_preset_and_its_own_prizes(bb2025):
    assert adjustments.no_show_penalty(bb2025) is None  # BB2025's no_show_penalty is 0
    table = [(prize.place, prize.gold, prize.trophy) for prize in prizes.prize_table(bb2025)]
    assert table == [(1, 100000, True), (2, 60000, False), (3, 30000, False)]
    assert prizes.trophy_rerolls(bb2025) == 1


def test_settings_offer_the_edition_s_procedures_and_optional_rules(bb2025, commissioner):
    form = LeagueSettingsForm(instance=bb2025, by=commissioner)
    assert [value for value, _name in form.fields["petty_cash_procedure"].choices] == ["bb2025"]
    assert [value for value, _name in form.fields["optional_rules"].choices] == [
        "jolly_jouster_cup",
        "khemri_classic_cup",
        "flame_eternal",
    ]


def test_settings_refuse_a_procedure_or_optional_rule_of_another_edition(bb2025, commissioner):
    for change in ({"petty_cash_procedure": "2020"}, {"optional_rules": ["sponsorship"]}):
        with pytest.raises(ValidationError):
            league_services.update_league_settings(league=bb2025, by=commissioner, **change)
    league_services.update_league_settings(league=bb2025, by=commissioner, optional_rules=["flame_eternal"])
    bb2025.refresh_from_db()
    assert (bb2025.petty_cash_procedure, bb2025.optional_rules) == ("bb2025", ["flame_eternal"])


def test_a_bb2025_round_robin_meets_each_team_once_a_round_every_two_weeks(bb2025, commissioner):
    shape = bb2025.season_shape()
    assert (shape["meetings"], shape["min_teams"], shape["days_between"]) == (1, 4, 14)
    assert shape["dugout_min_teams"] == scheduling.MIN_TEAMS  # the page says both, each with its number
    form = RoundRobinForm(league=bb2025)
    assert form.fields["days_between"].initial == 14
    season, _entries = make_season(bb2025, teams=4)
    scheduling.schedule_round_robin(season=season, by=commissioner)
    assert season.fixtures.count() == 6  # 4 teams, each pair once


def test_a_bb2020_round_robin_keeps_dugout_s_defaults(league):
    assert league.season_shape()["stated"] is False
    form = RoundRobinForm(league=league)
    assert form.fields["days_between"].initial == 7


# --- entering a team --------------------------------------------------------------------------------------


def test_a_team_of_another_edition_is_refused_and_nothing_changes(bb2025, coach):
    season, _entries = make_season(bb2025)
    team = make_team(coach=coach, name="Old Reavers")  # a BB2020 team
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        entry_services.register_team(season=season, team=team, user=coach)
    assert refused.value.messages == [
        "Old Reavers is a Blood Bowl (2020 edition) team: this league plays Blood Bowl (2025 edition)."
    ]
    assert not SeasonEntry.objects.filter(season=season).exists()


def test_a_team_of_the_league_s_edition_enters(bb2025, coach):
    season, _entries = make_season(bb2025)
    team = make_team(coach=coach, name="New Reavers", edition="bb2025")
    entry = entry_services.register_team(season=season, team=team, user=coach)
    assert entry.status == SeasonEntry.Status.PENDING


def test_the_entry_form_lists_only_teams_of_the_league_s_edition(bb2025, coach):
    season, _entries = make_season(bb2025)
    make_team(coach=coach, name="Old Reavers")
    new = make_team(coach=coach, name="New Reavers", edition="bb2025")
    form = RegisterTeamForm(season=season, user=coach)
    assert [value for value, _label in form.fields["team"].widget.choices] == ["", new.pk]


def test_the_register_page_says_the_edition_and_refuses_a_team_of_another(client, bb2025, coach):
    season, _entries = make_season(bb2025)
    old = make_team(coach=coach, name="Old Reavers")
    client.force_login(coach)
    url = reverse("league:register", args=[season.pk])
    with translation.override("en"):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert "This league plays Blood Bowl (2025 edition)" in page
        assert "Old Reavers" not in page
        response = client.post(url, {"team": old.pk}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "this league plays Blood Bowl (2025 edition)" in response.content.decode()
    assert not SeasonEntry.objects.filter(season=season).exists()


def test_an_outsider_cannot_enter_a_team_of_the_right_edition_in_a_private_league(commissioner):
    league = league_services.create_league(
        name="Closed Cup", created_by=commissioner, game=Game.BLOOD_BOWL, edition="bb2025", public=False
    )
    season, _entries = make_season(league)
    outsider = UserFactory()
    team = make_team(coach=outsider, edition="bb2025")
    with pytest.raises(PermissionDenied):
        entry_services.register_team(season=season, team=team, user=outsider)
    assert not SeasonEntry.objects.filter(season=season).exists()


def test_season_pages_say_the_edition_and_its_numbers(client, bb2025, commissioner):
    season, _entries = make_season(bb2025)
    client.force_login(commissioner)
    with translation.override("en"):
        page = client.get(reverse("league:season", args=[season.pk]), HTTP_ACCEPT_LANGUAGE="en")
    content = page.content.decode()
    assert "This league plays Blood Bowl (2025 edition)." in content
    assert "Each team plays each other team once." in content
    assert "Petty cash (2025 rulebook)" in content


# --- export, import and the API ---------------------------------------------------------------------------


def test_a_bb2025_league_survives_export_and_import(bb2025, commissioner):
    make_season(bb2025, teams=2)
    data = export_league(bb2025)
    assert (data["version"], data["league"]["game"], data["league"]["edition"]) == (
        VERSION,
        "blood_bowl",
        "bb2025",
    )
    bb2025.delete()
    imported = import_league(data)
    assert (imported.game, imported.edition, imported.petty_cash_procedure) == (
        "blood_bowl",
        "bb2025",
        "bb2025",
    )
    assert imported.tiebreakers[0] == "td_difference"


def test_another_game_is_exported_without_an_edition_and_imports_back(commissioner):
    league = make_league(commissioner=commissioner, game=Game.RUGBY, edition="")
    data = export_league(league)
    assert (data["league"]["game"], data["league"]["edition"]) == ("rugby", None)
    league.delete()
    imported = import_league(data)
    assert (imported.game, imported.edition, imported.is_blood_bowl) == ("rugby", "", False)


def test_an_old_file_without_edition_imports_as_bb2020(league):
    data = export_league(league)
    del data["league"]["edition"]
    data["version"], data["league"]["game"] = 2, "bb2020"
    league.delete()
    imported = import_league(data)
    assert (imported.game, imported.edition) == ("blood_bowl", "bb2020")


@pytest.mark.parametrize(
    ("game", "edition", "imported"),
    [
        ("bb2025", "bb2025", ("blood_bowl", "bb2025")),  # the game was the edition's id
        ("hexfootball", None, ("hexfootball", "")),
    ],
)
def test_a_version_3_file_imports_with_its_game_and_edition_split(commissioner, game, edition, imported):
    league = make_league(commissioner=commissioner, game=Game.HEXFOOTBALL, edition="")
    data = export_league(league)
    data["version"] = 3
    data["league"].update(game=game, edition=edition, petty_cash_procedure="")
    league.delete()
    league = import_league(data)
    assert (league.game, league.edition) == imported


@pytest.mark.parametrize(
    "change",
    [
        {"edition": "bb2099"},  # an edition this Dugout does not know
        {"edition": None},  # Blood Bowl without an edition
        {"game": "bb2025"},  # the old shape in a version 4 file
        {"game": "rugby"},  # another game with an edition
        {"petty_cash_procedure": "2020"},  # a procedure of another edition
        {"version": 3, "game": "bb2025", "edition": "bb2020"},  # version 3: the game's edition, twice
    ],
)
def test_import_refuses_a_file_whose_edition_does_not_fit(bb2025, change):
    data = export_league(bb2025)
    change = dict(change)
    data["version"] = change.pop("version", data["version"])
    data["league"].update(change)
    bb2025.delete()
    with pytest.raises(ValidationError):
        import_league(data)
    assert not League.objects.exists()


def test_the_api_shows_the_edition(client, bb2025, league):
    answer = client.get(reverse("league:api_league", args=[bb2025.slug])).json()
    assert (answer["game"], answer["edition"]) == ("bb2025", "bb2025")  # the API's game, as published
    assert client.get(reverse("league:api_league", args=[league.slug])).json()["edition"] == "bb2020"
    rugby = make_league(game=Game.RUGBY, edition="")
    answer = client.get(reverse("league:api_league", args=[rugby.slug])).json()
    assert (answer["game"], answer["edition"]) == ("rugby", None)
