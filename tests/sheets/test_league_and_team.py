"""A league's sheets (its optional rules, points and tie-breakers) and a team's printable sheet.

Three real renders (a league sheet, the team sheet in English and in Korean); the other tests stand in
a blank PDF for the renderer.
"""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from rosters.models import Player
from rulebook.data import SkillRef
from rulebook.edition import get_edition
from sheets import services
from sheets.catalogue import ContentError, get_catalogue
from sheets.models import TEAM_SHEET, SheetJob, SheetPack, Status
from sheets.options import league_options
from sheets.render import render_sheet_pdf, sheet_document
from sheets.rulebook_blocks import gold
from tests.league.factories import make_league
from tests.rosters.helpers import ready_human_team
from tests.sheets.conftest import blank_pdf
from tests.sheets.pdf_checks import fonts_not_embedded, notdef_messages, pdf_text, squeeze, weasyprint_log

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery", "media")]

EDITION = get_edition("bb2020")
CATALOGUE = get_catalogue()
PRE_MATCH = CATALOGUE.sheet("bb2020", "pre_match")
RANDOM_EVENTS = CATALOGUE.sheet("bb2020", "random_events")


def heading(sheet, optional):
    section = next(section for section in sheet.sections if section.optional == optional)
    return sheet.text(section.heading, "en")


@pytest.fixture
def league(owner):
    return make_league(
        commissioner=owner,
        name="Old World League",
        slug="old-world",
        optional_rules=["match_balls"],
        points_win=4,
        points_draw=2,
        points_loss=1,
        tiebreakers=["cas_difference", "head_to_head_points", "coin_flip"],
        petty_cash_procedure="2020",
    )


@pytest.fixture
def private_league(owner):
    return make_league(commissioner=owner, slug="back-room", public=False, optional_rules=[])


@pytest.fixture
def team(owner):
    team = ready_human_team(owner, name="Reikland Reavers")
    blitzer = team.players.filter(position="blitzer").first()
    blitzer.name = "Griff Oberwald"
    blitzer.miss_next_game = True
    blitzer.save()
    return team


@pytest.fixture
def blank_team_renderer(monkeypatch):
    calls = []

    def render(team, players, *, language, paper):
        calls.append((team.pk, language, paper))
        return blank_pdf()

    monkeypatch.setattr("sheets.jobs.render_team_pdf", render)
    return calls


# ------------------------------------------------------------------------------------------ catalogue


def test_optional_sections_of_the_catalogue_know_their_rule():
    assert {section.optional for section in PRE_MATCH.sections} == {None, "stadium", "match_balls"}
    assert PRE_MATCH.sections_for(None) == PRE_MATCH.sections
    kept = PRE_MATCH.sections_for(("match_balls",))
    assert "stadium" not in {section.optional for section in kept}
    assert "match_balls" in {section.optional for section in kept}
    assert not CATALOGUE.sheet("bb2020", "random_events").is_included(())


def test_an_unknown_optional_rule_stops_the_catalogue(content):
    sheets = '[[sheet]]\nid = "x"\ntitle = "t"\noptional = "moon_landing"\n'
    content("bb2020", sheets, {"en": '[game]\ntitle = "BB"\nt = "T"'})
    with pytest.raises(ContentError, match="moon_landing"):
        get_catalogue()


# ------------------------------------------------------------------------------------------- leagues


def test_a_league_sheet_leaves_out_the_optional_rules_it_does_not_use_and_prints_its_rules(league):
    options = league_options(league)
    with weasyprint_log() as records:
        pdf = render_sheet_pdf(RANDOM_EVENTS, language="en", paper="a4", league=options)
    text = pdf_text(pdf)
    assert not notdef_messages([record.getMessage() for record in records])
    assert not records, [record.getMessage() for record in records][:5]
    assert fonts_not_embedded(pdf) == []
    assert squeeze(heading(RANDOM_EVENTS, "match_balls")) in text
    assert squeeze(heading(RANDOM_EVENTS, "stadium")) not in text
    assert squeeze(heading(RANDOM_EVENTS, "random_events")) not in text
    assert squeeze("League rules") in text
    assert squeeze("Old World League") in text
    assert squeeze("Win 4 · Draw 2 · Loss 1") in text
    assert squeeze("Casualty difference") in text
    assert text.index(squeeze("Casualty difference")) < text.index(squeeze("Head-to-head points"))
    assert squeeze(EDITION.text("petty_cash.2020.name")) in text
    assert squeeze(EDITION.text("optional.match_balls.name")) in text


