"""Hiring several players in one change: the draft's "fill the roster to the minimum" in one tap.

A newcomer drafting eleven players one "Add" at a time needed eleven taps and an idea of which
positions make a legal team. The minimum lineup is worked out from the team list alone (Linemen first,
then the cheapest other positions, never a Big Guy), and hired as one ledger entry, so that one undo
takes it back. A team with the Team Captain rule and none nominated also gets one among them (the
first who may be), in the same change: the draft needs one (services.draft_problems), and the coach may
nominate another while drafting.
"""

from collections import Counter

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from rosters import captain, ledger, services
from rosters.models import LedgerEntry, Player
from rulebook.edition import get_edition


def minimum_lineup(team, players=None):
    """The position ids to hire so that a draft team has the edition's minimum number of players,
    within its budget: Linemen first, then the cheapest other positions, no Big Guy. Empty when the
    team has enough players, is not a draft, or the budget cannot pay for such a lineup."""
    players = players if players is not None else list(team.players.on_roster())
    permanent = [p for p in players if not p.journeyman]
    missing = get_edition(team.edition).settings.min_players - len(permanent)
    if not team.is_draft or missing <= 0:
        return []
    counts = Counter(p.position for p in permanent)
    budget = team.treasury
    chosen = []
    order = sorted(
        (position for position in team.rules.positions if not position.big_guy),
        key=lambda position: (not position.lineman, position.cost, position.id),
    )
    for position in order:
        most = services.position_max(team, position)
        while len(chosen) < missing and counts[position.id] < most and budget >= position.cost:
            chosen.append(position.id)
            counts[position.id] += 1
            budget -= position.cost
    return chosen if len(chosen) == missing else []


def _check(team, positions, players):
    planned = list(players)
    for position_id in positions:
        problems = services.hiring_problems(team, position_id, planned)
        if problems:
            raise ValidationError(problems)
        planned.append(Player(team=team, position=position_id))
    cost = sum(team.rules.position(position_id).cost for position_id in positions)
    if not team.is_draft and team.treasury < cost:
        raise ValidationError(_("The treasury cannot pay for these players."))
    return cost


def hire_players(*, team, actor, positions, name_captain=False, as_commissioner=False):
    """Hire a player of each position id of `positions`, numbered and named like hire_player, paid
    from the treasury (the draft budget while drafting). All or nothing: the first rule broken refuses
    them all. With `name_captain`, a draft with the Team Captain rule and no Captain on its roster gets
    the first of them who may be one as its Captain.

    Side effects: creates the Players (one of them Captain, if so), lowers the treasury, writes one
    ledger entry.
    """
    if not positions:
        raise ValidationError(_("Choose at least one player to hire."))
    players = list(team.players.on_roster())
    cost = _check(team, positions, players)
    taken = list(team.players.values_list("name", flat=True))
    hired = []
    with ledger.change(team, actor=actor, kind=LedgerEntry.Kind.HIRE, as_commissioner=as_commissioner) as c:
        for position_id in positions:
            number = services.next_free_number(team, players + hired)
            name = services.generated_name(team, position_id, number, taken)
            taken.append(name)
            rules = team.rules.position(position_id)
            player = Player.objects.create(
                team=team, number=number, name=name, position=position_id, **rules.profile.as_dict()
            )
            c.track(player)
            hired.append(player)
        team.treasury -= cost
        c.details = {"players": [p.name for p in hired], "positions": dict(Counter(positions)), "cost": cost}
        chosen = _new_captain(team, players, hired) if name_captain else None
        if chosen is not None:
            chosen.is_captain = True  # saved with the change; Pro at no cost leaves the value as it is
            c.details["captain"] = chosen.name
    return hired


def names_captain(team, players):
    """Whether hiring the minimum lineup also nominates the Team Captain (the rule, a draft, none yet)."""
    return team.is_draft and captain.has_captain_rule(team) and not any(p.is_captain for p in players)


def captain_in_lineup(team, players, positions):
    """Whether hiring `positions` (the minimum lineup) also nominates one of them Team Captain."""
    allowed = captain.captain_positions(team)
    return names_captain(team, players) and any(position in allowed for position in positions)


def _new_captain(team, players, hired):
    if not names_captain(team, players):
        return None
    positions = captain.captain_positions(team)
    return next((player for player in hired if player.position in positions), None)


def fill_to_minimum(*, team, actor, as_commissioner=False):
    """Hire the minimum lineup (see minimum_lineup), the Team Captain among them where the draft needs
    one. Side effects: as hire_players."""
    positions = minimum_lineup(team)
    if not positions:
        raise ValidationError(_("The team already has enough players, or its budget cannot pay for them."))
    return hire_players(
        team=team, actor=actor, positions=positions, name_captain=True, as_commissioner=as_commissioner
    )
