"""Forms of the league pages: they validate input into domain values; save() calls the service."""

from django import forms
from django.core.validators import validate_slug
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from league.models import (
    DAYS_BETWEEN_ROUNDS,
    TIEBREAKERS,
    Game,
    League,
    Season,
    SeasonEntry,
    optional_rule_ids,
    petty_cash_choices,
)
from league.services import adjustments as adjustment_services
from league.services import entries as entry_services
from league.services import leagues as league_services
from league.services import results as result_services
from league.services import scheduling
from rosters.editions import edition_choices, newest_edition_id
from web.rule_labels import optional_rule_label
from web.service_calls import ServiceForm, ServiceModelForm

MAX_TIEBREAKERS = len(TIEBREAKERS)
MAX_CROSS_GAMES = 10  # games against other divisions per team


class LeagueCreateForm(ServiceForm):
    name = forms.CharField(label=_("Name"), max_length=80)
    # The form proposes Blood Bowl in its newest edition; the league is created with what is chosen.
    game = forms.ChoiceField(label=_("Game"), choices=Game.choices, initial=Game.BLOOD_BOWL)
    edition = forms.ChoiceField(
        label=_("Edition"),
        choices=edition_choices,
        initial=newest_edition_id,
        required=False,  # another game plays none; Blood Bowl needs one (clean)
        help_text=_("For Blood Bowl, the edition of the rules the league plays; it cannot change later."),
    )
    description = forms.CharField(
        label=_("Description"), widget=forms.Textarea(attrs={"rows": 3}), required=False
    )
    public = forms.BooleanField(label=_("Public: anyone may see the league"), required=False, initial=True)

    def clean(self):
        cleaned = super().clean()
        game = cleaned.get("game")
        if game == Game.BLOOD_BOWL and not cleaned.get("edition"):
            self.add_error("edition", self.fields["edition"].error_messages["required"])
        elif game and game != Game.BLOOD_BOWL:
            cleaned["edition"] = ""  # another game plays no edition: the one proposed is not kept
        return cleaned

    def save(self, *, user):
        return league_services.create_league(created_by=user, **self.cleaned_data)


class LeagueSettingsForm(ServiceModelForm):
    """League settings; the ordered tie-breakers are one select per place (works without JavaScript)."""

    optional_rules = forms.MultipleChoiceField(
        label=_("Optional rules"), required=False, widget=forms.CheckboxSelectMultiple
    )

    class Meta:
        model = League
        fields = [
            "name",
            "description",
            "public",
            "points_win",
            "points_draw",
            "points_loss",
            "bonus_points",
            "bonus_three_plus_touchdowns",
            "bonus_no_touchdown_conceded",
            "bonus_three_plus_casualties",
            "starting_treasury",
            "petty_cash_procedure",
            "webhook_url",
        ]
        widgets = {"description": forms.Textarea(attrs={"rows": 3})}

    def __init__(self, *args, by, **kwargs):
        super().__init__(*args, **kwargs)
        self.by = by
        edition = self.instance.rulebook
        self.fields["optional_rules"].choices = [
            (rule, optional_rule_label(edition, rule, get_language())) for rule in optional_rule_ids(edition)
        ]
        procedures = petty_cash_choices(edition) if edition else []
        self.fields["petty_cash_procedure"].choices = [("", "—")] * (not edition) + procedures
        self.fields["optional_rules"].initial = self.instance.optional_rules
        choices = [("", "—"), *TIEBREAKERS.items()]
        current = list(self.instance.tiebreakers)
        for place in range(1, MAX_TIEBREAKERS + 1):
            self.fields[f"tiebreaker_{place}"] = forms.ChoiceField(
                label=_("Tie-breaker %(place)s") % {"place": place},
                choices=choices,
                required=False,
                initial=current[place - 1] if place <= len(current) else "",
            )

    def tiebreaker_fields(self):
        return [self[f"tiebreaker_{place}"] for place in range(1, MAX_TIEBREAKERS + 1)]

    def clean_webhook_url(self):
        url = self.cleaned_data["webhook_url"]
        if url and not url.startswith("https://"):
            raise forms.ValidationError(_("The webhook address must start with https://."))
        return url

    def clean(self):
        cleaned = super().clean()
        chosen = [cleaned.get(f"tiebreaker_{place}") for place in range(1, MAX_TIEBREAKERS + 1)]
        chosen = [name for name in chosen if name]
        if len(set(chosen)) != len(chosen):
            raise forms.ValidationError(_("Choose each tie-breaker at most once."))
        cleaned["tiebreakers"] = chosen
        return cleaned

    def save(self, commit=True):
        changes = {name: self.cleaned_data[name] for name in self.Meta.fields}
        changes["tiebreakers"] = self.cleaned_data["tiebreakers"]
        changes["optional_rules"] = self.cleaned_data["optional_rules"]
        league = League.objects.get(pk=self.instance.pk)
        return league_services.update_league_settings(league=league, by=self.by, **changes)


