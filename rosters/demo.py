"""Demo teams for the demo coaches (accounts/demo.py): a few played BB2020 teams with advanced players,
one still in its draft, and four BB2025 teams fresh from their draft for the BB2025 demo league (an Orc
team with its Team Captain, a Norse team that chose its League, a Chaos Chosen team Favoured of Khorne,
a Snotling team of Low Cost Linemen). Built through the services, so each has a full ledger. Safe to
run again: a team that already exists (same coach, same name) is left as it is.
"""

from django.db import transaction

from rosters import advancement, captain, ledger, services
from rosters.models import LedgerEntry, Team
from rosters.permissions import Editor

Kind = LedgerEntry.Kind

# name, edition, roster, player names by position (in hiring order), re-rolls, staff, dedicated fans,
# ready; a BB2025 team also has its draft choices (League, special rule) and the name of its Team
# Captain where the roster has one.
DEMO_TEAMS = {
    "coach_orc": [
        {
            "name": "Gouged Eye Grinders",
            "edition": "bb2020",
            "roster": "orc",
            "players": [
                ("blitzer", "Ugroth Bolgrot"),
                ("blitzer", "Grashnak Blackhoof"),
                ("big_un_blocker", "Gorbad Ironclaw"),
                ("big_un_blocker", "Skarsnik Skull-Splitta"),
                ("thrower", "Grotsnik Longarm"),
                ("goblin", "Nitz Quickfoot"),
                ("orc_lineman", "Borgut Facebeater"),
                ("orc_lineman", "Gnashrak"),
                ("orc_lineman", "Ruglud"),
                ("orc_lineman", "Durgash"),
                ("orc_lineman", "Snagla Grobspit"),
            ],
            "rerolls": 2,
            "staff": {"apothecary": 1, "cheerleaders": 1},
            "fans": 3,
            "ready": True,
        },
        {
            "name": "Grotty Gobbos",
            "edition": "bb2020",
            "roster": "goblin",
            "players": [
                ("goblin_lineman", "Snikkit"),
                ("goblin_lineman", "Grib"),
                ("goblin_lineman", "Nogg"),
                ("goblin_lineman", "Skrag"),
                ("pogoer", "Boing"),
                ("looney", "Whirra"),
                ("trained_troll", "Lumpy"),
            ],
            "rerolls": 1,
            "staff": {},
            "fans": 1,
            "ready": False,
        },
    ],
    "coach_human": [
        {
            "name": "Reikland Reavers",
            "edition": "bb2020",
            "roster": "human",
            "players": [
                ("blitzer", "Griff Hammerfist"),
                ("blitzer", "Karl Eisenhand"),
                ("thrower", "Mighty Zug"),
                ("catcher", "Jonas Swift"),
                ("catcher", "Lena Falk"),
                ("ogre", "Big Otto"),
                ("lineman", "Hans Brenner"),
                ("lineman", "Dieter Krause"),
                ("lineman", "Franz Vogel"),
                ("lineman", "Ulrich Stein"),
                ("lineman", "Max Weber"),
            ],
            "rerolls": 2,
            "staff": {"apothecary": 1, "assistant_coaches": 1},
            "fans": 2,
            "ready": True,
        },
    ],
    "coach_elf": [
        {
            "name": "Elfheim Eagles",
            "edition": "bb2020",
            "roster": "elven_union",
            "players": [
                ("thrower", "Aenor Swiftwind"),
                ("catcher", "Caladria Starfall"),
                ("catcher", "Elrion Leafsong"),
                ("blitzer", "Tharion Bladedance"),
                ("lineman", "Faelar"),
                ("lineman", "Ithilwen"),
                ("lineman", "Merethil"),
                ("lineman", "Nimriel"),
                ("lineman", "Sylvaris"),
                ("lineman", "Vaeril"),
                ("lineman", "Lorien"),
            ],
            "rerolls": 2,
            "staff": {"cheerleaders": 1},
            "fans": 2,
            "ready": True,
        },
    ],
}

