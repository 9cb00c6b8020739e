"""Undo: the latest change since the last match is taken back exactly, whatever its kind."""

import pytest

from rosters import advancement, ledger, services, team_json
from rosters.ledger import UndoError, latest_undoable, undo_latest
from rosters.models import LedgerEntry
from rosters.permissions import Editor
from tests.rosters.helpers import HUMAN_ELEVEN, full_state, get_player, give_spp, make_team, ready_human_team

pytestmark = pytest.mark.django_db


def _draft(coach):
    return make_team(coach, positions=["lineman"] * 3)


def _ready(coach):
    team = ready_human_team(coach)
    lineman = get_player(team, "lineman")
    give_spp(team, lineman, 30)
    with ledger.change(team, actor=coach, kind=LedgerEntry.Kind.INJURY, players=[lineman]):
        lineman.lasting_injuries = ["head_injury"]
        lineman.av = 8
    return team


def _editor(coach):
    return Editor(coach, as_commissioner=False)


def _pending(team, coach):
    lineman = get_player(team, "lineman")
    advancement.roll_characteristic(team=team, editor=_editor(coach), player=lineman, faces=[16])
    return get_player(team, "lineman")


def _retire_temporarily(team, coach):
    services.retire_player(team=team, actor=coach, player=get_player(team, "lineman"), temporarily=True)


# (name, team builder, a step before (or None), the change undone).
CHANGES = [
    (
        "hire at the draft",
        _draft,
        None,
        lambda t, c: services.hire_player(team=t, actor=c, position="ogre", name=""),
    ),
    (
        "remove at the draft",
        _draft,
        None,
        lambda t, c: services.fire_player(team=t, actor=c, player=get_player(t)),
    ),
    ("buy a re-roll", _draft, None, lambda t, c: services.buy_reroll(team=t, actor=c)),
    (
        "give a re-roll back",
        _draft,
        lambda t, c: services.buy_reroll(team=t, actor=c),
        lambda t, c: services.drop_reroll(team=t, actor=c),
    ),
    (
        "hire staff",
        _draft,
        None,
        lambda t, c: services.change_staff(team=t, actor=c, staff="apothecary", delta=1),
    ),
    (
        "dedicated fans",
        _draft,
        None,
        lambda t, c: services.set_dedicated_fans(team=t, actor=c, dedicated_fans=5),
    ),
    (
        "mark ready",
        lambda c: make_team(c, positions=HUMAN_ELEVEN),
        None,
        lambda t, c: services.mark_ready(team=t, actor=c),
    ),
    (
        "hire after the draft",
        _ready,
        None,
        lambda t, c: services.hire_player(team=t, actor=c, position="catcher", name=""),
    ),
    (
        "fire after the draft",
        _ready,
        None,
        lambda t, c: services.fire_player(team=t, actor=c, player=get_player(t)),
    ),
    ("re-roll at double price", _ready, None, lambda t, c: services.buy_reroll(team=t, actor=c)),
    (
        "let staff go",
        _ready,
        lambda t, c: services.change_staff(team=t, actor=c, staff="cheerleaders", delta=1),
        lambda t, c: services.change_staff(team=t, actor=c, staff="cheerleaders", delta=-1),
    ),
    (
        "rename and renumber",
        _ready,
        None,
        lambda t, c: services.rename_player(team=t, actor=c, player=get_player(t), name="Bob", number=42),
    ),
    (
        "retire",
        _ready,
        None,
        lambda t, c: services.retire_player(team=t, actor=c, player=get_player(t, "blitzer")),
    ),
    ("retire temporarily", _ready, None, _retire_temporarily),
    (
        "return from retirement",
        _ready,
        _retire_temporarily,
        lambda t, c: services.return_from_retirement(
            team=t, actor=c, player=t.players.get(status="temporarily_retired")
        ),
    ),
    (
        "random skill",
        _ready,
        None,
        lambda t, c: advancement.take_random_skill(
            team=t,
            editor=_editor(c),
            player=get_player(t, "lineman"),
            kind="random_primary",
            category="G",
            faces=[1, 1],
        ),
    ),
    (
        "chosen skill",
        _ready,
        None,
        lambda t, c: advancement.take_chosen_skill(
            team=t,
            editor=_editor(c),
            player=get_player(t, "lineman"),
            kind="chosen_secondary",
            skill_id="guard",
        ),
    ),
    ("characteristic roll", _ready, None, _pending),
    (
        "characteristic chosen",
        _ready,
        _pending,
        lambda t, c: advancement.choose_characteristic(
            team=t, editor=_editor(c), player=get_player(t, "lineman"), characteristic="st"
        ),
    ),
    (
        "skill instead of a characteristic",
        _ready,
        _pending,
        lambda t, c: advancement.choose_characteristic(
            team=t, editor=_editor(c), player=get_player(t, "lineman"), skill_id="block"
        ),
    ),
]


@pytest.mark.parametrize(
    ("builder", "prepare", "change"), [c[1:] for c in CHANGES], ids=[c[0] for c in CHANGES]
)
def test_undo_restores_the_exact_previous_state(coach, builder, prepare, change):
    team = builder(coach)
    if prepare:
        prepare(team, coach)
    before = full_state(team)

    change(team, coach)
    changed = full_state(team)
    undo_latest(team, actor=coach)

    assert changed != before
    assert full_state(team) == before


def test_undo_of_a_single_change_gives_back_the_state_read_before_it(coach):
    team = ready_human_team(coach)
    lineman = give_spp(team, get_player(team, "lineman"), 12)
    state = full_state(team)
    advancement.take_chosen_skill(
        team=team, editor=_editor(coach), player=lineman, kind="chosen_secondary", skill_id="guard"
    )
    services.buy_reroll(team=team, actor=coach)
    undo_latest(team, actor=coach)
    undo_latest(team, actor=coach)
    assert full_state(team) == state


def test_nothing_to_undo_on_a_new_team(coach):
    team = make_team(coach)
    assert latest_undoable(team) is None
    with pytest.raises(UndoError, match="nothing to undo since the last match"):
        undo_latest(team, actor=coach)


def test_nothing_before_the_last_match_may_be_undone(coach):
    team = ready_human_team(coach)
    give_spp(team, get_player(team), 3)
    assert latest_undoable(team) is None


def test_an_import_may_not_be_undone(coach):
    source = ready_human_team(coach)
    copy = team_json.import_team(coach=coach, data=team_json.validate(team_json.export_team(source)))
    assert latest_undoable(copy) is None


def test_snapshots_do_not_follow_later_changes_made_in_place(coach):
    team = _ready(coach)
    lineman = get_player(team, "lineman")
    snapshot = ledger.snapshot_player(lineman)
    lineman.lasting_injuries.append("smashed_knee")
    assert snapshot["lasting_injuries"] == ["head_injury"]
