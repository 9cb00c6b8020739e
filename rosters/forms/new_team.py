"""The new-team form: an edition, a team list of that edition, and the draft choices the list offers."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from rosters import services
from rosters.editions import edition_choices, newest_edition_id
from rosters.forms.base import ServiceForm
from rulebook.edition import available_editions, get_edition


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


def _teams_offering(edition, offers):
    language = get_language()
    names = sorted(edition.name(team, language) for team in edition.teams.values() if offers(team))
    return ", ".join(names)


def league_choices(edition):
    """Every League a coach may have to choose (of the team lists that may play for several), once each."""
    return _named(
        edition,
        [league for team in edition.teams.values() if len(team.leagues) > 1 for league in team.leagues],
    )


def special_rule_choices(edition):
    """Every special rule some team list offers a choice of (Favoured of ...), once each."""
    return _named(edition, [rule for team in edition.teams.values() for rule in team.special_rule_options])


def requested_edition(value):
    """The edition id asked for, or the newest edition when none (or an unknown one) is asked for."""
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
    edition = forms.ChoiceField(widget=forms.HiddenInput, required=False)
    roster = forms.ChoiceField(label=_("Team list"))
    name = forms.CharField(label=_("Team name"), max_length=80)
    chosen_league = forms.ChoiceField(label=_("League"), required=False)
    chosen_rule = forms.ChoiceField(label=_("Special rule"), required=False)

    def __init__(self, data=None, *args, coach, edition=None, **kwargs):
        super().__init__(data, *args, **kwargs)
        self.coach = coach
        self.edition = get_edition(requested_edition(edition))
        self.fields["edition"].choices = [(self.edition.id, self.edition.id)]
        self.fields["edition"].initial = self.edition.id
        self.fields["roster"].choices = [("", _("Choose a team list")), *team_list_choices(self.edition)]
        self._choice_field(
            "chosen_league",
            league_choices(self.edition),
            _(
                "Only for the team lists that may play for several Leagues: %(teams)s. The League decides "
                "which Star Players and inducements the team may hire."
            ),
            lambda team: len(team.leagues) > 1,
        )
        self._choice_field(
            "chosen_rule",
            special_rule_choices(self.edition),
            _("Only for the team lists that offer a choice: %(teams)s. Chosen once, for good."),
            lambda team: bool(team.special_rule_options),
        )

    def _choice_field(self, name, choices, help_text, offers):
        if not choices:
            del self.fields[name]
            return
        self.fields[name].choices = [("", _("None")), *choices]
        self.fields[name].help_text = help_text % {"teams": _teams_offering(self.edition, offers)}

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        if not name:
            raise ValidationError(_("Give the team a name."))
        return name

    def clean(self):
        cleaned = super().clean()
        rules = self.edition.teams.get(cleaned.get("roster"))
        if rules is None:
            return cleaned
        language = get_language()
        league, rule = cleaned.get("chosen_league", ""), cleaned.get("chosen_rule", "")
        if len(rules.leagues) > 1 and league not in rules.leagues:
            names = ", ".join(self.edition.rule_name(option, language) for option in rules.leagues)
            self.add_error(
                "chosen_league", _("This team list needs one of its Leagues: %(names)s.") % {"names": names}
            )
        elif len(rules.leagues) <= 1 and league:
            self.add_error("chosen_league", _("This team list has no League to choose."))
        if rules.special_rule_options and rule not in rules.special_rule_options:
            names = ", ".join(
                self.edition.rule_name(option, language) for option in rules.special_rule_options
            )
            self.add_error(
                "chosen_rule",
                _("This team list needs one of its special rules: %(names)s.") % {"names": names},
            )
        elif not rules.special_rule_options and rule:
            self.add_error("chosen_rule", _("This team list has no special rule to choose."))
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
    staff = settings["staff"]
    fans = settings["dedicated_fans"]
    return {
        "edition_name": edition.text("edition.name", get_language()),
        "starting_treasury": settings["starting_treasury"],
        "min_players": settings["min_players"],
        "max_players": settings["max_players"],
        "max_rerolls": settings["max_rerolls"],
        "fans_cost": fans["cost"],
        "fans_max": fans["max_draft"],
        "staff": [
            {"name": edition.text(f"staff.{kind}.name", get_language()), **staff[kind]}
            for kind in ("assistant_coach", "cheerleader", "apothecary")
        ],
    }