BB2025_TEAMS = {
    "coach_brutes": [
        {
            "name": "Ironjaw Brutes",
            "roster": "orc",
            "edition": "bb2025",
            "captain": "Gorkil Ironjaw",
            "players": [
                ("blitzer", "Gorkil Ironjaw"),
                ("blitzer", "Ruzgob Tusk"),
                ("big_un_blocker", "Mogg Skullcrusha"),
                ("big_un_blocker", "Bogrot"),
                ("thrower", "Zogga Longthrow"),
                ("orc_lineman", "Grukk"),
                ("orc_lineman", "Naz"),
                ("orc_lineman", "Ufthak"),
                ("orc_lineman", "Shagrat"),
                ("orc_lineman", "Lugdush"),
                ("orc_lineman", "Muzgash"),
            ],
            "rerolls": 2,
            "staff": {"apothecary": 1},
            "fans": 1,
            "ready": True,
        },
    ],
    "coach_norse": [
        {
            "name": "Skjold Raiders",
            "roster": "norse",
            "edition": "bb2025",
            "chosen_league": "old_world_classic",
            "players": [
                ("berzerker", "Bjorn Axebite"),
                ("berzerker", "Hrolf the Mad"),
                ("valkyrie", "Sigrun Stormborn"),
                ("valkyrie", "Freya Ironmaid"),
                ("ulfwerener", "Ulfgar"),
                ("norse_raider_lineman", "Eirik"),
                ("norse_raider_lineman", "Leif"),
                ("norse_raider_lineman", "Ragnar"),
                ("norse_raider_lineman", "Sven"),
                ("norse_raider_lineman", "Torvald"),
                ("norse_raider_lineman", "Halfdan"),
            ],
            "rerolls": 2,
            "staff": {"apothecary": 1},
            "fans": 1,
            "ready": True,
        },
    ],
    "coach_chaos": [
        {
            "name": "Brass Skull Chosen",
            "roster": "chaos_chosen",
            "edition": "bb2025",
            "chosen_rule": "favoured_of_khorne",
            "players": [
                ("chosen_blocker", "Skarr Bloodwrath"),
                ("chosen_blocker", "Valkia"),
                ("chosen_blocker", "Kharn the Lesser"),
                ("chosen_blocker", "Doombreed"),
                ("minotaur", "Gorehoof"),
                ("beastman_runner_lineman", "Ghorros"),
                ("beastman_runner_lineman", "Khazrak"),
                ("beastman_runner_lineman", "Morghur"),
                ("beastman_runner_lineman", "Taurox"),
                ("beastman_runner_lineman", "Slugtongue"),
                ("beastman_runner_lineman", "Malagor"),
            ],
            "rerolls": 2,
            "staff": {},
            "fans": 1,
            "ready": True,
        },
    ],
    "coach_snotling": [
        {
            "name": "Fungus Fizzers",
            "roster": "snotling",
            "edition": "bb2025",
            "players": [
                ("pump_wagon", "Big Wheel"),
                ("pump_wagon", "Rattler"),
                ("trained_troll", "Dribbla"),
                ("fun_hoppa", "Boingo"),
                ("fun_hoppa", "Sprongo"),
                ("stilty_runna", "Wobbla"),
                ("fungus_flinga", "Splatta"),
                ("snotling_lineman", "Nib"),
                ("snotling_lineman", "Snik"),
                ("snotling_lineman", "Pip"),
                ("snotling_lineman", "Grot"),
                ("snotling_lineman", "Zit"),
            ],
            "rerolls": 3,
            "staff": {"apothecary": 1},
            "fans": 1,
            "ready": True,
        },
    ],
}

# What the played teams went through: SPP and winnings from their matches, then advancements and an
# injury, all with entered dice so that the demo is the same every time.
# player name: (SPP earned, [advancements]); an advancement is ("random", kind, category, [d6, d6]),
# ("chosen", kind, skill) or ("characteristic", d16, characteristic or "skill:<id>").
HISTORY = {
    "Gouged Eye Grinders": {
        "winnings": 120_000,
        "players": {
            "Ugroth Bolgrot": (
                14,
                [("random", "random_primary", "G", [4, 5]), ("chosen", "chosen_primary", "guard")],
            ),
            "Gorbad Ironclaw": (6, [("chosen", "chosen_primary", "block")]),
            "Grotsnik Longarm": (20, [("characteristic", 9, "pa")]),
            "Borgut Facebeater": (4, []),
        },
        "injuries": {"Gnashrak": {"miss_next_game": True, "niggling_injuries": 1}},
    },
    "Reikland Reavers": {
        "winnings": 90_000,
        "players": {
            "Griff Hammerfist": (
                27,
                [("random", "random_primary", "G", [4, 5]), ("characteristic", 2, "ma")],
            ),
            "Jonas Swift": (6, [("chosen", "chosen_primary", "sure_feet")]),
            "Mighty Zug": (12, [("chosen", "chosen_secondary", "strong_arm")]),
        },
        "injuries": {"Hans Brenner": {"lasting_injuries": ["smashed_knee"], "ma": 5, "miss_next_game": True}},
        "temporarily_retired": ["Hans Brenner"],
    },
    "Elfheim Eagles": {
        "winnings": 100_000,
        "players": {
            "Caladria Starfall": (
                24,
                [("random", "random_primary", "A", [1, 4]), ("characteristic", 16, "skill:diving_catch")],
            ),
            "Tharion Bladedance": (8, [("chosen", "chosen_primary", "dodge")]),
        },
        "injuries": {},
    },
}


