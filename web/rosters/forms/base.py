"""The bases of the rosters forms: ServiceForm (`submit()` validates and saves in one go, a refusal of
the service becoming a form error), TeamActionForm (a change to one team made by an Editor) and
PlayerActionForm (a change to one of its players)."""

from django import forms
from django.core.exceptions import ValidationError


class ServiceForm(forms.Form):
    """A form whose save() calls a service that may refuse with a ValidationError."""

    result = None

    def submit(self):
        """Validate and save; False (with the reasons on the form) when the input or the rules say no."""
        if not self.is_valid():
            return False
        try:
            self.result = self.save()
        except ValidationError as error:
            self.add_error(None, error)
            return False
        return True

    def save(self):
        raise NotImplementedError

    def messages(self):
        """Every error as one plain sentence, field errors prefixed with the field's label."""
        texts = []
        for field, errors in self.errors.items():
            for error in errors:
                if field == forms.forms.NON_FIELD_ERRORS or field not in self.fields:
                    texts.append(str(error))
                else:
                    texts.append(f"{self.fields[field].label}: {error}")
        return texts


class TeamActionForm(ServiceForm):
    """A change to one team, made by an Editor (its coach or a commissioner)."""

    def __init__(self, data=None, *args, team, editor, **kwargs):
        super().__init__(data, *args, **kwargs)
        self.team = team
        self.editor = editor

    @property
    def actor(self):
        return self.editor.as_kwargs()


class PlayerActionForm(TeamActionForm):
    def __init__(self, *args, player, **kwargs):
        super().__init__(*args, **kwargs)
        self.player = player
