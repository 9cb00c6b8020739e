"""Building teams for the rosters tests, through the services (so every team has its ledger)."""

from rosters import captain, ledger, services
from rosters.models import LedgerEntry, Player, Team

# Eleven Human players that fit the 1,000,000 budget: 680,000 gp.
HUMAN_ELEVEN = ["lineman"] * 6 + ["blitzer"] * 2 + ["thrower", "catcher", "catcher"]


def make_team(
    coach, *, edition="bb2020", roster="human", name="Reikland Reavers", positions=(), ready=False, **create
):
    """A team of `edition` (these tests' teams play the 2020 rules unless they say) and `roster` with a
    player hired for each position id, marked ready if asked (with a Team Captain where the draft needs
    one, see nominate_a_captain)."""
    team = services.create_team(coach=coach, roster=roster, name=name, edition=edition, **create)
    for position in positions:
        services.hire_player(team=team, actor=coach, position=position, name="")
    if ready:
        nominate_a_captain(team, coach)
        services.mark_ready(team=team, actor=coach)
    return team


def nominate_a_captain(team, coach):
    """The last player who may be the Team Captain (the tests pick their players first), nominated if
    the draft needs one and has none."""
    if captain.has_captain_rule(team) and team.captain is None and captain.candidates(team):
        captain.nominate_captain(team=team, actor=coach, player=captain.candidates(team)[-1])


def ready_human_team(coach, **kwargs):
    return make_team(coach, positions=HUMAN_ELEVEN, ready=True, **kwargs)


def full_state(team):
    """Everything stored about the team and its players, read afresh from the database."""
    team = Team.objects.get(pk=team.pk)
    return {
        "team": ledger.snapshot_team(team),
        "players": {p.pk: ledger.snapshot_player(p) for p in Player.objects.filter(team=team)},
        "ledger": list(LedgerEntry.objects.filter(team=team).values_list("pk", flat=True)),
    }


def give_spp(team, player, spp, *, actor=None):
    """SPP as a match would give them: a ledger entry of kind "match" (which nothing may undo past)."""
    with ledger.change(team, actor=actor, kind=LedgerEntry.Kind.MATCH, players=[player]):
        player.spp_earned += spp
    return player


def get_player(team, position=None, number=None):
    players = team.players.on_roster()
    if position:
        players = players.filter(position=position)
    if number:
        players = players.filter(number=number)
    return players.first()


def bb2025_team(coach, *, roster="human", positions=HUMAN_ELEVEN, ready=False, **create):
    """A team of the 2025 rules (Human by default: 695,000 gp for the eleven of HUMAN_ELEVEN)."""
    return make_team(coach, roster=roster, positions=positions, ready=ready, edition="bb2025", **create)
