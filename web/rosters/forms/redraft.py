"""The form of the re-draft between seasons."""

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from league.redraft import seasons_played
from rosters import recovery, redraft
from rosters.values import player_value
from rulebook.edition import get_edition
from web.rosters.forms.base import TeamActionForm


class RedraftForm(TeamActionForm):
    """Re-hire players, keep or buy re-rolls and staff; the dice of rest and recovery may be entered.

    One `rehire_<player id>` checkbox per player who may be re-hired and one `<niggling|retired>_<player
    id>_<n>` die per roll rest and recovery asks of them (empty: Dugout rolls it). A commissioner may
    cap the budget.
    """

    apothecary = forms.BooleanField(label=_("Apothecary"), required=False)
    capped = forms.BooleanField(required=False)

    def __init__(self, *args, record, seasons=None, dice=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.record = record
        self.dice = dice
        edition = get_edition(self.team.edition)
        settings, language = edition.settings, get_language()
        staff = settings.staff
        numbers = {
            "rerolls": (edition.text("rerolls.name", language), settings.max_rerolls),
            "assistant_coaches": (
                edition.text("staff.assistant_coach.name", language),
                staff.assistant_coach.max,
            ),
            "cheerleaders": (edition.text("staff.cheerleader.name", language), staff.cheerleader.max),
        }
        for field, (label, maximum) in numbers.items():
            self.fields[field] = forms.IntegerField(
                label=label, min_value=0, max_value=maximum, initial=min(getattr(self.team, field), maximum)
            )
        self.fields["apothecary"].label = edition.text("staff.apothecary.name", language)
        self.fields["apothecary"].initial = self.team.apothecary
        if not self.team.rules.apothecary:
            del self.fields["apothecary"]
        self.edition = edition
        cap = redraft.rules(edition).optional_cap
        if self.editor.as_commissioner and cap:
            self.fields["capped"].label = _("Cap the budget at %(cap)s gp") % {"cap": f"{cap:,}"}
            if redraft.rules(edition).cap_recommended:
                self.fields["capped"].initial = True
                self.fields["capped"].help_text = _("The rulebook recommends this cap.")
        else:
            del self.fields["capped"]
        if not redraft.fans_kept_free(edition):
            fans = settings.dedicated_fans
            self.fields["dedicated_fans"] = forms.IntegerField(
                label=edition.text("dedicated_fans.name", language),
                min_value=fans.start,
                max_value=fans.max_draft,
                initial=fans.start,
                help_text=_("Bought again as at a first draft: %(cost)s gp each above %(start)d.")
                % {"cost": f"{fans.cost:,}", "start": fans.start},
            )
        self.players = recovery.rehirable(self.team)
        self.seasons = seasons if seasons is not None else seasons_played(self.team, self.players)
        for player in self.players:
            self.fields[f"rehire_{player.pk}"] = forms.BooleanField(
                label=_("Re-hire #%(number)d %(name)s") % {"number": player.number, "name": player.name},
                required=False,
                initial=True,
            )
            for what, index in recovery.recovery_dice(player):
                self.fields[f"{what}_{player.pk}_{index}"] = forms.IntegerField(
                    label=self._die_label(player, what, index),
                    min_value=1,
                    max_value=6,
                    required=False,
                )

    @staticmethod
    def _die_label(player, what, index):
        if what == "niggling":
            return _("#%(number)d %(name)s: D6 for niggling injury %(n)d") % {
                "number": player.number,
                "name": player.name,
                "n": index + 1,
            }
        if what == "hatred":
            return _("#%(number)d %(name)s: D6 to lose %(skill)s") % {
                "number": player.number,
                "name": player.name,
                "skill": player.extra_skills[index]["skill"],
            }
        injury = player.lasting_injuries[index]
        name = get_edition(player.team.edition).text(f"table.lasting_injury.{injury}.name", get_language())
        return _("#%(number)d %(name)s: D6 to recover from %(injury)s") % {
            "number": player.number,
            "name": player.name,
            "injury": name,
        }

    def player_fields(self, player):
        """The bound re-hire checkbox and the bound dice fields of one player."""
        dice = [self[f"{what}_{player.pk}_{index}"] for what, index in recovery.recovery_dice(player)]
        return self[f"rehire_{player.pk}"], dice

    def price(self, player):
        return redraft.rehire_cost(player_value(player), self.seasons.get(player.pk, 0), edition=self.edition)

    def clean(self):
        cleaned = super().clean()
        cleaned["rehire"] = [p.pk for p in self.players if cleaned.get(f"rehire_{p.pk}")]
        faces = {}
        for player in self.players:
            entered = {
                (what, index): cleaned.get(f"{what}_{player.pk}_{index}")
                for what, index in recovery.recovery_dice(player)
            }
            faces[player.pk] = {key: face for key, face in entered.items() if face}
        cleaned["faces"] = faces
        cleaned["capped"] = bool(cleaned.get("capped")) and self.editor.as_commissioner
        cleaned["apothecary"] = bool(cleaned.get("apothecary")) and self.team.rules.apothecary
        return cleaned

    def _fields_valid(self):
        """Whether every field is valid (a refusal of the service, a non-field error, may remain)."""
        return self.is_bound and not any(field != NON_FIELD_ERRORS for field in self.errors)

    def budget(self):
        capped = self._fields_valid() and self.cleaned_data.get("capped", False)
        return redraft.raise_funds(
            treasury=self.team.treasury,
            games_played=self.record.games_played,
            league_games=self.record.league_games,
            league_wins=self.record.league_wins,
            league_draws=self.record.league_draws,
            capped=capped,
            edition=get_edition(self.team.edition),
        )

    def total(self):
        """What the posted choices cost (None when the form is not valid)."""
        if not self._fields_valid():
            return None
        data = self.cleaned_data
        chosen = [p for p in self.players if p.pk in data["rehire"]]
        return redraft.redraft_cost(
            rehired=[(player_value(p), self.seasons.get(p.pk, 0)) for p in chosen],
            rerolls=data["rerolls"],
            staff={
                "assistant_coaches": data["assistant_coaches"],
                "cheerleaders": data["cheerleaders"],
                "apothecary": data["apothecary"],
            },
            reroll_cost=self.team.rules.reroll_cost,
            edition=self.edition,
            dedicated_fans=data.get("dedicated_fans"),
        )

    def save(self):
        data = self.cleaned_data
        return redraft.redraft_team(
            team=self.team,
            record=self.record,
            rehire=data["rehire"],
            rerolls=data["rerolls"],
            assistant_coaches=data["assistant_coaches"],
            cheerleaders=data["cheerleaders"],
            apothecary=data["apothecary"],
            capped=data["capped"],
            dedicated_fans=data.get("dedicated_fans"),
            seasons=self.seasons,
            dice=self.dice,
            faces=data["faces"],
            **self.actor,
        )
