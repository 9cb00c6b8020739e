"""The /rules/ pages, in English and in French or Korean (Accept-Language).

These tests have no database access: a page that queried the database would fail them. One test also
counts queries explicitly, with the database available.
"""

import re

import pytest
from django.utils.html import escape

from rulebook.edition import get_edition

EDITION = get_edition("bb2020")
PAGES = [
    "/rules/",
    "/rules/bb2020/teams/",
    "/rules/bb2020/teams/human/",
    "/rules/bb2020/skills/",
    "/rules/bb2020/skills/?category=A",
    "/rules/bb2020/star-players/",
    "/rules/bb2020/inducements/",
    "/rules/bb2020/tables/",
    "/rules/bb2020/tables/weather/",
    "/rules/bb2020/tables/expensive_mistakes/",
    "/rules/bb2020/tables/random_events/",
]


def page(client, url, language="en", **headers):
    response = client.get(url, headers={"accept-language": language, **headers})
    assert response.status_code == 200, url
    # ranges ("0–16", "4–10") hold a word joiner so that they do not break on a phone: left out here
    return response.content.decode().replace("&#8288;", "").replace("\u2060", "")


def squash(html):
    """The page with runs of white space made single spaces (templates indent freely)."""
    return re.sub(r"\s+", " ", html)


@pytest.mark.django_db
@pytest.mark.parametrize("url", PAGES)
def test_rules_pages_make_no_database_query(client, django_assert_num_queries, url):
    page(client, url)  # warm: the edition is loaded once per process
    with django_assert_num_queries(0):
        page(client, url, "fr")


@pytest.mark.parametrize("url", PAGES)
def test_rules_pages_have_no_inline_script_or_style(client, url):
    html = page(client, url)
    assert "<script>" not in html
    assert "style=" not in html
    if url != "/rules/":
        assert '<nav aria-label="breadcrumb">' in html


# --- index ----------------------------------------------------------------------------------------


def test_index_in_english_links_every_section_and_the_export(client):
    html = page(client, "/rules/")
    assert "Rules reference" in html
    assert "Blood Bowl (2020 edition)" in html
    for url in (
        "/rules/bb2020/teams/",
        "/rules/bb2020/skills/",
        "/rules/bb2020/star-players/",
        "/rules/bb2020/inducements/",
        "/rules/bb2020/tables/",
    ):
        assert f'href="{url}"' in html
    assert 'href="/rules/bb2020.json"' in html
    assert "29 rosters" in html


def test_index_in_korean(client):
    html = page(client, "/rules/", "ko")
    assert '<html lang="ko">' in html
    assert "블러드 보울 (2020 에디션)" in html


# --- teams ----------------------------------------------------------------------------------------


def test_teams_list_in_english(client):
    html = squash(page(client, "/rules/bb2020/teams/"))
    assert '<a href="/rules/bb2020/teams/black_orc/">Black Orc</a>' in html
    assert html.count('href="/rules/bb2020/teams/') == 29
    # Black Orc: tier 2, re-rolls 60,000, apothecary
    assert re.search(
        r"Black Orc</a></th> <td class=\"num\">2</td> <td class=\"num\">60,000</td> <td>Yes</td>", html
    )
    assert re.search(
        r"Nurgle</a></th> <td class=\"num\">2</td> <td class=\"num\">70,000</td> <td>No</td>", html
    )


def test_teams_list_in_french(client):
    html = page(client, "/rules/bb2020/teams/", "fr")
    assert "Orques Noirs" in html
    assert "Humains" in html


def test_team_roster_in_english(client):
    html = squash(page(client, "/rules/bb2020/teams/human/"))
    assert "<h1>Human</h1>" in html
    # Human Blitzer: 0-4, 85,000, MA 7 ST 3 AG 3+ PA 4+ AV 9+, Block
    assert re.search(
        r"Human Blitzer</th> <td class=\"num\">0–4</td> <td class=\"num\">85,000</td> "
        r"<td class=\"num\">7</td> <td class=\"num\">3</td> <td class=\"num\">3\+</td> "
        r"<td class=\"num\">4\+</td> <td class=\"num\">9\+</td> "
        r"<td><a href=\"/rules/bb2020/skills/#skill-block\">Block</a>",
        html,
    )
    assert '<abbr title="General">G</abbr><abbr title="Strength">S</abbr>' in html
    assert "Old World Classic" in html
    assert escape(EDITION.text("team_rule.old_world_classic.desc")) in html
    assert (
        '<a href="/rules/bb2020/star-players/#star-griff_oberwald">Griff Oberwald</a></th> '
        '<td class="num">280,000</td>' in html
    )
    assert "Loner (4+)" in html  # the Ogre


