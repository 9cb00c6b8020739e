"""The sheets pages' form fields have names of their own: the sheet's language is "Sheet language", not
"Language" like the site's switcher in the footer of every page; the "Sheet" select groups its sheets by
game (issue #16)."""

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from sheets.catalogue import get_catalogue
from tests.rosters.helpers import ready_human_team

pytestmark = pytest.mark.django_db

CATALOGUE = get_catalogue()


class Fields(HTMLParser):
    """The labelled fields of a page: {field id: label text}, and the <optgroup>s of each select
    ({select id: [(group label, [option values])]})."""

    def __init__(self, html):
        super().__init__()
        self.label_of, self.fields, self.groups = {}, [], {}
        self._label, self._text, self._select = None, [], None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "label":
            self._label, self._text = attrs.get("for"), []
        elif tag == "select" or (tag == "input" and attrs.get("type") not in ("hidden", "submit")):
            self.fields.append(attrs.get("id"))
            if tag == "select":
                self._select = attrs.get("id")
                self.groups[self._select] = []
        elif tag == "optgroup" and self._select:
            self.groups[self._select].append((attrs["label"], []))
        elif tag == "option" and self._select and self.groups[self._select]:
            self.groups[self._select][-1][1].append(attrs["value"])

    def handle_endtag(self, tag):
        if tag == "label" and self._label:
            self.label_of[self._label] = " ".join("".join(self._text).split()).rstrip(":")
            self._label = None
        elif tag == "select":
            self._select = None

    def handle_data(self, data):
        if self._label:
            self._text.append(data)

    def names(self):
        return [self.label_of.get(field) for field in self.fields]


def fields_of(response):
    assert response.status_code == 200
    return Fields(response.content.decode())


def assert_unique_names(fields):
    names = fields.names()
    assert None not in names, f"a field without a label: {fields.fields}"
    assert len(names) == len(set(names)), names


def test_the_sheets_page_names_the_sheet_language_apart_from_the_site_language(client):
    fields = fields_of(client.get(reverse("sheets:index")))

    assert fields.label_of["id_language"] == "Sheet language"
    assert fields.label_of["language-select"] == "Language"
    assert_unique_names(fields)


def test_the_sheet_select_groups_its_sheets_by_game(client):
    groups = fields_of(client.get(reverse("sheets:index"))).groups["id_sheet"]

    expected = [(game.title_in("en"), [sheet.slug for sheet in game.sheets.values()]) for game in CATALOGUE]
    assert groups == expected
    assert len(groups) >= 3


def test_a_sheet_page_names_its_language_select_apart_from_the_site_language(client):
    sheet = CATALOGUE.sheet("rugby", "rolls")
    fields = fields_of(client.get(reverse("sheets:sheet", args=[sheet.game.id, sheet.id])))

    assert fields.label_of["sheet-lang"] == "Sheet language"
    assert fields.label_of["sheet-paper"] == "Paper size"
    assert_unique_names(fields)


def test_a_team_sheet_page_names_its_language_select_apart_from_the_site_language(client, owner):
    team = ready_human_team(owner)
    fields = fields_of(client.get(reverse("sheets:team", args=[team.pk])))

    assert fields.label_of["sheet-lang"] == "Sheet language"
    assert_unique_names(fields)
