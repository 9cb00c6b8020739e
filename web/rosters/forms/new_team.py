"""The new-team form: an edition, a team list of that edition, and the draft choices the list offers."""

import json

from django import forms
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from rosters import services
from rosters.editions import edition_choices, newest_edition_id
from rulebook.edition import available_editions, get_edition
from web.rosters.forms.base import ServiceForm


def team_list_choices(edition):
    """Team lists grouped by tier, named in the active language, sorted by name."""
    language = get_language()
    groups = []
    for tier in sorted({team.tier for team in edition.teams.values()}):
        teams = sorted(
            ((team.id, edition.name(team, language)) for team in edition.teams.values() if team.tier == tier),
            key=lambda choice: choice[1].casefold(),
        )
        groups.append((_("Tier %(tier)d") % {"tier": tier}, teams))
    return groups


def _named(edition, ids):
    """Each id once, with its name in the active language, sorted by name."""
    language = get_language()
    choices = {rule: edition.rule_name(rule, language) for rule in ids}
    return sorted(choices.items(), key=lambda choice: choice[1].casefold())


# Why the chosen team list asks for a League or a special rule (shown under the field).
_CHOICE_HELP = {
    "chosen_league": _(
        "This team list may play for several Leagues: choose one. The League decides which Star Players "
        "and inducements the team may hire."
    ),
    "chosen_rule": _("This team list offers a choice of special rule: chosen once, for good."),
}


def requested_edition(value):
    """The edition id asked for, or the newest edition when none (or an unknown one) is asked for: the
    edition the page proposes. A posted form must name its edition (NewTeamForm.edition is required)."""
    return value if value in available_editions() else newest_edition_id()


class EditionForm(forms.Form):
    """Which edition's team lists the new-team form offers (sent with GET)."""

    edition = forms.ChoiceField(
        label=_("Edition"),
        help_text=_("The rules the team is drafted in and plays by. A league plays one edition."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["edition"].choices = edition_choices()


class NewTeamForm(ServiceForm):
    # Required: a team posted without its edition (or with an unknown one) is refused, never drafted in
    # the edition the page would propose.
    edition = forms.ChoiceField(label=_("Edition"), widget=forms.HiddenInput)
    roster = forms.ChoiceField(label=_("Team list"))
    name = forms.CharField(label=_("Team name"), max_length=80)
    chosen_league = forms.ChoiceField(label=_("League"), required=False)
    chosen_rule = forms.ChoiceField(label=_("Special rule"), required=False)

    def __init__(self, data=None, *args, coach, edition=None, roster=None, **kwargs):
        super().__init__(data, *args, **kwargs)
        self.coach = coach
        self.edition = get_edition(requested_edition(edition))
        self.fields["edition"].choices = [(self.edition.id, self.edition.id)]
        self.fields["edition"].initial = self.edition.id
        self.fields["roster"].choices = [("", _("Choose a team list")), *team_list_choices(self.edition)]
        # Choosing a team list asks the page (htmx) for the choices of that list only.
        self.fields["roster"].widget.attrs.update(
            {
                "hx-get": reverse("rosters:new"),
                "hx-vals": json.dumps({"edition": self.edition.id}),
                "hx-target": "#draft-choices",
                "hx-swap": "outerHTML",
                "aria-controls": "draft-choices",
            }
        )
        roster = data.get("roster") if data is not None else roster
        if roster:
            self.fields["roster"].initial = roster
        self._offer_choices(self.edition.teams.get(roster))

    def _offer_choices(self, rules):
        """Only the League and special rule choices of the chosen team list (none before one is chosen):
        a Chaos Chosen coach sees the Favoured of ... a Norse coach may not take."""
        leagues = rules.leagues if rules is not None and len(rules.leagues) > 1 else ()
        options = rules.special_rule_options if rules is not None else ()
        for name, ids in (("chosen_league", leagues), ("chosen_rule", options)):
            if not ids:
                del self.fields[name]
                continue
            field = self.fields[name]
            field.choices = [("", _("Choose one")), *_named(self.edition, ids)]
            field.help_text = _CHOICE_HELP[name]

    def draft_choice_fields(self):
        """The bound League and special rule fields the chosen team list asks for."""
        return [self[name] for name in ("chosen_league", "chosen_rule") if name in self.fields]

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        if not name:
            raise ValidationError(_("Give the team a name."))
        return name

    def clean(self):
        """A team list that asks for a League or a special rule gets one of its own (the fields offer
        no other; a choice left empty is named here with its options, for a page without htmx)."""
        cleaned = super().clean()
        rules = self.edition.teams.get(cleaned.get("roster"))
        if rules is None:
            return cleaned
        asked = {
            "chosen_league": (
                rules.leagues if len(rules.leagues) > 1 else (),
                _("This team list needs one of its Leagues: %(names)s."),
            ),
            "chosen_rule": (
                rules.special_rule_options,
                _("This team list needs one of its special rules: %(names)s."),
            ),
        }
        for name, (ids, message) in asked.items():
            if ids and not cleaned.get(name) and name not in self.errors:
                names = ", ".join(label for _id, label in _named(self.edition, ids))
                self.add_error(name, message % {"names": names})
        return cleaned

    def save(self):
        return services.create_team(
            coach=self.coach,
            roster=self.cleaned_data["roster"],
            name=self.cleaned_data["name"],
            chosen_league=self.cleaned_data.get("chosen_league", ""),
            chosen_rule=self.cleaned_data.get("chosen_rule", ""),
            edition=self.edition.id,
        )


def draft_numbers(edition):
    """The numbers of a draft in `edition`, for the new-team page."""
    settings = edition.settings
    staff = settings.staff
    fans = settings.dedicated_fans
    return {
        "edition_name": edition.text("edition.name", get_language()),
        "starting_treasury": settings.starting_treasury,
        "min_players": settings.min_players,
        "max_players": settings.max_players,
        "max_rerolls": settings.max_rerolls,
        "fans_cost": fans.cost,
        "fans_max": fans.max_draft,
        "staff": [
            {
                "name": edition.text(f"staff.{kind}.name", get_language()),
                "cost": staff[kind].cost,
                "max": staff[kind].max,
            }
            for kind in ("assistant_coach", "cheerleader", "apothecary")
        ],
    }
