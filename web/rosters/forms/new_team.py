"""The new-team form: an edition, a team list of that edition, and the draft choices the list offers."""

import json

from django import forms
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from rosters import dedication, services
from rosters.editions import edition_choices, newest_edition_id
from rulebook import dedication as dedication_rules
from rulebook.edition import available_editions, get_edition
from web.rosters.forms.base import ServiceForm


def team_list_choices(edition, optional_rules=()):
    """Team lists grouped by tier, named in the active language, sorted by name: those that may take
    part in a league playing `optional_rules` (the Flame Eternal: Elven Kingdoms League teams)."""
    language = get_language()
    allowed = [
        team for team in edition.teams.values() if dedication.may_take_part(edition, optional_rules, team)
    ]
    groups = []
    for tier in sorted({team.tier for team in allowed}):
        teams = sorted(
            ((team.id, edition.name(team, language)) for team in allowed if team.tier == tier),
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
    # Asked only for a league whose optional rules dedicate each team to one of their rows (an Elven god).
    dedication = forms.ChoiceField(label=_("Dedicated to"), required=False)
    dedication_position = forms.ChoiceField(label=_("Favoured player type"), required=False)

    def __init__(
        self, data=None, *args, coach, edition=None, roster=None, optional_rules=(), league_slug="", **kwargs
    ):
        super().__init__(data, *args, **kwargs)
        self.coach = coach
        self.edition = get_edition(requested_edition(edition))
        self.optional_rules = tuple(optional_rules)
        self.fields["edition"].choices = [(self.edition.id, self.edition.id)]
        self.fields["edition"].initial = self.edition.id
        choices = team_list_choices(self.edition, self.optional_rules)
        self.fields["roster"].choices = [("", _("Choose a team list")), *choices]
        # Choosing a team list asks the page (htmx) for the choices of that list only.
        self.fields["roster"].widget.attrs.update(
            {
                "hx-get": reverse("rosters:new"),
                # The league drafted for, whose optional rules may ask for more (a dedication).
                "hx-vals": json.dumps(
                    {"edition": self.edition.id, **({"league": league_slug} if league_slug else {})}
                ),
                "hx-target": "#draft-choices",
                "hx-swap": "outerHTML",
                "aria-controls": "draft-choices",
            }
        )
        roster = data.get("roster") if data is not None else roster
        if roster:
            self.fields["roster"].initial = roster
        self._offer_choices(self.edition.teams.get(roster))
        self._offer_dedication(self.edition.teams.get(roster))

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

    def _offer_dedication(self, rules):
        """What the team may be dedicated to in the league it is drafted for, and the player types of
        its team list that a dedication may favour (none without such a league)."""
        offered = dedication.choices(self.edition, self.optional_rules)
        if not offered:
            del self.fields["dedication"], self.fields["dedication_position"]
            return
        self.fields["dedication"].choices = [("", _("Choose one")), *offered]
        self.fields["dedication"].help_text = _(
            "The league dedicates each team to one of these for the whole league: chosen now, changed "
            "only until the team's first match."
        )
        positions = {}
        for row_id, _name in offered:
            if rules is not None:
                positions.update(dedication.position_choices(self.edition, rules, row_id))
        if not positions:
            del self.fields["dedication_position"]
            return
        self.fields["dedication_position"].choices = [("", _("None")), *positions.items()]
        self.fields["dedication_position"].help_text = _(
            "The one player type the dedication lets take one more player, if it does."
        )

    def draft_choice_fields(self):
        """The bound League, special rule and dedication fields the chosen team list (and the league drafted
        for) asks for."""
        names = ("chosen_league", "chosen_rule", "dedication", "dedication_position")
        return [self[name] for name in names if name in self.fields]

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
            optional_rules=self.optional_rules,
            dedication_id=self.cleaned_data.get("dedication", ""),
            dedication_position=self.cleaned_data.get("dedication_position", ""),
        )


def draft_numbers(edition, optional_rules=()):
    """The numbers of a draft in `edition` (for a league playing `optional_rules`), for the new-team
    page."""
    settings = edition.settings
    staff = settings.staff
    fans = settings.dedicated_fans
    budget = dedication_rules.draft_budget(edition, optional_rules)
    return {
        "edition_name": edition.text("edition.name", get_language()),
        "starting_treasury": settings.starting_treasury if budget is None else budget,
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
