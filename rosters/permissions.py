"""A user allowed to change a team, as its coach or as a commissioner of a league it plays in (who may
is a page's to decide: web.rosters.permissions)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Editor:
    """A user allowed to change a team, and whether they act as a league commissioner."""

    user: object
    as_commissioner: bool

    def as_kwargs(self):
        return {"actor": self.user, "as_commissioner": self.as_commissioner}