def test_team_roster_without_pa_and_with_a_chosen_special_rule(client):
    html = squash(page(client, "/rules/bb2020/teams/chaos_chosen/"))
    minotaur = html[html.index("Minotaur</th>") :]
    assert '<td class="num">-</td>' in minotaur[: minotaur.index("</tr>")]
    assert "its coach chooses one of these" in html
    assert "Only if the team chose Favoured of Khorne." in html


def test_team_roster_in_french(client):
    html = page(client, "/rules/bb2020/teams/human/", "fr")
    assert '<html lang="fr">' in html
    assert "Blitzer Humain" in html
    assert "Classique du Vieux Monde" in html
    assert "85\xa0000" in html
    assert "Blocage" in html


def test_team_roster_in_korean(client):
    html = page(client, "/rules/bb2020/teams/black_orc/", "ko")
    assert "블랙 오크" in html
    assert "외톨이 (3+)" in html


def test_unknown_team_is_not_found(client):
    assert client.get("/rules/bb2020/teams/space_marines/").status_code == 404


# --- skills ---------------------------------------------------------------------------------------


def test_skills_list_shows_every_category(client):
    html = page(client, "/rules/bb2020/skills/")
    for letter, name in (
        ("A", "Agility"),
        ("G", "General"),
        ("M", "Mutation"),
        ("P", "Passing"),
        ("T", "Trait"),
    ):
        assert f'<h2 id="category-{letter}">{name}' in html
    assert html.count('<dt id="skill-') == len(EDITION.skills)
    assert '<dt id="skill-block">Block <small>(Elite)</small></dt>' in html


def test_skills_list_filtered_by_category(client):
    html = page(client, "/rules/bb2020/skills/?category=A")
    assert '<dt id="skill-dodge">Dodge <small>(Elite)</small></dt>' in html
    assert "skill-block" not in html
    assert '<option value="A" selected>Agility</option>' in html
    assert html.count('<dt id="skill-') == 12


def test_skills_filter_ignores_an_unknown_category(client):
    html = page(client, "/rules/bb2020/skills/?category=Z")
    assert html.count('<dt id="skill-') == len(EDITION.skills)