def test_the_league_rules_section_shows_bonus_points_only_when_the_league_uses_them(league):
    document = sheet_document(PRE_MATCH, language="en", league=league_options(league))
    terms = [term for term, _detail in document.sections[0].blocks[0].items]
    assert "Bonus points" not in terms
    league.bonus_points = True
    document = sheet_document(PRE_MATCH, language="en", league=league_options(league))
    items = dict(document.sections[0].blocks[0].items)
    assert "3+ touchdowns scored +1" in items["Bonus points"]


def test_a_league_prints_only_the_sheets_that_hold_something_for_it(league):
    ids = [sheet.id for sheet in services.league_sheets(league)]
    assert ids[0] == "pre_match"
    assert "random_events" in ids  # its match balls section
    league.optional_rules = []
    assert "random_events" not in [sheet.id for sheet in services.league_sheets(league)]


def test_the_content_hash_of_a_league_sheet_changes_with_the_league_settings(league, owner):
    def digest():
        return services.content_hash(PRE_MATCH, language="en", paper="a4", league=league_options(league))

    plain = services.content_hash(PRE_MATCH, language="en", paper="a4")
    before = digest()
    assert before == digest()
    assert before != plain
    seen = {plain, before}
    for field, value in [
        ("points_win", 3),
        ("tiebreakers", ["head_to_head_points", "cas_difference", "coin_flip"]),
        ("optional_rules", ["match_balls", "stadium"]),
        ("petty_cash_procedure", "2025"),
        ("bonus_points", True),
    ]:
        setattr(league, field, value)
        assert digest() not in seen, field
        seen.add(digest())
    other = make_league(commissioner=owner, slug="other", optional_rules=league.optional_rules)
    for field in ("points_win", "points_draw", "points_loss", "tiebreakers", "petty_cash_procedure"):
        setattr(other, field, getattr(league, field))
    other.bonus_points, other.name = True, league.name
    assert (
        services.content_hash(PRE_MATCH, language="en", paper="a4", league=league_options(other)) != digest()
    )


def test_a_league_pack_is_cached_apart_and_renders_with_the_league_options(
    client, league, fake_renderer, django_capture_on_commit_callbacks
):
    html = client.get(reverse("sheets:league_pack", args=[league.slug])).content.decode()
    assert "Old World League" in html
    assert "Win 4 · Draw 2 · Loss 1" in html
    assert re.search(r'value="en"[^>]*checked', html)
    assert PRE_MATCH.title_in("en") in html

    with django_capture_on_commit_callbacks(execute=True):
        services.request_sheet_pdf(sheet=PRE_MATCH, language="en", paper="a4")  # everyone's copy
        response = client.post(
            reverse("sheets:league_pack", args=[league.slug]),
            {"languages": ["en", "ko"], "paper": "a4", "merged": "on"},
        )
    pack = SheetPack.objects.get(league=league)
    assert response.status_code == 302
    assert response.url == reverse("sheets:pack", args=[pack.pk])
    pack.refresh_from_db()
    assert pack.status == Status.READY, pack.error
    jobs = pack.ordered_jobs()
    assert len(jobs) == 2 * len(services.league_sheets(league))
    assert jobs[0].filename == "old-world-bb2020-pre_match-en-a4.pdf"
    assert all(job.league_id == league.pk for job in jobs)
    assert SheetJob.objects.filter(league=None).count() == 1  # the plain PDF was not reused
    assert {league.optional_rules for league in fake_renderer.leagues if league} == {("match_balls",)}
    html = client.get(reverse("sheets:pack", args=[pack.pk])).content.decode()
    assert "Old World League" in html


