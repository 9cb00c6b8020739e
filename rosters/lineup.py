"""Hiring several players in one change: the draft's "fill the roster to the minimum" in one tap.

A newcomer drafting eleven players one "Add" at a time needed eleven taps and an idea of which
positions make a legal team. The minimum lineup is worked out from the team list alone (Linemen first,
then the cheapest other positions, never a Big Guy), and hired as one ledger entry, so that one undo
takes it back.
"""

from collections import Counter

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from rosters import ledger, services
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
        while len(chosen) < missing and counts[position.id] < position.max and budget >= position.cost:
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


def hire_players(*, team, actor, positions, as_commissioner=False):
    """Hire a player of each position id of `positions`, numbered and named like hire_player, paid
    from the treasury (the draft budget while drafting). All or nothing: the first rule broken refuses
    them all.

    Side effects: creates the Players, lowers the treasury, writes one ledger entry.
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
    return hired


def fill_to_minimum(*, team, actor, as_commissioner=False):
    """Hire the minimum lineup (see minimum_lineup). Side effects: as hire_players."""
    positions = minimum_lineup(team)
    if not positions:
        raise ValidationError(_("The team already has enough players, or its budget cannot pay for them."))
    return hire_players(team=team, actor=actor, positions=positions, as_commissioner=as_commissioner)