def test_skills_list_htmx_request_gets_only_the_list(client):
    response = client.get("/rules/bb2020/skills/?category=G", headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.strip().startswith('<section id="skill-list"')
    assert "<html" not in html
    assert '<dt id="skill-block">Block <small>(Elite)</small></dt>' in html
    assert "skill-dodge" not in html
    assert "HX-Request" in response.headers["Vary"]


def test_skills_list_in_korean(client):
    html = page(client, "/rules/bb2020/skills/?category=G", "ko")
    assert "블록" in html
    assert "일반" in html


# --- star players ---------------------------------------------------------------------------------


def test_star_players_in_english(client):
    html = squash(page(client, "/rules/bb2020/star-players/"))
    assert html.count('<article id="star-') == len(EDITION.star_players)
    griff = html[html.index('<article id="star-griff_oberwald">') :]
    griff = griff[: griff.index("</article>")]
    assert "<h2>Griff Oberwald</h2>" in griff
    assert "280,000 gp" in griff
    assert "Consummate Professional" in griff
    assert '<a href="#league-old_world_classic">Old World Classic</a>' in griff
    assert "Loner (3+)" in griff
    assert "Any team except" in html  # Morg 'n' Thorg
    assert '<dt id="league-old_world_classic">Old World Classic</dt>' in html
    assert "Hired together with" in html  # Grak and Crumbleberry


def test_star_players_in_french(client):
    html = page(client, "/rules/bb2020/star-players/", "fr")
    assert "Professionnel Accompli" in html
    assert "Classique du Vieux Monde" in html


# --- inducements ----------------------------------------------------------------------------------


def test_inducements_in_english(client):
    html = squash(page(client, "/rules/bb2020/inducements/"))
    bribe = html[html.index('<tr id="inducement-bribe">') :]
    bribe = bribe[: bribe.index("</tr>")]
    assert "Bribe" in bribe
    assert "0–3" in bribe
    assert "100,000" in bribe
    assert "50,000 for Bribery and Corruption" in bribe
    assert "60,000 for Halfling Thimble Cup" in html
    assert "Tier 3 teams" in html
    assert "Unlimited" in html  # mercenaries
    assert "Hireling Sports-Wizard" in html
    assert "Josef Bugman" in html or "famous_staff.josef_bugman" not in html


def test_inducements_in_korean(client):
    html = page(client, "/rules/bb2020/inducements/", "ko")
    assert "뇌물" in html
    assert "하플링 핫팟" in html


# --- tables ---------------------------------------------------------------------------------------


def test_tables_list_links_every_table(client):
    html = page(client, "/rules/bb2020/tables/")
    for table_id in [*EDITION.tables, *EDITION.optional_tables]:
        assert f'href="/rules/bb2020/tables/{table_id}/"' in html, table_id


@pytest.mark.parametrize("table_id", [*EDITION.tables, *EDITION.optional_tables])
def test_every_table_page_shows_its_name_and_rows(client, table_id):
    html = page(client, f"/rules/bb2020/tables/{table_id}/")
    prefix = "table" if table_id in EDITION.tables else "optional"
    assert escape(EDITION.text(f"{prefix}.{table_id}.name")) in html
    table = EDITION.table(table_id)
    for row in table.rows:
        if "id" in row and table_id != "expensive_mistakes":
            assert escape(EDITION.text(f"{prefix}.{table_id}.{row['id']}.name")) in html


def test_weather_table_in_english_and_korean(client):
    html = squash(page(client, "/rules/bb2020/tables/weather/"))
    assert '<th scope="col" class="num">2D6</th>' in html
    assert '<td class="num">4–10</td> <th scope="row">Perfect Conditions</th>' in html
    korean = page(client, "/rules/bb2020/tables/weather/", "ko")
    assert "날씨" in korean
    assert "눈보라" in korean


def test_ranges_do_not_break_across_lines(client):
    roster = client.get("/rules/bb2020/teams/human/").content.decode()
    assert "0–&#8288;16" in roster
    weather = client.get("/rules/bb2020/tables/weather/").content.decode()
    assert "4–\u206010" in weather


def test_expensive_mistakes_grid_with_treasury_brackets(client):
    html = squash(page(client, "/rules/bb2020/tables/expensive_mistakes/"))
    assert '<th scope="col">100,000 to 195,000 gp</th>' in html
    assert '<th scope="col">600,000 gp and more</th>' in html
    first_row = html[html.index('<th scope="row" class="num">1</th>') :]
    first_row = first_row[: first_row.index("</tr>")]
    assert first_row.count("Catastrophe") == 2
    assert first_row.count("Major Incident") == 2
    assert "100,000 gp or more" in html


def test_advancement_costs_grid(client):
    html = squash(page(client, "/rules/bb2020/tables/advancement_costs/"))
    assert re.search(
        r"6\. Legend</th> <td class=\"num\">15 SPP</td><td class=\"num\">30 SPP</td>"
        r"<td class=\"num\">40 SPP</td><td class=\"num\">50 SPP</td>",
        html,
    )


def test_value_increases_grids(client):
    html = squash(page(client, "/rules/bb2020/tables/value_increases/"))
    assert "+1 ST" in html
    assert "+80,000" in html
    assert "Chosen Secondary skill" in html
    assert "+40,000" in html


def test_random_events_table_reads_a_d8_and_a_d6(client):
    html = squash(page(client, "/rules/bb2020/tables/random_events/"))
    assert '<th scope="col" class="num">D8</th> <th scope="col" class="num">D6</th>' in html
    assert '<td class="num">7–8</td> <td class="num">6</td> <th scope="row">Total Darkness</th>' in html
    assert "Noirceur Totale" in page(client, "/rules/bb2020/tables/random_events/", "fr")


def test_stadium_table_links_its_sub_tables(client):
    html = page(client, "/rules/bb2020/tables/stadium/")
    assert 'href="/rules/bb2020/tables/local_crowd/"' in html
    sub_table = page(client, "/rules/bb2020/tables/local_crowd/")
    assert 'href="/rules/bb2020/tables/stadium/"' in sub_table


def test_unknown_table_is_not_found(client):
    assert client.get("/rules/bb2020/tables/dungeon_bowl/").status_code == 404


# --- editions ---------------------------------------------------------------------------------------

PAGES_2025 = [
    "/rules/bb2025/",
    "/rules/bb2025/teams/",
    "/rules/bb2025/teams/norse/",
    "/rules/bb2025/teams/bretonnian/",
    "/rules/bb2025/skills/",
    "/rules/bb2025/skills/?category=D",
    "/rules/bb2025/star-players/",
    "/rules/bb2025/inducements/",
    "/rules/bb2025/tables/",
    "/rules/bb2025/tables/casualty/",
    "/rules/bb2025/tables/characteristic_improvement/",
    "/rules/bb2025/tables/advancement_costs/",
    "/rules/bb2025/tables/value_increases/",
    "/rules/bb2025/tables/expensive_mistakes/",
]


@pytest.mark.django_db
@pytest.mark.parametrize("url", PAGES_2025)
@pytest.mark.parametrize("language", ["en", "ko", "el"])
def test_bb2025_pages_render_in_every_script_without_a_query(
    client, django_assert_num_queries, url, language
):
    page(client, url)
    with django_assert_num_queries(0):
        html = page(client, url, language)
    assert f'<html lang="{language}">' in html
    assert "<script>" not in html
    assert "style=" not in html


def test_rules_index_offers_the_newest_edition_first(client):
    html = page(client, "/rules/")
    assert html.index('href="/rules/bb2025/"') < html.index('href="/rules/bb2020/"')
    assert "Blood Bowl (2025 edition)" in html or "Third Season" in html
    assert "30 rosters" in html
    assert "29 rosters" in html
    assert 'href="/rules/bb2025.json"' in html


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("/rules/teams/", "/rules/bb2020/teams/"),
        ("/rules/teams/human/", "/rules/bb2020/teams/human/"),
        ("/rules/skills/?category=A", "/rules/bb2020/skills/?category=A"),
        ("/rules/star-players/", "/rules/bb2020/star-players/"),
        ("/rules/inducements/", "/rules/bb2020/inducements/"),
        ("/rules/tables/weather/", "/rules/bb2020/tables/weather/"),
    ],
)
def test_links_from_before_editions_lead_to_bb2020(client, old, new):
    response = client.get(old)
    assert response.status_code == 301
    assert response["Location"] == new