class InvitationForm(forms.Form):
    days_valid = forms.IntegerField(
        label=_("Valid for (days)"),
        min_value=1,
        max_value=365,
        required=False,
        help_text=_("Leave it empty and the invitation never expires."),
    )
    max_uses = forms.IntegerField(
        label=_("Maximum uses"),
        min_value=1,
        max_value=1000,
        required=False,
        help_text=_("Leave it empty and any number of coaches may use it."),
    )

    def save(self, *, league, user):
        return league_services.create_invitation(league=league, created_by=user, **self.cleaned_data)


class JoinForm(forms.Form):
    # Codes are URL-safe tokens: anything else (a "/", spaces inside...) could not be put in the link.
    code = forms.CharField(label=_("Invitation code"), max_length=32, validators=[validate_slug])


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    format = forms.ChoiceField(label=_("Format"), choices=Season.Format.choices)

    def save(self, *, league, user):
        return league_services.create_season(league=league, by=user, **self.cleaned_data)


class RegisterTeamForm(ServiceForm):
    """A coach enters a ready team of the league's edition (Blood Bowl) or a team name (other games)."""

    team = forms.ModelChoiceField(label=_("Team"), queryset=None, required=False)
    name = forms.CharField(label=_("Team name"), max_length=80, required=False)

    def __init__(self, *args, season, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.season, self.user = season, user
        if season.league.is_blood_bowl:
            entered = SeasonEntry.objects.filter(season=season).exclude(status=SeasonEntry.Status.WITHDRAWN)
            team = self.fields["team"]
            if user.is_authenticated:
                # Any ready team of the user is accepted, so that the service explains why a team of
                # another edition cannot enter; only the teams of the league's edition are listed.
                team.queryset = user.teams.ready().exclude(pk__in=entered.values("team_id"))
                listed = team.queryset.filter(edition=season.league.edition)
                team.widget.choices = [("", team.empty_label), *((each.pk, str(each)) for each in listed)]
                if len(team.widget.choices) == 2:  # one team to enter: one tap enters it
                    team.initial = team.widget.choices[1][0]
            else:
                team.widget.choices = [("", team.empty_label)]
            team.required = True
            del self.fields["name"]
        else:
            del self.fields["team"]
            self.fields["name"].required = True

    @property
    def has_choices(self):
        """Whether the coach has a team to enter (a ready team of the league's edition), or a name to
        type (other games)."""
        return "team" not in self.fields or len(self.fields["team"].widget.choices) > 1

    def save(self):
        if "team" in self.fields:
            return entry_services.register_team(
                season=self.season, team=self.cleaned_data["team"], user=self.user
            )
        return entry_services.register_named_entry(
            season=self.season, name=self.cleaned_data["name"], user=self.user
        )


class NamedEntryForm(forms.Form):
    """A commissioner adds a team by name (rugby and hex football leagues)."""

    name = forms.CharField(label=_("Team name"), max_length=80)


class RoundRobinForm(forms.Form):
    """Its defaults follow the season shape of the league's edition (League.season_shape); whether the
    teams meet once or twice is the season's format, chosen when the season was opened."""

    start_date = forms.DateField(
        label=_("First round on"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    days_between = forms.IntegerField(
        label=_("Days between rounds"), min_value=1, max_value=60, initial=DAYS_BETWEEN_ROUNDS
    )
    # Only in a season with divisions (`divided`): the service refuses them otherwise.
    cross_games = forms.IntegerField(
        label=_("Games against other divisions"),
        min_value=0,
        max_value=MAX_CROSS_GAMES,
        required=False,
        initial=0,
        help_text=_("For each team, after the games inside its division; one game per team per round."),
    )

    def __init__(self, *args, league=None, divided=True, **kwargs):
        super().__init__(*args, **kwargs)
        if league is not None:
            self.fields["days_between"].initial = league.season_shape()["days_between"]
        if not divided:
            del self.fields["cross_games"]

    def clean_cross_games(self):
        return self.cleaned_data["cross_games"] or 0


# The scheduling page may hold several of these forms: each gets ids of its own (auto_id), so that every
# label points at its own input.


class SwissRoundForm(forms.Form):
    date = forms.DateField(
        label=_("Round date"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    # Only in a season with divisions (`divided`): the service refuses it otherwise.
    across_divisions = forms.BooleanField(
        label=_("Pair this round across divisions"),
        required=False,
        help_text=_(
            "Every team meets the nearest team of another division in the whole season's table, never "
            "a team it has met when that can be avoided. Tick it for the rounds you want between "
            "divisions (the last one, say); the other rounds pair inside each division."
        ),
    )

    def __init__(self, *args, divided=True, **kwargs):
        kwargs.setdefault("auto_id", "swiss_%s")
        super().__init__(*args, **kwargs)
        if not divided:
            del self.fields["across_divisions"]


class NextPlayoffRoundForm(forms.Form):
    date = forms.DateField(
        label=_("Date of the next playoff round"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "next_playoff_%s")
        super().__init__(*args, **kwargs)


class PlayoffForm(forms.Form):
    size = forms.IntegerField(
        label=_("Teams in the playoffs"),
        min_value=scheduling.MIN_PLAYOFF_TEAMS,
        max_value=scheduling.MAX_PLAYOFF_TEAMS,
        initial=4,
        help_text=_(
            "The top of the season's table. When the count is not 2, 4, 8, 16 or 32, the best seeds "
            "go straight into round two (a bye): 6 teams, seeds 1 and 2."
        ),
    )
    date = forms.DateField(
        label=_("Date of the first playoff round"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    # Only in a season with divisions (`divided`): the first of each division, and wild cards.
    per_division = forms.IntegerField(
        label=_("Teams from each division"),
        min_value=1,
        max_value=16,
        required=False,
        help_text=_("Leave it empty to take the top of the whole season's table instead."),
    )
    wild_cards = forms.IntegerField(
        label=_("Wild cards"),
        min_value=0,
        max_value=16,
        required=False,
        initial=0,
        help_text=_("The best teams of the whole season's table not qualified through their division."),
    )

    def __init__(self, *args, divided=True, **kwargs):
        kwargs.setdefault("auto_id", "playoff_%s")
        super().__init__(*args, **kwargs)
        if not divided:
            del self.fields["per_division"], self.fields["wild_cards"]

    def clean_wild_cards(self):
        return self.cleaned_data["wild_cards"] or 0


class SeasonStatusForm(forms.Form):
    """A step of the season's life cycle (league.services.seasons): the status to move to and, to finish
    with fixtures unplayed, `force` and the reason."""

    status = forms.ChoiceField(choices=Season.Status.choices)
    force = forms.BooleanField(label=_("Finish anyway, with fixtures unplayed"), required=False)
    reason = forms.CharField(
        label=_("Reason for finishing with fixtures unplayed"),
        max_length=500,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Shown on the season page, so that the coaches know why their game did not count."),
    )


class FixtureForm(forms.Form):
    home = forms.ModelChoiceField(label=pgettext_lazy("match side", "Home"), queryset=None)
    away = forms.ModelChoiceField(label=pgettext_lazy("match side", "Away"), queryset=None)
    round_number = forms.IntegerField(label=_("Round"), min_value=1, max_value=999, required=False)
    scheduled_at = forms.DateTimeField(
        label=_("Date and time"), required=False, widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )

    def __init__(self, *args, season, **kwargs):
        super().__init__(*args, **kwargs)
        entries = season.entries.accepted().with_related()
        self.fields["home"].queryset = entries
        self.fields["away"].queryset = entries


class RescheduleForm(forms.Form):
    scheduled_at = forms.DateTimeField(
        label=_("Date and time"), required=False, widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )


class ResultForm(forms.Form):
    home_score = forms.IntegerField(label=_("Home touchdowns"), min_value=0, max_value=99)
    away_score = forms.IntegerField(label=_("Away touchdowns"), min_value=0, max_value=99)
    home_cas = forms.IntegerField(label=_("Home casualties inflicted"), min_value=0, max_value=99, initial=0)
    away_cas = forms.IntegerField(label=_("Away casualties inflicted"), min_value=0, max_value=99, initial=0)
    conceded = forms.ChoiceField(
        label=_("Conceded"),
        required=False,
        choices=[("", _("Nobody conceded")), ("home", _("Home conceded")), ("away", _("Away conceded"))],
    )
    comment = forms.CharField(label=_("Comment"), required=False, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args, fixture, **kwargs):
        super().__init__(*args, **kwargs)
        self.fixture = fixture
        self.fields["home_score"].label = _("%(team)s touchdowns") % {"team": fixture.home.display_name}
        self.fields["away_score"].label = _("%(team)s touchdowns") % {"team": fixture.away.display_name}
        self.fields["home_cas"].label = _("%(team)s casualties inflicted") % {
            "team": fixture.home.display_name
        }
        self.fields["away_cas"].label = _("%(team)s casualties inflicted") % {
            "team": fixture.away.display_name
        }

    def clean_conceded(self):
        side = self.cleaned_data["conceded"]
        return {"home": self.fixture.home, "away": self.fixture.away}.get(side)

    def values(self):
        data = self.cleaned_data
        return {
            "home_score": data["home_score"],
            "away_score": data["away_score"],
            "home_cas": data["home_cas"] or 0,
            "away_cas": data["away_cas"] or 0,
            "conceded_by": data["conceded"],
        }

    def submit(self, *, user):
        return result_services.submit_result(
            fixture=self.fixture, submitted_by=user, comment=self.cleaned_data["comment"], **self.values()
        )

    def decide(self, *, user):
        result = self.fixture.result_or_none
        if result is None:
            return result_services.record_result_as_commissioner(
                fixture=self.fixture, by=user, **self.values()
            )
        return result_services.decide_result(
            result=result, by=user, comment=self.cleaned_data["comment"], **self.values()
        )


class CommentForm(forms.Form):
    comment = forms.CharField(label=_("What is wrong?"), widget=forms.Textarea(attrs={"rows": 2}))


class ReopenForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), required=False, widget=forms.Textarea(attrs={"rows": 2}))


class PointsAdjustmentForm(ServiceForm):
    """A commissioner docks or awards league points to a team of the season's table, with a reason.
    In a Blood Bowl league the "no_show" preset (a submit button named `preset`) docks the rulebook's
    no-show penalty, its reason "No-show" unless one is given."""

    NO_SHOW = "no_show"

    entry = forms.ModelChoiceField(
        label=_("Team"),
        queryset=None,
        error_messages={"invalid_choice": _("Choose a team of this season's table.")},
    )
    points = forms.IntegerField(
        label=_("League points"),
        required=False,
        min_value=-adjustment_services.MAX_POINTS,
        max_value=adjustment_services.MAX_POINTS,
        help_text=_("Negative to dock points, positive to award them."),
    )
    reason = forms.CharField(label=_("Reason"), max_length=adjustment_services.REASON_LENGTH, required=False)

    def __init__(self, *args, season, **kwargs):
        super().__init__(*args, **kwargs)
        self.season = season
        self.no_show_penalty = adjustment_services.no_show_penalty(season.league)
        self.fields["entry"].queryset = season.entries.accepted().with_related().order_by("name", "id")

    @property
    def is_no_show(self):
        return self.no_show_penalty is not None and self.data.get("preset") == self.NO_SHOW

    def clean_points(self):
        if self.is_no_show:
            return -self.no_show_penalty
        points = self.cleaned_data["points"]
        if points is None:
            raise forms.ValidationError(_("Enter the league points to add or dock."))
        if points == 0:
            raise forms.ValidationError(_("An adjustment adds or docks at least one point."))
        return points

    def clean_reason(self):
        reason = self.cleaned_data["reason"].strip()
        if not reason and self.is_no_show:
            return str(_("No-show"))
        if not reason:
            raise forms.ValidationError(_("Give the reason for the adjustment."))
        return reason

    def save(self, *, by):
        return adjustment_services.add_adjustment(season=self.season, by=by, **self.cleaned_data)
