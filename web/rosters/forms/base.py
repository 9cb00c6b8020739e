"""The bases of the rosters forms (web.service_calls.ServiceForm: `submit()` validates and saves in one
go, a refusal of the service becoming a form error): TeamActionForm (a change to one team made by an
Editor) and PlayerActionForm (a change to one of its players)."""

from web.service_calls import ServiceForm


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