def test_a_private_league_pack_is_only_for_those_who_may_see_the_league(
    client, private_league, owner, outsider, fake_renderer, django_capture_on_commit_callbacks
):
    url = reverse("sheets:league_pack", args=[private_league.slug])
    client.force_login(outsider)
    assert client.get(url).status_code == 404
    assert client.post(url, {"languages": ["en"], "paper": "a4"}).status_code == 404
    assert not SheetPack.objects.exists()

    client.force_login(owner)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"languages": ["en"], "paper": "a4"})
    pack = SheetPack.objects.get()
    assert response.url == reverse("sheets:pack", args=[pack.pk])

    client.force_login(outsider)
    assert client.get(reverse("sheets:pack", args=[pack.pk])).status_code == 404
    assert client.get(reverse("sheets:job", args=[pack.ordered_jobs()[0].pk])).status_code == 404


def test_the_league_page_links_to_its_sheets(client, league):
    html = client.get(reverse("league:detail", args=[league.slug])).content.decode()
    assert reverse("sheets:league_pack", args=[league.slug]) in html


# --------------------------------------------------------------------------------------------- teams


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_team_sheet_pdf_holds_the_roster_skills_and_inducement_prices(
    team, language, django_capture_on_commit_callbacks
):
    with weasyprint_log() as records, django_capture_on_commit_callbacks(execute=True):
        job, created = services.request_team_pdf(team=team, language=language, paper="a4")
    job.refresh_from_db()
    assert created
    assert job.status == Status.READY, job.error
    assert (job.sheet, job.team_id, job.filename) == (
        TEAM_SHEET,
        team.pk,
        f"team-{team.pk}-{language}-a4.pdf",
    )
    pdf = job.file.read()
    assert not notdef_messages([record.getMessage() for record in records])
    assert not records, [record.getMessage() for record in records][:5]
    assert fonts_not_embedded(pdf) == []
    text = pdf_text(pdf)
    for name in ("Reikland Reavers", "Griff Oberwald"):
        assert squeeze(name) in text
    assert squeeze(EDITION.skill_label(SkillRef("block"), language)) in text
    assert squeeze(EDITION.text("inducement.dwarfen_runesmith.name", language)) in text
    with translation.override(language):
        assert squeeze(gold(300000)) in text  # Halfling Master Chef at its price for this team
    assert squeeze(EDITION.text("inducement.mortuary_assistant.name", language)) not in text
    assert squeeze(EDITION.text("star.griff_oberwald.name", language)) in text
    assert squeeze(EDITION.text("edition.name", language)) in text  # the printed roster names its edition


def test_the_team_pdf_is_reused_until_the_team_changes(
    team, blank_team_renderer, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        first, _created = services.request_team_pdf(team=team, language="en", paper="a4")
        again, created = services.request_team_pdf(team=team, language="en", paper="a4")
    assert (again.pk, created) == (first.pk, False)
    Player.objects.filter(team=team, position="blitzer").update(spp_earned=6)
    with django_capture_on_commit_callbacks(execute=True):
        changed, created = services.request_team_pdf(team=team, language="en", paper="a4")
    assert created
    assert changed.pk != first.pk
    assert blank_team_renderer == [(team.pk, "en", "a4"), (team.pk, "en", "a4")]


def test_the_team_sheet_page_shows_the_roster_in_the_chosen_language_for_anyone(client, team):
    html = client.get(
        reverse("sheets:team", args=[team.pk]), {"lang": "ko", "paper": "letter"}
    ).content.decode()
    assert '<div class="sheet" lang="ko">' in html
    assert "Griff Oberwald" in html
    assert EDITION.skill_label(SkillRef("block"), "ko") in html
    assert EDITION.text("inducements.name", "ko") in html
    assert f'<p class="sheet-game">{EDITION.text("edition.name", "ko")} · ' in html
    assert "css/sheet-letter.css" in html
    assert "style=" not in html
    assert client.get(reverse("sheets:team", args=[team.pk]), {"lang": "xx"}).status_code == 404


def test_asking_for_the_team_pdf_follows_its_job(
    client, team, blank_team_renderer, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("sheets:team_pdf", args=[team.pk]), {"language": "fr", "paper": "a4"})
    job = SheetJob.objects.get(team=team)
    assert response.url == reverse("sheets:job", args=[job.pk])
    html = client.get(response.url).content.decode()
    assert "Reikland Reavers" in html
    assert reverse("sheets:job_download", args=[job.pk]) in html


def test_the_team_page_links_to_its_sheet(client, team):
    html = client.get(reverse("rosters:team", args=[team.pk])).content.decode()
    assert reverse("sheets:team", args=[team.pk]) in html
