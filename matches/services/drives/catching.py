"""The catcher of a completion: the SPP a Prayer to Nuffle gives them (BB2025 Dazzling Catching)."""

from matches.models import Event
from matches.services import effects
from rulebook.coverage import carries_out


@carries_out("prayer", key="pass_catch_spp")
def catch_spp(match, event):
    """The SPP the recorded catcher of a completion earns: the highest `pass_catch_spp` of the
    thrower's team's prayers in force in the event's drive; 0 without a catcher or such a prayer
    (outcome.spp_earned adds it to the catcher's sum). Needs event.drive, like effects.event_spp."""
    if event.kind != Event.Kind.COMPLETION or not event.catcher_key:
        return 0
    rows = effects.prayers_in_force(match, event.side, event.drive)
    return max((row["pass_catch_spp"] for row in rows if "pass_catch_spp" in row), default=0)