def create_demo_teams(users):
    """Create the demo teams of the demo coaches (idempotent). `users`: username -> User, as returned
    by accounts.demo.create_demo_users.

    Side effects: creates Teams, Players and their ledger entries; existing demo teams are untouched.
    Returns the demo teams.
    """
    teams = []
    with transaction.atomic():
        for username, specs in (*DEMO_TEAMS.items(), *BB2025_TEAMS.items()):
            coach = users.get(username)
            if coach is None:
                continue
            for spec in specs:
                team = Team.objects.filter(coach=coach, name=spec["name"]).first()
                if team is None:
                    team = _build(coach, spec)
                teams.append(team)
    return teams


def _build(coach, spec):
    team = services.create_team(
        coach=coach,
        roster=spec["roster"],
        name=spec["name"],
        edition=spec["edition"],
        chosen_league=spec.get("chosen_league", ""),
        chosen_rule=spec.get("chosen_rule", ""),
    )
    for position, name in spec["players"]:
        player = services.hire_player(team=team, actor=coach, position=position, name=name)
        if name == spec.get("captain"):
            captain.nominate_captain(team=team, actor=coach, player=player)
    for _ in range(spec["rerolls"]):
        services.buy_reroll(team=team, actor=coach)
    for staff, count in spec["staff"].items():
        for _ in range(count):
            services.change_staff(team=team, actor=coach, staff=staff, delta=1)
    if spec["fans"] > 1:
        services.set_dedicated_fans(team=team, actor=coach, dedicated_fans=spec["fans"])
    if spec["ready"]:
        services.mark_ready(team=team, actor=coach)
        _play(team, coach, HISTORY.get(team.name, {}))
    return team


def _play(team, coach, history):
    players = {player.name: player for player in team.players.all()}
    touched = [players[name] for name in (*history.get("players", {}), *history.get("injuries", {}))]
    with ledger.change(
        team, actor=None, kind=Kind.MATCH, players=touched, reason="Demo season, rounds 1 to 3"
    ) as change:
        team.treasury += history.get("winnings", 0)
        for name, (spp, _advancements) in history.get("players", {}).items():
            players[name].spp_earned += spp
        change.details = {"demo": True}
    editor = Editor(coach, as_commissioner=False)
    for name, (_spp, advancements) in history.get("players", {}).items():
        for step in advancements:
            _advance(team, editor, players[name], step)
    for name, changes in history.get("injuries", {}).items():
        player = players[name]
        with ledger.change(
            team, actor=None, kind=Kind.INJURY, players=[player], reason="Demo season, round 3"
        ):
            for field, value in changes.items():
                setattr(player, field, value)
    for name in history.get("temporarily_retired", []):
        services.retire_player(team=team, actor=coach, player=players[name], temporarily=True)


def _advance(team, editor, player, step):
    if step[0] == "random":
        _kind, kind, category, faces = step
        advancement.take_random_skill(
            team=team, editor=editor, player=player, kind=kind, category=category, faces=faces
        )
    elif step[0] == "chosen":
        _kind, kind, skill = step
        advancement.take_chosen_skill(team=team, editor=editor, player=player, kind=kind, skill_id=skill)
    else:
        _kind, d16, choice = step
        advancement.roll_characteristic(team=team, editor=editor, player=player, faces=[d16])
        player.refresh_from_db()
        if choice.startswith("skill:"):
            advancement.choose_characteristic(
                team=team, editor=editor, player=player, skill_id=choice.removeprefix("skill:")
            )
        else:
            advancement.choose_characteristic(team=team, editor=editor, player=player, characteristic=choice)
