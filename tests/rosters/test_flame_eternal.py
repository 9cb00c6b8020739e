"""The Spectacle of the Flame Eternal (BB2025, Spike! Journal 21) in team building: its budget, its Elven
Kingdoms League teams only, and the numbers of the Elven god each team is dedicated to."""

import pytest
from django.core.exceptions import ValidationError

from rosters import advancement, dedication, services, team_json
from rosters.models import Player
from rosters.permissions import Editor
from rosters.values import player_value
from rulebook import dedication as rules
from rulebook.edition import get_edition
from tests.rosters.helpers import give_spp, make_team

FLAME = ["flame_eternal"]
DARK_ELF_ELEVEN = ["lineman"] * 7 + ["runner", "runner", "blitzer", "witch_elf"]


def _elves(coach, god="", position="", **kwargs):
    return make_team(
        coach,
        edition="bb2025",
        roster="dark_elf",
        name="Naggaroth Nightmares",
        optional_rules=FLAME,
        dedication_id=god,
        dedication_position=position,
        **kwargs,
    )


# --- the budget and who may take part ----------------------------------------------------------------


def test_a_team_drafted_for_the_flame_eternal_has_1_100_000_gp(coach):
    team = _elves(coach, "vaul")
    assert team.treasury == 1_100_000
    assert team.dedication == "vaul"


def test_a_team_drafted_for_no_league_keeps_the_editions_budget(coach):
    team = make_team(coach, edition="bb2025", roster="dark_elf")
    assert team.treasury == 1_000_000
    assert team.dedication == ""


def test_only_elven_kingdoms_league_teams_may_be_drafted_for_the_flame_eternal(coach):
    with pytest.raises(ValidationError, match="open only to teams of"):
        make_team(coach, edition="bb2025", roster="human", optional_rules=FLAME, dedication_id="vaul")


def test_a_wood_elf_team_takes_part_only_for_the_elven_kingdoms_league(coach):
    with pytest.raises(ValidationError, match="open only to teams of"):
        make_team(
            coach,
            edition="bb2025",
            roster="wood_elf",
            optional_rules=FLAME,
            chosen_league="woodland_league",
            dedication_id="isha",
        )
    team = make_team(
        coach,
        edition="bb2025",
        roster="wood_elf",
        optional_rules=FLAME,
        chosen_league="elven_kingdoms_league",
        dedication_id="isha",
    )
    assert team.treasury == 1_100_000


def test_a_team_of_the_flame_eternal_must_be_dedicated_to_a_god(coach):
    with pytest.raises(ValidationError, match="dedicated to"):
        _elves(coach, "")
    with pytest.raises(ValidationError, match="Unknown dedication"):
        _elves(coach, "nuffle")


def test_the_data_holds_the_sources_numbers():
    edition = get_edition("bb2025")
    assert rules.draft_budget(edition, FLAME) == 1_100_000
    assert rules.entry_leagues(edition, FLAME) == ("elven_kingdoms_league",)
    gods = [row["id"] for row in rules.choice_table(edition, FLAME).rows]
    assert gods == ["kurnous", "khaine", "loec", "vaul", "hoeth", "ereth_khial", "lileath", "isha"]
    assert rules.draft_budget(edition, ["khemri_classic_cup"]) == 1_000_000
    assert rules.choice_table(edition, ["khemri_classic_cup"]) is None


# --- position maxima: Kurnous and Khaine ---------------------------------------------------------------


def test_kurnous_lets_the_chosen_runner_or_special_type_take_one_more_player(coach):
    team = _elves(coach, "kurnous", "runner")
    for _ in range(3):
        services.hire_player(team=team, actor=coach, position="runner", name="")
    with pytest.raises(ValidationError, match="at most 3"):
        services.hire_player(team=team, actor=coach, position="runner", name="")
    # The other Special types keep their maximum of 2.
    services.hire_player(team=team, actor=coach, position="assassin", name="")
    services.hire_player(team=team, actor=coach, position="assassin", name="")
    with pytest.raises(ValidationError, match="at most 2"):
        services.hire_player(team=team, actor=coach, position="assassin", name="")


def test_kurnous_may_favour_the_wood_elf_wardancers_but_not_a_blitzer_type(coach):
    edition = get_edition("bb2025")
    wood = dict(dedication.position_choices(edition, edition.team("wood_elf"), "kurnous"))
    dark = dict(dedication.position_choices(edition, edition.team("dark_elf"), "kurnous"))
    assert "wardancer" in wood
    assert set(dark) == {"runner", "assassin", "witch_elf"}
    with pytest.raises(ValidationError, match="cannot be favoured"):
        _elves(coach, "kurnous", "blitzer")


