"""Forms that create, import and change a team: the draft panel, between matches, one player."""

import json

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from league import naflm_xml
from rosters import captain, dedication, lineup, services, team_json
from rosters.ledger import UndoError, undo_latest
from rulebook.edition import available_editions, get_edition
from web.rosters.forms.base import PlayerActionForm, ServiceForm, TeamActionForm

MAX_IMPORT_BYTES = 1_000_000


# --- creating and importing a team ------------------------------------------------------------------


class ImportForm(ServiceForm):
    file = forms.FileField(label=_("Team file (JSON)"))

    def __init__(self, data=None, files=None, *args, coach, **kwargs):
        super().__init__(data, files, *args, **kwargs)
        self.coach = coach

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_IMPORT_BYTES:
            raise ValidationError(_("The file is too large for a team (at most 1 MB)."))
        try:
            data = json.loads(upload.read().decode("utf-8"))
        # ValueError: besides bad JSON and UTF-8, a number past Python's 4,300 digits; RecursionError:
        # arrays nested thousands deep (both fit in 1 MB).
        except (ValueError, RecursionError) as error:
            raise ValidationError(_("The file is not JSON: %(error)s") % {"error": error}) from error
        return team_json.validate(data)

    def save(self):
        return team_json.import_team(coach=self.coach, data=self.cleaned_data["file"])


class NaflmImportForm(ServiceForm):
    """Teams from NAFLM's (or OBBLM's) team XML, into the edition the coach chooses (league.naflm_xml)."""

    file = forms.FileField(label=_("Team file (NAFLM XML)"))
    edition = forms.ChoiceField(label=_("Edition"))
    league = forms.ChoiceField(label=_("League, for a team list that plays in several"), required=False)
    special_rule = forms.ChoiceField(
        label=_("Special rule, for a team list that has a choice"), required=False
    )

    def __init__(self, data=None, files=None, *args, coach, **kwargs):
        super().__init__(data, files, *args, prefix="naflm", **kwargs)
        self.coach = coach
        editions = [get_edition(edition_id) for edition_id in available_editions()]
        self.fields["edition"].choices = [
            ("", "—"),
            *((e.id, e.text("edition.name", get_language())) for e in editions),
        ]
        self.fields["league"].choices = [("", "—"), *_rule_choices(editions, lambda e: e.leagues)]
        self.fields["special_rule"].choices = [("", "—"), *_rule_choices(editions, _rule_options)]

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_IMPORT_BYTES:
            raise ValidationError(_("The file is too large for a team (at most 1 MB)."))
        return upload.read()

    def save(self):
        data = self.cleaned_data
        return naflm_xml.import_teams(
            data["file"],
            coach=self.coach,
            edition_id=data["edition"],
            chosen_league=data["league"],
            chosen_rule=data["special_rule"],
        )


def _rule_options(edition):
    return tuple(dict.fromkeys(rule for team in edition.teams.values() for rule in team.special_rule_options))


def _rule_choices(editions, rules_of):
    """(edition name, [(rule id, rule name)]) groups of a select: each edition's Leagues or rule options."""
    language = get_language()
    return [
        (
            edition.text("edition.name", language),
            [(rule, edition.rule_name(rule, language)) for rule in rules_of(edition)],
        )
        for edition in editions
        if rules_of(edition)
    ]


# --- the draft panel and between matches ------------------------------------------------------------


