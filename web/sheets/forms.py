"""Choosing sheets: one sheet (language, paper) to see or print, or a pack of several."""

from django import forms
from django.conf import settings
from django.utils.translation import get_language, get_language_info, gettext
from django.utils.translation import gettext_lazy as _

from sheets import services
from sheets.catalogue import get_catalogue
from sheets.models import Paper
from sheets.services import MAX_PACK_ITEMS


def language_choices():
    """Each language named in itself: a Korean reader finds 한국어 whatever the interface shows."""
    return [(code, get_language_info(code)["name_local"]) for code, _name in settings.LANGUAGES]


def sheet_label(sheet, language):
    """The sheet's title in `language`, with its edition's short name where its game has one ("Injuries
    (BB2025)"): two editions have sheets of the same title, and a list shows no group heading."""
    title = sheet.title_in(language)
    if not sheet.game.edition_id:
        return title
    edition = sheet.game.edition.text("edition.short", language)
    return gettext("%(sheet)s (%(edition)s)") % {"sheet": title, "edition": edition}


def sheet_choices(language, edition=None):
    """Sheets grouped by game, labelled in `language` (sheet_label): [(game title, [(slug, label), ...]),
    ...]; the game of `edition` (a rulebook edition id), if any, first."""
    games = sorted(get_catalogue(), key=lambda game: edition is None or game.edition_id != edition)
    return [
        (
            game.title_in(language),
            [(sheet.slug, sheet_label(sheet, language)) for sheet in game.sheets.values()],
        )
        for game in games
    ]


def first_sheet(edition):
    """The slug of the first sheet of the game of `edition` (a rulebook edition id), or None."""
    games = [game for game in get_catalogue() if edition and game.edition_id == edition and game.sheets]
    return next(iter(games[0].sheets.values())).slug if games else None


def default_language():
    language = get_language() or settings.LANGUAGE_CODE
    return language if language in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