def test_khaine_gives_brawlin_brutes_and_strength_as_primary_to_its_chosen_type(coach):
    team = _elves(coach, "khaine", "blitzer", positions=["blitzer", "lineman"])
    assert team.has_rule("brawlin_brutes")
    blitzer = team.players.get(position="blitzer")
    lineman = team.players.get(position="lineman")
    assert advancement.categories(blitzer, "chosen_primary") == "AGS"
    assert advancement.categories(blitzer, "chosen_secondary") == "DP"
    assert advancement.categories(lineman, "chosen_primary") == "AG"
    for _ in range(2):
        services.hire_player(team=team, actor=coach, position="blitzer", name="")
    with pytest.raises(ValidationError, match="at most 3"):
        services.hire_player(team=team, actor=coach, position="blitzer", name="")


# --- re-rolls: Loec, Vaul, Lileath ----------------------------------------------------------------------


def test_loec_may_not_buy_team_rerolls(coach):
    team = _elves(coach, "loec")
    with pytest.raises(ValidationError, match="may not buy team re-rolls"):
        services.buy_reroll(team=team, actor=coach)
    assert "rerolls" not in services.draft_purchases(team)


@pytest.mark.parametrize(("god", "price"), [("vaul", 75000), ("lileath", 85000), ("isha", 100000)])
def test_rerolls_bought_after_the_draft_cost_the_gods_price(coach, god, price):
    team = _elves(coach, god, positions=DARK_ELF_ELEVEN)
    assert services.reroll_price(team) == 50000
    services.mark_ready(team=team, actor=coach)
    assert services.reroll_price(team) == price
    treasury = team.treasury
    services.buy_reroll(team=team, actor=coach)
    assert team.treasury == treasury - price
    # Team value counts the roster's price, whatever was paid.
    assert team.team_value == sum(p.value for p in team.players.all()) + 50000


# --- Isha's free apothecary ------------------------------------------------------------------------


def test_isha_drafts_its_apothecary_for_free_but_it_counts_in_team_value(coach):
    team = _elves(coach, "isha")
    services.change_staff(team=team, actor=coach, staff="apothecary", delta=1)
    assert team.apothecary
    assert team.treasury == 1_100_000
    assert team.team_value == 50000
    services.change_staff(team=team, actor=coach, staff="apothecary", delta=-1)
    assert team.treasury == 1_100_000


def test_an_apothecary_paid_for_is_refunded_when_the_team_is_dedicated_to_isha(coach):
    team = _elves(coach, "vaul")
    services.change_staff(team=team, actor=coach, staff="apothecary", delta=1)
    assert team.treasury == 1_050_000
    dedication.dedicate_team(team=team, actor=coach, row_id="isha")
    assert team.treasury == 1_100_000


# --- Hoeth: value increases and firing ------------------------------------------------------------------


def _advanced(team, coach, kind, **advancement_data):
    player = team.players.get(position="lineman")
    player.advancements = [{"kind": kind, **advancement_data}]
    player.save()
    return player


def test_hoeth_advancements_add_10_000_less_to_the_players_value_at_least_5_000(coach):
    team = _elves(coach, "hoeth", positions=["lineman"])
    assert player_value(_advanced(team, coach, "st")) == 65000 + 50000
    assert player_value(_advanced(team, coach, "av")) == 65000 + 5000
    # An Elite skill: 20,000 and the 10,000 surcharge, 10,000 less.
    assert player_value(_advanced(team, coach, "chosen_primary", skill="dodge")) == 65000 + 20000


def test_without_hoeth_advancements_add_their_full_value(coach):
    team = _elves(coach, "vaul", positions=["lineman"])
    assert player_value(_advanced(team, coach, "st")) == 65000 + 60000
    assert player_value(_advanced(team, coach, "av")) == 65000 + 10000


def test_hoeth_keeps_a_player_with_8_spp_or_an_advancement_until_two_characteristics_are_lost(coach):
    team = _elves(coach, "hoeth", positions=DARK_ELF_ELEVEN + ["lineman"])
    services.mark_ready(team=team, actor=coach)
    veteran, rookie = team.players.filter(position="lineman")[:2]
    give_spp(team, veteran, 8)
    give_spp(team, rookie, 7)
    assert any("dedication keeps" in problem for problem in services.firing_problems(team, veteran))
    assert services.firing_problems(team, rookie) == []
    veteran.lasting_injuries = ["smashed_knee"]
    assert services.firing_problems(team, veteran) != []
    veteran.lasting_injuries = ["smashed_knee", "head_injury"]
    assert services.firing_problems(team, veteran) == []


# --- Loec and Ereth Khial: categories, Leader, traits as Secondary skills ---------------------------------