class HireForm(TeamActionForm):
    position = forms.ChoiceField(label=_("Position"))
    name = forms.CharField(label=_("Name"), max_length=60, required=False)
    number = forms.IntegerField(label=_("Number"), min_value=1, max_value=99, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["position"].choices = [(p.id, p.id) for p in self.team.rules.positions]

    def clean_position(self):
        position = self.cleaned_data["position"]
        problems = services.hiring_problems(self.team, position)
        if problems:
            raise ValidationError(problems)
        return position

    def save(self):
        return services.hire_player(
            team=self.team,
            position=self.cleaned_data["position"],
            name=self.cleaned_data.get("name") or "",
            number=self.cleaned_data.get("number"),
            **self.actor,
        )


class LineupForm(TeamActionForm):
    """Fill a draft team to the minimum number of players in one go (rosters.lineup)."""

    lineup = forms.ChoiceField(choices=[("minimum", "minimum")])

    def save(self):
        return lineup.fill_to_minimum(team=self.team, **self.actor)


class FireForm(PlayerActionForm):
    def save(self):
        services.fire_player(team=self.team, player=self.player, **self.actor)
        return self.player


class RerollForm(TeamActionForm):
    action = forms.ChoiceField(choices=[("buy", _("Buy")), ("drop", _("Give back"))])

    def save(self):
        if self.cleaned_data["action"] == "buy":
            return services.buy_reroll(team=self.team, **self.actor)
        return services.drop_reroll(team=self.team, **self.actor)


class StaffForm(TeamActionForm):
    staff = forms.ChoiceField(choices=[(staff, staff) for staff in services.STAFF])
    delta = forms.TypedChoiceField(choices=[("1", "+1"), ("-1", "-1")], coerce=int)

    def save(self):
        return services.change_staff(
            team=self.team, staff=self.cleaned_data["staff"], delta=self.cleaned_data["delta"], **self.actor
        )


class FansForm(TeamActionForm):
    dedicated_fans = forms.TypedChoiceField(label=_("Dedicated fans"), coerce=int)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        rules = get_edition(self.team.edition).settings.dedicated_fans
        self.fields["dedicated_fans"].choices = [
            (str(n), str(n)) for n in range(rules.start, rules.max_draft + 1)
        ]
        self.fields["dedicated_fans"].initial = self.team.dedicated_fans

    def save(self):
        return services.set_dedicated_fans(
            team=self.team, dedicated_fans=self.cleaned_data["dedicated_fans"], **self.actor
        )


class ReadyForm(TeamActionForm):
    def clean(self):
        cleaned = super().clean()
        if not self.team.is_draft:
            raise ValidationError(_("The team is already ready."))
        problems = services.draft_problems(self.team)
        if problems:
            raise ValidationError(problems)
        return cleaned

    def save(self):
        return services.mark_ready(team=self.team, **self.actor)


class CaptainForm(TeamActionForm):
    player = forms.TypedChoiceField(label=_("Team Captain"), coerce=int)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [(p.pk, str(p)) for p in captain.candidates(self.team)]
        self.fields["player"].help_text = _(
            "Gains Pro without a value increase. Chosen while drafting; replaced only once removed from "
            "the roster. Never a Big Guy."
        )

    def save(self):
        player = self.team.players.get(pk=self.cleaned_data["player"])
        return captain.nominate_captain(team=self.team, player=player, **self.actor)


class DedicationForm(TeamActionForm):
    """What the team is dedicated to for the whole league (an Elven god), and the player type it
    favours; its coach's choice, until the team's first match."""

    dedication = forms.ChoiceField(label=_("Dedicated to"), required=False)
    dedication_position = forms.ChoiceField(label=_("Favoured player type"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        edition = self.team.edition_rules
        offered = dedication.all_choices(edition)
        self.fields["dedication"].choices = [("", _("None")), *offered]
        self.fields["dedication"].initial = self.team.dedication
        positions = {}
        for row_id, _name in offered:
            positions.update(dedication.position_choices(edition, self.team.rules, row_id))
        self.fields["dedication_position"].choices = [("", _("None")), *positions.items()]
        self.fields["dedication_position"].initial = self.team.dedication_position
        self.fields["dedication_position"].help_text = _(
            "The one player type the dedication lets take one more player, if it does."
        )

    def save(self):
        return dedication.dedicate_team(
            team=self.team,
            row_id=self.cleaned_data["dedication"],
            position_id=self.cleaned_data["dedication_position"],
            **self.actor,
        )


class UndoForm(TeamActionForm):
    def save(self):
        try:
            return undo_latest(self.team, actor=self.editor.user)
        except UndoError as error:
            raise ValidationError(str(error)) from error


# --- one player -----------------------------------------------------------------------------------


class PlayerForm(PlayerActionForm):
    name = forms.CharField(label=_("Name"), max_length=60)
    number = forms.IntegerField(label=_("Number"), min_value=1, max_value=99)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].initial = self.player.name
        self.fields["number"].initial = self.player.number

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        if not name:
            raise ValidationError(_("A player needs a name."))
        return name

    def save(self):
        services.rename_player(
            team=self.team,
            player=self.player,
            name=self.cleaned_data["name"],
            number=self.cleaned_data["number"],
            **self.actor,
        )
        return self.player


class RetireForm(PlayerActionForm):
    temporarily = forms.BooleanField(required=False)

    def save(self):
        services.retire_player(
            team=self.team, player=self.player, temporarily=self.cleaned_data["temporarily"], **self.actor
        )
        return self.player


class ReturnForm(PlayerActionForm):
    def save(self):
        services.return_from_retirement(team=self.team, player=self.player, **self.actor)
        return self.player