class SheetChoiceForm(forms.Form):
    """One sheet in one language on one paper size. With `sheet` given (the sheet's own page), the
    sheet field is left out. With `edition` (the reader's rulebook edition), its game's sheets come first
    and the first of them is chosen; without, nothing is chosen (no edition's sheet before the other's).
    `cleaned_data["sheet"]` is a catalogue Sheet."""

    # Grouped by game (see sheet_choices): the select shows one <optgroup> per game.
    sheet = forms.ChoiceField(label=_("Sheet"))
    # Not "Language": the site's language switcher in the footer has that name on every page.
    language = forms.ChoiceField(label=_("Sheet language"))
    paper = forms.ChoiceField(label=_("Paper size"), choices=Paper.choices, initial=Paper.A4)

    def __init__(self, *args, sheet=None, edition=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fixed_sheet = sheet
        language = default_language()
        self.fields["language"].choices = language_choices()
        self.fields["language"].initial = language
        if sheet is None:
            initial = first_sheet(edition)
            choices = sheet_choices(language, edition if initial else None)
            if initial is None:
                choices = [("", gettext("Choose a sheet")), *choices]
            self.fields["sheet"].choices = choices
            self.fields["sheet"].initial = initial
        else:
            del self.fields["sheet"]

    def clean_sheet(self):
        return get_catalogue().sheet_by_slug(self.cleaned_data["sheet"])

    def clean(self):
        cleaned = super().clean()
        sheet = self.fixed_sheet or cleaned.get("sheet")
        language = cleaned.get("language")
        if sheet is not None and language and language not in sheet.languages:
            self.add_error(
                "language",
                _("This sheet is not available in %(language)s yet.")
                % {"language": get_language_info(language)["name_local"]},
            )
        cleaned["sheet"] = sheet
        return cleaned

    def save(self, *, may_render=None):
        """The PDF job of the chosen sheet: (job, created), see services.request_sheet_pdf."""
        data = self.cleaned_data
        return services.request_sheet_pdf(
            sheet=data["sheet"], language=data["language"], paper=data["paper"], may_render=may_render
        )


class SheetPackForm(forms.Form):
    """Several sheets in several languages, as one zip (and one merged PDF if asked).
    `cleaned_data["items"]` lists the (sheet, language) pairs that exist."""

    sheets = forms.MultipleChoiceField(label=_("Sheets"), widget=forms.CheckboxSelectMultiple)
    languages = forms.MultipleChoiceField(label=_("Languages"), widget=forms.CheckboxSelectMultiple)
    paper = forms.ChoiceField(label=_("Paper size"), choices=Paper.choices, initial=Paper.A4)
    merged = forms.BooleanField(label=_("Also one PDF with every sheet"), required=False)

    def __init__(self, *args, edition=None, **kwargs):
        super().__init__(*args, **kwargs)
        language = default_language()
        self.fields["sheets"].choices = sheet_choices(language, edition)
        self.fields["languages"].choices = language_choices()
        self.fields["languages"].initial = [language]

    def clean(self):
        cleaned = super().clean()
        catalogue = get_catalogue()
        sheets = [catalogue.sheet_by_slug(slug) for slug in cleaned.get("sheets", [])]
        languages = cleaned.get("languages", [])
        items = [
            (sheet, language) for sheet in sheets for language in languages if language in sheet.languages
        ]
        if sheets and languages and not items:
            raise forms.ValidationError(_("None of these sheets exists in these languages yet."))
        if len(items) > MAX_PACK_ITEMS:
            raise forms.ValidationError(
                _("A pack holds at most %(count)s sheets.") % {"count": MAX_PACK_ITEMS}
            )
        cleaned["items"] = items
        return cleaned

    def save(self):
        """The new pack, see services.create_sheet_pack."""
        data = self.cleaned_data
        return services.create_sheet_pack(items=data["items"], paper=data["paper"], merged=data["merged"])


class LeaguePackForm(forms.Form):
    """Every sheet of a league's game as that league prints them, in the chosen languages, as one zip
    (and one merged PDF if asked). `cleaned_data["items"]` lists the (sheet, language) pairs."""

    languages = forms.MultipleChoiceField(label=_("Languages"), widget=forms.CheckboxSelectMultiple)
    paper = forms.ChoiceField(label=_("Paper size"), choices=Paper.choices, initial=Paper.A4)
    merged = forms.BooleanField(label=_("Also one PDF with every sheet"), required=False, initial=True)

    def __init__(self, *args, league, **kwargs):
        super().__init__(*args, **kwargs)
        self.league = league
        self.fields["languages"].choices = language_choices()
        self.fields["languages"].initial = [default_language()]

    def clean(self):
        cleaned = super().clean()
        languages = cleaned.get("languages", [])
        items = services.league_pack_items(self.league, languages=languages)
        if languages and not items:
            raise forms.ValidationError(_("None of these sheets exists in these languages yet."))
        cleaned["items"] = items
        return cleaned

    def save(self):
        """The new pack, see services.create_sheet_pack."""
        data = self.cleaned_data
        return services.create_sheet_pack(
            items=data["items"], paper=data["paper"], merged=data["merged"], league=self.league
        )


class _LanguageAndPaperForm(forms.Form):
    """A sheet of a team or a match in one language on one paper size."""

    language = forms.ChoiceField(label=_("Sheet language"))
    paper = forms.ChoiceField(label=_("Paper size"), choices=Paper.choices, initial=Paper.A4)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["language"].choices = language_choices()
        self.fields["language"].initial = default_language()


class TeamSheetForm(_LanguageAndPaperForm):
    """A team's sheet in one language on one paper size."""

    def __init__(self, *args, team, **kwargs):
        super().__init__(*args, **kwargs)
        self.team = team

    def save(self, *, may_render=None):
        """The PDF job of the team's sheet: (job, created), see services.request_team_pdf."""
        data = self.cleaned_data
        return services.request_team_pdf(
            team=self.team, language=data["language"], paper=data["paper"], may_render=may_render
        )


class MatchSheetForm(_LanguageAndPaperForm):
    """A match's sheet in one language on one paper size."""

    def __init__(self, *args, match, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match

    def save(self, *, may_render=None):
        """The PDF job of the match's sheet: (job, created), see services.request_match_pdf."""
        data = self.cleaned_data
        return services.request_match_pdf(
            match=self.match, language=data["language"], paper=data["paper"], may_render=may_render
        )