def test_unknown_edition_is_not_found(client):
    assert client.get("/rules/bb1987/teams/").status_code == 404


def test_edition_switcher_links_the_same_page_or_the_list_where_it_does_not_exist(client):
    html = page(client, "/rules/bb2025/teams/human/")
    assert '<a href="/rules/bb2020/teams/human/">' in html
    assert '<strong aria-current="true">' in html
    html = page(client, "/rules/bb2025/teams/bretonnian/")
    assert '<a href="/rules/bb2020/teams/">' in html


def test_bb2025_team_page_shows_its_leagues_league_rules_and_keywords(client):
    html = squash(page(client, "/rules/bb2025/teams/norse/"))
    assert "Old World Classic" in html
    assert "Chaos Clash" in html
    assert "Favoured of Khorne" in html
    assert "When drafting the team, its coach chooses the League it plays for:" in html
    assert "<small>Lineman, Human</small>" in html
    # a star of the Chaos Clash plays for the Norse only if they chose it
    assert re.search(
        r"Max Spleenripper</a></th> <td class=\"num\">[\d,]+</td> <td> Only if the team chose", html
    )


def test_bb2025_skills_have_the_devious_category_and_elite_skills(client):
    html = page(client, "/rules/bb2025/skills/?category=D")
    assert '<h2 id="category-D">Devious' in html
    assert 'id="skill-dirty_player"' in html
    assert 'id="skill-block"' not in html
    html = page(client, "/rules/bb2025/skills/?category=G")
    assert '<dt id="skill-block">Block <small>(Elite)</small></dt>' in html


def test_bb2025_casualty_table_shows_the_new_bands(client):
    html = squash(page(client, "/rules/bb2025/tables/casualty/"))
    assert re.search(r"1–8</td> <th scope=\"row\">Badly Hurt", html)
    assert re.search(r"15–16</td> <th scope=\"row\">Dead", html)
