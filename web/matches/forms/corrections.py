"""The form of a match correction: every part of an applied match a correction may change, each field
holding what the match recorded. What the user changes becomes the correction's edits
(matches.services.corrections.edits), which the service checks."""

from django import forms
from django.utils.translation import gettext_lazy as _

from matches.models import SIDES, Event, other
from matches.services.common import match_table, match_table_text
from matches.services.corrections.edits import POSTMATCH_ROLLS, SPP_KINDS, Record
from matches.services.outcome import mvp_candidates

MAX_SCORE = 99
NOBODY = ("", "—")


def _players(match, side):
    """(key, label) of everyone `side` could field: its roster (the fallen too: they played then), then
    the match's own journeymen, mercenaries and stars."""
    roster = [
        (f"p{p.pk}", f"#{p.number} {p.name}") for p in match.team(side).players.order_by("number", "pk")
    ]
    return roster + list(match.match_only_players(side).items())


class CorrectionForm(forms.Form):
    """Grouped for the page (`groups`): the score, each drive's kick-off and events, each team's
    post-match (MVP, rolls); `edits()` lists what was changed."""

    reason = forms.CharField(label=_("Why the match is corrected"), max_length=200)

    def __init__(self, *args, record: Record, language, **kwargs):
        super().__init__(*args, **kwargs)
        self.record, self.language = record, language
        match = record.match
        self.players = {side: _players(match, side) for side in SIDES}
        self.groups: list[tuple[str, list[str]]] = []
        self._add_score(match)
        for drive in sorted(record.drives.values(), key=lambda drive: (drive.half, drive.number)):
            self._add_drive(match, drive)
        for side in SIDES:
            self._add_postmatch(match, side)

    def _add(self, group, name, field, initial):
        field.initial = initial
        self.fields[name] = field
        group.append(name)

    def _add_score(self, match):
        names: list[str] = []
        for side in SIDES:
            field = forms.IntegerField(label=str(match.team(side)), min_value=0, max_value=MAX_SCORE)
            self._add(names, f"score-{side}", field, match.score(side))
        self.groups.append((str(_("Score")), names))

    def _add_drive(self, match, drive):
        names: list[str] = []
        rows = match_table(match, "kickoff").rows
        choices = [
            (row["id"], match_table_text(match, "kickoff", row["id"], "name", self.language)) for row in rows
        ]
        self._add(
            names,
            f"kickoff-{drive.pk}",
            forms.ChoiceField(label=_("Kick-off event"), choices=choices),
            drive.kickoff_event,
        )
        for event in self.record.events:
            if event.drive_id == drive.pk and event.kind in SPP_KINDS:
                self._add_event(names, event)
        title = _("Drive %(number)s (half %(half)s)") % {"number": drive.number, "half": drive.half}
        self.groups.append((title, names))

    def _add_event(self, names, event):
        prefix = f"event-{event.pk}"
        what = _("Turn %(turn)s · %(kind)s · %(team)s") % {
            "turn": event.turn,
            "kind": event.get_kind_display(),
            "team": self.record.match.team(event.side),
        }
        actor = forms.ChoiceField(
            label=_("%(event)s: player") % {"event": what}, choices=self.players[event.side]
        )
        self._add(names, f"{prefix}-actor", actor, event.actor_key)
        if event.kind in (Event.Kind.CASUALTY, Event.Kind.KNOCKED_OUT, Event.Kind.FOUL):
            victim = forms.ChoiceField(
                label=_("%(event)s: victim") % {"event": what},
                choices=[NOBODY, *self.players[other(event.side)]],
                required=False,
            )
            self._add(names, f"{prefix}-victim", victim, event.victim_key)
        if event.kind == Event.Kind.CASUALTY:
            self._add_casualty(names, prefix, what, event)
        else:
            kinds = [(kind.value, kind.label) for kind in SPP_KINDS if kind != Event.Kind.CASUALTY]
            field = forms.ChoiceField(label=_("%(event)s: what happened") % {"event": what}, choices=kinds)
            self._add(names, f"{prefix}-kind", field, event.kind)

    def _add_casualty(self, names, prefix, what, event):
        edition = self.record.match.edition
        casualty = [
            (row["id"], edition.text(f"table.casualty.{row['id']}.name", self.language))
            for row in edition.table("casualty").rows
        ]
        lasting = [NOBODY] + [
            (row["id"], edition.text(f"table.lasting_injury.{row['id']}.name", self.language))
            for row in edition.table("lasting_injury").rows
        ]
        result = event.rolls.get("result") or {}
        field = forms.ChoiceField(label=_("%(event)s: casualty") % {"event": what}, choices=casualty)
        self._add(names, f"{prefix}-casualty", field, result.get("casualty", event.outcome))
        field = forms.ChoiceField(
            label=_("%(event)s: lasting injury") % {"event": what}, choices=lasting, required=False
        )
        self._add(names, f"{prefix}-lasting", field, result.get("lasting_injury") or "")

    def _add_postmatch(self, match, side):
        record = match.postmatch.get(side, {})
        names: list[str] = []
        mvps = [mvp["player"] for mvp in record.get("mvps") or [record.get("mvp")] if mvp]
        candidates = mvp_candidates(match, side)
        for index, key in enumerate(mvps):
            field = forms.ChoiceField(label=_("MVP"), choices=candidates)
            self._add(names, f"mvp-{side}-{index}", field, key)
        labels = {"fans": _("Dedicated fans roll"), "mistake": _("Expensive mistakes roll")}
        for roll, faces in POSTMATCH_ROLLS.items():
            if roll in record:
                field = forms.IntegerField(label=labels[roll], min_value=1, max_value=faces)
                self._add(names, f"{roll}-{side}", field, record[roll]["total"])
        if names:
            self.groups.append((str(_("Post-match: %(team)s") % {"team": match.team(side)}), names))

    def grouped(self):
        """[(title, [bound fields])] for the template."""
        return [(title, [self[name] for name in names]) for title, names in self.groups]

    def _changed(self, name):
        return name in self.fields and self.cleaned_data.get(name) != self.fields[name].initial

    def edits(self):
        """The edits the changed fields ask for, as corrections.edits reads them."""
        edits = []
        for side in SIDES:
            if self._changed(f"score-{side}"):
                edits.append({"type": "score", "side": side, "new": self.cleaned_data[f"score-{side}"]})
        for drive in self.record.drives.values():
            if self._changed(f"kickoff-{drive.pk}"):
                edits.append(
                    {"type": "kickoff", "drive": drive.pk, "new": self.cleaned_data[f"kickoff-{drive.pk}"]}
                )
        for event in self.record.events:
            edits += self._event_edits(event)
        for side in SIDES:
            edits += self._postmatch_edits(side)
        return edits

    def _event_edits(self, event):
        prefix, edits = f"event-{event.pk}", []
        for name in ("actor", "victim"):
            if self._changed(f"{prefix}-{name}"):
                edits.append({"type": name, "event": event.pk, "new": self.cleaned_data[f"{prefix}-{name}"]})
        if self._changed(f"{prefix}-kind"):
            edits.append(
                {"type": "event_kind", "event": event.pk, "new": self.cleaned_data[f"{prefix}-kind"]}
            )
        if self._changed(f"{prefix}-casualty") or self._changed(f"{prefix}-lasting"):
            edits.append(
                {
                    "type": "casualty",
                    "event": event.pk,
                    "casualty": self.cleaned_data[f"{prefix}-casualty"],
                    "lasting_injury": self.cleaned_data[f"{prefix}-lasting"] or None,
                }
            )
        return edits

    def _postmatch_edits(self, side):
        edits = []
        names = sorted(name for name in self.fields if name.startswith(f"mvp-{side}-"))
        if any(self._changed(name) for name in names):
            edits.append({"type": "mvp", "side": side, "new": [self.cleaned_data[name] for name in names]})
        for roll in POSTMATCH_ROLLS:
            if self._changed(f"{roll}-{side}"):
                edits.append({"type": roll, "side": side, "new": self.cleaned_data[f"{roll}-{side}"]})
        return edits
