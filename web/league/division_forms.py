"""Forms of the divisions page: a division's name, a team's division, balancing, and the promotion table
of a new season. Each validates its input into domain values; save() calls league.services.divisions."""

from django import forms
from django.utils.translation import gettext_lazy as _

from league.services import divisions as division_services
from web.service_calls import ServiceForm

# How many teams a division may send up or down at most (the form's bound; the service checks the sizes).
MAX_PROMOTED = 10


class DivisionForm(ServiceForm):
    """A new division, or a division's new name and conference."""

    name = forms.CharField(label=_("Name"), max_length=80)
    conference = forms.CharField(
        label=_("Conference"),
        max_length=80,
        required=False,
        help_text=_("Optional: divisions of one conference are shown together."),
    )

    def save(self, *, season=None, division=None, by):
        if division is not None:
            return division_services.rename_division(division=division, by=by, **self.cleaned_data)
        return division_services.create_division(season=season, by=by, **self.cleaned_data)


class PlaceTeamForm(ServiceForm):
    """The division a team plays in (or none). `divisions`: the season's, read once for every team's
    form of the page."""

    division = forms.TypedChoiceField(label=_("Division"), coerce=int, empty_value=None, required=False)

    def __init__(self, *args, divisions, **kwargs):
        super().__init__(*args, **kwargs)
        self.divisions = {division.pk: division for division in divisions}
        self.fields["division"].choices = [
            ("", _("No division")),
            *((division.pk, division.name) for division in divisions),
        ]

    def save(self, *, entry, by):
        division = self.divisions.get(self.cleaned_data["division"])
        return division_services.place_team(entry=entry, division=division, by=by)


class BalanceForm(ServiceForm):
    way = forms.ChoiceField(
        label=_("Balance by"),
        choices=[("team_value", _("Team value")), ("last_season", _("Last season's table"))],
        initial="team_value",
    )

    def save(self, *, season, by):
        return division_services.balance_divisions(season=season, by=by, way=self.cleaned_data["way"])


class PromotionCountsForm(forms.Form):
    """How many teams go up and down between two divisions (read from the page's query string)."""

    up = forms.IntegerField(
        label=_("Promoted from each division"), min_value=0, max_value=MAX_PROMOTED, initial=1
    )
    down = forms.IntegerField(
        label=_("Relegated from each division"), min_value=0, max_value=MAX_PROMOTED, initial=1
    )


class PromotionForm(ServiceForm):
    """The promotion table of a new season: the counts, and for each returning team the division it goes
    to (the proposal's, or the commissioner's edit)."""

    up = forms.IntegerField(min_value=0, max_value=MAX_PROMOTED, widget=forms.HiddenInput)
    down = forms.IntegerField(min_value=0, max_value=MAX_PROMOTED, widget=forms.HiddenInput)

    def __init__(self, *args, moves, division_names, **kwargs):
        super().__init__(*args, **kwargs)
        self.moves = moves
        choices = [("", _("No division")), *((name, name) for name in division_names)]
        for move in moves:
            self.fields[f"entry_{move.entry.pk}"] = forms.ChoiceField(
                label=move.entry.display_name,
                choices=choices,
                required=False,
                initial=move.division.name if move.division else "",
            )

    def rows(self):
        """[(move, its bound field)] in the proposal's order."""
        return [(move, self[f"entry_{move.entry.pk}"]) for move in self.moves]

    def save(self, *, season, by):
        changes = {move.entry.pk: self.cleaned_data[f"entry_{move.entry.pk}"] for move in self.moves}
        return division_services.place_from_last_season(
            season=season, by=by, up=self.cleaned_data["up"], down=self.cleaned_data["down"], changes=changes
        )