def test_loec_gives_every_player_devious_as_primary_and_leader_only_at_random(coach):
    team = _elves(coach, "loec", positions=["lineman", "runner"])
    lineman = team.players.get(position="lineman")
    assert advancement.categories(lineman, "chosen_primary") == "ADG"
    assert advancement.categories(lineman, "chosen_secondary") == "S"
    runner = team.players.get(position="runner")
    give_spp(team, runner, 12)
    with pytest.raises(ValidationError, match="only at random"):
        advancement.take_chosen_skill(
            team=team, editor=Editor(coach, False), player=runner, kind="chosen_primary", skill_id="leader"
        )


@pytest.mark.parametrize(("god", "trait"), [("loec", "trickster"), ("ereth_khial", "regeneration")])
def test_a_gods_trait_may_be_a_secondary_advancement_valued_as_a_primary_one(coach, god, trait):
    team = _elves(coach, god, positions=["lineman"])
    player = team.players.get(position="lineman")
    give_spp(team, player, 12)
    editor = Editor(coach, False)
    advancement.take_chosen_skill(
        team=team, editor=editor, player=player, kind="chosen_secondary", skill_id=trait
    )
    player = Player.objects.get(pk=player.pk)
    assert player.advancements[0]["kind"] == "chosen_secondary"
    assert player.spp_spent == 10  # a Secondary skill's SPP (a Primary one: 6)
    assert player.value == 65000 + 20000  # a Primary skill's value
    assert trait in {ref.id for ref, _origin in player.all_skills()}


def test_without_the_god_a_trait_is_no_secondary_advancement(coach):
    team = _elves(coach, "vaul", positions=["lineman"])
    player = team.players.get(position="lineman")
    give_spp(team, player, 12)
    with pytest.raises(ValidationError, match="Unknown skill"):
        advancement.take_chosen_skill(
            team=team,
            editor=Editor(coach, False),
            player=player,
            kind="chosen_secondary",
            skill_id="trickster",
        )


# --- changing the dedication ------------------------------------------------------------------------------


def test_the_dedication_changes_until_the_first_match_only(coach):
    team = _elves(coach, "vaul", positions=["lineman"])
    dedication.dedicate_team(team=team, actor=coach, row_id="kurnous", position_id="witch_elf")
    team.refresh_from_db()
    assert (team.dedication, team.dedication_position) == ("kurnous", "witch_elf")
    give_spp(team, team.players.get(), 1)  # a match entry in the ledger
    with pytest.raises(ValidationError, match="once it has played"):
        dedication.dedicate_team(team=team, actor=coach, row_id="vaul")


def test_a_team_with_rerolls_cannot_be_dedicated_to_loec(coach):
    team = _elves(coach, "vaul")
    services.buy_reroll(team=team, actor=coach)
    with pytest.raises(ValidationError, match="remove them first"):
        dedication.dedicate_team(team=team, actor=coach, row_id="loec")


def test_khaines_casualty_winnings_need_three_casualties():
    khaine = get_edition("bb2025").table("elven_gods").row("khaine")
    assert rules.casualty_winnings(khaine, 2) == 0
    assert rules.casualty_winnings(khaine, 3) == 15000
    assert rules.casualty_winnings(None, 5) == 0


# --- Loec's free second Devious skill ---------------------------------------------------------------------


@pytest.mark.parametrize(("face", "gained"), [(4, False), (5, True)])
def test_loec_choosing_a_devious_skill_gives_a_second_one_on_a_5_plus(coach, face, gained):
    team = _elves(coach, "loec", positions=["lineman"])
    player = team.players.get(position="lineman")
    give_spp(team, player, 6)
    advancement.take_chosen_skill(
        team=team,
        editor=Editor(coach, False),
        player=player,
        kind="chosen_primary",
        skill_id="eye_gouge",
        free_skill_id="lethal_flight",
        free_faces=[face],
    )
    player = Player.objects.get(pk=player.pk)
    skills = {ref.id for ref, _origin in player.all_skills()}
    assert "eye_gouge" in skills
    assert ("lethal_flight" in skills) is gained
    # The free skill is no advancement: the value counts the chosen Primary skill only.
    assert len(player.advancements) == 1
    assert player.value == 65000 + 20000


def test_a_dedicated_team_keeps_its_god_and_extra_player_through_its_json(coach):
    team = _elves(coach, "kurnous", "runner", positions=["runner"] * 3)
    data = team_json.export_team(team)
    assert (data["dedication"], data["dedication_position"]) == ("kurnous", "runner")
    copy = team_json.import_team(coach=coach, data=team_json.validate(data))
    assert (copy.dedication, copy.dedication_position) == ("kurnous", "runner")
    assert copy.players.filter(position="runner").count() == 3
    with pytest.raises(ValidationError, match="at most 2"):
        team_json.validate({**data, "dedication": "", "dedication_position": ""})
