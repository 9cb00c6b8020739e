"""edition.toml is read into typed dataclasses (rulebook.settings) and checked as the edition loads."""

import shutil
import tomllib

import pytest

from rulebook import checks
from rulebook.edition import EDITIONS_DIR, Edition, available_editions
from rulebook.settings import EditionSettings, SettingsError, load_settings


@pytest.fixture
def edition_copy(tmp_path):
    """A copy of the bb2025 edition folder whose edition.toml a test may edit."""
    folder = tmp_path / "bb2025"
    shutil.copytree(EDITIONS_DIR / "bb2025", folder)
    return folder


def rewrite(folder, old, new):
    path = folder / "edition.toml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def load_error(folder):
    with pytest.raises(SettingsError) as error:
        Edition(folder)
    return str(error.value)


def test_edition_settings_when_a_key_is_misspelt_the_error_names_the_file_section_and_key(edition_copy):
    path = rewrite(edition_copy, "points = { win = 3", "pionts = { win = 3")
    assert load_error(edition_copy) == (f"{path}: [league] unknown key 'pionts' (did you mean 'points'?)")


def test_edition_settings_when_a_required_key_is_missing_the_error_names_the_file_section_and_key(
    edition_copy,
):
    path = rewrite(edition_copy, "no_show_penalty = 0 ", "")
    assert load_error(edition_copy) == f"{path}: [league] missing key 'no_show_penalty'"


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("max_players = 16 ", "max_player = 16 ", "unknown key 'max_player' (did you mean 'max_players'?)"),
        ("[staff.cheerleader]\ncost", "[staff.cheerleader]\ncots", "[staff.cheerleader] unknown key 'cots'"),
        (
            'id = "bb2025"                      # 2025 rulebook',
            'ids = "bb2025"                     # 2025 rulebook',
            "[[petty_cash_procedure]] #1 unknown key 'ids'",
        ),
        ("win = 3, draw = 1", "win = 3, drew = 1", "[league.points] unknown key 'drew'"),
        ("min_treasury = 100000", 'min_treasury = "100000"', "key 'min_treasury' should be an integer"),
        ("veteran_leaves_on = [1, 3]", "veteran_leaves_on = [1]", "should be an array of 2, not [1]"),
        ("[season]\n# NEW\nmin_teams = 4\n", "[season]\n# NEW\n", "[season] missing key 'min_teams'"),
    ],
)
def test_edition_settings_when_a_key_is_wrong_anywhere_loading_fails_saying_where(
    edition_copy, old, new, expected
):
    path = rewrite(edition_copy, old, new)
    message = load_error(edition_copy)
    assert message.startswith(f"{path}: ")
    assert expected in message


def test_edition_settings_of_the_editions_in_the_project_are_named_from_the_project_folder():
    document = tomllib.loads((EDITIONS_DIR / "bb2020" / "edition.toml").read_text(encoding="utf-8"))
    document["league"]["pionts"] = document["league"].pop("points")
    with pytest.raises(SettingsError, match=r"^rulebook/editions/bb2020/edition.toml: \[league\] unknown"):
        load_settings(document, EDITIONS_DIR / "bb2020" / "edition.toml")


@pytest.mark.parametrize("edition_id", ["bb2020", "bb2025"])
def test_edition_settings_of_every_edition_load_and_give_the_toml_back_unchanged(edition_id):
    assert edition_id in available_editions()
    edition = Edition(EDITIONS_DIR / edition_id)
    assert isinstance(edition.settings, EditionSettings)
    with (EDITIONS_DIR / edition_id / "edition.toml").open("rb") as file:
        document = tomllib.load(file)
    # Nothing lost, nothing added: the rulebook export (rulebook/EXPORT.md) serves edition.toml as it is.
    assert edition.settings.as_dict() == document


def test_edition_settings_read_by_attribute_are_the_numbers_of_the_toml():
    bb2020, bb2025 = Edition(EDITIONS_DIR / "bb2020"), Edition(EDITIONS_DIR / "bb2025")
    points = bb2020.settings.league.points
    assert (points.win, points.draw, points.loss) == (3, 1, 0)
    assert bb2020.settings.league.prizes.items() == (("first", 100000), ("second", 60000), ("third", 30000))
    assert (bb2020.settings.staff.cheerleader.max, bb2025.settings.staff.cheerleader.max) == (12, 6)
    assert bb2020.settings.staff["assistant_coach"].cost == 10000
    assert (bb2020.settings.dedicated_fans.max_draft, bb2025.settings.dedicated_fans.max_draft) == (6, 3)
    assert bb2020.settings.characteristics.bounds["av"] == (3, 11)
    assert bb2020.settings.characteristics.step["ag"] == -1
    assert [p.id for p in bb2020.settings.petty_cash_procedure] == ["2020", "2025"]
    assert bb2020.settings.petty_cash_procedure[0].underdog_treasury_max == -1
    assert bb2025.settings.redraft.carry_over_costs["reroll"] == "roster_price"
    assert bb2025.settings.redraft.recovery("hatred").target == 4


def test_edition_settings_a_key_only_one_edition_has_is_none_in_the_other():
    bb2020, bb2025 = Edition(EDITIONS_DIR / "bb2020"), Edition(EDITIONS_DIR / "bb2025")
    assert (bb2020.settings.prayers.per_ctv_difference, bb2025.settings.prayers.per_ctv_difference) == (
        50000,
        None,
    )
    assert (bb2020.settings.winnings.no_stalling_bonus, bb2025.settings.winnings.no_stalling_bonus) == (
        None,
        1,
    )
    assert bb2020.settings.season is None
    assert bb2025.settings.season is not None
    assert bb2025.settings.season.playoff_sizes == (4, 8, 16)
    assert bb2020.settings.redraft.hatred_recovery is None
    with pytest.raises(KeyError):
        bb2020.settings.redraft.recovery("hatred")


def test_edition_settings_system_check_when_an_edition_does_not_load_reports_it(monkeypatch):
    assert checks.editions_load() == []

    def broken(edition_id):
        raise SettingsError(f"rulebook/editions/{edition_id}/edition.toml: [league] unknown key 'pionts'")

    monkeypatch.setattr(checks, "get_edition", broken)
    errors = checks.editions_load()
    assert [error.id for error in errors] == ["rulebook.E001"] * len(available_editions())
    assert "bb2025/edition.toml: [league] unknown key 'pionts'" in errors[-1].msg
